"""Latency from a mouse press on a piece to its highlights being painted, offscreen.

Run: ``QT_QPA_PLATFORM=offscreen .venv/bin/python bench/gui_latency.py [--repeat N]``

For each position, every piece with legal moves is pressed in turn; the time runs from
just before the press event is sent to the end of the board's next paint (the widget's
``painted`` signal). The per-piece marker cache is emptied before each press, so every
figure is a first pick-up. Also printed: the time to show a position after a move (legal
moves, actions, the picture data and a paint), which happens once per move, not per press.
Target: median press-to-paint under 16 ms (one frame at 60 Hz).
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

from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

import rules  # noqa: E402
from fairygui.app import main_window  # noqa: E402
from fairygui.compat import guard_none_refcount  # noqa: E402
from fairygui.settings import Settings, open_qsettings  # noqa: E402


def busy_game(variant: str, plies: int, seed: int) -> rules.Game:
    """A middle game: random moves that prefer quiet ones, so most pieces stay on."""
    game = rules.new_game(variant)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.result is not None:
            break
        quiet = [m for m in moves if not m.captures] or moves
        game.play(rng.choice(quiet))
    return game


def mouse(kind: QEvent.Type, point: QPointF, button: Qt.MouseButton, buttons: Qt.MouseButton) -> QMouseEvent:
    return QMouseEvent(kind, point, point, button, buttons, Qt.KeyboardModifier.NoModifier)


def measure(window, app: QApplication, repeat: int) -> list[float]:
    board = window.board
    painted: list[float] = []
    board.painted.connect(lambda: painted.append(time.perf_counter()))
    left = Qt.MouseButton.LeftButton
    origins = sorted(o for o in window.controller.index.by_origin if o in board.snapshot.pieces)
    samples = []
    for _ in range(repeat):
        for origin in origins:
            window.controller.index._marks.clear()  # a first pick-up every time
            point = QPointF(board.square_centre(origin))
            app.processEvents()
            painted.clear()
            start = time.perf_counter()
            QApplication.sendEvent(board, mouse(QEvent.Type.MouseButtonPress, point, left, left))
            while not painted:
                app.processEvents()
            samples.append((painted[0] - start) * 1000)
            QApplication.sendEvent(board, mouse(QEvent.Type.MouseButtonRelease, point, left, Qt.MouseButton.NoButton))
            # Put the piece down again (a second click), outside the timed part.
            QApplication.sendEvent(board, mouse(QEvent.Type.MouseButtonPress, point, left, left))
            QApplication.sendEvent(board, mouse(QEvent.Type.MouseButtonRelease, point, left, Qt.MouseButton.NoButton))
            app.processEvents()
    board.painted.disconnect()
    return samples


def show_time(window, game: rules.Game) -> float:
    """Milliseconds to show a position: legal moves and actions, snapshot, one paint."""
    copy = game.copy()
    start = time.perf_counter()
    window.controller.set_game(copy)
    window.board.repaint()
    return (time.perf_counter() - start) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description="Press-to-highlight latency of the board, offscreen.")
    parser.add_argument("--repeat", type=int, default=3, help="presses per movable piece (default 3)")
    parser.add_argument("--width", type=int, default=1100)
    parser.add_argument("--height", type=int, default=800)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    guard_none_refcount()
    with tempfile.TemporaryDirectory() as folder:
        window = main_window(Settings(open_qsettings(str(Path(folder) / "bench.ini"))))
        window.resize(args.width, args.height)
        window.show()
        app.processEvents()
        cases = [
            ("friendly start", rules.new_game("friendly")),
            ("friendly middle game (40 plies)", busy_game("friendly", 40, 11)),
            ("chess start", rules.new_game("chess")),
            ("ultimate-cuisinart middle game (30 plies)", busy_game("ultimate-cuisinart", 30, 5)),
        ]
        print(f"board widget {window.board.width()}x{window.board.height()} px, "
              f"Qt platform {app.platformName()}, {args.repeat} presses per movable piece")
        print(f"{'position':44} {'pieces':>6} {'median':>9} {'p90':>9} {'max':>9} {'show':>9}")
        for name, game in cases:
            shown = show_time(window, game)
            samples = sorted(measure(window, app, args.repeat))
            p90 = samples[max(0, int(len(samples) * 0.9) - 1)]
            movable = len(samples) // args.repeat
            print(f"{name:44} {movable:6d} {statistics.median(samples):7.2f}ms {p90:7.2f}ms "
                  f"{samples[-1]:7.2f}ms {shown:7.1f}ms")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
