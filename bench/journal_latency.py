"""What journalling the game costs per move: the time to build and fsync one session entry.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/journal_latency.py [--plies N]``

A main window (on a private settings file and data folder) plays seeded random moves in each
variant; after every move one more ``SessionKeeper.record()`` is timed (the whole entry built,
the record's PGN text included, encoded, appended and fsynced, as after every change of the record). Printed: the
median and 90th percentile per variant, the entry size at the end and the journal's size.
The cost grows with the length of the line (every entry holds the whole line) and is mostly
the ``fsync``, so it depends on the disk.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtWidgets import QApplication  # noqa: E402

import rules  # noqa: E402
from fairygui.app import main_window  # noqa: E402
from fairygui.compat import guard_none_refcount  # noqa: E402
from fairygui.journal import encode  # noqa: E402
from fairygui.settings import Settings, open_qsettings  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--plies", type=int, default=200)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    guard_none_refcount()
    folder = Path(tempfile.mkdtemp(prefix="journal-bench-"))
    print(f"{'variant':20} {'plies':>5} {'median ms':>10} {'p90 ms':>8} {'entry KiB':>10} {'journal KiB':>12}")
    for vid in rules.variant_ids():
        window = main_window(Settings(open_qsettings(str(folder / f"{vid}.ini"))))
        c = window.controller
        c.new_game(vid)
        rng = random.Random(f"bench-{vid}")
        times: list[float] = []
        for _ in range(args.plies):
            choices = c.game.legal_moves()
            if not choices or c.game.result:
                break
            c.play(rng.choice(choices))
            # Forget the last entry and the record's text so the same entry is built and written
            # again: the measured call writes the record's text, encodes, appends and fsyncs the
            # entry, as every change of the record does.
            window.session.game_journal._last = None
            window.session._record_text = None
            start = time.perf_counter()
            window.session.record()
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        entry = len(encode(window.session.entry())) / 1024
        size = window.session.game_journal.path.stat().st_size / 1024
        print(f"{vid:20} {len(times):5} {statistics.median(times):10.2f} {times[int(len(times) * 0.9)]:8.2f} "
              f"{entry:10.1f} {size:12.1f}")
        window.session.close()
        window.deleteLater()
    del app


if __name__ == "__main__":
    main()
