"""The mouse wheel changes a combo box, spin box or slider only when the user has put focus
on it; over an unfocused one it is passed on (to the scroll area around it). The guard is
installed by the app at start-up and covers dialogs and panels made later."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLineEdit,
    QScrollBar,
    QSlider,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from fairygui.app import main as app_main
from fairygui.wheelguard import WheelGuard, install

from .test_editor import open_editor

DOWN = QPoint(0, -120)  # one notch towards the user: the next item, a smaller number
UP = QPoint(0, 120)


def turn_wheel(widget, delta):
    """Send one wheel notch over the widget's centre; returns whether the widget took it."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0), delta,
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
                        False)
    QApplication.sendEvent(widget, event)
    return event.isAccepted()


def give_focus(qtbot, widget):
    widget.window().activateWindow()
    widget.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(widget.hasFocus, timeout=3000)


@pytest.fixture
def started_app(qapp, monkeypatch, tmp_path):
    """The app as ``fairygui`` starts it (its event loop left out), with the window it opened;
    the guard is taken off afterwards so other tests see a plain application."""
    monkeypatch.setattr(qapp, "exec", lambda: 0)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)

    def main_windows() -> set[QWidget]:
        return {w for w in qapp.topLevelWidgets() if w.objectName() == "mainWindow" and w.isVisible()}

    # Windows another test of this worker left open are not the app's: count only the new one.
    before = main_windows()
    assert app_main(["--new", "--variant", "friendly", "--settings", str(tmp_path / "s.ini")]) == 0
    windows = list(main_windows() - before)
    assert len(windows) == 1
    yield windows[0]
    windows[0].close()
    windows[0].deleteLater()
    take_off(qapp, qapp.findChild(WheelGuard))


def take_off(app, guard):
    if guard is not None:
        app.removeEventFilter(guard)
        guard.setParent(None)  # out of findChild's sight at once, not at the next deferred delete
        guard.deleteLater()


@pytest.fixture
def guarded(qapp):
    guard = install(qapp)
    yield guard
    take_off(qapp, guard)


def test_the_app_installs_the_guard_once_at_start(started_app, qapp):
    guards = qapp.findChildren(WheelGuard)
    assert len(guards) == 1
    assert install(qapp) is guards[0]


def test_the_wheel_over_an_unfocused_new_game_option_changes_nothing(started_app, qtbot):
    dialog = started_app.open_new_game_dialog()
    qtbot.waitExposed(dialog)
    dialog.select_variant("friendly")
    box = dialog.option_boxes["hia_affects"]
    assert isinstance(box, QComboBox)
    before = box.currentIndex()
    chosen = dialog.choice()
    assert box.focusPolicy() == Qt.FocusPolicy.StrongFocus  # made after start-up, guarded all the same
    assert not box.hasFocus()
    assert not turn_wheel(box, DOWN)  # passed on, for the scroll area to scroll
    assert not turn_wheel(box, UP)
    assert box.currentIndex() == before
    assert dialog.choice() == chosen
    players = dialog.player_boxes["black"]
    assert not turn_wheel(players, DOWN)
    assert players.currentData() == "human"
    dialog.reject()


def test_the_wheel_still_works_on_the_option_the_user_focused(started_app, qtbot):
    dialog = started_app.open_new_game_dialog()
    qtbot.waitExposed(dialog)
    dialog.select_variant("friendly")
    box = dialog.option_boxes["hia_affects"]
    before = box.currentIndex()
    give_focus(qtbot, box)
    assert turn_wheel(box, DOWN if before + 1 < box.count() else UP)
    assert box.currentIndex() != before
    dialog.reject()


def test_the_wheel_over_the_editors_position_fields_changes_nothing(started_app, qtbot):
    editor = open_editor(started_app, qtbot)
    fields = editor.position_box
    draft = editor.draft.copy()
    for widget in (fields.fullmove, fields.halfmove, fields.variant_box, fields.ep_box):
        assert not widget.hasFocus()
        assert not turn_wheel(widget, UP)
        assert not turn_wheel(widget, DOWN)
    assert editor.draft == draft
    assert editor.draft.variant == "friendly"
    give_focus(qtbot, fields.fullmove)
    assert turn_wheel(fields.fullmove, UP)
    assert editor.draft.fullmove == draft.fullmove + 1


def test_sliders_are_guarded_and_scroll_bars_are_not(guarded, qtbot):
    panel = QWidget()
    qtbot.addWidget(panel)
    column = QVBoxLayout(panel)
    field = QLineEdit()
    slider, spin, bar = QSlider(Qt.Orientation.Horizontal), QSpinBox(), QScrollBar(Qt.Orientation.Vertical)
    for widget in (field, slider, spin, bar):
        column.addWidget(widget)
    for widget in (slider, spin, bar):
        widget.setRange(0, 10)
        widget.setValue(5)
    panel.show()
    qtbot.waitExposed(panel)
    give_focus(qtbot, field)
    assert not turn_wheel(slider, UP) and slider.value() == 5
    assert not turn_wheel(spin, UP) and spin.value() == 5
    assert spin.focusPolicy() == Qt.FocusPolicy.StrongFocus
    turn_wheel(bar, DOWN)
    assert bar.value() != 5  # scroll bars are for the wheel
