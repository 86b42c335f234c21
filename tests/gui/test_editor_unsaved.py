"""The setup editor asks Save / Discard / Cancel before closing on a draft that differs from
its file or from how it began; quitting the app does not ask (the session keeps the draft).
The main window's close asks each open variant designer first."""

from __future__ import annotations

from designing import new_designer, type_into
from PySide6.QtWidgets import QFileDialog
from questions import CANCEL, DISCARD, SAVE, answer_with

from .test_editor import drag_from_palette, open_editor


def test_an_untouched_draft_closes_without_a_question(window, qtbot, monkeypatch):
    editor = open_editor(window, qtbot)
    asked = answer_with(monkeypatch, CANCEL)
    assert editor.close()
    assert asked == []


def test_an_edited_draft_asks_and_cancel_keeps_the_editor_and_draft(window, qtbot, monkeypatch):
    editor = open_editor(window, qtbot)
    drag_from_palette(editor, "white", "queen", "d4")
    draft = editor.draft.copy()
    asked = answer_with(monkeypatch, CANCEL)
    assert not editor.close()
    assert len(asked) == 1 and editor.isVisible() and editor.draft == draft


def test_save_writes_the_setup_and_closes(window, qtbot, monkeypatch, tmp_path):
    editor = open_editor(window, qtbot)
    drag_from_palette(editor, "white", "queen", "d4")
    target = tmp_path / "queen.fen"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    answer_with(monkeypatch, SAVE)
    assert editor.close()
    assert "Q" in target.read_text(encoding="utf-8")


def test_a_saved_draft_is_not_unsaved_until_edited_again(window, qtbot, monkeypatch, tmp_path):
    editor = open_editor(window, qtbot)
    drag_from_palette(editor, "white", "queen", "d4")
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "q.fen"), ""))
    editor.save_action.trigger()
    assert not editor.model.modified
    drag_from_palette(editor, "white", "rook", "a4")
    assert editor.model.modified
    editor.undo_action.trigger()
    assert not editor.model.modified  # back as saved


def test_quitting_the_app_asks_each_designer_and_cancel_keeps_the_app(window, qtbot, monkeypatch):
    designer = new_designer(window, qtbot)
    type_into(designer.name_line, qtbot, "Half done")
    asked = answer_with(monkeypatch, CANCEL)
    assert not window.close()
    assert len(asked) == 1 and "variant" in asked[0]
    assert window.isVisible() and designer.isVisible()
    answer_with(monkeypatch, DISCARD)
    assert window.close()
