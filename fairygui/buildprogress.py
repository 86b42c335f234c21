"""The status bar's note on the compiled build that start.py makes in the background.

start.py installs the app in pure Python so the first window opens at once, then compiles the
hot modules of ``rules`` in a detached process for the next start; that process and start.py
keep its state in ``.venv/fairychess-compile.json`` (process id, start time, estimate, exit
code). While the compile runs, this label says how long is left; when it ends, what came of it.
Without a state file (an install made by pip, or a finished build) nothing is shown.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QLabel, QStatusBar

STATE_NAME = "fairychess-compile.json"
LOG_NAME = "fairychess-compile.log"
#: How often the label looks at the state file again (a compile takes minutes).
REFRESH_MS = 5000


def state_path() -> Path:
    """start.py's state file: in the virtual environment the app runs from."""
    return Path(sys.prefix) / STATE_NAME


def read_state(path: Path) -> dict[str, object]:
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return state if isinstance(state, dict) else {}


def process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def time_left(seconds: float) -> str:
    if seconds < 45:
        return "under a minute left"
    whole = max(1, round(seconds / 60))
    return "about a minute left" if whole == 1 else f"about {whole} minutes left"


def describe(state: dict[str, object], now: float, alive: Callable[[int], bool] = process_alive) -> str:
    """The words for ``state``, or "" when there is nothing to say."""
    code, pid = state.get("code"), state.get("pid")
    if code is None:
        if not (isinstance(pid, int) and alive(pid)):
            return ""  # stopped without a word (a shutdown): start.py tries again next time
        started, estimate = state.get("started"), state.get("estimate")
        elapsed = now - float(started) if isinstance(started, (int, float)) else 0.0
        total = float(estimate) if isinstance(estimate, (int, float)) else 150.0
        left = total - elapsed
        when = time_left(left) if left > 0 else "taking longer than estimated"
        return f"Making the faster compiled build in the background: {when}; the next start uses it"
    if code == 0:
        finished = state.get("finished")
        if isinstance(finished, (int, float)) and now - finished > 3600:
            return ""  # old news
        return "The faster compiled build is ready: the next start uses it"
    return f"The compiled build failed, so the app runs pure Python (its messages: .venv/{LOG_NAME})"


class BuildProgress(QLabel):
    """A permanent status-bar label that follows the background compile until it ends."""

    def __init__(self, status_bar: QStatusBar, path: Path | None = None,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__(status_bar)
        self.path = path or state_path()
        self.clock = clock
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_MS)
        self.timer.timeout.connect(self.refresh)
        status_bar.addPermanentWidget(self)
        self.refresh()
        if self.running():
            self.timer.start()

    def running(self) -> bool:
        return read_state(self.path).get("code") is None and bool(self.text())

    def refresh(self) -> None:
        text = describe(read_state(self.path), self.clock())
        self.setText(text)
        self.setVisible(bool(text))
        if not self.running():
            self.timer.stop()
