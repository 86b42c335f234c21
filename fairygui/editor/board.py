"""The editor's board: the game board's painting and geometry, with editing gestures.

Drag a piece to another square (whatever stood there goes), drag it off the board to
remove it, right-click it to change its colour, click a square to select it (or to put
the palette's chosen piece there). Pieces dragged in from the palette are drawn by the
same drag layer. The board reports gestures; the editor window decides what they do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QContextMenuEvent,
    QFont,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPen,
)
from PySide6.QtWidgets import QApplication, QToolTip, QWidget

from ..board.artwork import Artwork
from ..board.overlays import Overlay, PaintContext
from ..board.snapshot import Glyph, Snapshot
from ..board.widget import BoardWidget
from ..facts import MoveIndex


class MarkLayer(Overlay):
    """Editor marks under the pieces: the row being arranged, the row that follows it, and
    the squares a problem names."""

    name = "editor-marks"
    z = -12
    ROW = QColor(90, 150, 230, 80)
    FOLLOWS = QColor(90, 150, 230, 35)
    PROBLEM = QColor(215, 40, 40, 110)

    def __init__(self) -> None:
        super().__init__()
        self.row: frozenset[str] = frozenset()
        self.follows: frozenset[str] = frozenset()
        self.problem: frozenset[str] = frozenset()

    def paint(self, ctx: PaintContext) -> None:
        squares = set(ctx.layout.squares())
        for square in self.row & squares:
            ctx.painter.fillRect(ctx.layout.rect(square), self.ROW)
        for square in self.follows & squares:
            ctx.painter.fillRect(ctx.layout.rect(square), self.FOLLOWS)
        for square in self.problem & squares:
            ctx.painter.fillRect(ctx.layout.rect(square), self.PROBLEM)


class LockLayer(Overlay):
    """A padlock in the corner of each piece that stays where it is (guided setup)."""

    name = "editor-locks"
    z = 12

    def __init__(self) -> None:
        super().__init__()
        self.squares: frozenset[str] = frozenset()

    def paint(self, ctx: PaintContext) -> None:
        p = ctx.painter
        for square in self.squares & set(ctx.layout.squares()):
            rect = ctx.layout.rect(square)
            s = rect.width() * 0.26
            box = QRectF(rect.right() - s * 1.15, rect.top() + s * 0.2, s, s)
            p.save()
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(QPen(QColor("#2b2b2b"), max(1.0, s * 0.1)))
            p.setBrush(QColor("#f4d35e"))
            body = QRectF(box.left(), box.top() + s * 0.42, s, s * 0.58)
            shackle = QPainterPath()
            shackle.moveTo(box.left() + s * 0.25, body.top())
            shackle.arcTo(QRectF(box.left() + s * 0.25, box.top(), s * 0.5, s * 0.7), 180, -180)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(shackle)
            p.setBrush(QColor("#f4d35e"))
            p.drawRoundedRect(body, s * 0.1, s * 0.1)
            p.restore()


class FlagLayer(Overlay):
    """A small label under each piece that carries a flag (a Bodyguard with its Hia off)."""

    name = "editor-flags"
    z = 14
    SHORT = {"hia-off": "Hia off", "original": "original"}

    def paint(self, ctx: PaintContext) -> None:
        p = ctx.painter
        squares = set(ctx.layout.squares())
        for square, glyph in ctx.snapshot.pieces.items():
            if not glyph.flags or square not in squares:
                continue
            rect = ctx.layout.rect(square)
            s = rect.width()
            text = ", ".join(self.SHORT.get(f, f) for f in sorted(glyph.flags))
            font = QFont()
            font.setPixelSize(max(6, int(s * 0.16)))
            font.setBold(True)
            pill = QRectF(rect.left() + s * 0.06, rect.bottom() - s * 0.26, s * 0.88, s * 0.22)
            p.save()
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(40, 40, 40, 200))
            p.drawRoundedRect(pill, pill.height() / 2, pill.height() / 2)
            p.setFont(font)
            p.setPen(QColor("white"))
            p.drawText(pill, Qt.AlignmentFlag.AlignCenter, text)
            p.restore()


class EditorBoard(BoardWidget):
    #: A piece dragged from one square to another.
    pieceDropped = Signal(str, str)
    #: A piece dragged off the board.
    pieceDroppedOff = Signal(str)
    #: A press and release on one square without dragging ("" off the board).
    squareClicked = Signal(str)
    #: Right-click on a piece.
    colourRequested = Signal(str)
    #: Delete or Backspace with a square selected.
    deleteRequested = Signal(str)

    def __init__(self, art: Artwork | None = None, parent: QWidget | None = None) -> None:
        super().__init__(art, parent)
        self.marks = MarkLayer()
        self.locks = LockLayer()
        self.overlays.add(self.marks)
        self.overlays.add(self.locks)
        self.overlays.add(FlagLayer())
        #: Says why the piece on a square may not be picked up, or None if it may.
        self.pick_refusal: Callable[[str], str | None] = lambda square: None
        #: The selected square (shown as the picked-up tint), kept across redraws.
        self.marked: str | None = None
        self._origin: str | None = None
        self._press_square: str | None = None
        self._press_point: QPointF | None = None
        self._lifted: Snapshot | None = None

    # ------------------------------------------------------------ showing

    def show_snapshot(self, snapshot: Snapshot) -> None:
        self.set_position(snapshot, MoveIndex(), None)
        self.selection_layer.selected = self.marked
        self.update()

    def set_marked(self, square: str | None) -> None:
        self.marked = square
        self.selection_layer.selected = square
        self.update()

    @property
    def dragging(self) -> bool:
        return self._lifted is not None

    def show_external_drag(self, glyph: Glyph | None, point: QPoint | None) -> None:
        """Draw a piece dragged in from outside (the palette) under ``point``; None hides it."""
        inside = point is not None and self.rect().contains(point)
        self.drag_layer.glyph = glyph if inside else None
        self.drag_layer.point = QPointF(point) if inside and point is not None else None
        self.selection_layer.hover = self.square_at(point) if inside and point is not None else None
        self.update()

    # ------------------------------------------------------------ gestures

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self.interactive:
            return
        self.setFocus()
        square = self.square_at(event.position())
        self._press_square = square
        self._press_point = event.position()
        self._origin = None
        if square is not None and square in self.snapshot.pieces:
            refusal = self.pick_refusal(square)
            if refusal is None:
                self._origin = square
            else:
                self.pickRefused.emit(square)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        held = bool(event.buttons() & Qt.MouseButton.LeftButton)
        point = event.position()
        if not held or self._origin is None or self._press_point is None:
            return
        if self._lifted is None:
            if (point - self._press_point).manhattanLength() < QApplication.startDragDistance():
                return
            # The piece leaves its square while it is carried, as it would from a real board.
            self._lifted = self.snapshot
            pieces = dict(self.snapshot.pieces)
            glyph = pieces.pop(self._origin)
            self.snapshot = replace(self.snapshot, pieces=pieces)
            self.drag_layer.glyph = glyph
        self.drag_layer.point = point
        self.selection_layer.hover = self.square_at(point)
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return
        origin, lifted = self._origin, self._lifted
        self._end_drag()
        square = self.square_at(event.position())
        if lifted is None:
            if self._press_square == square:
                self.squareClicked.emit(square or "")
            return
        if origin is None or square == origin:
            return
        if square is None:
            self.pieceDroppedOff.emit(origin)
        else:
            self.pieceDropped.emit(origin, square)

    def _end_drag(self) -> None:
        if self._lifted is not None:
            # Until the window shows the edited position, the board shows the one before.
            self.snapshot = self._lifted
        self._lifted = None
        self._origin = None
        self._press_point = None
        self.drag_layer.glyph = None
        self.drag_layer.point = None
        self.selection_layer.hover = None
        self.update()

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            square = self.square_at(event.pos())
            glyph = self.snapshot.pieces.get(square) if square else None
            if glyph is None:
                QToolTip.hideText()
            else:
                flags = "".join(f" ({f.replace('-', ' ')})" for f in sorted(glyph.flags))
                QToolTip.showText(event.globalPos(), f"{glyph.color.capitalize()} {glyph.name} on {square}{flags}",
                                  self)
            return True
        return super().event(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        square = self.square_at(event.pos())
        if square is not None and square in self.snapshot.pieces and self.interactive:
            self.colourRequested.emit(square)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape and self.dragging:
            self._end_drag()
            return
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self.marked:
            self.deleteRequested.emit(self.marked)
            return
        super().keyPressEvent(event)
