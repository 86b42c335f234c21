"""Screenshots of the computer opponent for docs/app.md, drawn offscreen: the window while
the computer thinks (the indicator in the status bar) and with a hint on the board.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/computer_pictures.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from picturekit import application, throwaway_window  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

OPENING = ("d2d4", "d7d5", "c2c4", "e7e6", "b1c3", "g8f6", "c1g5", "f8e7", "e2e3")


def wait_for(app: QApplication, done: Callable[[], bool], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise TimeoutError("the computer did not report in time")
        app.processEvents()
        time.sleep(0.01)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
    app = application()
    with throwaway_window() as window:
        window.resize(1200, 820)
        opponent = window.computer.opponent
        window.controller.new_game("chess", players={"white": "human", "black": "computer"},
                                   levels={"black": "expert"})
        window.show()
        # The opening is played for both sides; the computer takes over after White's last move.
        opponent.suspend(True)
        for text in OPENING[:-1]:
            window.controller.play_text(text)
        opponent.suspend(False)
        reports: list[object] = []
        opponent.progressed.connect(reports.append)
        window.controller.play_text(OPENING[-1])
        wait_for(app, lambda: len(reports) >= 3)
        window.grab().save(str(out / "computer-thinking.png"))

        window.computer.move_now_action.trigger()
        wait_for(app, lambda: opponent.task is None and window.controller.game.to_move == "white")
        opponent.hint_seconds = 4.0
        window.computer.hint_action.trigger()
        wait_for(app, lambda: opponent.hint is not None)
        for _ in range(5):
            app.processEvents()
        window.grab().save(str(out / "computer-hint.png"))
        window.close()
    print(out / "computer-thinking.png", out / "computer-hint.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
