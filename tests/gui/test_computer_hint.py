"""The hint stays readable: neither the Hint button's tooltip nor its status tip covers it."""

from __future__ import annotations

from PySide6.QtGui import QStatusTipEvent
from PySide6.QtWidgets import QApplication


def test_the_hint_stays_in_view_while_the_pointer_rests_on_the_hint_button(window, qtbot):
    opponent = window.computer.opponent
    opponent.hint_seconds = 0.3
    for text in ("e2e4", "e7e5"):
        window.controller.play_text(text)
    action = window.computer.hint_action
    with qtbot.waitSignal(opponent.hintReady, timeout=5000) as ready:
        action.trigger()
    hint = ready.args[0]
    words = f"Hint for White: {hint.report.best}"
    # The button's pointer rest: Qt sends the action's status tip to the window's status bar.
    QApplication.sendEvent(window, QStatusTipEvent(action.statusTip()))
    assert words in window.statusBar().currentMessage()
    assert words in action.toolTip()
    indicator = window.computer.indicator
    assert indicator.isVisible() and words in indicator.label.text()  # a permanent widget: never covered
    QApplication.sendEvent(window, QStatusTipEvent(""))
    # The hint goes with the position it was for; the button's tips say what it does again.
    assert window.controller.play(hint.move)
    assert "Hint for" not in action.toolTip() and "Hint for" not in action.statusTip()
    assert "Hint for" not in indicator.label.text()
