"""Polypiece flips (docs/variants/pocket43.md, "Flips"; RULINGS pocket43 rule 3).

Rule 3: "after a polypiece's move that starts and ends on the board (captures
included), every piece of that family on the board, of both colours, changes form,
the mover included. Pieces in the Pocket and moves to or from it do not flip."
Common rulings: "Legality is judged on the position after every effect of the move".
"""

from __future__ import annotations

from positions import moves_from

import rules


def test_flip_reaches_both_colours_and_the_mover_but_not_the_pocket() -> None:
    """Rule 3: a Bishop's board move turns every Bishop into a Rook and every Rook into a
    Bishop, White's and Black's alike, the mover included; the Bishop in the Pocket and the
    Knight (another family) stay as they are."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c3": "white bishop", "g1": "white rook", "b1": "white knight",
        "pocket": "white bishop",
        "a6": "black king", "b5": "black bishop", "e6": "black rook",
    })
    g.play("c3d4")
    assert g.board() == {
        "a1": "white king", "d4": "white rook", "g1": "white bishop", "b1": "white knight",
        "pocket": "white bishop",
        "a6": "black king", "b5": "black rook", "e6": "black bishop",
    }


def test_capture_by_a_polypiece_flips_the_survivors() -> None:
    """Rule 3, "captures included": a Rook capturing a Bishop flips the family, and the
    captured piece is simply gone."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c3": "white rook", "f6": "black king",
        "c5": "black bishop", "g2": "black rook",
    })
    g.play("c3c5")
    assert g.board() == {"a1": "white king", "c5": "white bishop", "f6": "black king", "g2": "black bishop"}


def test_knight_move_flips_knights_and_alibabas_only() -> None:
    """Rule 3 per family: a Knight's move flips Knights and Alibabas, not Falcons."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "b1": "white knight", "f1": "white alibaba", "a1": "white falcon",
        "d6": "black king", "b6": "black alibaba", "g6": "black falcon",
    })
    g.play("b1c3")
    assert g.board() == {
        "d1": "white king", "c3": "white alibaba", "f1": "white knight", "a1": "white falcon",
        "d6": "black king", "b6": "black knight", "g6": "black falcon",
    }


def test_falcon_move_flips_windmills() -> None:
    """Rule 3 for the third family: a Falcon's hop turns Falcons into Windmills and back."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "a1": "white falcon", "a2": "white pawn", "g1": "white windmill",
        "d6": "black king", "g6": "black falcon",
    })
    g.play("a1a4")
    assert g.board() == {
        "d1": "white king", "a4": "white windmill", "a2": "white pawn", "g1": "white falcon",
        "d6": "black king", "g6": "black windmill",
    }


def test_moves_to_and_from_the_pocket_flip_nothing() -> None:
    """Rule 3: "moves to or from it do not flip" (both directions)."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c1": "white bishop", "b2": "white rook",
        "g6": "black king", "c6": "black bishop",
    })
    g.play("c1pocket")
    assert g.board() == {
        "a1": "white king", "pocket": "white bishop", "b2": "white rook",
        "g6": "black king", "c6": "black bishop",
    }
    g.play("g6g5")
    g.play("pocketd3")
    assert g.board() == {
        "a1": "white king", "d3": "white bishop", "b2": "white rook",
        "g5": "black king", "c6": "black bishop",
    }


def test_pawn_and_king_moves_flip_nothing() -> None:
    """RULINGS rule 5: "a pawn move never flips anything"; a King is in no family."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c2": "white pawn", "g1": "white bishop",
        "g6": "black king", "c6": "black bishop",
    })
    g.play("c2c3")
    g.play("g6f6")
    assert g.board() == {
        "a1": "white king", "c3": "white pawn", "g1": "white bishop",
        "f6": "black king", "c6": "black bishop",
    }


def test_flip_that_turns_an_enemy_piece_into_a_checker_is_illegal() -> None:
    """Legality after the flip: the black Bishop on d5 would become a Rook on the open
    d-file against the King on d1, so every board move of the white Bishop is illegal;
    only its move into the Pocket (no flip) stays."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "a3": "white bishop", "d5": "black bishop", "g6": "black king",
    })
    assert moves_from(g, "a3") == {"a3pocket"}
    assert "attacked" in g.why_illegal("a3b4")


def test_check_escaped_by_flipping_the_checker() -> None:
    """Legality after the flip: the Rook on d5 checks d1; any board move of the white Bishop
    turns it into a Bishop, which no longer attacks d1. The King may also step off the file.
    The Bishop's move into the Pocket flips nothing, so it leaves the King in check."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "g1": "white bishop", "d5": "black rook", "a6": "black king",
    })
    assert g.in_check()
    assert {str(m) for m in g.legal_moves()} == {
        "d1c1", "d1c2", "d1e1", "d1e2",
        "g1f2", "g1e3", "g1d4", "g1c5", "g1b6",
    }


def test_pocket_move_cannot_escape_check_because_it_flips_nothing() -> None:
    """Rule 3: a move into the Pocket does not flip, so the checking Rook stays a Rook."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "g1": "white bishop", "d5": "black rook", "a6": "black king",
    })
    assert "g1pocket" not in {str(m) for m in g.legal_moves()}
    assert "King on d1 attacked" in g.why_illegal("g1pocket")


def test_flip_can_give_check() -> None:
    """Check is judged after the flip: the white Bishop's move turns the white Bishop on d1
    into a Rook that attacks the black King on d6 along the open d-file."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d1": "white bishop", "g2": "white bishop", "d6": "black king",
    })
    g.play("g2f3")
    assert g.board()["d1"] == "white rook"
    assert g.in_check()
