"""The engine answers wherever the game goes on, also where only a switch opens a move.

Issue 47 item 8: ``python -m rules play friendly --white novice --black beginner`` stopped on
"asked to move in a finished game". The position (found by a soak of seeded games, seed 28
of novice against beginner): White's one Friend stands in check and no move is legal, but
switching off the Hia of the Bodyguard on g2 lets the piece on h3 take the checker on g5.
The rules count that as a game going on (a switch is part of the turn); the engine searched
moves only and found none. It now plays the switch and then the move.
"""

from __future__ import annotations

import functools

import pytest

import rules
from rules.engine import Engine, make_player
from rules.engine.limits import Limits
from rules.engine.match import play_game

#: Sixteen plies of seed 28's game, up to White's move in check.
ONLY_A_SWITCH_OPENS = (
    "k3k5 b12l6 k5l6 l10l9 e1c1/swap i11j9 g1e3/swap h11j9/swap c1a4 f12i11 a4d7 c11d7 f1g5 d7e3 g3e4 e3g5"
)


@functools.cache
def _reached() -> rules.Game:
    game = rules.new_game("friendly")
    for move in ONLY_A_SWITCH_OPENS.split():
        game.play(move)
    return game


def only_a_switch_opens() -> rules.Game:
    """The position, in a game of its own (playing the line checks each move: done once)."""
    return _reached().copy()


def test_the_position_needs_a_switch() -> None:
    """Worked out from the rules: in check, no legal move, three switches; only g2's opens h3g5."""
    game = only_a_switch_opens()
    assert game.in_check() and game.legal_moves() == [] and game.result is None
    assert sorted(str(a) for a in game.legal_actions()) == ["f2/hia-off", "g2/hia-off", "h1/hia-off"]
    after = game.copy()
    after.play("g2/hia-off")
    assert [str(m) for m in after.legal_moves()] == ["h3g5"]


@pytest.mark.parametrize("level", ["beginner", "novice", "advanced"])
def test_every_level_flips_the_switch_then_moves(level: str) -> None:
    """The fewest switches that open a move: g2's alone (flipping h1's and f2's first would
    also leave h3g5 open, and changes nothing)."""
    game = only_a_switch_opens()
    player = make_player(level, seed=1, depth=2)
    switch = player.choose(game)
    assert str(switch) == "g2/hia-off"
    assert player.last is not None and [str(m) for m in player.last.pv[:2]] == ["g2/hia-off", "h3g5"]
    game.play(switch)
    assert str(player.choose(game)) == "h3g5"


def test_the_search_reports_its_lines_with_the_switch_first() -> None:
    game = only_a_switch_opens()
    seen: list[str] = []
    result = Engine(game.rules, "advanced").search(
        game, Limits(depth=2), on_progress=lambda r: seen.append(str(r.best_move))
    )
    assert str(result.best_move) == "g2/hia-off"
    assert seen and set(seen) == {"g2/hia-off"}


def test_a_match_plays_on_through_the_switch() -> None:
    """play_game asks the same side again after a switch (it does not pass the turn)."""
    game = only_a_switch_opens()
    played = play_game(game, make_player("beginner", seed=2, depth=1), make_player("beginner", seed=3, depth=1), 3)
    assert [str(m) for m in game.history[16:18]] == ["g2/hia-off", "h3g5"]
    assert len(played.moves) == 3 and game.to_move == "white"
