"""Pawns' first moves tied to ranks (piece key ``initial_ranks``): a Horde-style pawn on
rank 1 or 2 may step two, so one that stepped from rank 1 to 2 may still do so, and en
passant follows a double step from rank 1."""

from __future__ import annotations

from pathlib import Path

from positions import moves_from
from textvariants import game_from_text

HORDE_PAWNS = """
[variant.mine]
parent = "chess"
powers = ["en-passant", "promotion"]
[variant.mine.setups.standard]
placement = "4k3/pppppppp/8/8/8/8/PPPPPPPP/PPPPKPPP"
[variant.mine.pieces.pawn]
initial_ranks = [1, 2]
"""


def test_a_pawn_on_rank_one_or_two_may_step_two(variant_folder: Path) -> None:
    game = game_from_text(variant_folder, HORDE_PAWNS, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1")
    assert moves_from(game, "a1") == {"a1a2", "a1a3"}
    game.play("a1a2")
    game.play("e8d8")
    # It has moved, and it stands on rank 2: it may still step two.
    assert moves_from(game, "a2") == {"a2a3", "a2a4"}
    game.play("a2a3")
    game.play("d8e8")
    assert moves_from(game, "a3") == {"a3a4"}


def test_en_passant_follows_a_double_step_from_rank_one(variant_folder: Path) -> None:
    # Rule: en passant after any two-square pawn step: b3 takes on a2.
    game = game_from_text(variant_folder, HORDE_PAWNS, "4k3/8/8/8/8/1p6/8/P3K3 w - - 0 1")
    game.play("a1a3")
    assert game.fen().split()[3] == "a2"
    assert "b3a2xa3" in moves_from(game, "b3")
    game.play("b3a2xa3")
    assert "a3" not in game.board() and game.board()["a2"] == "black pawn"


def test_black_pawns_count_their_ranks_from_their_own_side(variant_folder: Path) -> None:
    game = game_from_text(variant_folder, HORDE_PAWNS, "p3k3/1p6/8/8/8/8/8/4K3 b - - 0 1")
    assert moves_from(game, "a8") == {"a8a7", "a8a6"}
    assert moves_from(game, "b7") == {"b7b6", "b7b5"}


def test_a_pawn_off_its_ranks_never_steps_two_even_unmoved(variant_folder: Path) -> None:
    game = game_from_text(variant_folder, HORDE_PAWNS, "4k3/8/8/8/8/P[u]7/8/4K3 w - - 0 1")
    assert moves_from(game, "a3") == {"a3a4"}


TRIPLE_STEP = """
[variant.mine]
parent = "chess"
powers = ["en-passant", "promotion"]
[variant.mine.pieces.pawn]
betza = "fmWfcFifmW3"
"""


def test_en_passant_on_every_square_a_triple_step_skipped(variant_folder: Path) -> None:
    # Rule: after a step of three, an enemy pawn may take en passant on either skipped square.
    game = game_from_text(variant_folder, TRIPLE_STEP, "4k3/8/8/1p6/1p6/8/P7/4K3 w - - 0 1")
    assert moves_from(game, "a2") == {"a2a3", "a2a4", "a2a5"}
    game.play("a2a5")
    assert game.fen().split()[3] == "a4" and "ep-also=(a3)" in game.fen()
    assert moves_from(game, "b4") == {"b4b3", "b4a3xa5"}
    assert moves_from(game, "b5") == {"b5a4xa5"}
    # The position text reads back with both squares.
    again = game_from_text(variant_folder, TRIPLE_STEP, game.fen())
    assert moves_from(again, "b4") == {"b4b3", "b4a3xa5"}
    # One move later neither square counts.
    game.play("e8d8")
    game.play("e1d1")
    assert moves_from(game, "b4") == {"b4b3"} and "ep-also" not in game.fen()
