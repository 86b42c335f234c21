"""The small chooser that opens at the drop square when one drop means several legal moves.

It is a child of the board widget, not a separate window, so it opens beside the square and
never blocks: a choice emits ``chosen``, Escape or a click elsewhere ``cancelled``. It never
covers the squares the choice is about (the drop square and every square a listed move
captures on, such as a locust's victims): it takes the first place beside the drop square,
below, above, right or left, that is clear of them, and spreads its buttons over more
columns when one column is too tall for any such place.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QKeyEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QToolButton, QWidget

from rules import Move


class MoveChooser(QFrame):
    chosen = Signal(object)  # the Move picked
    cancelled = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("moveChooser")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            "#moveChooser { background: #fbf8ef; border: 2px solid #4a4234; border-radius: 6px; }"
            "QToolButton { padding: 3px 6px; text-align: left; border: none; }"
            "QToolButton:hover, QToolButton:focus { background: #dfe9f7; }"
        )
        self._layout = QGridLayout(self)
        self._layout.setContentsMargins(3, 3, 3, 3)
        self._layout.setSpacing(1)
        self.buttons: list[QToolButton] = []
        self.moves: list[Move] = []
        self.hide()

    def open_at(self, square: QRect, options: list[tuple[Move, str, QIcon]], icon_size: int,
                avoid: tuple[QRect, ...] = (), tips: dict[Move, str] | None = None) -> None:
        """Show one button per move beside ``square`` (widget coordinates), inside the board,
        covering neither ``square`` nor any rectangle of ``avoid``; ``tips`` (by move) are the
        buttons' tooltips, else the move's text."""
        self.clear()
        for move, label, icon in options:
            button = QToolButton(self)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setIcon(icon)
            button.setIconSize(QSize(icon_size, icon_size))
            button.setText(label)
            button.setToolTip((tips or {}).get(move) or str(move))
            button.clicked.connect(lambda _checked=False, m=move: self._pick(m))
            self.buttons.append(button)
            self.moves.append(move)
        width = max(b.sizeHint().width() for b in self.buttons)
        for b in self.buttons:
            b.setMinimumWidth(width)
        parent = self.parentWidget()
        bounds = parent.rect() if parent is not None else QRect(0, 0, 10000, 10000)
        keep_clear = (square, *avoid)
        place = None
        # At most about two fifths of the board's height per column: a long list (a Friendly
        # promotion to any of a dozen captured pieces) spreads sideways instead.
        row_height = max(1, self.buttons[0].sizeHint().height() + 1)
        rows = max(1, int(bounds.height() * 0.4) // row_height)
        for columns in range(-(-len(self.buttons) // rows), len(self.buttons) + 1):
            self._arrange(columns)
            place = self._clear_place(square, bounds, keep_clear)
            if place is not None:
                break
        if place is None:  # nothing fits anywhere: at least keep off the drop square
            self._arrange(len(self.buttons))
            place = self._inside(QRect(square.left(), square.bottom() + 1, self.width(), self.height()), bounds)
        self.move(place)
        self.show()
        self.raise_()
        self.buttons[0].setFocus()

    def _arrange(self, columns: int) -> None:
        rows = -(-len(self.buttons) // columns)
        for i, button in enumerate(self.buttons):
            self._layout.removeWidget(button)
            self._layout.addWidget(button, i % rows, i // rows)
        self._layout.activate()
        self.adjustSize()

    def _clear_place(self, square: QRect, bounds: QRect, keep_clear: tuple[QRect, ...]) -> QPoint | None:
        """The first of below, above, right and left of ``square`` where the chooser lies
        inside ``bounds`` and off every rectangle of ``keep_clear``; None if there is none."""
        w, h = self.width(), self.height()
        candidates = (
            QPoint(square.left(), square.bottom() + 1),
            QPoint(square.left(), square.top() - h),
            QPoint(square.right() + 1, square.top()),
            QPoint(square.left() - w, square.top()),
        )
        for spot in candidates:
            # Slide along the side of the square to stay inside the board.
            placed = self._inside(QRect(spot.x(), spot.y(), w, h), bounds)
            rect = QRect(placed.x(), placed.y(), w, h)
            if bounds.contains(rect) and not any(rect.intersects(clear) for clear in keep_clear):
                return placed
        return None

    @staticmethod
    def _inside(rect: QRect, bounds: QRect) -> QPoint:
        x = min(max(bounds.left(), rect.left()), bounds.right() + 1 - rect.width())
        y = min(max(bounds.top(), rect.top()), bounds.bottom() + 1 - rect.height())
        return QPoint(max(bounds.left(), x), max(bounds.top(), y))

    def clear(self) -> None:
        for button in self.buttons:
            self._layout.removeWidget(button)
            button.deleteLater()
        self.buttons = []
        self.moves = []

    def is_open(self) -> bool:
        return self.isVisible()

    def cancel(self) -> None:
        if self.isVisible():
            self.hide()
            self.clear()
            self.cancelled.emit()

    def _pick(self, move: Move) -> None:
        self.hide()
        self.clear()
        self.chosen.emit(move)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancel()
            return
        super().keyPressEvent(event)
