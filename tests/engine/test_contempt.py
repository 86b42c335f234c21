"""Contempt (rules/engine/search.py).

A repetition reached inside the tree scores -CONTEMPT_CP for the side that started the
search, so an engine that thinks itself level plays on instead of repeating. A draw the
rules declare (stalemate here) is a result and scores 0.
"""

from __future__ import annotations

import pytest
from bare_search import bare_search

import rules
from rules.engine import Evaluator
from rules.engine.search import CONTEMPT_CP
from rules.engine.table import position_key
from rules.game import new_game_from_placement
from rules.moves import Move


def test_stalemate_is_a_plain_draw() -> None:
    # Black's King on a8 has no move after Qb6 (a7, b7, b8 are all covered) and is not in check.
    game = new_game_from_placement(
        rules.make_rules("chess"), {"a8": "black king", "c7": "white king", "b5": "white queen"}, "white"
    )
    pos = game.pos.copy()
    scores = dict(bare_search(game.rules, depth=2).root_scores(pos, 2))
    stalemate = next(m for m in scores if str(m) in ("b5b6", "Qb6") or (m.origin, m.destination) == ("b5", "b6"))
    assert scores[stalemate] == 0
    assert max(scores.values()) > 500  # keeping the Queen and playing on is far better


def _root_scores_with_repetition(
    variant: str, opening: tuple[str, ...], repeat: tuple[str, str]
) -> tuple[Move, dict[Move, int]]:
    """The move from ``repeat[0]`` to ``repeat[1]``, which reaches a position seen before, and
    the depth-2 root scores of every move."""
    game = rules.new_game(variant)
    for text in opening:
        game.play(text)
    r = game.rules
    pos = game.pos.copy()
    move = next(m for m in r.legal_moves(pos) if (m.origin, m.destination) == repeat)
    pos.push(move)
    seen = {position_key(pos)}  # the position after this move was seen before in the game
    pos.pop()
    return move, dict(bare_search(r, depth=2, seen=seen).root_scores(pos, 2))


@pytest.mark.parametrize(("opening", "repeat"), [((), ("g1", "f3")), (("e2e4",), ("g8", "f6"))])
def test_a_repetition_scores_minus_contempt_for_either_colour(
    opening: tuple[str, ...], repeat: tuple[str, str]
) -> None:
    move, scores = _root_scores_with_repetition("chess", opening, repeat)
    assert scores[move] == -CONTEMPT_CP
    assert all(score != -CONTEMPT_CP for m, score in scores.items() if m != move)


def _repetition_score(variant: str, opening: tuple[str, ...], repeat: tuple[str, str]) -> int:
    move, scores = _root_scores_with_repetition(variant, opening, repeat)
    return scores[move]


def test_the_stronger_army_does_not_settle_for_a_repetition() -> None:
    # Flight and Ferry: Wales's Copperdragons and Queenfilers stand where Wessex has
    # Golddragons and Bishops. The army-balance term scores both armies level; a
    # repetition costs Wales, whose army the piece values rate higher, that difference
    # on top of the contempt, and Wessex only the contempt.
    r = rules.make_rules("flight-and-ferry")
    cp = Evaluator(r).values.kind_cp
    lead = 2 * (cp["copperdragon"] + cp["queenfiler"]) - 2 * (cp["golddragon"] + cp["bishop"])
    assert lead > 0
    black = _repetition_score("flight-and-ferry", ("g2f4", "g9f7", "f4g2"), ("f7", "g9"))
    white = _repetition_score("flight-and-ferry", ("g2f4", "g9f7", "f4g2", "f7g9", "b2c4", "b9c7"), ("c4", "b2"))
    assert black == -(CONTEMPT_CP + lead)
    assert white == -CONTEMPT_CP


def test_equal_armies_pay_only_the_contempt() -> None:
    assert Evaluator(rules.make_rules("chess")).army_lead == (0, 0)
    assert Evaluator(rules.make_rules("pocket43")).army_lead == (0, 0)
