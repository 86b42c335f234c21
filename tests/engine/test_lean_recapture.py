"""Lean leaves reached by a capture look at the recapture (rules/engine/quiescence.py, ``_recapture``).

Friendly's leaves are lean: judged with the parent's Context facts, without quiescence.
A capture at the horizon then looked like a clean gain and the score swung by pawns
from one depth to the next. The rule under test: after a capture, the leaf's score is
the better of standing pat and the cheapest capture of the piece that just captured
(the side to move has not moved since the parent, so the parent's Context still says
what its pieces may do); after a quiet move the leaf is judged as before.
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.engine import Engine, Evaluator, Limits
from rules.engine.engine import context_is_costly
from rules.engine.search import Search
from rules.engine.table import TranspositionTable

WIDE = 10**6


def _lean_search(game: rules.Game) -> tuple[Search, rules.Position]:
    r = game.rules
    assert context_is_costly(r)
    search = Search(r, Evaluator(r), TranspositionTable(), Limits(depth=1), lean=True)
    pos = game.pos.copy()
    search.pos = pos
    search.contexts[0] = r.context(pos)
    search.facts[0] = search.evaluator.context_facts(pos, search.contexts[0])
    return search, pos


def test_a_capture_at_the_horizon_meets_its_recapture() -> None:
    game = rules.new_game("friendly")
    search, pos = _lean_search(game)
    r = game.rules
    answered = 0
    for m in r.legal_moves(pos):
        if not m.caps:
            continue
        pos.push(m)
        blind = search.evaluator.evaluate_carried(pos, search.facts[0], m)
        leaf = search._negamax(0, -WIDE, WIDE, 1)
        replies = r.captures_on(pos, search.contexts[0], m.d)
        pos.pop()
        assert leaf >= blind  # standing pat is always a choice
        if not replies:
            assert leaf == blind
        answered += leaf > blind
    # At Friendly's start several captures are on, and most can be taken back.
    assert answered >= 3


def test_a_quiet_move_at_the_horizon_is_judged_as_before() -> None:
    game = rules.new_game("friendly")
    search, pos = _lean_search(game)
    quiet = [m for m in game.rules.legal_moves(pos) if not m.caps][:10]
    for m in quiet:
        pos.push(m)
        assert search._negamax(0, -WIDE, WIDE, 1) == search.evaluator.evaluate_carried(pos, search.facts[0], m)
        pos.pop()


@pytest.mark.slow
def test_judging_leaves_with_the_parents_context_leaves_that_context_as_it_was() -> None:
    """The Context is shared (cached by position, and the app reads it for legal moves and
    highlights). A leaf's recapture asks the parent's Context about the leaf's board, so
    whatever it works out there on demand (which Chicken Pawns may retreat) must not be
    kept as the parent's: after searching, the position's Context still says what a
    Context built afresh says."""
    for seed in range(6):
        game = middle_game(seed)
        r = game.rules
        chicken = r.power_objects["chicken-retreat"]
        pos = game.pos
        r.contexts.clear()
        Engine(r).search(game, Limits(depth=2))
        searched = chicken.retreating(pos, r.context(pos))
        r.contexts.clear()
        fresh = chicken.retreating(pos, r.context(pos))
        assert searched == fresh, (seed, game.fen())


def middle_game(seed: int) -> rules.Game:
    """Seeded play with many captures, so that Chicken Pawns come under attack."""
    rng = random.Random(f"parent-context/{seed}")
    game = rules.new_game("friendly")
    for _ in range(24):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        captures = [m for m in moves if m.captures]
        game.play(rng.choice(captures if captures and rng.random() < 0.5 else moves))
    return game
