"""Nothing discarded without asking: the Save / Discard / Cancel question before anything
replaces a game with changes no file holds, and the last game replaced, which
Game > Restore previous game brings back while the app runs.

Whether the game is modified lives in the :class:`~fairygui.workspace.Workspace` (its title
shows a ``*``); the guard here is what the actions that replace the game ask first
(:meth:`UnsavedGuard.may_replace`). A game is kept for restoring only once it is really
replaced (``GameController.gameReplaced``), so an Open that fails keeps nothing aside and
the game stays where it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMessageBox, QWidget

import rules

from .line import PlyInfo

if TYPE_CHECKING:
    from .controller import Document
    from .workspace import Workspace

SAVE = QMessageBox.StandardButton.Save
DISCARD = QMessageBox.StandardButton.Discard
CANCEL = QMessageBox.StandardButton.Cancel


def ask_save_discard_cancel(parent: QWidget, title: str, text: str) -> QMessageBox.StandardButton:
    """The standard question with Save, Discard and Cancel (Save the default); closing the
    dialog any other way is Cancel. Tests answer it by replacing ``QMessageBox.question``."""
    answer = QMessageBox.question(parent, title, text, SAVE | DISCARD | CANCEL, SAVE)
    return answer if answer in (SAVE, DISCARD) else CANCEL


@dataclass
class KeptGame:
    """A game taken off the board, with what made it a document: its line, its record (tags,
    comments, NAGs, variations) and the line's steps through it, its file and whether it had
    unsaved changes, and who played it."""

    game: rules.Game
    line: list[PlyInfo]
    path: str | None
    modified: bool
    players: dict[str, str] = field(default_factory=dict)
    levels: dict[str, str] = field(default_factory=dict)
    kept: Document | None = None
    engines: dict[str, str] = field(default_factory=dict)


class UnsavedGuard(QObject):
    def __init__(self, workspace: Workspace) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        #: How Save in the question saves (the main window's Save; Save as for a game with no file).
        self.save: Callable[[], bool] | None = None
        #: The last game an Open, New game, Paste or chooser replaced (None: none yet).
        self.previous: KeptGame | None = None
        self._leaving: tuple[rules.Game, list[PlyInfo], Document] | None = None
        # Discard was answered for the game as it is now: asking again (the chooser after
        # Open) would ask the same thing twice.
        self._discard_agreed = False
        controller = workspace.controller
        controller.gameReplaced.connect(self._replaced)
        controller.loadFailed.connect(lambda _source, _detail: self.abandon())

    def may_replace(self, doing: str) -> bool:
        """Ask before ``doing`` (words such as "opening another game") replaces a modified
        game: True to go on (nothing to ask, saved, or discarded), False for Cancel or a
        Save that did not save. The game on view is kept aside when it is then replaced."""
        workspace = self.workspace
        if workspace.modified and not self._discard_agreed:
            answer = ask_save_discard_cancel(
                workspace.host, "Unsaved changes",
                f"The game on the board has changes that are not saved.\n\n"
                f"Save them before {doing}?")
            if answer == CANCEL:
                return False
            if answer == SAVE and (self.save is None or not self.save()):
                return False  # Save as was cancelled or the file could not be written
            self._discard_agreed = answer == DISCARD
        controller = workspace.controller
        self._leaving = (controller.game, controller.line, controller.document())
        return True

    def abandon(self) -> None:
        """The action asked for did not replace the game after all (cancelled, refused, failed)."""
        self._leaving = None

    def changed(self) -> None:
        """The game changed since a Discard was agreed: the next replacement asks again."""
        self._discard_agreed = False

    def _replaced(self) -> None:
        leaving, self._leaving = self._leaving, None
        self._discard_agreed = False
        if leaving is None or leaving[0] is self.workspace.controller.game:
            return
        # The path and the modified flag still describe the old game: whoever replaced it
        # sets them after the controller's gameReplaced.
        self.previous = self._kept(*leaving)

    def _kept(self, game: rules.Game, line: list[PlyInfo], kept: Document) -> KeptGame:
        workspace = self.workspace
        controller = workspace.controller
        return KeptGame(game, line, workspace.path, workspace.modified, dict(controller.players),
                        dict(controller.levels), kept, dict(controller.engine_names))

    def restore_previous(self) -> bool:
        """Swap the game on the board with the last one replaced; False if there is none.
        Restoring again swaps back, so restoring discards nothing."""
        previous = self.previous
        if previous is None:
            return False
        workspace = self.workspace
        controller = workspace.controller
        current = self._kept(controller.game, controller.line, controller.document())
        self._leaving = None
        controller.set_players(previous.players, previous.levels, previous.engines)
        controller.set_game(previous.game, previous.line, previous.game.ply, kept=previous.kept)
        workspace.path = previous.path
        workspace.modified = previous.modified
        self.previous = current
        return True
