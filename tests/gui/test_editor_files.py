"""Setup files from the editor: save then open gives the same position, drafts included; bad
files get a dialog naming the fault and the position being edited stays."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFileDialog

import rules
from fairygui.editor.draft import read_text
from fairygui.editor.setupfile import parse_setup

from .conftest import click
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

    editor.load_start()
    editor.choose_variant("chess")
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
    assert editor.save_to(str(path))
    assert "a draft" in editor.status_text()
    editor.load_start()
    assert editor.open_file(str(path))
    assert editor.draft.text() == "P7/8/8/8/8/8/8/8 w - - 0 1"


def test_a_bare_position_text_is_read_in_the_editors_variant(editor, tmp_path):
    path = tmp_path / "bare.fen"
    path.write_text("4k3/8/8/8/8/8/8/4K2R w K - 0 1\n", encoding="utf-8")
    assert editor.open_file(str(path))
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
    assert not editor.open_file(str(path))
    box = editor.last_error
    assert box is not None and box.isVisible()
    assert expected in box.text() and "bad.fen" in box.text()
    assert editor.draft.text() == before


def test_a_binary_setup_file_gets_a_dialog(editor, tmp_path):
    path = tmp_path / "picture.fen"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff")
    assert not editor.open_file(str(path))
    assert "UTF-8" in editor.last_error.text()


def test_setup_text_round_trip_for_every_variant_start():
    for vid in rules.variant_ids():
        text = rules.new_game(vid).fen()
        draft = read_text(vid, {}, text)
        assert draft.text() == text
        assert parse_setup(f'[Variant "{vid}"]\n{text}\n', "chess") == draft
