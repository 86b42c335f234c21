"""How the setup editor reaches the main window: starting a game, exploring freely, and
coming back to the editor from exploration."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rules

from .draft import Draft
from .explore import Explorer
from .window import SetupEditor

if TYPE_CHECKING:
    from ..mainwindow import MainWindow


def start_game(window: MainWindow, editor: SetupEditor, variant: str, options: dict[str, Any],
               fen: str | None) -> bool:
    """A new game in the main window from the editor's position (or, for a guided setup,
    from the options alone). The game in progress is replaced only if the rules accept it."""
    path = window.current_path
    window.current_path = None
    try:
        window.controller.new_game(variant, options, fen=fen)
    except rules.RulesError as exc:
        window.current_path = path
        editor.show_error("Cannot start that game", str(exc))
        return False
    editor.hide()
    window.raise_()
    window.activateWindow()
    window.show_message("Started a game from the setup editor.")
    return True


def explore(editor: SetupEditor, explorer: Explorer, draft: Draft) -> None:
    try:
        explorer.start(draft)
    except rules.RulesError as exc:
        editor.show_error("Cannot explore this position", f"{exc}\n\nThe game in progress is unchanged.")
        return
    editor.hide()


def back_from_exploring(editor: SetupEditor, explored: Draft | None) -> None:
    if explored is None:
        return
    editor.set_draft(explored, None)
    editor.say("The position as explored.")
    editor.show()
    editor.raise_()
    editor.activateWindow()


def link(editor: SetupEditor, window: MainWindow) -> Explorer:
    explorer = Explorer(window)
    editor.explorer = explorer
    editor.linked = True
    editor.startRequested.connect(lambda variant, options, fen: start_game(window, editor, variant, options, fen))
    editor.exploreRequested.connect(lambda draft: explore(editor, explorer, draft))
    explorer.finished.connect(lambda explored: back_from_exploring(editor, explored))
    editor.refresh()
    window.session.watch_editor(editor)
    return explorer
