"""A Pocket43 table (King + Bishop/Rook v King, both forms and the Pocket) on hand-worked positions."""

from __future__ import annotations

import pytest

import rules
from rules.tablebase import DRAW, LOSS, WIN, build_table

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def kbk(tmp_path_factory):
    return build_table("pocket43", "KBvK", folder=tmp_path_factory.mktemp("tables"), jobs=2)


def _probe(table, fen):
    return table.probe(rules.new_game("pocket43", fen=fen).pos)


def test_the_family_letter_covers_both_forms(kbk):
    assert kbk.material == "KBvK"
    assert _probe(kbk, "k6/7/1K3R1/7/7/7 w - - 0 1") is not None  # the Rook form is in the same table


def test_a_bishop_mates_by_flipping_into_a_rook(kbk):
    """Flips (rule 3): Bf4-d6 lands as a Rook on the king's rank; a5 and b5 are the white King's,
    b6 is on the Rook's rank: mate in one, which the Bishop form alone could not give."""
    fen = "k6/7/1K3B1/7/7/7 w - - 0 1"
    found = _probe(kbk, fen)
    assert (found.value, found.plies) == (WIN, 1)
    game = rules.new_game("pocket43", fen=fen)
    game.play("f4d6")
    assert game.board()["d6"] == "white rook"
    assert (kbk.probe(game.pos).value, kbk.probe(game.pos).plies) == (LOSS, 0)
    assert game.result is not None and game.result.reason == "checkmate"


def test_a_piece_in_the_pocket_cannot_be_taken(kbk):
    """The Pocket (rule 1): nothing captures into it. Beside the black King on b5 and unguarded,
    the Bishop is taken (a draw); in the Pocket it is safe and Black, to move, loses."""
    beside = _probe(kbk, "k6/1B5/7/3K3/7/7 b - - 0 1")
    assert beside.value == DRAW
    pocket = _probe(kbk, "k6/7/7/3K3/7/7 b - - 0 1 @pocket=B")
    assert pocket.value == LOSS
    assert pocket.plies > 0


def test_white_wins_from_every_position_with_white_to_move(kbk):
    summary = kbk.summary()
    assert summary["white_to_move"]["draw"] == summary["white_to_move"]["loss"] == 0
    assert summary["longest_win"]["plies"] % 2 == 1
