"""The engines the player added, which of them serves each variant, and the running engines.

``MainWindow.engines``. The list and the roles are read from the settings at start and
written back on every change. A role (the computer opponent, the analysis) has an engine for
every variant it plays (the two choices of Settings > Engines), which the table of variants may
change for one variant (another engine, or the built-in one there). The analysis panel uses the
analysis engine of the game's variant; the computer opponent's engine of a variant is what New
game and the window's players offer first for a computer side; each side that another program
plays has a process of its own (two engines can play each other). An engine process is started
only when a search needs it (in the search's worker thread), and is kept running for the next
search of its role or side.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from rules import Game

from ..settings import Settings
from .client import ExternalEngine
from .process import end_all
from .registry import (
    BUILT_IN_MARK,
    ROLES,
    EngineEntry,
    entries_from_text,
    entries_to_text,
    variant_roles_from_text,
    variant_roles_to_text,
)


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
        #: Per role, the engine chosen for single variants (BUILT_IN_MARK: the built-in engine there).
        self.variant_roles: dict[str, dict[str, str]] = {}
        for role in ROLES:
            chosen, notes = variant_roles_from_text(settings.engine_variant_roles(role))
            settings.problems.extend(notes)
            self.variant_roles[role] = {v: n for v, n in chosen.items() if n == BUILT_IN_MARK or n in names}
        #: Running engines by role (the analysis) or by side ("white", "black": the players).
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
        for role, by_variant in self.variant_roles.items():
            self.variant_roles[role] = {v: n for v, n in by_variant.items() if n != name}
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

    def set_variant_role(self, role: str, variant: str, name: str) -> None:
        """The engine for ``role`` in ``variant`` alone: an engine's name, BUILT_IN_MARK for the
        built-in engine, or "" for the role's engine for every variant it plays."""
        if role not in ROLES or (name not in ("", BUILT_IN_MARK) and self.entry(name) is None):
            return
        chosen = dict(self.variant_roles.get(role, {}))
        if chosen.get(variant, "") == name:
            return
        if name:
            chosen[variant] = name
        else:
            chosen.pop(variant, None)
        self.variant_roles[role] = chosen
        self._save()

    def plays(self, name: str, variant: str) -> bool:
        entry = self.entry(name)
        return entry is not None and variant in entry.variants

    def offered(self, variant: str) -> list[EngineEntry]:
        """The engines that play ``variant``, in the list's order."""
        return [e for e in self.entries if variant in e.variants]

    def chosen_name(self, role: str, variant: str) -> str:
        """The engine's name that serves ``role`` in ``variant``; "" for the built-in engine."""
        own = self.variant_roles.get(role, {}).get(variant, "")
        if own == BUILT_IN_MARK:
            return ""
        if own and self.plays(own, variant):
            return own
        general = self.roles.get(role, "")
        return general if general and self.plays(general, variant) else ""

    # ------------------------------------------------------------ engines for searches

    def engine_for(self, role: str, game: Game) -> tuple[ExternalEngine, str] | None:
        """The engine chosen for ``role`` in ``game``'s variant, with its name (None: the built-in one)."""
        return self._live_engine(role, self.chosen_name(role, game.variant), game)

    def engine_for_side(self, side: str, name: str, game: Game) -> tuple[ExternalEngine, str] | None:
        """The engine ``name`` playing ``side`` of ``game``, in a process of that side's own;
        None if there is no such engine or it does not play the variant."""
        return self._live_engine(side, name, game)

    def _live_engine(self, key: str, name: str, game: Game) -> tuple[ExternalEngine, str] | None:
        entry = self.entry(name) if name else None
        if entry is None or game.variant not in entry.variants:
            return None
        live = self._live.get(key)
        if live is None or live.name != entry.name:
            if live is not None:
                live.close()
            live = entry.make_engine()
            self._live[key] = live
        return live, entry.name

    def running(self, key: str) -> ExternalEngine | None:
        """The running engine of a role (ANALYSIS) or a side ("white", "black"), if any."""
        return self._live.get(key)

    def playing(self, role: str, variant: str) -> EngineEntry | None:
        """The engine that serves ``role`` in ``variant`` (None: the built-in one does)."""
        return self.entry(self.chosen_name(role, variant))

    def note_for(self, role: str, game: Game) -> str | None:
        """Why the engine chosen for every variant does not play this game (the built-in one
        does), if it does not."""
        entry = self.entry(self.roles.get(role, ""))
        if entry is None or game.variant in entry.variants or self.chosen_name(role, game.variant):
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
            self.settings.set_engine_variant_roles(role, variant_roles_to_text(self.variant_roles.get(role, {})))
        self.changed.emit()
