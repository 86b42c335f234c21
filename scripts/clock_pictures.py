"""The picture of the clocks and the evaluation graph for docs/app.md, drawn offscreen: a
Friendly game with a time control, every overlay on, a few moves played on a hand-moved clock
and a score noted for each position.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/clock_pictures.py [OUT_DIR]
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from picturekit import application, throwaway_window  # noqa: E402
from PySide6.QtWidgets import QMessageBox  # noqa: E402

from fairygui.newgame import GameChoice  # noqa: E402
from fairygui.scores import WhiteScore  # noqa: E402

SCORES = (0.2, 0.35, -0.4, 0.1, 1.2, 0.8, -0.3)


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
    app = application()
    with throwaway_window() as window:
        window.resize(*window.DEFAULT_SIZE)
        window.show()
        now = [100.0]
        window.play.clocks.now = lambda: now[0]
        window.start_game(GameChoice("friendly", time_control="300+3"))
        for action in window.powers.actions.values():
            if action.isCheckable():
                action.setChecked(True)
        c = window.controller
        pick = random.Random(3)
        for index, pawns in enumerate(SCORES):
            now[0] += 7 + index
            window.play.evaluations.note(WhiteScore(pawns))
            c.play(pick.choice(c.game.legal_moves()))
        now[0] += 20
        window.play.clocks.tick()
        app.processEvents()
        window.grab().save(str(out / "clocks.png"))
        # Closing asks Save / Discard / Cancel for the moves played: Discard.
        QMessageBox.question = staticmethod(lambda *_args: QMessageBox.StandardButton.Discard)  # type: ignore[method-assign]
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
