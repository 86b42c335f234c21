"""How live the window stays while the computer thinks, offscreen.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/computer_latency.py [--seconds S] [--level L]``

For each variant asked for, a new game starts with the computer (White) to move; while it
searches for ``--seconds``, a 10 ms timer in the window notes the time between its ticks.
Printed: the search's depth and nodes, the median, 90th percentile and longest gap between
ticks (a gap is time the GUI thread could not answer), and Python's full garbage
collections of 20 ms or more, which stop every thread. Target: 90th percentile near 10 ms.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from fairygui.app import main_window  # noqa: E402
from fairygui.compat import guard_none_refcount  # noqa: E402
from fairygui.settings import Settings, open_qsettings  # noqa: E402

TICK_MS = 10


class CollectionWatch:
    """Full collections that took long enough to be felt."""

    def __init__(self) -> None:
        self.long: list[float] = []
        self._start = 0.0

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        elif info.get("generation") == 2 and time.perf_counter() - self._start >= 0.02:
            self.long.append(time.perf_counter() - self._start)


def measure(window, app: QApplication, variant: str, level: str, seconds: float) -> None:
    opponent = window.computer.opponent
    opponent.time_limit = seconds
    reports: list[Any] = []
    opponent.progressed.connect(reports.append)
    gaps: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        gaps.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.setInterval(TICK_MS)
    timer.timeout.connect(tick)
    watch = CollectionWatch()
    gc.callbacks.append(watch)
    window.controller.new_game(variant, players={"white": "computer", "black": "human"}, levels={"white": level})
    last[0] = time.perf_counter()
    timer.start()
    while opponent.thinking:
        app.processEvents()
        time.sleep(0.001)
    timer.stop()
    gc.callbacks.remove(watch)
    opponent.progressed.disconnect(reports.append)
    gaps.sort()
    report = reports[-1] if reports else None
    found = f"depth {report.depth}, {report.nodes} nodes" if report else "no report"
    collections = ", ".join(f"{1000 * c:.0f}" for c in watch.long) or "none"
    print(f"{variant:18} {found:26} gaps ms: median {1000 * statistics.median(gaps):5.1f}  "
          f"p90 {1000 * gaps[int(len(gaps) * 0.9)]:5.1f}  max {1000 * gaps[-1]:6.1f}   "
          f"long full collections ms: {collections}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variants", nargs="*", default=["chess", "friendly"])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--level", default="strongest")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    guard_none_refcount()
    with tempfile.TemporaryDirectory() as folder:
        window = main_window(Settings(open_qsettings(str(Path(folder) / "settings.ini"))))
        window.resize(1200, 820)
        window.show()
        for _ in range(10):
            app.processEvents()
        for variant in args.variants:
            measure(window, app, variant, args.level, args.seconds)
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
