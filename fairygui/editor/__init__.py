"""The setup editor (issue 9): build any position, arrange Alternate Setup #1, check a
position with the rules package, save and open setups, start a game or explore freely.

``show_editor(window)`` is the one entry the main window uses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rules import Game

    from ..mainwindow import MainWindow
    from .window import SetupEditor


def _editor_of(window: MainWindow) -> SetupEditor:
    from .link import link
    from .window import SetupEditor

    editor = window.findChild(SetupEditor)
    if editor is None:
        editor = SetupEditor(window.art, window.settings, window)
        link(editor, window)
    return editor


def explore_game(window: MainWindow, game: Game) -> None:
    """Explore the position of ``game`` freely on the main board, the game in progress set
    aside until exploring ends (the analysis panel's lines use this)."""
    from . import rulings

    explorer = _editor_of(window).explorer
    assert explorer is not None
    explorer.start(rulings.draft_of(game))


def show_editor(window: MainWindow) -> SetupEditor:
    """Open the editor on the position of the game on the board (one editor per window)."""
    editor = _editor_of(window)
    editor.edit_game(window.controller.game)
    editor.show()
    editor.raise_()
    editor.activateWindow()
    return editor
