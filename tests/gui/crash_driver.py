"""A real app process for the crash tests (``test_crash_safety.py``); not a test itself.

    python tests/gui/crash_driver.py --script JSON [--interval MS] [-- fairygui arguments]

It starts the app exactly as the ``fairygui`` command does (``fairygui.app.open_window``),
waits for the last session to be restored, prints ``READY <state>``, then performs the
script's steps one by one on a QTimer, ``--interval`` milliseconds apart, printing
``STEP <n> <state>`` once each step is shown in the window, and ``DONE`` at the end. Then it
keeps running until the test kills it. ``<state>`` is one line of JSON describing what the
window shows (see :func:`state`).

Steps (JSON lists): ``["move", TEXT]`` (a move or switch, played through the controller),
``["undo"]``, ``["redo"]``, ``["goto", PLY]``, ``["newgame", VARIANT, OPTIONS, PLAYERS, LEVELS]``,
``["editor"]`` (open the setup editor on the game), ``["put", SQUARE, COLOR, KIND]`` and
``["remove", SQUARE]`` (draft edits), ``["explore"]`` (explore the draft freely),
``["free", ORIGIN, TARGET]`` (a free move while exploring), ``["leave"]`` (stop exploring),
``["variation", TEXT]`` (a move played as a new variation where the line goes on),
``["comment", TEXT]`` and ``["nag", N]`` (on the move on view), ``["tag", NAME, VALUE]``,
``["save", PATH]`` (Save to that file), ``["close"]`` (close the window as a person would,
answering Discard if it asks; the process then ends).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from fairygui.app import build_parser, open_window
from fairygui.controller import OVERWRITE, VARIATION
from fairygui.document import path_to
from fairygui.editor.draft import DraftPiece
from fairygui.editor.link import show_editor
from fairygui.editor.window import SetupEditor
from fairygui.newgame import GameChoice


def state(window) -> dict[str, Any]:
    c = window.controller
    vdef = c.variant
    explorer = window.session.explorer()
    exploring = explorer is not None and explorer.active
    game = explorer.aside.game if exploring else c.game
    line = explorer.aside.line if exploring else c.line
    editor = window.findChild(SetupEditor)
    box = window.last_error
    kept = explorer.aside.kept if exploring else c.document()
    on_view = kept.steps[game.ply - 1].node if kept is not None and game.ply else None
    return {
        "record": kept.record.pgn() if kept is not None else None,
        "line_path": indices(kept.steps[-1].node) if kept is not None and kept.steps else [],
        "node": indices(on_view) if on_view is not None else [],
        "modified": window.workspace.modified,
        "path": explorer.aside.path if exploring else window.workspace.path,
        "variant": game.variant,
        "options": {k: v for k, v in game.options.items() if v != game.rules.variant.options[k].default},
        "moves": [str(i.move) for i in line],
        "ply": game.ply,
        "fen": game.fen(),
        "players": dict(c.players),
        "levels": dict(c.levels),
        "exploring": c.game.fen() if exploring else None,
        "explore_history": list(explorer.history) if exploring else [],
        "shown_variant": vdef.id,
        "status": window.status_text(),
        "error": box.text() if box is not None and box.isVisible() else "",
        "draft": editor.draft.text() if editor is not None else None,
        "draft_variant": editor.draft.variant if editor is not None else None,
        "editor_open": bool(editor is not None and editor.isVisible()),
    }


def indices(node) -> list[int]:
    """A node of the record as the index of each move among its position's continuations."""
    return [next(i for i, c in enumerate(n.parent.variations) if c is n) for n in path_to(node)]


def say(kind: str, window = None) -> None:
    line = kind if window is None else f"{kind} {json.dumps(state(window), sort_keys=True)}"
    print(line, flush=True)


def editor_of(window) -> SetupEditor:
    editor = window.findChild(SetupEditor)
    return editor if editor is not None else show_editor(window.workspace)


def perform(window, step: list[Any]) -> None:
    c = window.controller
    kind, *rest = step
    if kind == "move":
        # A scripted player answers "Overwrite" where the line goes on, as play did before records had variations.
        if not c.play_text(rest[0], OVERWRITE):
            raise RuntimeError(f"the move {rest[0]} was refused: {window.status_text()}")
    elif kind == "variation":
        if not c.play_text(rest[0], VARIATION):
            raise RuntimeError(f"the move {rest[0]} was refused: {window.status_text()}")
    elif kind == "comment":
        c.set_comment(c.node, rest[0])
    elif kind == "nag":
        c.toggle_nag(c.node, int(rest[0]))
    elif kind == "tag":
        c.set_tag(rest[0], rest[1])
    elif kind == "save":
        if not window.save_to(rest[0], confirmed=True):
            raise RuntimeError(f"cannot save {rest[0]}: {window.status_text()}")
    elif kind == "close":
        # Discard where closing asks: the session keeps the game all the same.
        QMessageBox.question = staticmethod(lambda *_args, **_kwargs: QMessageBox.StandardButton.Discard)
        window.close()
    elif kind == "undo":
        c.undo()
    elif kind == "redo":
        c.redo()
    elif kind == "goto":
        c.go_to(int(rest[0]))
    elif kind == "newgame":
        variant, options, players, levels = rest
        if not window.start_game(GameChoice(variant, options, players, levels)):
            raise RuntimeError(f"cannot start {variant}")
    elif kind == "editor":
        show_editor(window.workspace)
    elif kind in ("put", "remove"):
        editor = editor_of(window)
        draft = editor.draft.copy()
        if kind == "put":
            draft.put(rest[0], DraftPiece(rest[1], rest[2]))
        else:
            draft.remove(rest[0])
        editor.set_draft(draft, None)
    elif kind == "explore":
        editor_of(window).explore()
    elif kind == "leave":
        explorer = window.session.explorer()
        if explorer is None or not explorer.active:
            raise RuntimeError("not exploring")
        explorer.leave()
    elif kind == "free":
        explorer = window.session.explorer()
        if explorer is None or not explorer.move(rest[0], rest[1]):
            raise RuntimeError(f"the free move {rest} was refused: {window.status_text()}")
    else:
        raise RuntimeError(f"unknown step {step!r}")


def main() -> int:
    argv = sys.argv[1:]
    own, app_args = (argv[: argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser()
    parser.add_argument("--script", default="[]")
    parser.add_argument("--interval", type=int, default=150)
    options = parser.parse_args(own)
    steps: list[list[Any]] = json.loads(options.script)
    app, window = open_window(build_parser().parse_args(app_args))
    pending = list(steps)
    number = 0

    def ready() -> bool:
        return window.session.state != "restoring" and not window.controller.busy

    def tick() -> None:
        nonlocal number
        if not pending:
            timer.stop()
            say("DONE")
            return
        try:
            perform(window, pending.pop(0))
        except Exception as exc:  # the test reads the reason and fails
            print(f"FAILED {type(exc).__name__}: {exc}", flush=True)
            os._exit(3)
        number += 1
        say(f"STEP {number}", window)

    timer = QTimer()
    timer.setInterval(options.interval)
    timer.timeout.connect(tick)

    def wait_until_ready() -> None:
        if not ready():
            QTimer.singleShot(20, wait_until_ready)
            return
        say("READY", window)
        timer.start()

    QTimer.singleShot(0, wait_until_ready)
    return int(app.exec())


if __name__ == "__main__":
    sys.exit(main())
