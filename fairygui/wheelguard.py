"""Combo boxes, spin boxes and sliders change only when the user means it.

Qt lets the mouse wheel change such a control as soon as the pointer passes over it, so
scrolling a dialog's options could silently pick another rule. One application-wide event
filter, installed at start-up, covers every window, dialog and panel, including widgets made
later: each guarded control gets focus only by click or Tab (never by the wheel), and a wheel
turn over one without focus is passed on to the scroll area around it instead.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSlider, QAbstractSpinBox, QApplication, QComboBox, QScrollBar, QWidget

GUARDED = (QComboBox, QAbstractSpinBox, QAbstractSlider)


def is_guarded(obj: QObject) -> bool:
    # A scroll bar is a slider too, but the wheel is what it is for.
    return isinstance(obj, GUARDED) and not isinstance(obj, QScrollBar)


class WheelGuard(QObject):
    """The event filter; :func:`install` puts one on the application."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if kind == QEvent.Type.Polish and is_guarded(watched):
            assert isinstance(watched, QWidget)
            if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        elif kind == QEvent.Type.Wheel and is_guarded(watched):
            assert isinstance(watched, QWidget)
            if not watched.hasFocus():
                # Filtered but not accepted: Qt offers the wheel to the parents, so the
                # scroll area under the pointer scrolls.
                event.ignore()
                return True
        return False


def install(app: QApplication) -> WheelGuard:
    """Put the guard on ``app`` once; later calls return the same guard."""
    existing = app.findChild(WheelGuard)
    if existing is not None:
        return existing
    guard = WheelGuard(app)
    app.installEventFilter(guard)
    # Widgets polished before the guard came keep Qt's wheel focus unless told now.
    for widget in app.allWidgets():
        if is_guarded(widget) and widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
            widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return guard
