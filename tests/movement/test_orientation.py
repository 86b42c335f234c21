"""The second side's reading of Betza's left and right (``orientation``, issue 49).

A piece that moves one square to its left (``lW``) or one square diagonally forward to its right
(``frF``) is set up for each side. With ``orientation = "rotate"`` (the default, as
Fairy-Stockfish and the Interactive Diagram read Betza) Black's left and right are its own, as
it faces the board: its ``lW`` goes toward the h-file. With ``"mirror"`` they are the board's, as
White's: its ``lW`` goes toward the a-file. Each move set is worked out by hand; the default's is
also asked of pyffish with the same piece."""

from __future__ import annotations

from pathlib import Path

import pyffish as sf
import pytest
from textvariants import game_from_text

import rules
from rules.errors import VariantFileError

FEN_WHITE = "4k3/8/8/3a4/8/8/3A4/4K3 w - - 0 1"
FEN_BLACK = "4k3/8/8/3a4/8/8/3A4/4K3 b - - 0 1"


def lopsided(orientation: str | None) -> str:
    line = "" if orientation is None else f'orientation = "{orientation}"\n'
    return (
        f'[variant.mine]\nparent = "chess"\n{line}'
        '[variant.mine.pieces.lefty]\nname = "Lefty"\nletter = "A"\nbetza = "lWfrF"\n'
    )


def moves_of(game: rules.Game, origin: str) -> set[str]:
    return {str(m) for m in game.legal_moves() if m.origin == origin}


def test_white_reads_left_and_right_as_the_board_does(variant_folder: Path) -> None:
    # White's left is the a-file, its forward the eighth rank: d2 to c2 (lW) and e3 (frF).
    for orientation in (None, "rotate", "mirror"):
        game = game_from_text(variant_folder, lopsided(orientation), FEN_WHITE)
        assert moves_of(game, "d2") == {"d2c2", "d2e3"}, orientation


def test_rotate_by_default_black_reads_its_own_left_and_right(variant_folder: Path) -> None:
    # Black faces the first rank: its left is the h-file. d5 to e5 (lW) and c4 (frF).
    for orientation in (None, "rotate"):
        game = game_from_text(variant_folder, lopsided(orientation), FEN_BLACK)
        assert moves_of(game, "d5") == {"d5e5", "d5c4"}, orientation


def test_rotate_agrees_with_fairy_stockfish() -> None:
    sf.load_variant_config("[lefty:chess]\ncustomPiece1 = a:lWfrF\n")
    assert {m for m in sf.legal_moves("lefty", FEN_BLACK, []) if m.startswith("d5")} == {"d5e5", "d5c4"}
    assert {m for m in sf.legal_moves("lefty", FEN_WHITE, []) if m.startswith("d2")} == {"d2c2", "d2e3"}


def test_mirror_black_reads_the_board_s_left_and_right(variant_folder: Path) -> None:
    # Reflected across the middle: d5 to c5 (lW, toward the a-file) and e4 (frF).
    game = game_from_text(variant_folder, lopsided("mirror"), FEN_BLACK)
    assert moves_of(game, "d5") == {"d5c5", "d5e4"}


def test_orientation_decides_black_s_attacks_too(variant_folder: Path) -> None:
    # The White king e4 stands on the square Black's frF reaches from d5 only when mirrored.
    fen = "4k3/8/8/3a4/4K3/8/8/8 w - - 0 1"
    assert game_from_text(variant_folder, lopsided("mirror"), fen).in_check()
    assert not game_from_text(variant_folder, lopsided("rotate"), fen).in_check()


def test_an_unknown_orientation_is_refused_in_words(variant_folder: Path) -> None:
    with pytest.raises(VariantFileError) as caught:
        game_from_text(variant_folder, lopsided("sideways"), FEN_WHITE)
    assert "orientation" in str(caught.value) and "mirror" in str(caught.value)
