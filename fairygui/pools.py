"""Captured-piece pools for both sides, drawn from the position (they matter for promotion).

In a variant with drops the pools are the hands: each row is headed "White's hand", and a
piece in the hand of the side to move can be dragged onto the board (or clicked, then a
square clicked) to drop it. The rows only report the press, the drag and the release;
the board decides what they mean, from the rules' legal moves.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QPoint, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from .board.artwork import Artwork
from .board.snapshot import Glyph

ICON = 30
COUNT_WIDTH = 16


class PoolRow(QWidget):
    """One side's captured pieces: an icon per piece kind, with a count when more than one."""

    picked = Signal(object)  # the Glyph pressed on (a hand's piece to drop)
    dragged = Signal(QPoint)  # global position of the pointer while the button is held
    released = Signal(QPoint)  # global position where the button came up

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art = art
        self.entries: list[tuple[Glyph, int]] = []
        #: Pieces can be picked up from this row (a hand in a variant with drops).
        self.pickable = False
        self._pressed = False
        self.setMinimumHeight(ICON + 4)

    def set_pieces(self, pieces: list[Glyph]) -> None:
        counts = Counter(pieces)
        entries = sorted(counts.items(), key=lambda kv: (kv[0].name, kv[0].kind))
        if len(entries) != len(self.entries):
            # The size hint counts entries only; asking for a new layout on every move costs the
            # window a relayout of its docks.
            self.updateGeometry()
        self.entries = entries
        names = [f"{n} x {g.name}" if n > 1 else g.name for g, n in self.entries]
        self.setToolTip(", ".join(names) if names else "none")
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(max(ICON, len(self.entries) * (ICON + COUNT_WIDTH + 2)), ICON + 4)

    def entry_rects(self) -> list[tuple[QRectF, Glyph, int]]:
        """Where each entry's icon is drawn (wrapping to more lines in a narrow row)."""
        out = []
        x, y = 2.0, 2.0
        for glyph, count in self.entries:
            if x + ICON > self.width():
                x, y = 2.0, y + ICON + 2
            out.append((QRectF(x, y, ICON, ICON), glyph, count))
            x += ICON + (COUNT_WIDTH if count > 1 else 0) + 2
        return out

    def glyph_at(self, point: QPoint) -> Glyph | None:
        return next((g for rect, g, _ in self.entry_rects() if rect.contains(point.toPointF())), None)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if not self.entries:
            painter.setPen(QColor(120, 120, 120))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, "none")
            return
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        for rect, glyph, count in self.entry_rects():
            self.art.draw_piece(painter, rect, glyph.color, glyph.kind, glyph.letter)
            if count > 1:
                painter.setPen(QColor(40, 40, 40))
                label = QRectF(rect.right(), rect.top(), COUNT_WIDTH, ICON)
                painter.drawText(label, Qt.AlignmentFlag.AlignVCenter, str(count))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        glyph = self.glyph_at(event.position().toPoint()) if self.pickable else None
        if event.button() != Qt.MouseButton.LeftButton or glyph is None:
            super().mousePressEvent(event)
            return
        self._pressed = True
        self.picked.emit(glyph)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pressed and event.buttons() & Qt.MouseButton.LeftButton:
            self.dragged.emit(event.globalPosition().toPoint())
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if not self._pressed or event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        self._pressed = False
        self.released.emit(event.globalPosition().toPoint())


class PoolsPanel(QWidget):
    """Both pools, each under a heading that says whose pieces they are."""

    handPicked = Signal(object)  # a Glyph from a hand
    handDragged = Signal(QPoint)
    handReleased = Signal(QPoint)

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.rows: dict[str, PoolRow] = {}
        self.headings: dict[str, QLabel] = {}
        for color in ("white", "black"):
            heading = QLabel(self._heading(color, False))
            self.headings[color] = heading
            layout.addWidget(heading)
            row = PoolRow(art, self)
            row.picked.connect(self.handPicked)
            row.dragged.connect(self.handDragged)
            row.released.connect(self.handReleased)
            self.rows[color] = row
            layout.addWidget(row)
        layout.addStretch(1)

    @staticmethod
    def _heading(color: str, hands: bool) -> str:
        return f"{color.capitalize()}'s hand:" if hands else f"{color.capitalize()} pieces captured:"

    def set_pools(self, white: list[Glyph], black: list[Glyph], hands: bool = False) -> None:
        """The two pools; with ``hands`` they are hands, and their pieces can be picked up."""
        self.rows["white"].set_pieces(white)
        self.rows["black"].set_pieces(black)
        for color in ("white", "black"):
            self.headings[color].setText(self._heading(color, hands))
            self.rows[color].pickable = hands
            self.rows[color].setCursor(Qt.CursorShape.OpenHandCursor if hands else Qt.CursorShape.ArrowCursor)
