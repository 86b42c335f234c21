"""Editing the captured-piece pools: drop palette pieces on a side's row, click one to take it out.

The pools are ``captured=`` in the position text: each side's own pieces that the opponent
has taken (where promotion draws on captured pieces, they are what a side may promote to).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from ..board.artwork import Artwork
from ..board.snapshot import Glyph
from .draft import COLORS

ICON = 28


class PoolStrip(QWidget):
    """One side's pool: a picture per piece, in order; a click takes that piece out."""

    removeRequested = Signal(str, int)  # colour, index in the pool

    def __init__(self, color: str, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.color = color
        self.art = art
        self.glyphs: list[Glyph] = []
        self.highlight = False
        self.setMinimumHeight(ICON + 6)
        self.setToolTip(f"{color.capitalize()}'s pieces the opponent has captured: drop pieces here from the "
                        "palette; click one to take it out")

    def set_glyphs(self, glyphs: list[Glyph]) -> None:
        self.glyphs = glyphs
        self.updateGeometry()
        self.update()

    def set_highlight(self, on: bool) -> None:
        if on != self.highlight:
            self.highlight = on
            self.update()

    def _per_line(self) -> int:
        return max(1, (self.width() - 4) // (ICON + 2))

    def item_rect(self, index: int) -> QRect:
        per_line = self._per_line()
        return QRect(3 + (index % per_line) * (ICON + 2), 3 + (index // per_line) * (ICON + 2), ICON, ICON)

    def index_at(self, point: QPoint) -> int | None:
        for i in range(len(self.glyphs)):
            if self.item_rect(i).contains(point):
                return i
        return None

    def contains_global(self, point: QPoint) -> bool:
        return self.rect().contains(self.mapFromGlobal(point))

    def sizeHint(self) -> QSize:
        lines = max(1, -(-len(self.glyphs) // self._per_line()))
        return QSize(8 * (ICON + 2), lines * (ICON + 2) + 6)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        per_line = max(1, (width - 4) // (ICON + 2))
        return max(1, -(-len(self.glyphs) // per_line)) * (ICON + 2) + 6

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QColor(70, 140, 230) if self.highlight else QColor(160, 150, 130))
        p.setBrush(QColor(70, 140, 230, 40) if self.highlight else QColor(255, 255, 255, 90))
        p.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4)
        if not self.glyphs:
            p.setPen(QColor(120, 120, 120))
            p.drawText(self.rect().adjusted(6, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, "none")
        for i, glyph in enumerate(self.glyphs):
            self.art.draw_piece(p, QRectF(self.item_rect(i)), glyph.color, glyph.kind, glyph.letter)
        p.end()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.index_at(event.position().toPoint())
            if index is not None:
                self.removeRequested.emit(self.color, index)


class PoolEditor(QWidget):
    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.strips: dict[str, PoolStrip] = {}
        for color in COLORS:
            layout.addWidget(QLabel(f"{color.capitalize()} pieces captured:"))
            strip = PoolStrip(color, art, self)
            self.strips[color] = strip
            layout.addWidget(strip)

    def strip_at(self, point: QPoint) -> PoolStrip | None:
        """The pool row under a screen point, if any."""
        return next((s for s in self.strips.values() if s.isVisible() and s.contains_global(point)), None)
