"""Main windows as the app starts them, for tests of the session journal (restoring the last game)."""

from __future__ import annotations

from fairygui.app import main_window
from fairygui.settings import Settings, open_qsettings


def new_window(qtbot, private_settings):
    """A main window on the test's private settings, not yet restoring anything."""
    window = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(window)
    return window


def restore(window, qtbot) -> None:
    """Restore the last session's game and wait until the journal is writing again."""
    window.restore_last_game()
    qtbot.waitUntil(lambda: window.session.state == "active", timeout=30000)
