"""Driving the variant designer's widgets the way a person does (typing, adding pieces), for
the designer's GUI tests."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit

from fairygui.designer.window import DesignerWindow


def type_into(widget, qtbot, text: str) -> None:
    """Replace a line's text by typing, as a user does (so ``textEdited`` fires)."""
    line = widget if isinstance(widget, QLineEdit) else widget.lineEdit()
    line.setFocus()
    line.selectAll()
    if text:
        qtbot.keyClicks(line, text)
    else:
        qtbot.keyClick(line, Qt.Key.Key_Delete)
    line.clearFocus()
    settled(line.window())


def settled(window) -> None:
    """The previews the designer rebuilds once typing pauses, rebuilt now (as after the pause)."""
    if isinstance(window, DesignerWindow):
        window.flush_previews()


def piece_editor(designer: DesignerWindow, key: str):
    form = designer.pieces.form
    assert form is not None
    return form.all_editors()[("pieces", designer.pieces.kind, key)]


def add_piece(designer: DesignerWindow, qtbot, pid: str, name: str, letter: str, betza: str) -> None:
    designer.pieces.add_button.click()
    type_into(designer.pieces.id_line, qtbot, pid)
    designer.pieces.id_line.editingFinished.emit()
    assert designer.pieces.kind == pid
    type_into(piece_editor(designer, "name").focus_widget(), qtbot, name)
    type_into(piece_editor(designer, "letter").focus_widget(), qtbot, letter)
    type_into(piece_editor(designer, "betza").focus_widget(), qtbot, betza)


def board_editor(designer: DesignerWindow, *path: str):
    return designer.board_page.form.all_editors()[path]


def new_designer(window, qtbot) -> DesignerWindow:
    window.new_variant_action.trigger()
    designer = window.designer
    assert isinstance(designer, DesignerWindow)
    qtbot.waitExposed(designer)
    return designer
