"""Where the app finds its run-time files (artwork, docs), overridable for packaging."""

from __future__ import annotations

import os
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    """The ``resources/`` folder; ``FAIRYGUI_RESOURCES`` points elsewhere when installed apart."""
    override = os.environ.get("FAIRYGUI_RESOURCES")
    return Path(override) if override else _ROOT / "resources"


def pieces_dir() -> Path:
    return resources_dir() / "pieces"


def docs_dir() -> Path:
    """The project's ``docs/`` folder (rules pages); may be missing in an installed copy."""
    override = os.environ.get("FAIRYGUI_DOCS")
    return Path(override) if override else _ROOT / "docs"


DATA_ENV = "FAIRYGUI_DATA"


def data_dir(settings_file: str | None = None) -> Path:
    """The folder for the app's own files (the session journal, the setup editor's draft).

    ``FAIRYGUI_DATA`` names it outright. A settings INI file of one's own (``--settings``, or
    ``FAIRYGUI_SETTINGS`` in the tests) gets a folder beside it, ``<name>-data``, so a private
    settings file never shares a journal with the user's real one. Otherwise it is the
    platform's place for application data (``~/.local/share/fairychess/fairygui`` on Linux).
    """
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    if settings_file:
        path = Path(settings_file)
        return path.with_name(path.stem + "-data")
    from PySide6.QtCore import QStandardPaths

    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(found) if found else Path.home() / ".local" / "share" / "fairychess" / "fairygui"
