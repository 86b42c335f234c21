"""Screenshots of the setup editor for docs/app.md, drawn offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/editor_pictures.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from picturekit import application, settle, throwaway_window  # noqa: E402
from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
    app = application()
    with throwaway_window() as window:
        window.resize(1200, 820)
        window.controller.new_game("friendly")
        window.show()
        editor = window.open_setup_editor()
        editor.resize(1280, 840)
        settle(app)

        # A study in progress: a Jellyfish brought forward, a Bodyguard switched off, a
        # captured Caliph, and one problem left to fix (a pawn where it can never stand).
        d = editor.draft.copy()
        d.move("l2", "f6")
        d.move("e12", "e7")
        d.remove("e3")
        d.pools["white"] = (*d.pools["white"], type(d.pieces["c1"])("white", "caliph"))
        d.move("b3", "c1")
        d.put("g2", d.pieces["g2"].with_flag("hia-off", True))
        editor.set_draft(d, None)
        editor.model.selected = "g2"
        editor.refresh()
        editor.problem_list.list.setCurrentRow(0)
        settle(app)
        editor.grab().save(str(out / "editor.png"))

        editor.guide_box.enter.click()
        for origin, target in (("l11", "a11"), ("b11", "c11"), ("h11", "k11")):
            editor.arranger.arrange(origin, target)
        settle(app)
        editor.grab().save(str(out / "editor-alternate-1.png"))

        # Free exploration on the main board: a Jellyfish and a Bodyguard carried forward, the
        # pointer resting on the Jellyfish so the hover view shows what it does.
        editor.edit_game(window.controller.game)
        editor.explore_button.click()
        assert editor.explorer is not None
        editor.explorer.move("l2", "e9")
        editor.explorer.move("f11", "f6")
        board = window.board
        point = QPointF(board.square_centre("e9"))
        QApplication.sendEvent(board, QMouseEvent(QEvent.Type.MouseMove, point, QPointF(board.mapToGlobal(point)),
                                                  Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                                  Qt.KeyboardModifier.NoModifier))
        settle(app)
        window.grab().save(str(out / "explore.png"))
        window.close()
    print(out / "editor.png", out / "editor-alternate-1.png", out / "explore.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
