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
