"""Pictures of who plays each side for docs/app.md, drawn offscreen: the window at its default
size with the players bar (Friendly, every overlay on, our UCI engine added as another program
and playing Black), the New game dialog (its Players box), and Settings > Engines.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/seats_pictures.py [OUT_DIR]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


from picturekit import application, settle, throwaway_window  # noqa: E402

from fairygui.engines.client import detect  # noqa: E402
from fairygui.engines.registry import EngineEntry  # noqa: E402

OUR_UCI = ("-m", "rules", "uci")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
    app = application()
    with throwaway_window() as window:
        window.resize(*window.DEFAULT_SIZE)
        entry = EngineEntry.from_facts(sys.executable, OUR_UCI, detect(sys.executable, OUR_UCI), set())
        window.engines.add(entry)
        window.controller.new_game("friendly", players={"white": "human", "black": "computer"},
                                   levels={"black": "expert"}, engines={"black": entry.name})
        for action in window.powers.actions.values():
            action.setChecked(True)
        window.show()
        settle(app, 10)
        window.grab().save(str(out / "players-bar.png"))

        dialog = window.open_new_game_dialog()
        assert dialog is not None
        settle(app, 10)
        dialog.grab().save(str(out / "new-game.png"))
        dialog.reject()

        engines = window.open_engines_dialog()
        settle(app, 10)
        engines.grab().save(str(out / "engines-variants.png"))
        engines.close()
        window.close()
    print(out / "players-bar.png", out / "new-game.png", out / "engines-variants.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
