"""Board colour sets and piece sets the player may choose (Settings > Appearance).

A :class:`BoardTheme` gives the squares, frame, margin and coordinate colours the painter
uses; a piece set names how the shipped SVG artwork is drawn: as drawn (``standard``) or
recoloured (``ivory-garnet``: white pieces warmed to ivory, black pieces lit to garnet), so a
second set needs no second copy of the artwork.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor


@dataclass(frozen=True)
class BoardTheme:
    name: str
    title: str
    light: QColor
    dark: QColor
    frame: QColor
    margin: QColor
    coord: QColor
    extra: QColor


BOARD_THEMES: dict[str, BoardTheme] = {
    theme.name: theme for theme in (
        BoardTheme("green", "&Green", QColor("#ece6cf"), QColor("#7f9c62"), QColor("#4a4234"), QColor("#d8d2c0"),
                   QColor("#3d3a33"), QColor("#e4d6b8")),
        BoardTheme("wood", "&Wood", QColor("#f0d9b5"), QColor("#b58863"), QColor("#5a3a22"), QColor("#d9c7a8"),
                   QColor("#3b2a1c"), QColor("#e8cfa4")),
        BoardTheme("slate", "&Slate blue", QColor("#dee3e6"), QColor("#7d97ad"), QColor("#2f3f4f"),
                   QColor("#c9d1d8"), QColor("#1f2b36"), QColor("#cfd8df")),
    )
}
DEFAULT_BOARD = "green"


@dataclass(frozen=True)
class PieceSet:
    name: str
    title: str
    #: Colours laid over the artwork, by side: (colour, True to lighten dark parts, False to
    #: darken light parts); None draws the artwork as it is.
    white: tuple[QColor, bool] | None
    black: tuple[QColor, bool] | None


PIECE_SETS: dict[str, PieceSet] = {
    piece_set.name: piece_set for piece_set in (
        PieceSet("standard", "&Standard", None, None),
        PieceSet("ivory-garnet", "&Ivory and garnet", (QColor("#fff1c8"), False), (QColor("#8a1c2b"), True)),
    )
}
DEFAULT_PIECES = "standard"


def board_theme(name: str) -> BoardTheme:
    return BOARD_THEMES.get(name, BOARD_THEMES[DEFAULT_BOARD])


def piece_set(name: str) -> PieceSet:
    return PIECE_SETS.get(name, PIECE_SETS[DEFAULT_PIECES])
