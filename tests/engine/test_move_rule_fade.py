"""The move-rule term (rules/engine/evaluate.py, MOVE_RULE_FADE): a lead fades as the rule nears.

Chess's rule ends the game after 100 plies without a capture or pawn move. With the
default weight the score has faded to half by then, so the side ahead gains by capturing
or moving a pawn soon instead of shuffling its pieces.
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Evaluator
from rules.engine.terms import engine_config

#: White is a rook up (kings and pawns otherwise symmetrical).
ROOK_UP = {"e1": "white king", "e8": "black king", "a1": "white rook",
           "f2": "white pawn", "f7": "black pawn"}


def _white_score(variant: str, placement: dict[str, str], halfmove: int, weight: float | None = None) -> int:
    game = rules.new_game(variant, placement=placement, to_move="white")
    config = engine_config(game.rules, None if weight is None else {"move-rule": weight})
    evaluator = Evaluator(game.rules, config)
    pos = game.pos.copy()
    pos.halfmove = halfmove
    return evaluator.evaluate(pos, game.rules.context(pos))


def test_a_lead_fades_to_half_when_the_move_rule_would_end_the_game() -> None:
    fresh = _white_score("chess", ROOK_UP, 0)
    assert fresh > 300
    assert _white_score("chess", ROOK_UP, 50) == int(fresh * 0.75)
    assert _white_score("chess", ROOK_UP, 100) == int(fresh * 0.5)


def test_the_side_behind_sees_its_deficit_fade_alike() -> None:
    game = rules.new_game("chess", placement=ROOK_UP, to_move="black")
    evaluator = Evaluator(game.rules)
    pos = game.pos.copy()
    fresh = evaluator.evaluate(pos, game.rules.context(pos))
    pos.halfmove = 100
    assert fresh < -300
    assert evaluator.evaluate(pos, game.rules.context(pos)) == int(fresh * 0.5)


@pytest.mark.parametrize("halfmove", [1, 40, 99])
def test_weight_zero_switches_the_fade_off(halfmove: int) -> None:
    assert _white_score("chess", ROOK_UP, halfmove, weight=0.0) == _white_score("chess", ROOK_UP, 0, weight=0.0)


def test_a_variant_without_a_move_rule_never_fades() -> None:
    placement = {"e1": "white general", "e10": "black general", "a1": "white chariot", "a4": "white soldier"}
    assert rules.new_game("xiangqi").rules.move_rule_plies == 0
    assert _white_score("xiangqi", placement, 80) == _white_score("xiangqi", placement, 0)
