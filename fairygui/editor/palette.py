"""The palette: every piece of the variant in both colours, to drag onto the board.

One row per piece kind: the White piece, the Black piece and the name. Drag a piece out
and drop it on a square (or on a captured-pieces row); or click it to choose it as a
brush, then click squares to put copies there (click it again, or Escape, to put the
brush down). The palette only reports where a piece was dropped, in screen coordinates;
the editor window finds the square or row under that point.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QCursor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QApplication, QWidget

import rules

from ..board.artwork import Artwork
from ..board.snapshot import Glyph
from ..facts import glyph_of
from .draft import COLORS

ICON = 34
ROW = 40
PAD = 4
NAME_X = PAD + 2 * (ICON + PAD) + 4
CURSOR = 48
BRUSH_LINE = QColor(40, 100, 200)


class PiecePalette(QWidget):
    #: A piece carried out of the palette moved to this screen point.
    dragMoved = Signal(object, QPoint)
    #: A piece carried out of the palette was let go at this screen point.
    dropped = Signal(object, QPoint)
    #: The piece chosen for click-to-place, or None.
    brushChanged = Signal(object)

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art = art
        self.rows: list[tuple[Glyph, Glyph]] = []
        self.brush: Glyph | None = None
        self._pressed: Glyph | None = None
        self._press_point: QPointF | None = None
        self._dragging = False
        self._cursor_piece = False
        self.setFocusPolicy(Qt.FocusPolicy.ClickFocus)
        self.setToolTip("Drag a piece onto the board, or click it and then click squares")

    def set_variant(self, vdef: rules.VariantDef) -> None:
        self.rows = [tuple(glyph_of(vdef, color, kind) for color in COLORS) for kind in vdef.pieces]  # type: ignore[misc]
        self.set_brush(None)
        self.updateGeometry()
        self.update()

    def set_brush(self, glyph: Glyph | None) -> None:
        if glyph != self.brush:
            self.brush = glyph
            self.brushChanged.emit(glyph)
            self.update()

    # ------------------------------------------------------------ geometry

    def item_rect(self, color: str, kind: str) -> QRect:
        """Where a piece's picture sits (tests press at its centre)."""
        for row, pair in enumerate(self.rows):
            if pair[0].kind == kind:
                x = PAD + COLORS.index(color) * (ICON + PAD)
                return QRect(x, row * ROW + (ROW - ICON) // 2, ICON, ICON)
        raise KeyError(kind)

    def glyph_at(self, point: QPointF | QPoint) -> Glyph | None:
        row = int(point.y() // ROW)
        if not 0 <= row < len(self.rows) or point.x() < PAD:
            return None
        column = int((point.x() - PAD) // (ICON + PAD))
        return self.rows[row][column] if column in (0, 1) else None

    def sizeHint(self) -> QSize:
        widest = max((self.fontMetrics().horizontalAdvance(w.name) for w, _ in self.rows), default=80)
        return QSize(NAME_X + widest + PAD * 2, max(ROW, len(self.rows) * ROW))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    # ------------------------------------------------------------ painting

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for row, pair in enumerate(self.rows):
            top = row * ROW
            if row % 2:
                p.fillRect(QRect(0, top, self.width(), ROW), QColor(0, 0, 0, 12))
            for column, glyph in enumerate(pair):
                rect = QRectF(PAD + column * (ICON + PAD), top + (ROW - ICON) / 2, ICON, ICON)
                if glyph == self.brush:
                    p.setPen(QPen(BRUSH_LINE, 2))
                    p.setBrush(QColor(70, 140, 230, 70))
                    p.drawRoundedRect(rect.adjusted(-2, -2, 2, 2), 5, 5)
                self.art.draw_piece(p, rect, glyph.color, glyph.kind, glyph.letter)
            p.setPen(self.palette().windowText().color())
            text_rect = QRect(NAME_X, top, self.width() - NAME_X - PAD, ROW)
            p.drawText(text_rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, pair[0].name)
        p.end()

    # ------------------------------------------------------------ dragging out

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            if event.button() == Qt.MouseButton.RightButton:
                self.set_brush(None)
            return
        self._pressed = self.glyph_at(event.position())
        self._press_point = event.position()
        self._dragging = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pressed is None or self._press_point is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if not self._dragging:
            if (event.position() - self._press_point).manhattanLength() < QApplication.startDragDistance():
                return
            self._dragging = True
            self._cursor_piece = True
            QApplication.setOverrideCursor(self._piece_cursor(self._pressed))
        self.dragMoved.emit(self._pressed, event.globalPosition().toPoint())

    def _piece_cursor(self, glyph: Glyph) -> QCursor:
        image = self.art.piece_image(glyph.color, glyph.kind, glyph.letter, CURSOR)
        return QCursor(QPixmap.fromImage(image), CURSOR // 2, CURSOR // 2)

    def show_piece_cursor(self, shown: bool) -> None:
        """While dragging: the piece as the cursor, or no cursor where another view draws it."""
        if self._dragging and self._pressed is not None and shown != self._cursor_piece:
            self._cursor_piece = shown
            cursor = self._piece_cursor(self._pressed) if shown else QCursor(Qt.CursorShape.BlankCursor)
            QApplication.changeOverrideCursor(cursor)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        glyph, dragging = self._pressed, self._dragging
        self._finish()
        if glyph is None:
            return
        if dragging:
            self.dropped.emit(glyph, event.globalPosition().toPoint())
        elif self.glyph_at(event.position()) == glyph:
            self.set_brush(None if self.brush == glyph else glyph)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            if self._dragging:
                self._finish()
                self.dragMoved.emit(None, QPoint())
            else:
                self.set_brush(None)
            return
        super().keyPressEvent(event)

    def _finish(self) -> None:
        if self._dragging:
            QApplication.restoreOverrideCursor()
        self._pressed = None
        self._press_point = None
        self._dragging = False
