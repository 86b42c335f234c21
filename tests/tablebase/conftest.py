"""Tables built in a private folder; the tiny 4x4 variant of tests/tablebase/data on the search path."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import rules
from rules.catalogue import USER_PATH_ENV
from rules.tablebase.store import ENV_FOLDER

DATA = Path(__file__).parent / "data"


@pytest.fixture
def tables_dir(tmp_path, monkeypatch):
    folder = tmp_path / "tables"
    monkeypatch.setenv(ENV_FOLDER, str(folder))
    return folder


@pytest.fixture
def tiny_variant(tmp_path, monkeypatch):
    """The variant ``tiny-chess`` (a 4x4 board) as a user variant."""
    folder = tmp_path / "variants"
    folder.mkdir()
    shutil.copy(DATA / "tiny.toml", folder / "tiny.toml")
    monkeypatch.setenv(USER_PATH_ENV, str(folder))
    rules.reload_catalogue()
    yield "tiny-chess"
    monkeypatch.delenv(USER_PATH_ENV)
    rules.reload_catalogue()
