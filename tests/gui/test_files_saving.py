"""Saving games never loses a file: a new game is untitled and Save asks for a name, a file of
another kind or variant is replaced only after the user says so, and saved files get the
user's normal permissions."""

from __future__ import annotations

import os
import stat

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from fairygui.savefile import GAME, SETUP, contents_of

from .test_editor import open_editor


class SaveDialog:
    """Stands in for the Save dialog: counts the times it is shown and answers ``answer``."""

    def __init__(self, answer=""):
        self.shown = 0
        self.answer = answer

    def __call__(self, *args, **kwargs):
        self.shown += 1
        return (str(self.answer), "")


def replace_button(box):
    return next(button for button in box.buttons() if button.text() == "Replace")


def test_a_new_game_after_opening_a_file_is_untitled_and_save_asks(window, qtbot, tmp_path, monkeypatch):
    path = tmp_path / "opened.pgn"
    assert window.controller.play_text("e2e4")
    assert window.save_to(str(path))
    saved = path.read_text(encoding="utf-8")
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        assert window.open_file(str(path))
    assert "opened.pgn" in window.windowTitle()

    dialog = window.open_new_game_dialog()
    dialog.select_variant("pocket43")
    dialog.accept()
    assert window.workspace.path is None and "unsaved game" in window.windowTitle()
    asked = SaveDialog("")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", asked)
    window.save_action.trigger()
    assert asked.shown == 1
    assert path.read_text(encoding="utf-8") == saved


def test_saving_a_game_over_a_setup_asks_and_cancel_keeps_the_setup(window, qtbot, tmp_path):
    setup = tmp_path / "position.fen"
    editor = open_editor(window, qtbot)
    editor.gestures.choose_variant("friendly")
    assert editor.files.save_to(str(setup))
    before = setup.read_text(encoding="utf-8")
    assert not window.save_to(str(setup))
    box = window.last_question
    assert box is not None and box.isVisible()
    assert box.text() == ("position.fen holds a setup of A Friendly Game of... Chess?\n\n"
                          "Replace it with a game record of Chess?")
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert setup.read_text(encoding="utf-8") == before
    assert window.workspace.path is None


def test_saving_a_game_over_another_variants_game_asks_and_replace_writes(make_window, tmp_path):
    path = tmp_path / "game.pgn"
    window = make_window("pocket43")
    assert window.save_to(str(path))
    window.controller.new_game("chess")
    assert window.controller.play_text("d2d4")
    assert not window.save_to(str(path))
    assert contents_of(path).variant == "pocket43"
    replace_button(window.last_question).click()
    assert contents_of(path).variant == "chess" and "1. d4 *" in path.read_text(encoding="utf-8")
    assert window.workspace.path == str(path.resolve())
    assert "game.pgn" in window.windowTitle()


def test_save_over_the_same_variants_game_does_not_ask(window, tmp_path):
    path = tmp_path / "again.pgn"
    assert window.save_to(str(path))
    assert window.controller.play_text("e2e4")
    assert window.save_to(str(path))
    assert window.last_question is None
    assert "1. e4 *" in path.read_text(encoding="utf-8")


def test_save_over_a_file_that_is_no_record_asks(window, tmp_path):
    path = tmp_path / "notes.pgn"
    path.write_text("my opening notes, not a record\n", encoding="utf-8")
    assert not window.save_to(str(path))
    assert window.last_question.text().startswith("notes.pgn holds neither a game record nor a setup.")
    assert path.read_text(encoding="utf-8") == "my opening notes, not a record\n"


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_a_saved_game_gets_the_mode_of_the_umask_like_an_export(window, tmp_path, umask, mode):
    previous = os.umask(umask)
    try:
        game, picture = tmp_path / "g.pgn", tmp_path / "g.png"
        assert window.save_to(str(game))
        assert window.export_picture(str(picture))
    finally:
        os.umask(previous)
    assert stat.S_IMODE(game.stat().st_mode) == mode
    assert stat.S_IMODE(picture.stat().st_mode) == mode


@pytest.mark.parametrize(
    ("text", "kind", "variant"),
    [
        ('[Variant "friendly"]\n[Options "setup=alternate-1"]\ntmdc/8 w - - 0 1\n', SETUP, "friendly"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n", SETUP, None),
        ('[Event "x"]\n[Variant "chess"]\n\n1. e2e4 e7e5 *\n', GAME, "chess"),
        ('[Variant "chess"]\n[Result "1/2-1/2"]\n\n1/2-1/2\n', GAME, "chess"),
        ('[Variant "pocket43"]\n\n*\n', GAME, "pocket43"),
    ],
    ids=["setup", "bare-position", "game", "drawn-game", "game-without-moves"],
)
def test_what_a_file_holds_is_read_from_its_text(tmp_path, text, kind, variant):
    path = tmp_path / "file"
    path.write_text(text, encoding="utf-8")
    found = contents_of(path)
    assert (found.kind, found.variant) == (kind, variant)


def test_a_missing_or_empty_file_may_be_written_without_asking(tmp_path):
    assert contents_of(tmp_path / "absent.pgn") is None
    (tmp_path / "empty.pgn").write_text("\n")
    assert contents_of(tmp_path / "empty.pgn") is None
