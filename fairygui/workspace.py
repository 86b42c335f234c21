"""What the app's windows share, so none of them needs the main window itself.

The setup editor, the variant designer, the session keeper and the explorer each take a
:class:`Workspace`: the game controller, the settings and artwork, the open game's file,
whether the game has unsaved changes (and the guard that asks before replacing it,
``unsaved.py``), the window title that follows them, the status line and warnings, whether the board is being
explored freely, and the secondary windows (made once, raised when asked for again, closed
with the main window). The main window builds the workspace and lays the views out around it;
being the only module that knows the whole window, it is the only one that may change shape
freely.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

import rules

from .board.artwork import Artwork
from .computer.levels import DEFAULT_LEVEL, is_level
from .controller import GameController
from .newgame import GameChoice
from .settings import Settings
from .statusbar import StatusBar
from .unsaved import UnsavedGuard

SecondaryWindow = TypeVar("SecondaryWindow", bound=QWidget)
APP_NAME = "Fairy Chess"


class Workspace(QObject):
    #: The open game's file changed (its path, or None for an unsaved game).
    pathChanged = Signal(object)
    #: The game on the board got unsaved changes (True) or was saved, opened or started (False).
    modifiedChanged = Signal(bool)
    #: The main window's title, whenever the file, the variant or the exploring mode changes it.
    titleChanged = Signal(str)
    #: Free exploration on the main board began (True) or ended (False).
    exploringChanged = Signal(bool)
    #: A secondary window was made: its key and the window.
    windowMade = Signal(str, QWidget)
    #: The main window is closing: anything set aside must come back before the session is kept.
    closing = Signal()

    def __init__(self, host: QMainWindow, controller: GameController, settings: Settings, art: Artwork,
                 status_bar: StatusBar) -> None:
        super().__init__(host)
        #: The main window, as a plain QMainWindow: the parent of dialogs, toolbars and windows.
        self.host = host
        self.controller = controller
        self.settings = settings
        self.art = art
        self._status_bar = status_bar
        self._path: str | None = None
        self._modified = False
        self._exploring = False
        self._factories: dict[str, Callable[[], QWidget]] = {}
        self._windows: dict[str, QWidget] = {}
        #: The last warning shown (tests and the crash driver read it).
        self.last_error: QMessageBox | None = None
        #: Asks Save / Discard / Cancel before a modified game is replaced; keeps the last one replaced.
        self.unsaved = UnsavedGuard(self)
        # A move (the player's, the computer's, a redo from the line) or an edit of the record
        # makes the game differ from its file.
        controller.movePlayed.connect(self.mark_modified)
        controller.recordEdited.connect(self.mark_modified)

    # ------------------------------------------------------------ the open game's file and title

    @property
    def path(self) -> str | None:
        """The file the game on the board was opened from or saved to; None while unsaved."""
        return self._path

    @path.setter
    def path(self, path: str | None) -> None:
        self._path = path
        self.pathChanged.emit(path)
        self.refresh_title()

    @property
    def modified(self) -> bool:
        """The game on the board has changes that its file (if any) does not hold."""
        return self._modified

    @modified.setter
    def modified(self, modified: bool) -> None:
        if modified:
            self.unsaved.changed()
        if modified != self._modified:
            self._modified = modified
            self.modifiedChanged.emit(modified)
            self.refresh_title()

    def mark_modified(self) -> None:
        self.modified = True

    def title(self) -> str:
        variant = self.controller.variant.name
        if self._exploring:
            return f"{variant} - free exploration - {APP_NAME}"
        name = Path(self._path).name if self._path else "unsaved game"
        star = "*" if self._modified else ""  # as desktop programs mark a document with unsaved changes
        return f"{variant} - {name}{star} - {APP_NAME}"

    def refresh_title(self) -> None:
        self.titleChanged.emit(self.title())

    # ------------------------------------------------------------ messages

    def show_message(self, text: str) -> None:
        self._status_bar.set_note(text)

    def status_text(self) -> str:
        """The whole note, however much of it the status bar's line can show."""
        return self._status_bar.note()

    def show_error(self, title: str, text: str) -> QMessageBox:
        """A warning that does not block: the game on the board carries on behind it."""
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self.host)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_error = box
        return box

    def bring_to_front(self) -> None:
        self.host.raise_()
        self.host.activateWindow()

    # ------------------------------------------------------------ starting games

    def current_choice(self) -> GameChoice:
        """The game on the board as the new-game dialog would choose it."""
        c = self.controller
        vdef = c.variant
        options = {k: v for k, v in c.game.options.items() if k in vdef.options and v != vdef.options[k].default}
        levels = {side: self._level_of(side) for side in ("white", "black")}
        return GameChoice(vdef.id, options, dict(c.players), levels, dict(c.engine_names),
                          c.record.headers.get("TimeControl", "-"))

    def _level_of(self, side: str) -> str:
        level = self.controller.levels.get(side, DEFAULT_LEVEL)
        return level if is_level(level) else DEFAULT_LEVEL

    def start_game(self, choice: GameChoice) -> bool:
        """A new, unsaved game as chosen; a choice the rules refuse gets a warning and the
        game on the board stays."""
        try:
            self.controller.new_game(choice.variant, choice.options, choice.players, levels=choice.levels,
                                     engines=choice.engines)
        except rules.RulesError as exc:
            self.unsaved.abandon()
            self.show_error("Cannot start that game", str(exc))
            return False
        if choice.time_control != "-":  # the clocks follow the record's tag (``clockview.py``)
            self.controller.set_tag("TimeControl", choice.time_control)
        self.settings.set_players(choice.players, choice.levels, choice.engines)
        self.path = None
        self.modified = False
        return True

    # ------------------------------------------------------------ free exploration

    @property
    def exploring(self) -> bool:
        return self._exploring

    @exploring.setter
    def exploring(self, on: bool) -> None:
        if on != self._exploring:
            self._exploring = on
            self.exploringChanged.emit(on)
            self.refresh_title()

    # ------------------------------------------------------------ secondary windows

    def add_window_kind(self, key: str, make: Callable[[], QWidget]) -> None:
        """How to make the window ``key`` names, for whoever asks for it first."""
        self._factories[key] = make

    def window_keys(self) -> list[str]:
        """The keys of the secondary windows made and not deleted."""
        return list(self._windows)

    def existing_window(self, key: str, kind: type[SecondaryWindow]) -> SecondaryWindow | None:
        """The window ``key`` names if it is open (or made and hidden), else None."""
        window = self._windows.get(key)
        return window if isinstance(window, kind) else None

    def window(self, key: str, kind: type[SecondaryWindow],
               make: Callable[[], SecondaryWindow] | None = None) -> SecondaryWindow:
        """The window ``key`` names, made (not shown) the first time with ``make`` or the
        factory given to :meth:`add_window_kind`."""
        window = self.existing_window(key, kind)
        if window is not None:
            return window
        factory = make or self._factories[key]
        made = factory()
        if not isinstance(made, kind):
            raise TypeError(f"the {key!r} window is a {type(made).__name__}, not a {kind.__name__}")
        self._windows[key] = made
        # A window deleted on close is made afresh next time.
        made.destroyed.connect(lambda _obj=None, key=key, made=made: self._forget(key, made))
        self.windowMade.emit(key, made)
        return made

    def show_window(self, key: str, kind: type[SecondaryWindow],
                    make: Callable[[], SecondaryWindow] | None = None) -> SecondaryWindow:
        """The window ``key`` names, shown and raised (made first if it is not open)."""
        window = self.window(key, kind, make)
        window.show()
        window.raise_()
        window.activateWindow()
        return window

    def _forget(self, key: str, window: QWidget) -> None:
        if self._windows.get(key) is window:
            del self._windows[key]

    def close(self) -> None:
        """The main window is closing: exploration ends first (``closing``)."""
        self.closing.emit()

    def close_windows(self) -> None:
        """Close every secondary window, so none outlives the main window."""
        for window in list(self._windows.values()):
            window.close()
