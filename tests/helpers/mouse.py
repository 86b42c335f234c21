"""Real mouse events at square centres, for GUI tests that move pieces the way a person does."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from fairygui.board.widget import BoardWidget


def send_mouse(widget: QWidget, kind: QEvent.Type, point: QPoint, button: Qt.MouseButton,
               buttons: Qt.MouseButton) -> None:
    local = QPointF(point)
    event = QMouseEvent(kind, local, QPointF(widget.mapToGlobal(point)), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, event)


def press(board: BoardWidget, square: str) -> None:
    left = Qt.MouseButton.LeftButton
    send_mouse(board, QEvent.Type.MouseButtonPress, board.square_centre(square), left, left)


def release(board: BoardWidget, square: str) -> None:
    left = Qt.MouseButton.LeftButton
    send_mouse(board, QEvent.Type.MouseButtonRelease, board.square_centre(square), left, Qt.MouseButton.NoButton)


def click(board: BoardWidget, square: str) -> None:
    press(board, square)
    release(board, square)


def drag(board: BoardWidget, origin: str, target: str) -> None:
    """Press on ``origin``, move in steps to ``target`` with the button held, release there."""
    left = Qt.MouseButton.LeftButton
    start = board.square_centre(origin)
    end = board.square_centre(target)
    send_mouse(board, QEvent.Type.MouseButtonPress, start, left, left)
    for step in range(1, 6):
        point = start + (end - start) * step / 5
        send_mouse(board, QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton, left)
    send_mouse(board, QEvent.Type.MouseButtonRelease, end, left, Qt.MouseButton.NoButton)
