"""Latency from the pointer coming to rest on a piece to the paint that shows its moves, offscreen.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/hover_latency.py [--repeat N]``

Every piece of both sides is hovered in turn (a move event onto its square after one onto
an empty square), with every power overlay switched on; the time runs from just before
the move event to the end of the board's next paint. The first hover on a piece of the
side not to move also asks the rules for that side's moves (once per position); it is
reported apart. Also printed: the time to show a position with every overlay on (legal
moves, explanation, panel lines and one paint). Target: median under 16 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gui_latency import busy_game, mouse  # noqa: E402
from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import rules  # noqa: E402
from fairygui.app import main_window  # noqa: E402
from fairygui.compat import guard_none_refcount  # noqa: E402
from fairygui.settings import Settings, open_qsettings  # noqa: E402


def hover_samples(window, app: QApplication, repeat: int) -> tuple[list[float], float]:
    board = window.board
    painted: list[float] = []
    board.painted.connect(lambda: painted.append(time.perf_counter()))
    pieces = sorted(sq for sq in board.snapshot.pieces if sq in board.layout_().squares())
    empty = next(sq for sq in board.snapshot.shape.board_squares() if sq not in board.snapshot.pieces)
    none = Qt.MouseButton.NoButton
    samples: list[float] = []
    first_other = 0.0
    for round_ in range(repeat):
        for square in pieces:
            QApplication.sendEvent(board, mouse(QEvent.Type.MouseMove, QPointF(board.square_centre(empty)), none, none))
            app.processEvents()
            painted.clear()
            start = time.perf_counter()
            QApplication.sendEvent(board, mouse(QEvent.Type.MouseMove, QPointF(board.square_centre(square)), none,
                                                none))
            while not painted:
                app.processEvents()
            elapsed = (painted[0] - start) * 1000
            other = board.snapshot.pieces[square].color != board.snapshot.to_move
            if round_ == 0 and other and not first_other:
                first_other = elapsed  # includes asking the rules for the other side's moves
            else:
                samples.append(elapsed)
    board.painted.disconnect()
    return samples, first_other


def main() -> int:
    parser = argparse.ArgumentParser(description="Hover-to-paint latency of the board, offscreen.")
    parser.add_argument("--repeat", type=int, default=3, help="hovers per piece (default 3)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    guard_none_refcount()
    with tempfile.TemporaryDirectory() as folder:
        window = main_window(Settings(open_qsettings(str(Path(folder) / "bench.ini"))))
        for action in window.powers.actions.values():
            action.setChecked(True)
        window.resize(1100, 800)
        window.show()
        app.processEvents()
        cases = [
            ("friendly start", rules.new_game("friendly")),
            ("friendly middle game (40 plies)", busy_game("friendly", 40, 11)),
            ("pocket43 middle game (20 plies)", busy_game("pocket43", 20, 3)),
            ("ultimate-cuisinart middle game (30 plies)", busy_game("ultimate-cuisinart", 30, 5)),
        ]
        print(f"{'position':44} {'pieces':>6} {'median':>9} {'p90':>9} {'max':>9} {'1st other':>9} {'show':>9}")
        for name, game in cases:
            start = time.perf_counter()
            window.controller.set_game(game.copy())
            window.board.repaint()
            shown = (time.perf_counter() - start) * 1000
            samples, first = hover_samples(window, app, args.repeat)
            samples.sort()
            p90 = samples[max(0, int(len(samples) * 0.9) - 1)]
            print(f"{name:44} {len(samples) // args.repeat:6d} {statistics.median(samples):7.2f}ms {p90:7.2f}ms "
                  f"{samples[-1]:7.2f}ms {first:7.2f}ms {shown:7.1f}ms")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
