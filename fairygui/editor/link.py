"""How the setup editor reaches the rest of the app, through the workspace: starting a game,
exploring freely on the main board, and coming back to the editor from exploration.

The workspace makes the one editor on first use (``linked_editor``, given to it by the main
window, which owns the board the explorer works on); ``show_editor`` and ``explore_game``
are what the main window's menu and analysis panel call.
"""

from __future__ import annotations

from typing import Any

import rules

from ..board.widget import BoardWidget
from ..workspace import Workspace
from . import rulings
from .draft import Draft
from .explore import Explorer
from .window import SetupEditor

#: The workspace's key for the setup editor window.
EDITOR = "setup-editor"


def start_game(workspace: Workspace, editor: SetupEditor, variant: str, options: dict[str, Any],
               fen: str | None) -> bool:
    """A new game in the main window from the editor's position (or, for a guided setup,
    from the options alone). The game in progress is replaced only if the rules accept it, and
    if it has unsaved changes, only once the player has saved or discarded them."""
    if not workspace.unsaved.may_replace("starting a game from the setup editor"):
        return False
    path = workspace.path
    workspace.path = None
    try:
        workspace.controller.new_game(variant, options, fen=fen)
    except rules.RulesError as exc:
        workspace.unsaved.abandon()
        workspace.path = path
        editor.files.show_error("Cannot start that game", str(exc))
        return False
    workspace.modified = True  # a position set up by hand: no file holds it
    editor.hide()
    workspace.bring_to_front()
    workspace.show_message("Started a game from the setup editor.")
    return True


def explore(editor: SetupEditor, explorer: Explorer, draft: Draft) -> None:
    try:
        explorer.start(draft)
    except rules.RulesError as exc:
        editor.files.show_error("Cannot explore this position", f"{exc}\n\nThe game in progress is unchanged.")
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


def linked_editor(workspace: Workspace, board: BoardWidget) -> SetupEditor:
    """A new (hidden) setup editor that starts games in the workspace and explores on ``board``."""
    editor = SetupEditor(workspace.art, workspace.settings, workspace.host)
    explorer = Explorer(workspace, board)
    editor.explorer = explorer
    editor.linked = True
    # The app quitting closes the editor after the session has kept its draft: nothing to ask.
    workspace.closing.connect(lambda: setattr(editor, "ask_on_close", False))
    editor.startRequested.connect(lambda variant, options, fen: start_game(workspace, editor, variant, options, fen))
    editor.exploreRequested.connect(lambda draft: explore(editor, explorer, draft))
    explorer.finished.connect(lambda explored: back_from_exploring(editor, explored))
    editor.refresh()
    return editor


def explore_game(workspace: Workspace, game: rules.Game) -> None:
    """Explore the position of ``game`` freely on the main board, the game in progress set
    aside until exploring ends (the analysis panel's lines use this)."""
    explorer = workspace.window(EDITOR, SetupEditor).explorer
    assert explorer is not None
    explorer.start(rulings.draft_of(game))


def show_editor(workspace: Workspace) -> SetupEditor:
    """Open the editor on the position of the game on the board (one editor per window)."""
    editor = workspace.window(EDITOR, SetupEditor)
    editor.edit_game(workspace.controller.game)
    return workspace.show_window(EDITOR, SetupEditor)
