"""GUI test fixtures: a main window on a private settings file, and mouse helpers that
send real events at square centres."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QWidget

from fairygui.app import main_window
from fairygui.board.widget import BoardWidget
from fairygui.compat import guard_none_refcount
from fairygui.settings import SETTINGS_ENV, Settings, open_qsettings


@pytest.fixture(scope="session", autouse=True)
def none_refcount_guard(qapp):
    """PySide6 6.12 on Python 3.11 drops a reference to None on every void call; a long
    test session would abort without the app's guard (see fairygui/compat.py)."""
    return guard_none_refcount()


@pytest.fixture(autouse=True)
def private_settings(tmp_path, monkeypatch):
    """Every test gets its own settings file, so none touches the user's real settings."""
    path = tmp_path / "settings.ini"
    monkeypatch.setenv(SETTINGS_ENV, str(path))
    return path


@pytest.fixture
def make_window(qtbot, private_settings):
    def make(variant: str | None = "chess"):
        window = main_window(Settings(open_qsettings(str(private_settings))))
        qtbot.addWidget(window)
        if variant is not None:
            window.controller.new_game(variant)
        window.resize(1000, 760)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def window(make_window):
    return make_window("chess")


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
