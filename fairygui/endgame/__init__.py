"""The Endgame window (endgame tables from ``rules.tablebase``), opened from the Computer menu."""

from __future__ import annotations

from ..board.artwork import Artwork
from ..workspace import Workspace
from .window import ENDGAME, EndgameWindow


def show_endgame(workspace: Workspace, art: Artwork) -> EndgameWindow:
    """The one Endgame window, shown and raised (made on first use)."""
    return workspace.show_window(ENDGAME, EndgameWindow, lambda: EndgameWindow(workspace, art, workspace.host))


__all__ = ["ENDGAME", "EndgameWindow", "show_endgame"]
