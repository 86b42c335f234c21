"""The larger boards: Blender 100 (10x10), Cuisinart 100 and Ultimate Cuisinart (12x12):
start arrays, castling and promotion there, checked against the text by hand."""

from __future__ import annotations

import rules

FILES_10 = "abcdefghij"
FILES_12 = "abcdefghijkl"


def array(rank: int, pieces: list[str], color: str, files: str) -> dict[str, str]:
    return {f"{f}{rank}": f"{color} {p}" for f, p in zip(files, pieces, strict=True)}


BACK_10 = ["rook", "knight", "bishop", "archbishop", "queen", "king", "chancellor", "bishop", "knight", "rook"]
BACK_12 = [
    "rook", "knight", "bishop", "archbishop", "chancellor", "queen",
    "king", "chancellor", "archbishop", "bishop", "knight", "rook",
]
ATOM_ROW_12 = ["ferz", "wazir", "ferz", "wazir", "ferz", "wazir", "wazir", "ferz", "wazir", "ferz", "wazir", "ferz"]


def test_blender_100_start_array() -> None:
    """Ruling 5: Blender 100 has rank 1 R N B A Q K C B N R and pawns on rank 2 (Black
    mirrored on ranks 10 and 9): ten pawns each, the Archbishop beside the Queen and the
    Chancellor beside the King."""
    g = rules.new_game("blender-100")
    expected = {
        **array(1, BACK_10, "white", FILES_10), **array(2, ["pawn"] * 10, "white", FILES_10),
        **array(9, ["pawn"] * 10, "black", FILES_10), **array(10, BACK_10, "black", FILES_10),
    }
    assert g.board() == expected
    assert g.fen().split()[2] == "KQkq"


def test_blender_100_original_archbishop_and_chancellor_never_merge() -> None:
    """Rule: the original Archbishop and Chancellor of Blender 100 "have the same
    restrictions as the original Queen: they cannot Merge or Separate". At the start no
    piece may separate; a Rook may not join the original Archbishop, though it may join
    an Archbishop made by merging in the same position."""
    g = rules.new_game("blender-100")
    for square in ("d1", "e1", "g1"):
        assert "original" in g.piece_at(square).flags  # type: ignore[union-attr]
    assert not [m for m in g.legal_moves() if m.kind == "separate"]
    fen = "k9/10/10/10/10/10/10/10/3R6/3A[original]1K4 w - - 0 1"
    original = rules.new_game("blender-100", fen=fen)
    merged = rules.new_game("blender-100", fen=fen.replace("[original]", ""))
    assert "d2d1" not in {str(m) for m in original.legal_moves()}
    assert "d2d1" in {str(m) for m in merged.legal_moves()}


def test_blender_100_castling_moves_the_king_two_squares() -> None:
    """Ruling 3 on 10x10: the King (f1) moves two squares toward the Rook and the Rook jumps
    to the square it crossed: f1-h1 with j1-g1, f1-d1 with a1-e1."""
    g = rules.new_game("blender-100", fen="r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1")
    assert {str(m) for m in g.legal_moves() if m.kind == "castle"} == {"f1h1", "f1d1"}
    g.play("f1h1")
    assert g.board()["h1"] == "white king" and g.board()["g1"] == "white rook"
    g.undo()
    g.play("f1d1")
    assert g.board()["d1"] == "white king" and g.board()["e1"] == "white rook"


def test_blender_100_promotes_on_the_tenth_rank() -> None:
    """Rule: pawns promote on the far row, rank 10 here, to a captured own piece only."""
    fen = "k9/4P5/3P6/10/10/10/10/10/10/9K w - - 0 1 captured=C/"
    g = rules.new_game("blender-100", fen=fen)
    assert {str(m) for m in g.legal_moves() if m.origin in ("e9", "d8")} == {"e9e10=chancellor", "d8d9"}


def test_cuisinart_100_start_array_and_originals_option() -> None:
    """Cuisinart 100 combines the Blender 100 array with Cuisinart; by default nothing is
    original (the Cuisinart suspension); the setup original-archbishop-chancellor keeps the
    Blender 100 rule for those two pieces."""
    g = rules.new_game("cuisinart-100")
    assert {sq: v for sq, v in g.board().items() if sq.endswith("1") and len(sq) == 2} == array(
        1, BACK_10, "white", FILES_10
    )
    assert not any(g.piece_at(sq).flags for sq in ("d1", "e1", "g1"))  # type: ignore[union-attr]
    kept = rules.new_game("cuisinart-100", options={"setup": "original-archbishop-chancellor"})
    assert {sq for sq in ("d1", "e1", "g1", "d10", "e10", "g10") if kept.piece_at(sq).flags} == {  # type: ignore[union-attr]
        "d1", "g1", "d10", "g10"
    }


def test_ultimate_cuisinart_start_array() -> None:
    """Ruling 5: rank 1 R N B A C Q K C A B N R; rank 2 Ferzes and Wazirs alternating with
    Wazirs in front of King and Queen; pawns on rank 3; Black the same from its side."""
    g = rules.new_game("ultimate-cuisinart")
    expected = {
        **array(1, BACK_12, "white", FILES_12), **array(2, ATOM_ROW_12, "white", FILES_12),
        **array(3, ["pawn"] * 12, "white", FILES_12),
        **array(10, ["pawn"] * 12, "black", FILES_12), **array(11, ATOM_ROW_12, "black", FILES_12),
        **array(12, BACK_12, "black", FILES_12),
    }
    assert g.board() == expected
    assert g.board()["f2"] == "white wazir" and g.board()["g2"] == "white wazir"


def test_ultimate_cuisinart_pawns_step_one_or_two_from_rank_three() -> None:
    """Rule: standard pawns; their first move may go two squares, here from rank 3."""
    g = rules.new_game("ultimate-cuisinart")
    assert {str(m) for m in g.legal_moves() if m.origin == "e3"} == {"e3e4", "e3e5"}


def test_ultimate_cuisinart_castling_and_promotion() -> None:
    """Ruling 3 on 12x12: King g1 castles to i1 (Rook l1 to h1) or e1 (Rook a1 to f1);
    pawns promote on rank 12."""
    g = rules.new_game("ultimate-cuisinart", fen="r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1")
    assert {str(m) for m in g.legal_moves() if m.kind == "castle"} == {"g1i1", "g1e1"}
    g.play("g1e1")
    assert g.board()["e1"] == "white king" and g.board()["f1"] == "white rook"
    fen = "k11/4P7/12/12/12/12/12/12/12/12/12/11K w - - 0 1 captured=Z/"
    p = rules.new_game("ultimate-cuisinart", fen=fen)
    assert {str(m) for m in p.legal_moves() if m.origin == "e11"} == {"e11e12=zebra"}
