"""Repetition rules as Fairy-Stockfish rules them: the repetition's own result (Minishogi,
Shogi, Kyoto and Tori Shogi), perpetual check in Janggi, and Xiangqi's chasing rule.

Each test plays a move sequence that repeats a position, says by hand what the rule gives,
and compares with pyffish (``is_optional_game_end``: a decisive value ends the game there).
"""

from __future__ import annotations

import pyffish as sf
import pytest
from positions import game_at

import rules


def fairy_result(variant: str, fen: str, moves: list[str]) -> tuple[bool, str | None]:
    """(ended, winner) by Fairy-Stockfish's repetition rules after ``moves`` from ``fen``."""
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    if not ended:
        return (False, None)
    to_move = "white" if sf.get_fen(variant, fen, moves).split()[1] == "w" else "black"
    other = "black" if to_move == "white" else "white"
    return (True, None if value == 0 else to_move if value > 0 else other)


def play(variant: str, fen: str | None, moves: list[str]) -> rules.Game:
    game = rules.new_game(variant) if fen is None else game_at(variant, fen)
    for text in moves[:-1]:
        game.play(text)
        assert game.result is None, text
    game.play(moves[-1])
    return game


def assert_as_fairy(variant: str, fen: str | None, moves: list[str], winner: str | None, reason: str) -> None:
    game = play(variant, fen, moves)
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (winner, reason)
    start = sf.start_fen(variant) if fen is None else fen
    assert fairy_result(variant, start, moves) == (True, winner)
    assert fairy_result(variant, start, moves[:-4]) == (False, None)


# ---------------------------------------------------------------- the repetition's own result

# Gold generals step out and back: the start position stands again every four plies.
MINISHOGI_SHUFFLE = ["b1b2", "d5d4", "b2b1", "d4d5"]


def test_minishogi_fourfold_repetition_completed_by_black_loses_for_white() -> None:
    # Rule: repetition_result = "white-loses": a plain fourfold repetition loses for White
    # (Sente), here completed by Black's move.
    assert_as_fairy("minishogi", None, MINISHOGI_SHUFFLE * 3, "black", "fourfold repetition")


def test_minishogi_fourfold_repetition_completed_by_white_loses_for_white() -> None:
    # Rule: repetition_result = "white-loses" whoever completes it: White's move completes it here.
    moves = ["a2a3"] + ["d5d4", "b1b2", "d4d5", "b2b1"] * 3
    assert_as_fairy("minishogi", None, moves, "black", "fourfold repetition")


def test_shogi_fourfold_repetition_is_a_draw() -> None:
    # Rule: shogi sets repetition_result = "draw" over Minishogi's "white-loses".
    assert_as_fairy("shogi", None, ["e1e2", "e9e8", "e2e1", "e8e9"] * 3, None, "fourfold repetition")


def test_kyoto_shogi_repetition_is_fourfold_and_drawn() -> None:
    # Rule: repetitions = 4 (the third occurrence goes on), a draw.
    assert_as_fairy("kyotoshogi", None, ["c1b2", "c5b4", "b2c1", "b4c5"] * 3, None, "fourfold repetition")


def test_tori_shogi_repetition_loses_for_the_side_that_completes_it() -> None:
    # Rule: repetition_result = "loss": Black's move completes the fourfold repetition; White wins.
    assert_as_fairy("torishogi", None, ["d2c2", "d6c6", "c2d2", "c6d6"] * 3, "white", "fourfold repetition")


def test_minishogi_perpetual_check_comes_before_the_repetition_result() -> None:
    # Rule: perpetual_check = "loss" is judged first: Black checks with every move (the rook on
    # the file), White's king shuttles; Black loses although a plain repetition would lose for White.
    fen = "4r/5/5/5/K4[] b - - 0 1"
    moves = ["e5a5"] + ["a1b1", "a5b5", "b1a1", "b5a5"] * 3
    assert_as_fairy("minishogi", fen, moves, "white", "perpetual check")


# ---------------------------------------------------------------- Janggi


def test_janggi_perpetual_check_loses_whatever_the_material() -> None:
    # Rule: perpetual_check = "loss": White's chariot checks along the rank with every move while
    # Black's general shuttles d10-d9; White loses although its material count is higher.
    fen = "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    assert_as_fairy("janggi", fen, ["d10d9", "a10a9", "d9d10", "a9a10"] * 2, "black", "perpetual check")


def test_janggi_repetition_without_perpetual_check_goes_to_the_material_count() -> None:
    # Rule: any other repetition is decided by the material count (13 to 1.5: White wins).
    fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    assert_as_fairy("janggi", fen, ["a1a2", "d10d9", "a2a1", "d9d10"] * 2, "white",
                    "threefold repetition: material count 13 to 1.5")


@pytest.mark.parametrize("variant", ["minishogi", "shogi", "kyotoshogi", "torishogi", "janggi", "xiangqi"])
def test_repetition_keys_read_from_the_shipped_files(variant: str) -> None:
    out = rules.variant(variant).outcomes
    expected = {
        "minishogi": ("white-loses", "loss", 4), "shogi": ("draw", "loss", 4), "kyotoshogi": ("draw", "loss", 4),
        "torishogi": ("loss", "loss", 4), "janggi": ("draw", "loss", 3), "xiangqi": ("draw", "loss", 3),
    }[variant]
    assert (out.repetition_result, out.perpetual_check, out.repetitions) == expected
