"""A pawn's progress counted in its own moves (rules/engine/pawn_progress.py).

The evaluation's pawn-advance and passed-pawn terms grow with a pawn's progress. It is
``1 - moves still needed to promote / (ranks - 1)``, the moves found by the rules on an
empty board of the variant. The expected figures below are counted by hand from the
rules texts.
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Evaluator
from rules.engine.pawn_progress import (
    moves_to_promote,
    pawn_progress,
    pawn_progress_in_state,
    progress_keys,
    state_key,
)
from rules.engine.terms import engine_config


def _at(r: rules.Rules, table: list[float], name: str) -> float:
    return table[r.geo.names.index(name)]


@pytest.mark.parametrize("rank", range(2, 8))
def test_a_chess_pawn_has_come_its_ranks_share_of_the_way(rank: int) -> None:
    # Chess: a pawn on rank r needs 8 - r single steps; progress (r - 1) / 7 for White,
    # and the mirror for Black.
    r = rules.make_rules("chess")
    assert _at(r, pawn_progress(r, 0), f"e{rank}") == pytest.approx((rank - 1) / 7)
    assert _at(r, pawn_progress(r, 1), f"e{9 - rank}") == pytest.approx((rank - 1) / 7)


def test_flight_and_ferry_pawns_on_their_own_bank_never_cross_the_water_alone() -> None:
    # Flight and Ferry: no pawn move crosses the water between ranks 5 and 6; only a Ferry
    # (on c5 and f5 at the start) carries a pawn over. A pawn on a file without a Ferry
    # ahead of it never promotes by its own moves.
    r = rules.make_rules("flight-and-ferry")
    white, black = pawn_progress(r, 0), pawn_progress(r, 1)
    for name in ("a3", "a5", "d4", "d5", "h5"):
        assert _at(r, white, name) == 0.0, name
    for name in ("a8", "a6", "d6", "h6"):
        assert _at(r, black, name) == 0.0, name


def test_a_flight_and_ferry_pawn_reaches_the_far_bank_on_a_ferry() -> None:
    # c4-c5 boards the Ferry, the Ferry carries it to c6, then c7, c8, c9 and c10
    # promoting: six moves, so 1 - 6/9 of the way.
    r = rules.make_rules("flight-and-ferry")
    steps = moves_to_promote(r, "pawn", 0)
    assert steps[r.geo.names.index("c4")] == 6
    assert _at(r, pawn_progress(r, 0), "c4") == pytest.approx(1 - 6 / 9)


def test_a_pawn_over_the_water_has_come_its_ranks_share() -> None:
    # Flight and Ferry, White pawn on d7: d8, d9, d10 (promoting) are three steps of nine.
    r = rules.make_rules("flight-and-ferry")
    assert _at(r, pawn_progress(r, 0), "d7") == pytest.approx(1 - 3 / 9)
    assert _at(r, pawn_progress(r, 1), "d4") == pytest.approx(1 - 3 / 9)


def _pawn_terms_gain(variant: str, placement: dict[str, str]) -> int:
    """What the pawn-advance and passed-pawn terms add to White's score."""
    game = rules.new_game(variant, placement=placement)
    r = game.rules
    on = Evaluator(r).evaluate(game.pos, r.context(game.pos))
    off = Evaluator(r, engine_config(r, {"pawn-advance": 0.0, "passed-pawn": 0.0})).evaluate(
        game.pos, r.context(game.pos)
    )
    return on - off


def test_a_pawn_stuck_at_the_water_gains_nothing_from_advancing() -> None:
    kings = {"e2": "white king", "e9": "black king"}
    # On the a-file there is no Ferry: a5 is no nearer promotion than a3.
    assert _pawn_terms_gain("flight-and-ferry", {**kings, "a5": "white pawn"}) == 0
    assert _pawn_terms_gain("flight-and-ferry", {**kings, "a3": "white pawn"}) == 0
    # Over the water it counts as in chess: a8 is worth more than a6.
    assert (
        _pawn_terms_gain("flight-and-ferry", {**kings, "a8": "white pawn"})
        > _pawn_terms_gain("flight-and-ferry", {**kings, "a6": "white pawn"})
        > 0
    )


def test_only_a_state_that_moves_pawns_keys_the_progress() -> None:
    # Flight and Ferry's Ferries carry pawns over the water; chess has no power state at all.
    assert progress_keys(rules.make_rules("flight-and-ferry")) == ("ferries",)
    assert progress_keys(rules.make_rules("chess")) == ()


def test_a_ferry_sent_in_front_of_a_pawn_opens_its_way_over() -> None:
    # Flight and Ferry rule 3c: a Ferry may be sent to any free square of ranks 5-6. With
    # the Ferries on d5 and f5, a White pawn on d4 steps onto the Ferry (1), rides it to d6
    # (2), then d7, d8, d9 and d10 promoting: six moves of nine. The c-pawn has lost its
    # Ferry and is stuck like an a-pawn.
    r = rules.make_rules("flight-and-ferry")
    white = pawn_progress_in_state(r, 0, state_key(r, {"ferries": ("d5", "f5")}))
    assert _at(r, white, "d4") == pytest.approx(1 - 6 / 9)
    assert _at(r, white, "d5") == pytest.approx(1 - 5 / 9)
    assert _at(r, white, "c4") == 0.0
    assert _at(r, white, "f4") == pytest.approx(1 - 6 / 9)


def test_black_pawns_board_a_ferry_on_their_own_bank() -> None:
    # At the start both Ferries lie on White's bank (rank 5), so no Black pawn can cross.
    # A Ferry sent to e6 lets the e-pawn board it from e7 (1), ride to e5 (2), then e4,
    # e3, e2 and e1 promoting: six moves of nine.
    r = rules.make_rules("flight-and-ferry")
    assert _at(r, pawn_progress(r, 1), "e7") == 0.0
    black = pawn_progress_in_state(r, 1, state_key(r, {"ferries": ("c5", "e6")}))
    assert _at(r, black, "e7") == pytest.approx(1 - 6 / 9)
    assert _at(r, black, "d7") == 0.0


def test_the_start_state_gives_the_start_tables() -> None:
    r = rules.make_rules("flight-and-ferry")
    key = state_key(r, r.start_position().state)
    for color in (0, 1):
        assert pawn_progress_in_state(r, color, key) == pawn_progress(r, color)


def test_the_evaluation_follows_the_ferries() -> None:
    # The same d4 pawn: stuck with the Ferries on c5 and f5, on its way with one on d5.
    kings = {"e2": "white king", "e9": "black king"}
    stuck = _pawn_terms_gain("flight-and-ferry", {**kings, "d4": "white pawn"})
    assert stuck == 0
    game = rules.new_game("flight-and-ferry", placement={**kings, "d4": "white pawn"})
    game.pos.set_state("ferries", ("d5", "f5"))
    r = game.rules
    on = Evaluator(r).evaluate(game.pos, r.context(game.pos))
    off = Evaluator(r, engine_config(r, {"pawn-advance": 0.0, "passed-pawn": 0.0})).evaluate(
        game.pos, r.context(game.pos)
    )
    assert on - off > 0
