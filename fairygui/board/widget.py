"""The interactive board: drag-and-drop and click-click moves, highlights, chooser, context menu.

The widget decides nothing about rules. It is given a :class:`Snapshot` to draw and a
:class:`MoveIndex` of legal moves; it reports a picked move (``movePicked``), a drop the
index does not allow (``dropRefused``) or a piece that may not be picked up
(``pickRefused``), and the controller answers with the rules package's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QContextMenuEvent,
    QIcon,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QApplication, QMenu, QSizePolicy, QWidget

import rules
from rules import Move

from ..facts import MoveIndex, drop_origin
from ..wording import action_label, new_piece_kind, option_label, piece_name
from .animation import Glide, GlideLayer
from .artwork import Artwork
from .chooser import MoveChooser
from .composite import KeptRuns
from .layout import BoardLayout
from .markers import draw_marker, ordered, styles_for
from .overlays import DragLayer, PaintContext, SelectionLayer, TargetLayer, standard_overlays
from .painter import paint_background
from .piecemarks import PieceMarkLayer
from .snapshot import BoardShape, Glyph, Snapshot
from .themes import DEFAULT_BOARD, BoardTheme, board_theme


class BoardWidget(QWidget):
    movePicked = Signal(object)  # a legal Move (or action) the player chose
    dropRefused = Signal(str, str)  # origin, target: not a legal drop
    pickRefused = Signal(str)  # a square whose piece the side to move may not pick up
    painted = Signal()  # after each paint; the latency benchmark waits for it
    hovered = Signal(object)  # the square under the pointer when it changes (None: off the board)
    selectionChanged = Signal(object)  # the picked-up square, or None when the piece is put down
    pressIgnored = Signal(str)  # a square pressed while the board takes no moves (the computer thinks)

    def __init__(self, art: Artwork | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art = art or Artwork()
        self.overlays = standard_overlays()
        self.overlays.add(PieceMarkLayer())
        self.glide_layer = GlideLayer()
        self.overlays.add(self.glide_layer)
        self.glide = Glide(self.glide_layer, self)
        self.glide.stepped.connect(self.update)
        #: The board's colours (Settings > Appearance).
        self.theme: BoardTheme = board_theme(DEFAULT_BOARD)
        self.snapshot = Snapshot(BoardShape(8, 8))
        self.index = MoveIndex()
        self.variant: rules.VariantDef | None = None
        #: Asks the rules package what a move does (for chooser labels); set by the window.
        self.describer: Callable[[Move], dict[str, Any]] | None = None
        #: Asks the rules how the record writes a move and what it does in words (for the
        #: chooser's tooltips: "Recorded as Wk&j2/G: Wazir k2 merges ... into a Man").
        self.teller: Callable[[Move], str] | None = None
        self.flipped = False
        self.coordinates = True
        self.interactive = True
        self.selected: str | None = None
        self._press_point: QPointF | None = None
        self._press_reselected = False
        self._dragging = False
        #: The piece picked up from a hand (its drops are indexed under ``drop_origin``).
        self._hand_glyph: Glyph | None = None
        self._hover_square: str | None = None
        self._layout: BoardLayout | None = None
        self._background: QPixmap | None = None
        #: The images of the layers that stay the same between repaints of one position.
        self._kept_runs = KeptRuns()
        self.chooser = MoveChooser(self)
        self.chooser.chosen.connect(self._chosen)
        self.chooser.cancelled.connect(self._chooser_cancelled)
        self.context_menu: QMenu | None = None
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(240, 240)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    # ------------------------------------------------------------ layers

    @property
    def selection_layer(self) -> SelectionLayer:
        layer = self.overlays.get("selection")
        assert isinstance(layer, SelectionLayer)
        return layer

    @property
    def target_layer(self) -> TargetLayer:
        layer = self.overlays.get("targets")
        assert isinstance(layer, TargetLayer)
        return layer

    @property
    def drag_layer(self) -> DragLayer:
        layer = self.overlays.get("drag")
        assert isinstance(layer, DragLayer)
        return layer

    # ------------------------------------------------------------ state from outside

    def set_position(self, snapshot: Snapshot, index: MoveIndex, variant: rules.VariantDef | None = None) -> None:
        """A new position to show; any pick-up in progress is dropped."""
        if snapshot.shape != self.snapshot.shape:
            self._layout = None
            self._background = None
        self.glide.stop()
        self.snapshot = snapshot
        self.index = index
        self.variant = variant
        self.chooser.hide()
        self.chooser.clear()
        self._clear_pick()
        # The piece under a resting pointer may have changed: the next move reports it again.
        self._hover_square = None
        self.update()

    def set_theme(self, theme: BoardTheme) -> None:
        if theme != self.theme:
            self.theme = theme
            self._background = None
            self.update()

    def animate_last_move(self) -> bool:
        """Let the last move's piece glide from its origin to where it stands now; False
        when there is nothing to glide (no last move, or a move that stays in place)."""
        last = self.snapshot.last_move
        if last is None or last[0] == last[1]:
            return False
        origin, destination = last
        glyph = self.snapshot.pieces.get(destination)
        squares = self.layout_().squares()
        if glyph is None or origin not in squares or destination not in squares:
            return False
        self.glide.start(glyph, origin, destination)
        return True

    def set_flipped(self, flipped: bool) -> None:
        if flipped != self.flipped:
            self.flipped = flipped
            self._layout = None
            self._background = None
            self.chooser.cancel()
            self.update()

    def set_coordinates(self, shown: bool) -> None:
        if shown != self.coordinates:
            self.coordinates = shown
            self._layout = None
            self._background = None
            self.update()

    def set_interactive(self, interactive: bool) -> None:
        self.interactive = interactive
        if not interactive:
            self.chooser.cancel()
            self._clear_pick()
            self.update()

    # ------------------------------------------------------------ geometry

    def layout_(self) -> BoardLayout:
        if self._layout is None:
            self._layout = BoardLayout(self.snapshot.shape, self.width(), self.height(), self.flipped,
                                       self.coordinates)
        return self._layout

    def square_centre(self, square: str) -> QPoint:
        """Widget coordinates of a square's centre (for tests and the benchmark)."""
        return self.layout_().centre(square).toPoint()

    def square_rect(self, square: str) -> QRectF:
        return self.layout_().rect(square)

    def square_at(self, point: QPointF | QPoint) -> str | None:
        return self.layout_().square_at(QPointF(point))

    def sizeHint(self) -> QSize:
        return QSize(640, 640)

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return width

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._layout = None
        self._background = None
        self.chooser.cancel()
        super().resizeEvent(event)

    # ------------------------------------------------------------ painting

    def paintEvent(self, event: QPaintEvent) -> None:
        layout = self.layout_()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.drawPixmap(0, 0, self._background_pixmap(layout))
        faded = frozenset({self.selected}) if self._dragging and self.selected else frozenset()
        gliding = self.glide_layer.destination if self.glide.running() else None
        hidden = frozenset({gliding}) if gliding else frozenset()
        self._kept_runs.paint(PaintContext(painter, layout, self.snapshot, self.art, theme=self.theme),
                              self.overlays, faded, hidden, (id(self.art), self.art.generation))
        painter.end()
        self.painted.emit()

    def _background_pixmap(self, layout: BoardLayout) -> QPixmap:
        # Squares, frame and coordinates change only with size and orientation: draw them once.
        if self._background is None or self._background.size() != self.size():
            ratio = self.devicePixelRatioF()
            pixmap = QPixmap(self.size() * ratio)
            pixmap.setDevicePixelRatio(ratio)
            pixmap.fill(self.theme.margin)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            paint_background(PaintContext(painter, layout, self.snapshot, self.art, theme=self.theme))
            painter.end()
            self._background = pixmap
        return self._background

    # ------------------------------------------------------------ picking up and dropping

    def _may_pick(self, square: str) -> bool:
        glyph = self.snapshot.pieces.get(square)
        return glyph is not None and glyph.color == self.snapshot.to_move and self.snapshot.result is None

    def _select(self, square: str) -> None:
        self.selected = square
        self.selection_layer.selected = square
        self.target_layer.marks = self.index.marks(square)
        self.target_layer.hover = None
        self.update()
        self.selectionChanged.emit(square)

    def _clear_pick(self) -> None:
        held = self.selected is not None
        self.selected = None
        self._hand_glyph = None
        self._dragging = False
        self._press_point = None
        self.selection_layer.selected = None
        self.selection_layer.hover = None
        self.target_layer.marks = {}
        self.target_layer.hover = None
        self.drag_layer.glyph = None
        self.drag_layer.point = None
        if held:
            self.selectionChanged.emit(None)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self.interactive:
            square = self.square_at(event.position())
            if event.button() == Qt.MouseButton.LeftButton and square is not None:
                self.pressIgnored.emit(square)
            super().mousePressEvent(event)
            return
        if self.chooser.is_open():
            self.chooser.cancel()
            return
        point = event.position()
        square = self.square_at(point)
        if self.selected is not None and square is not None and square in self.index.targets(self.selected):
            self._drop(self.selected, square)  # the second click of click-click
            return
        if square is not None and self._may_pick(square):
            self._press_reselected = square == self.selected
            self._select(square)
            self._press_point = point
            return
        if self.selected is not None:
            origin = self.selected
            self._clear_pick()
            self.update()
            if square is not None:
                self.dropRefused.emit(origin, square)
            return
        if square is not None and square in self.snapshot.pieces:
            self.pickRefused.emit(square)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        point = event.position()
        held = bool(event.buttons() & Qt.MouseButton.LeftButton)
        if held and self.selected is not None and self._press_point is not None and not self._dragging:
            moved = (point - self._press_point).manhattanLength()
            if moved >= QApplication.startDragDistance():
                self._dragging = True
                self.drag_layer.glyph = self.snapshot.pieces.get(self.selected)
        if self._dragging:
            old = self.drag_layer.rect(self.layout_().square)
            self.drag_layer.point = point
            self._set_hover(self.square_at(point))
            self.update(old.toAlignedRect())
            self.update(self.drag_layer.rect(self.layout_().square).toAlignedRect())
            return
        self._note_hover(self.square_at(point))
        if self.selected is not None:
            self._set_hover(self.square_at(point))

    def _note_hover(self, square: str | None) -> None:
        if square != self._hover_square:
            self._hover_square = square
            self.hovered.emit(square)

    def leaveEvent(self, event: QEvent) -> None:
        self._note_hover(None)
        super().leaveEvent(event)

    def _set_hover(self, square: str | None) -> None:
        target = square if square is not None and square in self.target_layer.marks else None
        changed = target != self.target_layer.hover or square != self.selection_layer.hover
        self.target_layer.hover = target
        self.selection_layer.hover = square if self._dragging else None
        if changed:
            self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton or not self.interactive:
            super().mouseReleaseEvent(event)
            return
        origin = self.selected
        if origin is None:
            return
        square = self.square_at(event.position())
        if not self._dragging:
            # A click: a second click on the picked piece puts it down again.
            if self._press_reselected and square == origin:
                self._clear_pick()
                self.update()
            self._press_point = None
            return
        self._dragging = False
        self._press_point = None
        self.drag_layer.glyph = None
        self.drag_layer.point = None
        self.selection_layer.hover = None
        if square is None or square == origin:
            self.update()  # snap back; the piece stays picked up for a click-click move
            return
        self._drop_or_refuse(origin, square)

    # ------------------------------------------------------------ dropping from a hand

    def pick_from_hand(self, glyph: Glyph) -> None:
        """A piece pressed on in a hand: held like a picked-up piece, its drops as targets."""
        if not self.interactive or self.chooser.is_open():
            return
        if glyph.color != self.snapshot.to_move or self.snapshot.result is not None:
            self._clear_pick()
            self.update()
            return
        self._clear_pick()
        self._select(drop_origin(glyph.kind))
        self._hand_glyph = glyph

    def drag_from_hand(self, global_point: QPoint) -> None:
        """The pointer moved, button held, after a press in a hand (positions are global:
        the hand row keeps the mouse while the button is down)."""
        if self._hand_glyph is None:
            return
        point = QPointF(self.mapFromGlobal(global_point))
        old = self.drag_layer.rect(self.layout_().square)
        self._dragging = True
        self.drag_layer.glyph = self._hand_glyph
        self.drag_layer.point = point
        self._set_hover(self.square_at(point))
        self.update(old.toAlignedRect())
        self.update(self.drag_layer.rect(self.layout_().square).toAlignedRect())

    def release_from_hand(self, global_point: QPoint) -> None:
        """The button came up after a press in a hand: a drop on a target square plays it;
        off the board the piece stays held, for a click on a square."""
        origin = self.selected
        if self._hand_glyph is None or origin is None:
            return
        dragged = self._dragging
        self._dragging = False
        self.drag_layer.glyph = None
        self.drag_layer.point = None
        self.selection_layer.hover = None
        square = self.square_at(QPointF(self.mapFromGlobal(global_point)))
        if not dragged or square is None:
            self.update()
            return
        self._drop_or_refuse(origin, square)

    def _drop_or_refuse(self, origin: str, square: str) -> None:
        """A piece let go on ``square``: the move if it is one, else the piece goes back, refused."""
        if square in self.index.targets(origin):
            self._drop(origin, square)
            return
        self._clear_pick()
        self.update()
        self.dropRefused.emit(origin, square)

    def _drop(self, origin: str, target: str) -> None:
        moves = self.index.moves(origin, target)
        if len(moves) == 1:
            self._clear_pick()
            self.update()
            self.movePicked.emit(moves[0])
            return
        self._dragging = False
        self.drag_layer.glyph = None
        self.update()
        self.open_chooser(origin, target, moves)

    # ------------------------------------------------------------ the chooser

    def open_chooser(self, origin: str, target: str, moves: list[Move]) -> None:
        size = max(24, int(self.layout_().square * 0.6))
        options = []
        for m in moves:
            described = self._describe(m)
            mover = self.snapshot.pieces.get(origin)
            label = option_label(m, moves, self.variant, described, mover.kind if mover else None)
            kind = new_piece_kind(m, described, self.variant)
            options.append((m, label, self._option_icon(origin, target, m, size, kind)))
        # The squares the choice is about stay in sight: every square a listed move captures on.
        layout = self.layout_()
        victims = sorted({sq for m in moves for sq in m.captures if sq != target and sq in layout.squares()})
        avoid = tuple(self.square_rect(sq).toAlignedRect() for sq in victims)
        tips = {m: self._tell(m) for m in moves}
        self.chooser.open_at(self.square_rect(target).toAlignedRect(), options, size, avoid, tips)

    def _tell(self, move: Move) -> str:
        if self.teller is None:
            return ""
        try:
            return self.teller(move)
        except rules.RulesError:
            return ""  # the tooltip falls back to the move's text

    def _describe(self, move: Move) -> dict[str, Any] | None:
        if self.describer is None:
            return None
        try:
            return self.describer(move)
        except rules.RulesError:
            return None  # the label falls back to the move's own data

    def _option_icon(self, origin: str, target: str, move: Move, size: int, kind: str | None) -> QIcon:
        mover = self.snapshot.pieces.get(origin)
        color = mover.color if mover else self.snapshot.to_move
        if kind is not None:
            letter = self.variant.pieces[kind].letter if self.variant and kind in self.variant.pieces else ""
            return QIcon(QPixmap.fromImage(self.art.piece_image(color, kind, letter, size)))
        # No new piece to show: the move kind's marker tells the options apart.
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        styles = styles_for(move.kind, target in move.captures, False, move in self.index.dying)
        for style in ordered(styles):
            draw_marker(painter, QRectF(0, 0, size, size), style)
        painter.end()
        return QIcon(QPixmap.fromImage(image))

    def _chosen(self, move: Move) -> None:
        self._clear_pick()
        self.update()
        self.movePicked.emit(move)

    def _chooser_cancelled(self) -> None:
        self._clear_pick()
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            if self.chooser.is_open():
                self.chooser.cancel()
            else:
                self._clear_pick()
                self.update()
            return
        super().keyPressEvent(event)

    # ------------------------------------------------------------ the context menu

    def build_context_menu(self, square: str) -> QMenu | None:
        """The menu for a piece: its name and Betza, then the switches it may flip now."""
        glyph = self.snapshot.pieces.get(square)
        stationary = self.index.stationary.get(square, [])
        if glyph is None and not stationary:
            return None
        menu = QMenu(self)
        if glyph is not None:
            ptype = self.variant.pieces.get(glyph.kind) if self.variant else None
            title = f"{glyph.color.capitalize()} {piece_name(self.variant, glyph.kind)} on {square}"
            if ptype is not None and ptype.betza:
                title += f"  ({ptype.betza})"
            header = menu.addAction(title)
            header.setEnabled(False)
        if stationary:
            menu.addSeparator()
        for move in stationary:
            action = QAction(action_label(move, self.variant), menu)
            action.setToolTip(str(move))
            action.triggered.connect(lambda _checked=False, m=move: self.movePicked.emit(m))
            menu.addAction(action)
        return menu

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        square = self.square_at(event.pos())
        if square is None or not self.interactive:
            return
        menu = self.build_context_menu(square)
        if menu is None:
            return
        self.context_menu = menu
        menu.popup(event.globalPos())
