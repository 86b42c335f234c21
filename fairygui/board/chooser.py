"""The small chooser that opens at the drop square when one drop means several legal moves.

It is a child of the board widget, not a separate window, so it opens exactly over the
square and never blocks: a choice emits ``chosen``, Escape or a click elsewhere ``cancelled``.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QKeyEvent
from PySide6.QtWidgets import QFrame, QToolButton, QVBoxLayout, QWidget

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
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(3, 3, 3, 3)
        self._layout.setSpacing(1)
        self.buttons: list[QToolButton] = []
        self.moves: list[Move] = []
        self.hide()

    def open_at(self, square: QRect, options: list[tuple[Move, str, QIcon]], icon_size: int) -> None:
        """Show one button per move beside ``square`` (widget coordinates), inside the board."""
        self.clear()
        for move, label, icon in options:
            button = QToolButton(self)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            button.setIcon(icon)
            button.setIconSize(QSize(icon_size, icon_size))
            button.setText(label)
            button.setToolTip(str(move))
            button.clicked.connect(lambda _checked=False, m=move: self._pick(m))
            self._layout.addWidget(button)
            self.buttons.append(button)
            self.moves.append(move)
        width = max(b.sizeHint().width() for b in self.buttons)
        for b in self.buttons:
            b.setMinimumWidth(width)
        self.adjustSize()
        parent = self.parentWidget()
        bounds = parent.rect() if parent is not None else QRect(0, 0, 10000, 10000)
        x = min(max(bounds.left(), square.left()), bounds.right() - self.width())
        y = square.bottom() + 1
        if y + self.height() > bounds.bottom():
            y = square.top() - self.height()
        y = max(bounds.top(), y)
        self.move(x, y)
        self.show()
        self.raise_()
        self.buttons[0].setFocus()

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
