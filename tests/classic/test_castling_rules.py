"""Castling as data: per-direction king and rook landing files (Janus Chess: e1 to i1 with
the rook to h1, e1 to b1 with the rook to c1), with the usual conditions."""

from __future__ import annotations

from pathlib import Path

from positions import game_at, moves_from
from textvariants import game_from_text

OPEN = "r3k4r/10/10/10/10/10/10/R3K4R"


def test_the_king_castles_to_the_files_the_variant_names() -> None:
    # Rule: king_to = { right = "i", left = "b" }.
    game = game_at("janus", f"{OPEN} w KQkq - 0 1")
    assert moves_from(game, "e1") == {"e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1i1", "e1b1"}
    game.play("e1i1")
    assert game.board()["i1"] == "white king" and game.board()["h1"] == "white rook"
    assert "j1" not in game.board()
    game.undo()
    game.play("e1b1")
    assert game.board()["b1"] == "white king" and game.board()["c1"] == "white rook"
    assert "a1" not in game.board()


def test_black_castles_to_the_same_files() -> None:
    game = game_at("janus", f"{OPEN} b KQkq - 0 1")
    assert {"e8i8", "e8b8"} <= moves_from(game, "e8")


def test_the_king_may_not_pass_an_attacked_square() -> None:
    # Rule: not through attacked squares: a black rook on g8 covers g1, which the king
    # crosses on its way to i1; the other side stays open.
    game = game_at("janus", "r3k1r3/10/10/10/10/10/10/R3K4R w KQq - 0 1")
    assert "e1i1" not in moves_from(game)
    assert "e1b1" in moves_from(game)
    assert game.why_illegal("e1i1") == "the King may not castle through or into check: g1 is attacked"


def test_the_king_may_not_castle_out_of_check_or_over_a_piece() -> None:
    game = game_at("janus", "r3k4r/10/10/10/10/4r5/10/R3K4R w KQkq - 0 1")
    assert not {"e1i1", "e1b1"} & moves_from(game)
    game = game_at("janus", "r3k4r/10/10/10/10/10/10/RN2K4R w KQkq - 0 1")
    assert "e1b1" not in moves_from(game) and "e1i1" in moves_from(game)


def test_castling_on_another_rank_with_landing_files_for_black(variant_folder: Path) -> None:
    # Rule: the king castles from the rank it starts on; black_king_to overrides for Black.
    text = """
[variant.mine]
parent = "janus"
[variant.mine.setups.standard]
placement = "10/r3k4r/pppppppppp/10/10/pppppppppp/R3K4R/10"
[variant.mine.castling]
black_king_to = { right = "h", left = "c" }
black_rook_to = { right = "g", left = "d" }
"""
    game = game_from_text(variant_folder, text, "10/r3k4r/10/10/10/10/R3K4R/10 w KQkq - 0 1")
    assert {"e2i2", "e2b2"} <= moves_from(game, "e2")
    game.play("e2e1")
    assert moves_from(game, "e7") >= {"e7h7", "e7c7"}
    game.play("e7c7")
    assert game.board()["c7"] == "black king" and game.board()["d7"] == "black rook"
