"""Other programs the tests play against (Debian packages, installed by
scripts/install_programs.sh): found on PATH or in /usr/games, where Debian puts games and which
is not on every PATH. A test needing one is skipped, naming the package, when it is absent."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

#: Debian installs game programs here (fairy-stockfish, stockfish, xboard, polyglot).
GAMES_FOLDER = "/usr/games"


def find_program(name: str) -> str | None:
    """The path of the program ``name`` on PATH or in /usr/games, or None."""
    found = shutil.which(name)
    if found is not None:
        return found
    candidate = Path(GAMES_FOLDER) / name
    return str(candidate) if candidate.is_file() and os.access(candidate, os.X_OK) else None


def needs_program(name: str, package: str | None = None) -> pytest.MarkDecorator:
    """Skip the test, naming the Debian package, when ``name`` is not installed."""
    return pytest.mark.skipif(find_program(name) is None, reason=(
        f"{name} is not installed (Debian package {package or name}; scripts/install_programs.sh "
        f"installs it)"))
