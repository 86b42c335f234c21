"""Setup files from the editor: save then open gives the same position, drafts included; bad
files get a dialog naming the fault and the position being edited stays."""

from __future__ import annotations

import os
import stat

import pytest
from mouse import click
from PySide6.QtWidgets import QFileDialog, QMessageBox

import rules
from fairygui.editor.draft import read_text
from fairygui.editor.setupfile import parse_setup

from .test_editor import drag_from_palette, open_editor


@pytest.fixture
def editor(window, qtbot):
    return open_editor(window, qtbot)


def test_save_then_open_gives_the_same_position(window, qtbot, tmp_path, monkeypatch):
    window.controller.new_game("friendly", {"hia_affects": "all"})
    editor = open_editor(window, qtbot)
    drag_from_palette(editor, "white", "jellyfish", "e6")
    editor.position_box.turn_buttons["black"].click()
    click(editor.board, "g2")
    editor.inspector.flag_boxes["hia-off"].setChecked(True)
    strip = editor.pool_editor.strips["white"]
    drag_from_palette(editor, "white", "caliph", point=strip.mapToGlobal(strip.rect().center()))
    saved = editor.draft.copy()
    text = saved.text()
    assert "G[hia-off]" in text and text.endswith("captured=C/") and " b " in text

    target = tmp_path / "study.fen"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    editor.save_action.trigger()
    assert target.read_text(encoding="utf-8").startswith('[Variant "friendly"]\n[Options "hia_affects=all"]\n')

    editor.gestures.load_start()
    editor.gestures.choose_variant("chess")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), ""))
    editor.open_action.trigger()
    assert editor.draft == saved
    assert editor.draft.text() == text
    assert editor.current_path == str(target.resolve())
    assert "study.fen" in editor.windowTitle()
    # The rules read the file's position exactly as written.
    game = rules.new_game("friendly", options={"hia_affects": "all"}, fen=text)
    assert game.fen() == text


def test_a_draft_that_cannot_start_is_saved_and_reopened(editor, tmp_path):
    editor.clear_action.trigger()
    drag_from_palette(editor, "white", "pawn", "a8")
    assert editor.problem_list.problems()
    path = tmp_path / "draft.fen"
    assert editor.files.save_to(str(path))
    assert "a draft" in editor.status_text()
    editor.gestures.load_start()
    assert editor.files.open_file(str(path))
    assert editor.draft.text() == "P7/8/8/8/8/8/8/8 w - - 0 1"


def test_a_bare_position_text_is_read_in_the_editors_variant(editor, tmp_path):
    path = tmp_path / "bare.fen"
    path.write_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1\n", encoding="utf-8")
    assert editor.files.open_file(str(path))
    assert editor.draft.variant == "chess" and editor.draft.castling == "K"


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('[Variant "chess"]\n4k3/8/8/8/8/8/8/4K3 w - - 0 1 junk\n', "line 2"),
        ('[Variant "chess"]\n4k3/8/8/8/8/8/4K3 w - - 0 1\n', "7 ranks"),
        ('[Variant "chess"]\n4k3/8/8/8/8/8/8/4Z3 w - - 0 1\n', "unknown piece letter 'Z'"),
        ('[Variant "nothing-like-it"]\n8/8/8/8/8/8/8/8 w - - 0 1\n', "unknown variant 'nothing-like-it'"),
        ('[Variant "chess"]\n[Options "colour=blue"]\n8/8/8/8/8/8/8/8 w - - 0 1\n', "no option 'colour'"),
        ('[Variant "chess"\n8/8/8/8/8/8/8/8 w - - 0 1\n', "line 1: cannot read tag"),
        ('[Variant "chess"]\n', "no position text"),
        ('[Variant "chess"]\n8/8/8/8/8/8/8/8 w - - 0 1\n8/8/8/8/8/8/8/8 b - - 0 1\n', "only one position text"),
    ],
    ids=["bad-field", "short-board", "unknown-letter", "unknown-variant", "unknown-option", "broken-tag",
         "no-position", "two-positions"],
)
def test_a_bad_setup_file_gets_a_dialog_and_the_draft_stays(editor, tmp_path, content, expected):
    drag_from_palette(editor, "white", "queen", "e4")
    before = editor.draft.text()
    path = tmp_path / "bad.fen"
    path.write_text(content, encoding="utf-8")
    assert not editor.files.open_file(str(path))
    box = editor.files.last_error
    assert box is not None and box.isVisible()
    assert expected in box.text() and "bad.fen" in box.text()
    assert editor.draft.text() == before


def test_a_binary_setup_file_gets_a_dialog(editor, tmp_path):
    path = tmp_path / "picture.fen"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    assert not editor.files.open_file(str(path))
    assert "UTF-8" in editor.files.last_error.text()


def test_setup_text_round_trip_for_every_variant_start():
    for vid in rules.variant_ids():
        text = rules.new_game(vid).fen()
        draft = read_text(vid, {}, text)
        assert draft.text() == text
        assert parse_setup(f'[Variant "{vid}"]\n{text}\n', "chess") == draft


# ------------------------------------------------------------------ a file name per document


class SaveDialog:
    """Stands in for the Save dialog: counts the times it is shown and answers with ``answer``
    (an empty string: the user cancelled)."""

    def __init__(self, answer=""):
        self.shown = 0
        self.answer = answer

    def __call__(self, *args, **kwargs):
        self.shown += 1
        return (str(self.answer), "")


def start_from_editor(window, editor, qtbot):
    assert editor.start_button.isEnabled()
    with qtbot.waitSignal(window.controller.gameReplaced, timeout=5000):
        editor.start_button.click()


def test_a_saved_setup_is_never_overwritten_by_a_later_games_position(window, qtbot, tmp_path, monkeypatch):
    """The reported scenario: save a Friendly setup as alt1.fen, start it, start a new Flight
    and Ferry game, open the editor again: it is untitled and Save asks for a name."""
    window.controller.new_game("friendly")
    editor = open_editor(window, qtbot)
    drag_from_palette(editor, "white", "jellyfish", "e6")
    target = tmp_path / "alt1.fen"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", SaveDialog(target))
    editor.save_action.trigger()
    friendly_setup = target.read_text(encoding="utf-8")
    assert friendly_setup.startswith('[Variant "friendly"]') and "alt1.fen" in editor.windowTitle()
    start_from_editor(window, editor, qtbot)

    dialog = window.open_new_game_dialog()
    dialog.select_variant("flight-and-ferry")
    dialog.accept()
    assert window.controller.variant.id == "flight-and-ferry"
    editor = open_editor(window, qtbot)
    assert editor.draft.variant == "flight-and-ferry"
    assert "alt1.fen" not in editor.windowTitle() and "unsaved setup" in editor.windowTitle()

    asked = SaveDialog("")  # the user looks at the Save dialog and cancels
    monkeypatch.setattr(QFileDialog, "getSaveFileName", asked)
    editor.save_action.trigger()
    assert asked.shown == 1
    assert target.read_text(encoding="utf-8") == friendly_setup


def test_reopening_the_editor_on_the_game_started_from_a_file_is_untitled(window, qtbot, tmp_path):
    window.controller.new_game("friendly")
    editor = open_editor(window, qtbot)
    assert editor.files.save_to(str(tmp_path / "mine.fen"))
    start_from_editor(window, editor, qtbot)
    assert window.controller.play_text("e3e4")
    editor = open_editor(window, qtbot)
    assert editor.current_path is None and "unsaved setup" in editor.windowTitle()


def test_undo_brings_back_the_document_with_its_own_file_name(editor, tmp_path):
    path = tmp_path / "chess-study.fen"
    drag_from_palette(editor, "white", "queen", "e4")
    assert editor.files.save_to(str(path))
    drag_from_palette(editor, "white", "rook", "a4")  # an edit keeps the document and its name
    assert editor.current_path == str(path.resolve())
    editor.gestures.choose_variant("pocket43")
    assert editor.current_path is None and "unsaved setup" in editor.windowTitle()
    editor.model.undo()
    assert editor.draft.variant == "chess" and editor.current_path == str(path.resolve())
    assert "chess-study.fen" in editor.windowTitle()
    editor.model.redo()
    assert editor.draft.variant == "pocket43" and editor.current_path is None


def test_opening_a_file_starts_a_new_document(editor, tmp_path):
    first, second = tmp_path / "first.fen", tmp_path / "second.fen"
    assert editor.files.save_to(str(first))
    drag_from_palette(editor, "white", "queen", "e4")
    assert editor.files.save_to(str(second))
    assert editor.files.open_file(str(first))
    assert editor.current_path == str(first.resolve())
    editor.model.undo()  # back to the draft saved as second.fen, with its name
    assert editor.current_path == str(second.resolve())


def test_saving_a_setup_over_a_game_record_asks_first(window, editor, tmp_path):
    game_file = tmp_path / "game.pgn"
    assert window.save_to(str(game_file))
    record = game_file.read_text(encoding="utf-8")
    assert not editor.files.save_to(str(game_file))
    box = editor.files.last_question
    assert box is not None and box.isVisible()
    assert box.text() == ("game.pgn holds a game record of Chess.\n\n"
                          "Replace it with a setup of Chess?")
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert game_file.read_text(encoding="utf-8") == record
    assert editor.current_path is None


def test_saving_a_setup_over_another_variants_setup_asks_and_replace_writes(editor, tmp_path):
    path = tmp_path / "setup.fen"
    editor.gestures.choose_variant("friendly")
    assert editor.files.save_to(str(path))
    editor.gestures.choose_variant("chess")
    assert not editor.files.save_to(str(path))
    box = editor.files.last_question
    assert box.text() == ("setup.fen holds a setup of A Friendly Game of... Chess?\n\n"
                          "Replace it with a setup of Chess?")
    assert path.read_text(encoding="utf-8").startswith('[Variant "friendly"]')
    replace = next(b for b in box.buttons() if b.text() == "Replace")
    replace.click()
    assert path.read_text(encoding="utf-8").startswith('[Variant "chess"]')
    assert editor.current_path == str(path.resolve())


def test_saving_over_the_same_variants_setup_does_not_ask(editor, tmp_path):
    path = tmp_path / "same.fen"
    assert editor.files.save_to(str(path))
    drag_from_palette(editor, "white", "queen", "e4")
    assert editor.files.save_to(str(path))
    assert editor.files.last_question is None
    assert "Q" in path.read_text(encoding="utf-8")


def test_a_saved_setup_gets_the_users_normal_permissions(editor, tmp_path):
    previous = os.umask(0o022)
    try:
        path = tmp_path / "mode.fen"
        assert editor.files.save_to(str(path))
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        os.chmod(path, 0o640)  # a mode the user chose stays when the file is saved again
        assert editor.files.save_to(str(path))
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
    finally:
        os.umask(previous)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".fairygui-")] == []
