"""Pictures of the power overlays, hover and panels for docs/app.md, drawn offscreen.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/power_pictures.py [OUT_DIR]

The positions are the ones the GUI tests use (tests/gui/test_overlays.py and
tests/gui/test_powers_view.py). The board pictures are what ``fairygui --render OUT
--variant V --fen F --overlays all`` draws; the window pictures, at the size the window
opens with, show the Friendly start and a busy middle game with every overlay on (attacks
of both sides included), each again with a Friend in focus under the pointer, then hover a
Friend, point at a line of the powers panel, hold a polypiece and show the piece panel.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from picturekit import application, settle, throwaway_window  # noqa: E402
from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QDockWidget, QWidget  # noqa: E402

import rules  # noqa: E402
from fairygui.app import main as fairygui_main  # noqa: E402
from fairygui.facts import snapshot_of  # noqa: E402
from fairygui.powers.pictures import overlay_names, picture_overlays  # noqa: E402
from fairygui.render import save_picture  # noqa: E402
from tests.gui.test_overlays import CASCADE, FLIPS, FREEZE, HIA  # noqa: E402
from tests.gui.test_powers_view import MIDDLE_GAME  # noqa: E402

POSITIONS = {"cascade": ("friendly", CASCADE), "hia": ("friendly", HIA), "freeze": ("friendly", FREEZE),
             "flips": ("pocket43", FLIPS)}


def mouse(widget: QWidget, kind: QEvent.Type, point: QPointF, buttons: Qt.MouseButton) -> None:
    button = Qt.MouseButton.LeftButton if kind != QEvent.Type.MouseMove else Qt.MouseButton.NoButton
    QApplication.sendEvent(widget, QMouseEvent(kind, point, widget.mapToGlobal(point), button, buttons,
                                               Qt.KeyboardModifier.NoModifier))


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img")
    # Before the renders, which would otherwise start a QGuiApplication that cannot show windows.
    app = application()
    for name, (variant, fen) in POSITIONS.items():
        if name == "cascade":
            continue
        code = fairygui_main(["--render", str(out / f"powers-{name}.png"), "--variant", variant, "--fen", fen,
                              "--overlays", "all", "--size", "640"])
        if code:
            return code
    # The cascade with the last Friend of the chain in focus, so that every hop shows.
    game = rules.new_game("friendly", fen=CASCADE)
    save_picture(snapshot_of(game), str(out / "powers-cascade.png"), 640,
                 overlays=picture_overlays(game, overlay_names("all"), focus="j8"))
    with throwaway_window() as window:
        window.show()  # at the size it opens with on a first start
        board = window.board
        docks = {d.objectName(): d for d in window.findChildren(QDockWidget)}
        for color in ("white", "black"):
            window.powers.set_shown(f"attacks-{color}", True)

        def at(square: str) -> QPointF:
            return QPointF(board.square_centre(square))

        for name, moves, friend in (("start", [], "e1"), ("middle", MIDDLE_GAME, "e12")):
            game = rules.new_game("friendly")
            for move in moves:
                game.play(move)
            window.controller.set_game(game)
            settle(app)
            window.grab().save(str(out / f"powers-{name}.png"))
            mouse(board, QEvent.Type.MouseMove, at(friend), Qt.MouseButton.NoButton)
            settle(app)
            window.grab().save(str(out / f"powers-{name}-focus.png"))
            mouse(board, QEvent.Type.MouseMove, at("a6"), Qt.MouseButton.NoButton)
        for color in ("white", "black"):
            window.powers.set_shown(f"attacks-{color}", False)

        def show(name: str) -> None:
            variant, fen = POSITIONS[name]
            window.controller.set_game(rules.new_game(variant, fen=fen))
            settle(app)

        show("cascade")
        mouse(board, QEvent.Type.MouseMove, at("h6"), Qt.MouseButton.NoButton)
        settle(app)
        window.grab().save(str(out / "powers-hover-friend.png"))

        show("freeze")
        panel = window.powers.panel
        item = panel.item_for("White Archer k2 frozen")
        assert item is not None
        point = QPointF(panel.tree.visualItemRect(item).center())
        mouse(panel.tree.viewport(), QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton)
        settle(app)
        window.grab().save(str(out / "powers-panel-freeze.png"))

        show("flips")
        mouse(board, QEvent.Type.MouseButtonPress, at("b1"), Qt.MouseButton.LeftButton)
        mouse(board, QEvent.Type.MouseButtonRelease, at("b1"), Qt.MouseButton.NoButton)
        mouse(board, QEvent.Type.MouseMove, at("c3"), Qt.MouseButton.NoButton)
        settle(app)
        window.grab().save(str(out / "powers-flips-held.png"))

        show("hia")
        docks["dock-piece"].raise_()
        mouse(board, QEvent.Type.MouseMove, at("e9"), Qt.MouseButton.NoButton)
        settle(app)
        window.grab().save(str(out / "piece-panel.png"))
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
