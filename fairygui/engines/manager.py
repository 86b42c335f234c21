"""The engines the player added, and the running engine for each role (opponent, analysis).

``MainWindow.engines``. The list and the roles are read from the settings at start and
written back on every change. An engine process is started only when a search needs it
(in the search's worker thread), and is kept running for the next search of its role.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from rules import Game

from ..settings import Settings
from .client import ExternalEngine
from .process import end_all
from .registry import ROLES, EngineEntry, entries_from_text, entries_to_text


class EngineManager(QObject):
    #: The list, an option or a role changed.
    changed = Signal()

    def __init__(self, settings: Settings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.entries, notes = entries_from_text(settings.engines_text())
        settings.problems.extend(notes)
        names = {e.name for e in self.entries}
        self.roles = {role: settings.engine_role(role) for role in ROLES}
        self.roles = {role: name if name in names else "" for role, name in self.roles.items()}
        self._live: dict[str, ExternalEngine] = {}

    # ------------------------------------------------------------ the list

    def entry(self, name: str) -> EngineEntry | None:
        return next((e for e in self.entries if e.name == name), None)

    def taken_names(self) -> set[str]:
        return {e.name for e in self.entries}

    def add(self, entry: EngineEntry) -> None:
        self.entries = [e for e in self.entries if e.name != entry.name] + [entry]
        self._save()

    def remove(self, name: str) -> None:
        self.entries = [e for e in self.entries if e.name != name]
        for role, chosen in self.roles.items():
            if chosen == name:
                self.roles[role] = ""
        self._drop(name)
        self._save()

    def set_value(self, name: str, option: str, value: str) -> None:
        entry = self.entry(name)
        if entry is None or entry.values.get(option) == value:
            return
        self.entries = [e.with_value(option, value) if e.name == name else e for e in self.entries]
        self._drop(name)  # the next search starts it with the new value
        self._save()

    def set_role(self, role: str, name: str) -> None:
        if role not in ROLES or (name and self.entry(name) is None) or self.roles.get(role) == name:
            return
        self.roles[role] = name
        live = self._live.pop(role, None)
        if live is not None:
            live.close()
        self._save()

    # ------------------------------------------------------------ engines for searches

    def engine_for(self, role: str, game: Game) -> tuple[ExternalEngine, str] | None:
        """The engine chosen for ``role``, if it plays ``game``'s variant, with its name."""
        entry = self.entry(self.roles.get(role, ""))
        if entry is None or game.variant not in entry.variants:
            return None
        live = self._live.get(role)
        if live is None or live.name != entry.name:
            if live is not None:
                live.close()
            live = entry.make_engine()
            self._live[role] = live
        return live, entry.name

    def running(self, role: str) -> ExternalEngine | None:
        return self._live.get(role)

    def playing(self, role: str, variant: str) -> EngineEntry | None:
        """The engine chosen for ``role`` if it plays ``variant`` (else the built-in one plays)."""
        entry = self.entry(self.roles.get(role, ""))
        return entry if entry is not None and variant in entry.variants else None

    def note_for(self, role: str, game: Game) -> str | None:
        """Why the chosen engine does not play this game (the built-in one does), if it does not."""
        entry = self.entry(self.roles.get(role, ""))
        if entry is None or game.variant in entry.variants:
            return None
        return f"{entry.name} does not play {game.variant}; the built-in engine does"

    def shutdown(self) -> None:
        """When the app ends: every engine is told to quit and, if it has not within a short
        grace, killed with its process group; this returns once all have ended."""
        for live in self._live.values():
            live.process = None  # a search still waiting on it ends with the process
        self._live.clear()
        end_all()

    # ------------------------------------------------------------ helpers

    def _drop(self, name: str) -> None:
        for role, live in list(self._live.items()):
            if live.name == name:
                live.close()
                del self._live[role]

    def _save(self) -> None:
        self.settings.set_engines_text(entries_to_text(self.entries))
        for role, name in self.roles.items():
            self.settings.set_engine_role(role, name)
        self.changed.emit()
