"""The Pocket (docs/variants/pocket43.md, "The Pocket"; RULINGS pocket43 rules 1-2).

Rule 1: "The Pocket is one square off the 7x6 board, shared, holding at most one piece. It
is not a board square: nothing attacks into or out of it and a piece there cannot be
captured." Rule 2: "Any polypiece of the side to move may go from the board to the empty
Pocket, or from the Pocket to any empty board square (never capturing). Kings and pawns
never enter." Seed: "A player may move a piece to or from the Pocket to give or escape mate."
"""

from __future__ import annotations

import pytest
from positions import moves_from

import rules

FILES = "abcdefg"
ALL_SQUARES = {f + str(r) for f in FILES for r in range(1, 7)}


def test_every_polypiece_may_enter_the_empty_pocket_but_not_king_or_pawn() -> None:
    """Rule 2: Bishop, Rook, Knight, Alibaba, Falcon and Windmill enter; King and pawn never."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "b2": "white pawn", "c1": "white bishop", "d1": "white rook",
        "e1": "white knight", "f1": "white alibaba", "g1": "white falcon", "g2": "white windmill",
        "a6": "black king",
    })
    entries = {str(m) for m in g.legal_moves() if m.destination == "pocket"}
    assert entries == {"c1pocket", "d1pocket", "e1pocket", "f1pocket", "g1pocket", "g2pocket"}
    assert all(m.kind == "pocket-enter" and m.captures == () for m in g.legal_moves() if m.destination == "pocket")
    assert "King never enters the Pocket" in g.why_illegal("a1pocket")
    assert "Pawn never enters the Pocket" in g.why_illegal("b2pocket")


def test_piece_leaves_the_pocket_for_any_empty_square_never_capturing() -> None:
    """Rule 2: from the Pocket to any empty board square; e4 holds a black pawn, so not there."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "pocket": "white rook", "g6": "black king", "e4": "black pawn",
    })
    exits = {m.destination for m in g.legal_moves() if m.origin == "pocket"}
    assert exits == ALL_SQUARES - {"a1", "g6", "e4"}
    assert "e4 holds the black pawn" in g.why_illegal("pockete4")
    g.play("pocketc3")
    assert g.board() == {"a1": "white king", "c3": "white rook", "g6": "black king", "e4": "black pawn"}


def test_occupied_pocket_admits_nobody_and_belongs_to_its_piece_owner() -> None:
    """Rule 1, "holding at most one piece": with a black Knight inside, White can neither
    enter nor move that Knight out."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c1": "white bishop", "pocket": "black knight", "g6": "black king",
    })
    assert not any("pocket" in (m.origin, m.destination) for m in g.legal_moves())
    assert "occupied by the black knight" in g.why_illegal("c1pocket")
    assert "not yours" in g.why_illegal("pocketd3")


def test_nothing_attacks_out_of_the_pocket() -> None:
    """Rule 1: the white Rook in the Pocket attacks nothing, so the black King may go to every
    neighbouring square; and no black move captures into the Pocket."""
    g = rules.new_game("pocket43", to_move="black", placement={
        "a1": "white king", "pocket": "white rook", "d6": "black king", "b4": "black rook",
    })
    king_moves = {str(m) for m in g.legal_moves() if m.origin == "d6"}
    assert king_moves == {"d6c6", "d6e6", "d6c5", "d6d5", "d6e5"}
    assert not any("pocket" in m.captures or m.destination == "pocket" for m in g.legal_moves())


def test_leaving_the_pocket_gives_check() -> None:
    """Seed: "to or from the Pocket to give ... mate": the Rook comes out on d3 with check."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "pocket": "white rook", "d6": "black king",
    })
    g.play("pocketd3")
    assert g.in_check()


def test_mate_from_the_pocket() -> None:
    """Seed: a piece may leave the Pocket to give mate. The Rook lands on g6: a6 is attacked,
    b6 is on the same rank, a5 and b5 hold Black's own pawns, and nothing can block."""
    g = rules.new_game("pocket43", placement={
        "e1": "white king", "pocket": "white rook",
        "a6": "black king", "a5": "black pawn", "b5": "black pawn",
    })
    g.play("pocketg6")
    assert g.result is not None
    assert (g.result.winner, g.result.reason) == ("white", "checkmate")


def test_entering_the_pocket_discovers_check() -> None:
    """Seed: a move into the Pocket may give check: the Bishop on d3 leaves the d-file."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d1": "white rook", "d3": "white bishop", "d6": "black king",
    })
    g.play("d3pocket")
    assert g.in_check()


def test_hurdle_escapes_check_into_the_pocket() -> None:
    """Seed: "to escape mate": the black Falcon on d5 checks d1 over the Knight on d2; the
    Knight may leave the line on the board or into the Pocket, or the King may step aside."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "d2": "white knight", "d5": "black falcon", "g6": "black king",
    })
    assert g.in_check()
    assert moves_from(g) == {
        "d1c1", "d1c2", "d1e1", "d1e2",
        "d2b1", "d2b3", "d2c4", "d2e4", "d2f3", "d2f1", "d2pocket",
    }


def test_pocket_content_in_position_text() -> None:
    """Position text writes the Pocket as @pocket=<letter> and reads it back."""
    g = rules.new_game("pocket43", fen="3k3/7/7/7/7/K6 w - - 0 1 @pocket=n")
    assert g.board() == {"d6": "black king", "a1": "white king", "pocket": "black knight"}
    assert g.fen() == "3k3/7/7/7/7/K6 w - - 0 1 @pocket=n"


@pytest.mark.parametrize("who", ["white king", "white pawn", "black berolina-pawn"])
def test_king_or_pawn_placed_in_the_pocket_is_refused(who: str) -> None:
    """Rule 2: Kings and pawns never enter, so no position may hold one in the Pocket."""
    with pytest.raises(rules.SetupError, match="cannot be in the Pocket"):
        rules.new_game("pocket43", placement={"a1": "white king", "g6": "black king", "pocket": who})


def test_king_in_the_pocket_in_position_text_is_refused() -> None:
    """Rule 2 for position text: a King in the Pocket is a FenError naming the Pocket."""
    with pytest.raises(rules.FenError, match="Pocket"):
        rules.new_game("pocket43", fen="3k3/7/7/7/7/7 w - - 0 1 @pocket=K")
