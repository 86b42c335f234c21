"""Piece and marker artwork: SVG files rendered once per size, letter discs where a file is missing.

Files are ``<color>-<piece id>.svg`` plus colourless markers such as ``pocket.svg`` and
``ferry.svg``. A piece id without a file (a user's own variant) is drawn as a disc with
its letter, in the owner's colours, so the board never lacks a piece.

A piece set that recolours the artwork (Settings > Appearance > Pieces) rewrites the colours of
the SVG text itself (:func:`recoloured_svg`), so the board, the other panels and an SVG export
draw the same recoloured drawing, and an export stays a vector drawing.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtSvg import QSvgRenderer

from ..paths import pieces_dir
from .themes import DEFAULT_PIECES, PieceSet, piece_set

#: A colour in SVG text: ``#rrggbb`` or ``#rgb``, or a colour's name as a fill, stroke or stop
#: colour (an attribute or a style property).
_HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?![0-9a-fA-F])")
_NAMED_COLOUR = re.compile(r"((?:fill|stroke|stop-color|color)\s*(?:=\s*[\"']|:\s*))([a-zA-Z]+)(?=[\s\"';])")
#: Colour words of SVG that are no colour to recolour.
_NOT_COLOURS = frozenset({"none", "currentcolor", "transparent", "inherit"})

WHITE_FILL = QColor("#f7f3ea")
WHITE_LINE = QColor("#1d1d1d")
BLACK_FILL = QColor("#2a2a2a")
BLACK_LINE = QColor("#f2eee4")


class Artwork:
    """Loads SVG artwork lazily and keeps rasterised copies per size."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else pieces_dir()
        self._renderers: dict[str, QSvgRenderer | None] = {}
        #: The renderers of recoloured artwork, by piece set, colour and piece id.
        self._tinted: dict[tuple[str, str, str], QSvgRenderer | None] = {}
        self._images: dict[tuple[str, str, int], QImage] = {}
        #: A variant's own choice of picture per piece id (its pieces' ``artwork`` keys).
        self.chosen: dict[str, str] = {}
        #: How the artwork is coloured (Settings > Appearance > Pieces).
        self.piece_set: PieceSet = piece_set(DEFAULT_PIECES)
        #: Counts the changes of what pieces look like (the board's kept images follow it).
        self.generation = 0

    def use_piece_set(self, name: str) -> None:
        """Draw pieces in the named set from now on (an unknown name draws the standard set)."""
        chosen = piece_set(name)
        if chosen != self.piece_set:
            self.piece_set = chosen
            self._images.clear()
            self.generation += 1

    def use_variant(self, chosen: dict[str, str]) -> None:
        """Piece ids drawn with other artwork: a shipped name, or an SVG file's path."""
        if chosen != self.chosen:
            self.chosen = dict(chosen)
            self._images.clear()
            self.generation += 1
            self._tinted.clear()

    def _piece_path(self, color: str, kind: str) -> tuple[str, Path]:
        """The renderer's cache key and the file of a piece's artwork (which may not exist)."""
        choice = self.chosen.get(kind)
        if choice is not None and (choice.endswith(".svg") or "/" in choice):
            path = Path(choice.replace("{color}", color)).expanduser()
            return f"file:{path}", path
        name = f"{color}-{choice if choice is not None else kind}"
        return name, self.folder / f"{name}.svg"

    def _piece_renderer(self, color: str, kind: str) -> QSvgRenderer | None:
        key, path = self._piece_path(color, kind)
        if key not in self._renderers:
            candidate = QSvgRenderer(str(path)) if path.is_file() else None
            self._renderers[key] = candidate if candidate is not None and candidate.isValid() else None
        return self._renderers[key]

    def _tint(self, color: str) -> tuple[QColor, bool] | None:
        return self.piece_set.white if color == "white" else self.piece_set.black

    def piece_renderer(self, color: str, kind: str) -> QSvgRenderer | None:
        """The piece's artwork as the piece set draws it (recoloured where the set says so);
        None where the piece has no artwork."""
        tint = self._tint(color)
        plain = self._piece_renderer(color, kind)
        if tint is None or plain is None:
            return plain
        key = (self.piece_set.name, color, kind)
        if key not in self._tinted:
            _, path = self._piece_path(color, kind)
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                text = ""
            candidate = QSvgRenderer(QByteArray(recoloured_svg(text, *tint).encode("utf-8"))) if text else None
            # Artwork the rewriting spoils (it should not) is drawn in its own colours instead.
            self._tinted[key] = candidate if candidate is not None and candidate.isValid() else plain
        return self._tinted[key]

    def shipped_names(self) -> list[str]:
        """The names of the shipped piece pictures (each has a white and a black file)."""
        names = {p.stem.split("-", 1)[1] for p in self.folder.glob("white-*.svg")}
        return sorted(n for n in names if (self.folder / f"black-{n}.svg").is_file())

    def renderer(self, name: str) -> QSvgRenderer | None:
        """The renderer of ``<name>.svg``, or None if the file is missing or unreadable."""
        if name not in self._renderers:
            path = self.folder / f"{name}.svg"
            found = None
            if path.is_file():
                candidate = QSvgRenderer(str(path))
                found = candidate if candidate.isValid() else None
            self._renderers[name] = found
        return self._renderers[name]

    def has_piece(self, color: str, kind: str) -> bool:
        return self._piece_renderer(color, kind) is not None

    def piece_image(self, color: str, kind: str, letter: str, size: int) -> QImage:
        """The piece as a square image of ``size`` pixels (cached)."""
        size = max(1, size)
        key = (color, kind, size)
        image = self._images.get(key)
        if image is None:
            image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            self.draw_piece(painter, QRectF(0, 0, size, size), color, kind, letter, vector=True)
            painter.end()
            self._images[key] = image
        return image

    def draw_piece(
        self, painter: QPainter, rect: QRectF, color: str, kind: str, letter: str, vector: bool = False
    ) -> None:
        """Draw a piece into ``rect`` in the piece set's colours: from the cached image, or
        straight from the SVG when ``vector`` is set (SVG exports stay vector)."""
        if not vector:
            side = round(rect.width())
            painter.drawImage(rect, self.piece_image(color, kind, letter, side))
            return
        renderer = self.piece_renderer(color, kind)
        if renderer is not None:
            renderer.render(painter, rect)
        else:
            draw_letter_disc(painter, rect, color, letter or kind[:1].upper(), self._tint(color))

    def draw_marker(self, painter: QPainter, rect: QRectF, name: str) -> bool:
        """Draw colourless artwork (``pocket``, ``ferry``); False if there is none."""
        renderer = self.renderer(name)
        if renderer is None:
            return False
        renderer.render(painter, rect)
        return True


def tinted(color: QColor, tint: QColor, lighten: bool) -> QColor:
    """``color`` with ``tint`` laid over it: screened (dark colours take the tint, light ones
    stay light) or multiplied (light colours take it, dark ones stay dark), channel by channel."""
    def blend(a: int, b: int) -> int:
        return round(255 - (255 - a) * (255 - b) / 255) if lighten else round(a * b / 255)

    return QColor(blend(color.red(), tint.red()), blend(color.green(), tint.green()),
                  blend(color.blue(), tint.blue()), color.alpha())


def recoloured_svg(text: str, tint: QColor, lighten: bool) -> str:
    """SVG text with each of its colours :func:`tinted` (``#rrggbb``, ``#rgb`` and colour names
    as fills, strokes and stop colours); the drawing is otherwise as it was."""
    def hex_colour(found: re.Match[str]) -> str:
        return tinted(QColor(found[0]), tint, lighten).name()

    def named(found: re.Match[str]) -> str:
        name = found[2]
        if name.lower() in _NOT_COLOURS or not QColor.isValidColorName(name):
            return found[0]
        return found[1] + tinted(QColor(name), tint, lighten).name()

    return _NAMED_COLOUR.sub(named, _HEX_COLOUR.sub(hex_colour, text))


def draw_letter_disc(painter: QPainter, rect: QRectF, color: str, letter: str,
                     tint: tuple[QColor, bool] | None = None) -> None:
    """The fallback piece: a disc in the owner's colours (as the piece set tints them) with the
    piece's letter."""
    white = color == "white"
    fill, line = (WHITE_FILL, WHITE_LINE) if white else (BLACK_FILL, BLACK_LINE)
    if tint is not None:
        fill, line = tinted(fill, *tint), tinted(line, *tint)
    inset = rect.width() * 0.1
    disc = rect.adjusted(inset, inset, -inset, -inset)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(line, max(1.0, rect.width() * 0.045)))
    painter.setBrush(fill)
    painter.drawEllipse(disc)
    font = QFont()
    font.setBold(True)
    # Long letters (Blender compounds such as "DH") shrink to fit the disc.
    font.setPixelSize(max(1, int(disc.height() * (0.55 if len(letter) <= 1 else 1.0 / len(letter)))))
    painter.setFont(font)
    painter.setPen(line)
    painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, letter)
    painter.restore()
