"""Pictures of the whole window at its default size with the powers and piece panels shown:
the Friendly start, Blender after a merge, Pocket43 after a flip (to look at the panels' words).

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/panel_pictures.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from picturekit import application, settle, throwaway_window  # noqa: E402
from PySide6.QtWidgets import QDockWidget  # noqa: E402

#: Each picture: variant, moves to play first, the square to hover for the piece panel.
GAMES = {
    "friendly-start": ("friendly", [], "g1"),
    "blender-merge": ("blender", ["a1b1", "g8f6", "e2e3", "b8c6"], "b1"),
    "pocket43-flip": ("pocket43", ["b1c3"], "c3"),
}


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    out.mkdir(parents=True, exist_ok=True)
    app = application()
    with throwaway_window() as window:
        window.show()
        docks = {d.objectName(): d for d in window.findChildren(QDockWidget)}
        for name, (variant, moves, square) in GAMES.items():
            window.controller.new_game(variant)
            for text in moves:
                if not window.controller.play_text(text):
                    print(f"{name}: {text} refused", file=sys.stderr)
                    return 1
            docks["dock-powers"].raise_()
            settle(app)
            window.grab().save(str(out / f"panels-{name}-powers.png"))
            window.powers.hover_over(square)
            docks["dock-piece"].raise_()
            settle(app)
            window.grab().save(str(out / f"panels-{name}-piece.png"))
            window.powers.hover_over(None)
        rules_window = window.show_rules()
        settle(app)
        rules_window.grab().save(str(out / "panels-rules-window.png"))
        rules_window.close()
        window.close()
    print(f"pictures in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
