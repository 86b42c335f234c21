"""The variant designer's Undo / Redo over several edits, Save / Discard / Cancel on closing
with unsaved changes, and removing an inherited piece (explained first, written as
``remove_pieces``, undoable)."""

from __future__ import annotations

import tomllib

import pytest
from designing import add_piece, board_editor, new_designer, piece_editor, type_into
from PySide6.QtGui import QKeySequence
from questions import CANCEL, DISCARD, OK, SAVE, answer_with

from fairygui.designer.window import DesignerWindow


def test_undo_and_redo_step_through_several_edits(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    start = designer._current_state()
    assert not designer.undo_action.isEnabled()
    type_into(designer.name_line, qtbot, "Wide")
    board_editor(designer, "files").spin.setValue(10)
    add_piece(designer, qtbot, "king", "King", "K", "K")
    assert designer.doc.own["files"] == 10 and "king" in designer.doc.own["pieces"]
    assert designer.windowTitle().startswith("*")
    after = designer._current_state()

    # Undo back to the start: the piece goes first, then the board size, then the name.
    steps = 0
    while designer.undo_action.isEnabled():
        designer.undo_action.trigger()
        steps += 1
        if steps == 1:
            assert designer.doc.own["pieces"]["king"].get("betza") != "K"  # the Betza typed last comes off first
    assert steps > 3
    assert (designer.doc.vid, designer.doc.own) == start
    assert designer.doc.own["files"] == 8 and designer.doc.own["pieces"] == {}
    assert board_editor(designer, "files").spin.value() == 8  # the form shows the undone value
    assert not designer.dirty and not designer.windowTitle().startswith("*")

    for _ in range(steps):
        designer.redo_action.trigger()
    assert designer._current_state() == after
    assert designer.pieces.kind == "king" and piece_editor(designer, "betza").focus_widget().text() == "K"


def test_undo_keys_are_ctrl_z_and_ctrl_shift_z(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    assert designer.undo_action.shortcut() == QKeySequence("Ctrl+Z")
    assert QKeySequence("Ctrl+Shift+Z") in designer.redo_action.shortcuts()
    menus = [action.text() for action in designer.menuBar().actions()]
    assert "&Edit" in menus


def test_closing_with_changes_asks_and_cancel_keeps_the_designer(window, qtbot, monkeypatch, user_variants):
    designer = new_designer(window, qtbot)
    asked = answer_with(monkeypatch, CANCEL)
    assert designer.close()  # nothing changed: no question
    assert asked == []
    designer = new_designer(window, qtbot)
    type_into(designer.name_line, qtbot, "Kept")
    assert not designer.close()
    assert len(asked) == 1 and designer.isVisible() and designer.doc.own["name"] == "Kept"


def test_closing_with_changes_and_save_writes_the_file(window, qtbot, monkeypatch, user_variants):
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "saved-on-close")
    type_into(designer.name_line, qtbot, "Saved on close")
    answer_with(monkeypatch, SAVE)
    assert designer.close()
    saved = tomllib.loads((user_variants / "saved-on-close.toml").read_text(encoding="utf-8"))
    assert saved["variant"]["saved-on-close"]["name"] == "Saved on close"


def test_closing_with_changes_and_discard_writes_nothing(window, qtbot, monkeypatch, user_variants):
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "thrown-away")
    answer_with(monkeypatch, DISCARD)
    assert designer.close()
    assert list(user_variants.iterdir()) == []


@pytest.fixture
def custom_chess(window, qtbot, user_variants) -> DesignerWindow:
    """The designer on a child of chess whose knight is customised (NN)."""
    window.edit_variant_action.trigger()
    designer = window.designer
    assert isinstance(designer, DesignerWindow)
    designer.pieces.select("knight")
    type_into(piece_editor(designer, "betza").focus_widget(), qtbot, "NN")
    # The Knight's description (a Knight's moves) is set aside for the changed piece.
    assert designer.doc.own["pieces"] == {"knight": {"betza": "NN", "description": ""}}
    return designer


def test_removing_an_inherited_piece_says_what_it_does_and_cancel_keeps_it(custom_chess, monkeypatch):
    designer = custom_chess
    asked = answer_with(monkeypatch, CANCEL)
    assert designer.pieces.remove_button.isEnabled()
    designer.pieces.remove_button.click()
    assert len(asked) == 1 and "remove_pieces" in asked[0] and "'chess'" in asked[0]
    # The Knight's description (a Knight's moves) is set aside for the changed piece.
    assert designer.doc.own["pieces"] == {"knight": {"betza": "NN", "description": ""}}
    assert "remove_pieces" not in designer.doc.own


def test_removing_an_inherited_piece_writes_remove_pieces_and_undo_brings_it_back(custom_chess, monkeypatch,
                                                                                 user_variants):
    designer = custom_chess
    answer_with(monkeypatch, OK)
    designer.pieces.remove_button.click()
    assert designer.doc.own["remove_pieces"] == ["knight"]
    assert "knight" not in designer.doc.own.get("pieces", {})
    assert "knight" not in designer.pieces.pieces()  # gone, not reverted to the parent's knight
    designer.save()
    written = tomllib.loads((user_variants / "chess-custom.toml").read_text(encoding="utf-8"))
    assert written["variant"]["chess-custom"]["remove_pieces"] == ["knight"]
    # Chess's array still places the knights: check says so in words.
    assert any("the letter of the piece 'knight' that remove_pieces takes away" in text
               for _line, text in designer.problems)

    designer.undo_action.trigger()
    # The customisation comes back too.
    assert designer.doc.own["pieces"] == {"knight": {"betza": "NN", "description": ""}}
    assert "remove_pieces" not in designer.doc.own
    assert designer.pieces.pieces()["knight"]["betza"] == "NN"


def test_removing_a_piece_of_its_own_asks_nothing(window, qtbot, monkeypatch, user_variants):
    designer = new_designer(window, qtbot)
    add_piece(designer, qtbot, "king", "King", "K", "K")
    asked = answer_with(monkeypatch, CANCEL)
    designer.pieces.remove_button.click()
    assert asked == [] and designer.doc.own.get("pieces", {}) == {} and "remove_pieces" not in designer.doc.own
