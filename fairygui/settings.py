"""Preferences, window geometry and recent files, kept in QSettings.

Every value is checked when read: a corrupt or hand-edited value falls back to its
default and a note goes to :attr:`Settings.problems`, which the window shows in its
status bar. Tests (and ``--settings FILE``) point the store at an INI file of their own.
The game in progress is not kept here but in the session journal (``session.py``), in
:meth:`Settings.data_dir`; older versions kept it here, and it is read once from here.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings

from .paths import data_dir

SETTINGS_ENV = "FAIRYGUI_SETTINGS"
MAX_RECENT = 10
MAX_RECORD_CHARS = 2_000_000


def open_qsettings(path: str | None = None) -> QSettings:
    """An INI file when a path is given (or ``FAIRYGUI_SETTINGS`` names one), else the
    user's native settings store."""
    path = path or os.environ.get(SETTINGS_ENV)
    if path:
        return QSettings(path, QSettings.Format.IniFormat)
    return QSettings("fairychess", "fairygui")


class Settings:
    def __init__(self, store: QSettings) -> None:
        self.store = store
        self.problems: list[str] = []

    # ------------------------------------------------------------ typed access

    def _note(self, key: str, value: Any, expected: str) -> None:
        shown = repr(value)
        if len(shown) > 60:
            shown = shown[:57] + "..."
        note = f"setting {key} = {shown} is not {expected}; using the default"
        if note not in self.problems:
            self.problems.append(note)

    def _bool(self, key: str, default: bool) -> bool:
        value = self.store.value(key, default)
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false", "1", "0"):
            return value.strip().lower() in ("true", "1")
        self._note(key, value, "true or false")
        return default

    def _int(self, key: str, default: int, low: int, high: int) -> int:
        value = self.store.value(key, default)
        try:
            number = int(value)
        except (TypeError, ValueError):
            self._note(key, value, "a whole number")
            return default
        if not low <= number <= high:
            self._note(key, value, f"between {low} and {high}")
            return default
        return number

    def _str(self, key: str, default: str, limit: int = 4096) -> str:
        value = self.store.value(key, default)
        if not isinstance(value, str) or len(value) > limit:
            self._note(key, value, "text")
            return default
        return value

    def _bytes(self, key: str) -> QByteArray | None:
        value = self.store.value(key)
        if value is None:
            return None
        if isinstance(value, QByteArray):
            return value
        if isinstance(value, bytes):
            return QByteArray(value)
        self._note(key, value, "saved window data")
        return None

    # ------------------------------------------------------------ window

    def geometry(self) -> QByteArray | None:
        return self._bytes("window/geometry")

    def window_state(self) -> QByteArray | None:
        return self._bytes("window/state")

    def save_window(self, geometry: QByteArray, state: QByteArray) -> None:
        self.store.setValue("window/geometry", geometry)
        self.store.setValue("window/state", state)

    def dialog_geometry(self, name: str) -> QByteArray | None:
        return self._bytes(f"dialogs/{name}")

    def set_dialog_geometry(self, name: str, geometry: QByteArray) -> None:
        self.store.setValue(f"dialogs/{name}", geometry)

    # ------------------------------------------------------------ preferences

    def flipped(self) -> bool:
        return self._bool("board/flipped", False)

    def set_flipped(self, value: bool) -> None:
        self.store.setValue("board/flipped", value)

    def coordinates(self) -> bool:
        return self._bool("board/coordinates", True)

    def set_coordinates(self, value: bool) -> None:
        self.store.setValue("board/coordinates", value)

    def coordinate_notation(self) -> bool:
        """Whether moves are listed in coordinate text (``Ng1f3``) instead of SAN (``Nf3``)."""
        return self._bool("moves/coordinate_notation", False)

    def set_coordinate_notation(self, value: bool) -> None:
        self.store.setValue("moves/coordinate_notation", value)

    def overlay(self, name: str, default: bool) -> bool:
        """Whether the power overlay ``name`` is switched on (View menu)."""
        return self._bool(f"overlays/{name}", default)

    def set_overlay(self, name: str, shown: bool) -> None:
        self.store.setValue(f"overlays/{name}", shown)

    def appearance(self, key: str, default: str) -> str:
        """A choice of Settings > Appearance (board colours, pieces, palette, animation, sounds)."""
        return self._str(f"appearance/{key}", default, 64)

    def set_appearance(self, key: str, value: str) -> None:
        self.store.setValue(f"appearance/{key}", value)

    def analysis_lines(self, most: int) -> int:
        """How many lines the analysis panel follows (1 to ``most``)."""
        return self._int("analysis/lines", 1, 1, most)

    def set_analysis_lines(self, count: int) -> None:
        self.store.setValue("analysis/lines", count)

    def export_width(self) -> int:
        return self._int("export/width", 640, 16, 20000)

    def last_variant(self) -> str:
        return self._str("game/variant", "chess", 100)

    def set_last_variant(self, vid: str) -> None:
        self.store.setValue("game/variant", vid)

    def players(
        self, kinds: tuple[str, ...], levels: list[str], default_level: str
    ) -> tuple[dict[str, str], dict[str, str]]:
        """Who played each side in the last game started from the new-game dialog: a kind
        from ``kinds`` and a strength level from ``levels`` per side."""
        players: dict[str, str] = {}
        chosen: dict[str, str] = {}
        for side in ("white", "black"):
            kind = self._str(f"players/{side}", kinds[0], 40)
            if kind not in kinds:
                self._note(f"players/{side}", kind, "one of " + ", ".join(kinds))
                kind = kinds[0]
            level = self._str(f"players/{side}_level", default_level, 40)
            if level not in levels:
                self._note(f"players/{side}_level", level, "one of " + ", ".join(levels))
                level = default_level
            players[side], chosen[side] = kind, level
        return players, chosen

    def set_players(self, players: dict[str, str], levels: dict[str, str],
                    engines: dict[str, str] | None = None) -> None:
        for side, kind in players.items():
            self.store.setValue(f"players/{side}", kind)
        for side, level in levels.items():
            self.store.setValue(f"players/{side}_level", level)
        if engines is not None:
            for side in ("white", "black"):
                self.store.setValue(f"players/{side}_engine", engines.get(side, ""))

    def player_engines(self) -> dict[str, str]:
        """Another program's engine (its name in Settings > Engines) chosen to play each side; an
        engine no longer in the list is dropped by whoever reads this."""
        return {side: self._str(f"players/{side}_engine", "", 200) for side in ("white", "black")}

    # ------------------------------------------------------------ other programs' engines

    def engines_text(self) -> str:
        """The engines added in Settings > Engines, as fairygui.engines.registry writes them."""
        return self._str("engines/list", "", 1_000_000)

    def set_engines_text(self, text: str) -> None:
        self.store.setValue("engines/list", text)

    def engine_role(self, role: str) -> str:
        """The engine's name that plays ``role`` ("opponent" or "analysis"); "" for the built-in one."""
        return self._str(f"engines/{role}", "", 200)

    def set_engine_role(self, role: str, name: str) -> None:
        self.store.setValue(f"engines/{role}", name)

    def engine_variant_roles(self, role: str) -> str:
        """The engines chosen for ``role`` in single variants, as JSON (fairygui.engines.registry)."""
        return self._str(f"engines/{role}_variants", "", 200_000)

    def set_engine_variant_roles(self, role: str, text: str) -> None:
        self.store.setValue(f"engines/{role}_variants", text)

    def last_dir(self) -> str:
        return self._str("files/last_dir", "")

    def set_last_dir(self, path: str) -> None:
        self.store.setValue("files/last_dir", path)

    # ------------------------------------------------------------ recent files

    def recent_files(self) -> list[str]:
        value = self.store.value("files/recent", [])
        if isinstance(value, str):  # INI files store a one-element list as plain text
            value = [value] if value else []
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self._note("files/recent", value, "a list of file names")
            return []
        return value[:MAX_RECENT]

    def add_recent(self, path: str) -> list[str]:
        files = [path] + [p for p in self.recent_files() if p != path]
        files = files[:MAX_RECENT]
        self.store.setValue("files/recent", files)
        return files

    def remove_recent(self, path: str) -> list[str]:
        files = [p for p in self.recent_files() if p != path]
        self.store.setValue("files/recent", files)
        return files

    def clear_recent(self) -> None:
        self.store.setValue("files/recent", [])

    # ------------------------------------------------------------ the app's own files

    def data_dir(self) -> Path:
        """Where the session journal and the editor's draft live: beside an INI file given by
        path, else the platform's folder for application data (see ``paths.data_dir``)."""
        own_file = self.store.format() == QSettings.Format.IniFormat and self.store.fileName()
        return data_dir(own_file or None)

    # ------------------------------------------------------------ the last game (older versions)

    def last_game(self) -> tuple[str, int] | None:
        """The record of the game an older version left in the settings, and the move it showed."""
        record = self.store.value("session/record")
        if record is None or record == "":
            return None
        if not isinstance(record, str) or len(record) > MAX_RECORD_CHARS:
            self._note("session/record", record, "a game record")
            return None
        ply = self._int("session/ply", -1, -1, 1_000_000)
        return record, ply

    def forget_last_game(self) -> None:
        """The journal has taken over the game; an old record here must not come back."""
        self.store.remove("session")

    def sync(self) -> None:
        self.store.sync()
