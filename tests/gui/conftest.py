"""GUI test fixtures: a main window on a private settings file (the mouse helpers are in
tests/helpers/mouse.py)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

import rules
from fairygui.app import main_window
from fairygui.compat import guard_none_refcount
from fairygui.settings import SETTINGS_ENV, Settings, open_qsettings
from rules.catalogue import USER_PATH_ENV


@pytest.fixture(scope="session", autouse=True)
def none_refcount_guard(qapp):
    """PySide6 6.12 on Python 3.11 drops a reference to None on every void call; a long
    test session would abort without the app's guard (see fairygui/compat.py)."""
    return guard_none_refcount()


@pytest.fixture(autouse=True)
def private_settings(tmp_path, monkeypatch):
    """Every test gets its own settings file, so none touches the user's real settings."""
    path = tmp_path / "settings.ini"
    monkeypatch.setenv(SETTINGS_ENV, str(path))
    return path


@pytest.fixture(autouse=True)
def unanswered_questions_discard(monkeypatch):
    """Save / Discard / Cancel (``fairygui/unsaved.py``) is a blocking QMessageBox.question: a
    test that does not answer it itself (by replacing it again) gets Discard, so closing a
    window with moves at the end of a test never waits for a person."""
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *_args: QMessageBox.StandardButton.Discard))


@pytest.fixture
def make_window(qtbot, private_settings):
    made = []

    def make(variant: str | None = "chess"):
        window = main_window(Settings(open_qsettings(str(private_settings))))
        qtbot.addWidget(window)
        if variant is not None:
            window.controller.new_game(variant)
        window.resize(1000, 760)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    # A test that answered Cancel would keep its window open through teardown (its answer is
    # still in force), and later tests of the worker would find it: close with Discard here.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(QMessageBox, "question", staticmethod(lambda *_args: QMessageBox.StandardButton.Discard))
        for window in made:
            window.close()


@pytest.fixture
def window(make_window):
    return make_window("chess")


@pytest.fixture
def user_variants(tmp_path, monkeypatch):
    """A private user-variants folder: nothing here reads or writes the real home."""
    folder = tmp_path / "variants"
    folder.mkdir()
    monkeypatch.setenv(USER_PATH_ENV, str(folder))
    rules.reload_catalogue()
    yield folder
    monkeypatch.delenv(USER_PATH_ENV)
    rules.reload_catalogue()
