"""Setup, King and pawns, promotion and the end of the game
(docs/variants/pocket43.md; seed text "Board and Setup", "The Pieces", "Other rules";
RULINGS pocket43 rule 5 and the rulings common to all variants).
"""

from __future__ import annotations

from positions import moves_from

import rules

OFFICERS = ("bishop", "rook", "knight", "alibaba", "falcon", "windmill")


def test_start_position() -> None:
    """Seed "Board and Setup": White K d1, F/W a1 g1, N/A b1 f1, B/R c1 e1, pawns rank 2;
    Black the same on ranks 6 and 5; the polypieces start as Falcons, Knights and Bishops."""
    board = rules.new_game("pocket43").board()
    expected = {}
    back_rank = ("falcon", "knight", "bishop", "king", "bishop", "knight", "falcon")
    for rank, color in (("1", "white"), ("6", "black")):
        for file, kind in zip("abcdefg", back_rank, strict=True):
            expected[file + rank] = f"{color} {kind}"
    for file in "abcdefg":
        expected[file + "2"] = "white pawn"
        expected[file + "5"] = "black pawn"
    assert board == expected


def test_first_moves_no_double_step_and_pocket_entries() -> None:
    """Seed: pawns have no two-square move; Knights as in chess; Falcons hop their pawns
    (a1: a3 a4, takes a5; c3 d4, takes e5; g1 the mirror image); Bishops and the King are
    boxed in; each of the six polypieces may enter the Pocket."""
    g = rules.new_game("pocket43")
    assert moves_from(g) == {
        "a2a3", "b2b3", "c2c3", "d2d3", "e2e3", "f2f3", "g2g3",
        "b1a3", "b1c3", "f1e3", "f1g3",
        "a1a3", "a1a4", "a1a5", "a1c3", "a1d4", "a1e5",
        "g1g3", "g1g4", "g1g5", "g1e3", "g1d4", "g1c5",
        "a1pocket", "b1pocket", "c1pocket", "e1pocket", "f1pocket", "g1pocket",
    }


def test_king_does_not_castle() -> None:
    """Seed "Other rules": "There is no castling." The King only steps."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "a1": "white rook", "g1": "white rook", "d6": "black king",
    })
    assert moves_from(g, "d1") == {"d1c1", "d1e1", "d1c2", "d1d2", "d1e2"}


def test_alibaba_leaps_two_squares_any_direction() -> None:
    """Seed: "the Alibaba leaps two squares diagonally or orthogonally" (over pieces)."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white alibaba", "c4": "white pawn", "d4": "white pawn",
        "e2": "white pawn", "g6": "black king",
    })
    assert moves_from(g, "d3") == {"d3b1", "d3f1", "d3b5", "d3f5", "d3d1", "d3d5", "d3b3", "d3f3", "d3pocket"}


def test_white_pawn_promotes_to_each_of_the_six_forms() -> None:
    """RULINGS rule 5: "Promotion on the far rank to any of the six polypiece forms"."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c5": "white pawn", "g6": "black king",
    })
    assert moves_from(g, "c5") == {f"c5c6={kind}" for kind in OFFICERS}


def test_black_pawn_promotes_on_rank_one_also_by_capture() -> None:
    """RULINGS rule 5 for Black, whose far rank is rank 1; a capture onto it promotes too."""
    g = rules.new_game("pocket43", to_move="black", placement={
        "a6": "white king", "d1": "white knight", "e2": "black pawn", "g6": "black king",
    })
    assert moves_from(g, "e2") == {f"e2e1={kind}" for kind in OFFICERS} | {f"e2d1={kind}" for kind in OFFICERS}


def test_each_promotion_creates_its_form_and_flips_nothing() -> None:
    """RULINGS rule 5: "a pawn move never flips anything", not even the promotion."""
    for kind in OFFICERS:
        g = rules.new_game("pocket43", placement={
            "a1": "white king", "c5": "white pawn", "g1": "white bishop", "b1": "white knight",
            "f1": "white falcon", "f4": "black king",
        })
        g.play(f"c5c6={kind}")
        board = g.board()
        assert board["c6"] == f"white {kind}"
        assert (board["g1"], board["b1"], board["f1"]) == ("white bishop", "white knight", "white falcon")


def test_stalemate_is_a_draw() -> None:
    """Seed: "Stalemate ... is a draw". Black's King on a6 has no safe square and no other
    piece; it is not in check."""
    g = rules.new_game("pocket43", to_move="black", placement={
        "a4": "white king", "b1": "white rook", "a6": "black king",
    })
    assert g.result is not None
    assert (g.result.winner, g.result.reason) == (None, "stalemate")


def test_threefold_repetition_through_the_pocket_is_a_draw() -> None:
    """Seed: "perpetual check is a draw"; RULINGS: threefold repetition is a draw. The Rook
    goes in and out of the Pocket while the black King steps back and forth."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c1": "white rook", "g6": "black king",
    })
    for _ in range(2):
        for move in ("c1pocket", "g6g5", "pocketc1", "g5g6"):
            assert g.result is None
            g.play(move)
    assert g.result is not None
    assert (g.result.winner, g.result.reason) == (None, "threefold repetition")


def test_options_reach_the_game() -> None:
    """Every sub-variant is a named option of the variant."""
    names = set(rules.variant("pocket43").options)
    assert {"synchronous", "antisynchronous", "cube", "river", "berolina-pawns", "starting_forms"} <= names
