"""Piece and marker artwork: SVG files rendered once per size, letter discs where a file is missing.

Files are ``<color>-<piece id>.svg`` plus colourless markers such as ``pocket.svg`` and
``ferry.svg``. A piece id without a file (a user's own variant) is drawn as a disc with
its letter, in the owner's colours, so the board never lacks a piece.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen
from PySide6.QtSvg import QSvgRenderer

from ..paths import pieces_dir
from .themes import DEFAULT_PIECES, PieceSet, piece_set

WHITE_FILL = QColor("#f7f3ea")
WHITE_LINE = QColor("#1d1d1d")
BLACK_FILL = QColor("#2a2a2a")
BLACK_LINE = QColor("#f2eee4")


class Artwork:
    """Loads SVG artwork lazily and keeps rasterised copies per size."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else pieces_dir()
        self._renderers: dict[str, QSvgRenderer | None] = {}
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

    def _piece_renderer(self, color: str, kind: str) -> QSvgRenderer | None:
        choice = self.chosen.get(kind)
        if choice is None:
            return self.renderer(f"{color}-{kind}")
        if choice.endswith(".svg") or "/" in choice:
            path = Path(choice.replace("{color}", color)).expanduser()
            key = f"file:{path}"
            if key not in self._renderers:
                candidate = QSvgRenderer(str(path)) if path.is_file() else None
                self._renderers[key] = candidate if candidate is not None and candidate.isValid() else None
            return self._renderers[key]
        return self.renderer(f"{color}-{choice}")

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
            tint = self.piece_set.white if color == "white" else self.piece_set.black
            if tint is not None:
                image = recoloured(image, *tint)
            self._images[key] = image
        return image

    def draw_piece(
        self, painter: QPainter, rect: QRectF, color: str, kind: str, letter: str, vector: bool = False
    ) -> None:
        """Draw a piece into ``rect``: from the cached image, or straight from the SVG when
        ``vector`` is set (SVG exports stay vector)."""
        if not vector:
            side = round(rect.width())
            painter.drawImage(rect, self.piece_image(color, kind, letter, side))
            return
        renderer = self._piece_renderer(color, kind)
        if renderer is not None:
            renderer.render(painter, rect)
        else:
            draw_letter_disc(painter, rect, color, letter or kind[:1].upper())

    def draw_marker(self, painter: QPainter, rect: QRectF, name: str) -> bool:
        """Draw colourless artwork (``pocket``, ``ferry``); False if there is none."""
        renderer = self.renderer(name)
        if renderer is None:
            return False
        renderer.render(painter, rect)
        return True


def recoloured(image: QImage, color: QColor, lighten: bool) -> QImage:
    """``image`` with ``color`` laid over its opaque parts: screened (dark parts take the
    colour, light lines stay light) or multiplied (light parts take it, dark lines stay dark)."""
    out = image.copy()
    painter = QPainter(out)
    modes = QPainter.CompositionMode
    painter.setCompositionMode(modes.CompositionMode_Screen if lighten else modes.CompositionMode_Multiply)
    painter.fillRect(out.rect(), color)
    # Only where the piece is: the original's alpha cuts the colour back out of the background.
    painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
    painter.drawImage(0, 0, image)
    painter.end()
    return out


def draw_letter_disc(painter: QPainter, rect: QRectF, color: str, letter: str) -> None:
    """The fallback piece: a disc in the owner's colours with the piece's letter."""
    white = color == "white"
    inset = rect.width() * 0.1
    disc = rect.adjusted(inset, inset, -inset, -inset)
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(WHITE_LINE if white else BLACK_LINE, max(1.0, rect.width() * 0.045)))
    painter.setBrush(WHITE_FILL if white else BLACK_FILL)
    painter.drawEllipse(disc)
    font = QFont()
    font.setBold(True)
    # Long letters (Blender compounds such as "DH") shrink to fit the disc.
    font.setPixelSize(max(1, int(disc.height() * (0.55 if len(letter) <= 1 else 1.0 / len(letter)))))
    painter.setFont(font)
    painter.setPen(WHITE_LINE if white else BLACK_LINE)
    painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, letter)
    painter.restore()
