"""What the ``*_pictures.py`` scripts share: the offscreen application and a main window whose
settings live in a throwaway folder, so making pictures never touches the user's settings."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

import fairygui.unsaved  # noqa: E402
from fairygui.app import main_window  # noqa: E402
from fairygui.compat import guard_none_refcount  # noqa: E402
from fairygui.mainwindow import MainWindow  # noqa: E402
from fairygui.settings import Settings, open_qsettings  # noqa: E402


def application() -> QApplication:
    app = QApplication.instance()
    return app if isinstance(app, QApplication) else QApplication(sys.argv[:1])


@contextmanager
def throwaway_window() -> Iterator[MainWindow]:
    """The window's games are throwaway too: closing it discards them instead of asking in a
    dialog that nobody offscreen could answer."""
    guard_none_refcount()
    fairygui.unsaved.ask_save_discard_cancel = lambda *args: fairygui.unsaved.DISCARD
    with tempfile.TemporaryDirectory() as folder:
        yield main_window(Settings(open_qsettings(str(Path(folder) / "settings.ini"))))


def settle(app: QApplication, rounds: int = 5) -> None:
    """Let posted events (layouts, paints, queued signals) run before a grab."""
    for _ in range(rounds):
        app.processEvents()
