"""The optional stranded term (rules/engine/evaluate.py, STRANDED_SHARE): pieces shut on their shore.

In Flight and Ferry only flyers (Rooks, Queens, the dragons) cross the water on their own;
every other piece needs a Ferry. A side can take a Ferry that one of its own pieces rides,
or an empty one on its own shore. A side that can take none has its non-flyers on its own
shore shut out of the game: late in the game they lose part of their worth. Each case
compares the evaluation with the term at weight 1 and switched off (its default), so only the
term's own share is measured (with the simplify term off in both, since it scales
whatever lead the term leaves); the expected loss is worked out from the rule: half the
stuck pieces' worth, times the share of the start's pieces (not pawns or royals) gone.
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Evaluator
from rules.engine.evaluate import STRANDED_SHARE
from rules.engine.terms import engine_config
from rules.pieces import Piece

#: Kings on their back ranks, the Ferries on c5 and f5 unless a case says otherwise; the
#: ranks 9 (Black's side of the water) and 5 and 6 (the two sides of it) are filled in per case.
FEN = "4k3/{rank9}/8/8/{rank6}/{rank5}/8/8/8/4K3 w - - 0 1 ferries=({ferries})"


def _case(rank9: str, rank6: str, rank5: str, ferries: str = "c5,f5") -> tuple[int, Evaluator, rules.Game]:
    """White's evaluation with the term less without it, the evaluator and the game."""
    text = FEN.format(rank9=rank9, rank6=rank6, rank5=rank5, ferries=ferries)
    game = rules.new_game("flight-and-ferry", fen=text)
    pos = game.pos
    ctx = game.rules.context(pos)
    evaluator = Evaluator(game.rules, engine_config(game.rules, {"stranded": 1.0, "simplify": 0.0}))
    without = Evaluator(game.rules, engine_config(game.rules, {"stranded": 0.0, "simplify": 0.0}))
    return evaluator.evaluate(pos, ctx) - without.evaluate(pos, ctx), evaluator, game


def _expected_loss(evaluator: Evaluator, game: rules.Game, stuck: list[str]) -> int:
    """Half the worth of the pieces on the named squares, times the share of pieces gone."""
    board = game.pos.board
    names = game.rules.geo.names
    values = evaluator.values

    def worth(p: Piece) -> int:
        return round(values.piece_cp(p) * evaluator.balance.get((p.color, p.kind), 1.0))

    officers = [p for p in board if p is not None and p.kind not in evaluator.plain_kinds]
    start = sum(evaluator.start_material)
    gone = 1.0 - sum(worth(p) for p in officers) / start
    stuck_worth = sum(worth(board[names.index(name)]) for name in stuck)
    return round(STRANDED_SHARE * gone * stuck_worth)


def test_a_knight_behind_water_both_ferries_carrying_enemies_is_stranded() -> None:
    # White Knights ride both Ferries (c5, f5); Black's Knight on d9 cannot cross or board.
    share, evaluator, game = _case("3n4", "8", "2N2N2")
    loss = _expected_loss(evaluator, game, ["d9"])
    assert loss > 0
    assert share == loss  # White's view: Black's loss is White's gain


def test_an_empty_ferry_on_the_far_shore_does_not_free_a_side() -> None:
    # One Ferry carries a White Knight, the other stands empty on f5: White's shore, out of
    # Black's reach (boarding it would cross the water).
    share, evaluator, game = _case("3n4", "8", "2N5")
    assert share == _expected_loss(evaluator, game, ["d9"]) > 0


def test_an_empty_ferry_on_its_own_shore_frees_a_side() -> None:
    # The second Ferry stands empty on d6, Black's shore: Black's Knight can go and board it.
    share, _, _ = _case("3n4", "8", "2N5", ferries="c5,d6")
    assert share == 0


def test_a_ferry_carrying_its_own_piece_frees_a_side() -> None:
    # A Black Pawn rides the Ferry on d6; it can send the Ferry under the Knight.
    share, _, _ = _case("3n4", "3p4", "2N5", ferries="c5,d6")
    assert share == 0


def test_a_flyer_is_never_stranded() -> None:
    # A Black Rook flies over the water along a file, Ferry or not.
    share, _, _ = _case("3r4", "8", "2N2N2")
    assert share == 0


def test_a_piece_already_across_is_not_stranded() -> None:
    # A Black Knight on d5 stands on White's shore already: it is in the fight.
    share, _, _ = _case("8", "8", "2Nn1N2")
    assert share == 0


def test_both_sides_can_be_stranded() -> None:
    # Black Knights ride both Ferries on rank 6 (c6, f6); White's Knight on d5 and Black's
    # on d9 stand on their own shores. White can take no Ferry (both carry Black pieces):
    # only White's Knight is stuck, and Black's d9 Knight is free.
    share, evaluator, game = _case("3n4", "2n2n2", "3N4", ferries="c6,f6")
    assert share == -_expected_loss(evaluator, game, ["d5"]) < 0


def test_nothing_is_stranded_at_the_start() -> None:
    # No piece has left the board: a blockade now is one that passes.
    game = rules.new_game("flight-and-ferry")
    ctx = game.rules.context(game.pos)
    with_term = Evaluator(game.rules, engine_config(game.rules, {"stranded": 1.0})).evaluate(game.pos, ctx)
    without = Evaluator(game.rules, engine_config(game.rules, {"stranded": 0.0})).evaluate(game.pos, ctx)
    assert with_term == without


def test_the_weight_scales_the_loss() -> None:
    text = FEN.format(rank9="3n4", rank6="8", rank5="2N2N2", ferries="c5,f5")
    game = rules.new_game("flight-and-ferry", fen=text)
    ctx = game.rules.context(game.pos)

    def evaluation(stranded: float) -> int:
        config = engine_config(game.rules, {"stranded": stranded, "simplify": 0.0})
        return Evaluator(game.rules, config).evaluate(game.pos, ctx)

    once = evaluation(1.0) - evaluation(0.0)
    twice = evaluation(2.0) - evaluation(0.0)
    assert once > 0
    assert abs(twice - 2 * once) <= 1  # each is rounded once


def test_the_water_power_gives_the_shores_and_the_flyers() -> None:
    r = rules.make_rules("flight-and-ferry")
    barrier = r.power_objects["water"].barrier()
    assert barrier is not None
    shore, flyers = barrier
    square = {name: sq for sq, name in enumerate(r.geo.names)}
    assert [shore[square[n]] for n in ("a1", "h5", "a6", "h10")] == [0, 0, 1, 1]
    names = {r.types[k].name.lower() for k in flyers}
    assert {"rook", "queen", "golddragon", "copperdragon"} <= names
    assert not names & {"knight", "bishop", "king", "pawn", "queenfiler"}


@pytest.mark.parametrize(("variant", "active"), [("flight-and-ferry", True), ("chess", False), ("pocket43", False)])
def test_only_variants_with_a_barrier_and_vehicles_have_the_term(variant: str, active: bool) -> None:
    r = rules.make_rules(variant)
    assert (Evaluator(r, engine_config(r, {"stranded": 1.0})).barrier is not None) is active
    assert Evaluator(r).barrier is None  # optional: off unless a variant switches it on
