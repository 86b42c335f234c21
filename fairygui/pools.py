"""Captured-piece pools for both sides, drawn from the position (they matter for promotion)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from .board.artwork import Artwork
from .board.snapshot import Glyph

ICON = 30


class PoolRow(QWidget):
    """One side's captured pieces: an icon per piece kind, with a count when more than one."""

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art = art
        self.entries: list[tuple[Glyph, int]] = []
        self.setMinimumHeight(ICON + 4)

    def set_pieces(self, pieces: list[Glyph]) -> None:
        counts = Counter(pieces)
        self.entries = sorted(counts.items(), key=lambda kv: (kv[0].name, kv[0].kind))
        names = [f"{n} x {g.name}" if n > 1 else g.name for g, n in self.entries]
        self.setToolTip(", ".join(names) if names else "none")
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(max(ICON, len(self.entries) * (ICON + 18)), ICON + 4)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.entries:
            painter.setPen(QColor(120, 120, 120))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, "none")
            return
        x, y = 2.0, 2.0
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        for glyph, count in self.entries:
            if x + ICON > self.width():
                x, y = 2.0, y + ICON + 2
            self.art.draw_piece(painter, QRectF(x, y, ICON, ICON), glyph.color, glyph.kind, glyph.letter)
            x += ICON
            if count > 1:
                painter.setPen(QColor(40, 40, 40))
                painter.drawText(QRectF(x, y, 16, ICON), Qt.AlignmentFlag.AlignVCenter, str(count))
                x += 16
            x += 2


class PoolsPanel(QWidget):
    """Both pools, each under a heading that says whose pieces they are."""

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.rows: dict[str, PoolRow] = {}
        for color in ("white", "black"):
            layout.addWidget(QLabel(f"{color.capitalize()} pieces captured:"))
            row = PoolRow(art, self)
            self.rows[color] = row
            layout.addWidget(row)
        layout.addStretch(1)

    def set_pools(self, white: list[Glyph], black: list[Glyph]) -> None:
        self.rows["white"].set_pieces(white)
        self.rows["black"].set_pieces(black)
