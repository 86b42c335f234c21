"""The vehicle term (rules/engine/evaluate.py, VEHICLE_CP): a passenger holds its Ferry.

A piece standing on a Ferry can carry it over the water or send it under a piece of its
own that waits to cross, so holding a Ferry is worth something to the passenger's side
whatever else stands where. Each case compares the evaluation with the term at its
default weight and switched off, so only the term's own share is measured.
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Evaluator
from rules.engine.evaluate import VEHICLE_CP
from rules.engine.terms import engine_config

#: Kings on their back ranks; the rank-5 field (sixth from the top) is filled in per case,
#: the Ferries stand on c5 and f5.
FEN = "4k3/8/8/8/8/{rank5}/8/8/8/4K3 {turn} - - 0 1 ferries=(c5,f5)"


def _vehicle_share(rank5: str, turn: str, halfmove: int = 0) -> int:
    """The evaluation for the side to move, with the term less without it."""
    game = rules.new_game("flight-and-ferry", fen=FEN.format(rank5=rank5, turn=turn))
    pos = game.pos.copy()
    pos.halfmove = halfmove
    ctx = game.rules.context(pos)
    with_term = Evaluator(game.rules).evaluate(pos, ctx)
    without = Evaluator(game.rules, engine_config(game.rules, {"vehicle": 0.0})).evaluate(pos, ctx)
    return with_term - without


@pytest.mark.parametrize(
    ("rank5", "turn", "share"),
    [
        ("2R5", "w", VEHICLE_CP),  # a White Rook rides the c5 Ferry, White to move
        ("2R5", "b", -VEHICLE_CP),  # the same, seen by Black
        ("2R2r2", "w", 0),  # one Ferry each
        ("2R2N2", "w", 2 * VEHICLE_CP),  # White holds both
        ("2n2p2", "w", -2 * VEHICLE_CP),  # Black holds both (a Knight and a Pawn ride too)
        ("1R2R3", "w", 0),  # two Rooks beside the Ferries, both Ferries empty
    ],
)
def test_each_ferry_counts_for_its_passengers_side(rank5: str, turn: str, share: int) -> None:
    assert _vehicle_share(rank5, turn) == share


def test_a_held_ferry_does_not_fade_with_the_move_rule() -> None:
    # The move-rule term fades a lead; holding a Ferry is no lead to convert.
    assert _vehicle_share("2R5", "w", halfmove=90) == VEHICLE_CP


def test_the_ferry_power_names_the_ferry_squares() -> None:
    game = rules.new_game("flight-and-ferry")
    names = game.rules.geo.names
    ferry = game.rules.power_objects["ferry"]
    assert sorted(names[sq] for sq in ferry.vehicles(game.pos)) == ["c5", "f5"]


@pytest.mark.parametrize(("variant", "active"), [("flight-and-ferry", True), ("chess", False), ("pocket43", False)])
def test_only_variants_with_vehicles_have_the_term(variant: str, active: bool) -> None:
    r = rules.make_rules(variant)
    assert (Evaluator(r).vehicle_cp == VEHICLE_CP) is active
    assert Evaluator(r, engine_config(r, {"vehicle": 0.0})).vehicle_cp == 0
