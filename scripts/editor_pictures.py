"""Screenshots of the setup editor for docs/app.md, drawn offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/editor_pictures.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402

from fairygui.compat import guard_none_refcount  # noqa: E402
from fairygui.mainwindow import MainWindow  # noqa: E402
from fairygui.settings import Settings, open_qsettings  # noqa: E402


def settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    guard_none_refcount()
    with tempfile.TemporaryDirectory() as folder:
        window = MainWindow(Settings(open_qsettings(str(Path(folder) / "settings.ini"))))
        window.resize(1100, 780)
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
        editor.selected = "g2"
        editor.refresh()
        editor.problem_list.list.setCurrentRow(0)
        settle(app)
        editor.grab().save(str(out / "editor.png"))

        editor.guide_box.enter.click()
        for origin, target in (("l11", "a11"), ("b11", "c11"), ("h11", "k11")):
            editor._arrange(origin, target)
        settle(app)
        editor.grab().save(str(out / "editor-alternate-1.png"))
        window.close()
    print(out / "editor.png", out / "editor-alternate-1.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
