"""The setup editor's board and buttons stay where they are whatever the status line and the
problem list say: a long status sentence is cut to one line (whole in its tooltip), and the
problem area keeps its room when the problems come and go."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget

LONG = ("The rules refuse this arrangement because " + "one piece after another stands where it may not, " * 8
        + "and that is the end of it.")


def places(editor) -> dict[str, QRect]:
    QApplication.processEvents()
    widgets: dict[str, QWidget] = {"board": editor.board, "explore": editor.explore_button,
                                   "start": editor.start_button, "problems": editor.problem_list}
    return {name: QRect(w.mapTo(editor, w.rect().topLeft()), w.size()) for name, w in widgets.items()}


def test_a_long_status_and_problems_that_come_and_go_move_nothing(window, qtbot):
    editor = window.open_setup_editor()
    qtbot.waitExposed(editor)
    before = places(editor)
    editor.say(LONG)
    assert places(editor) == before
    assert editor.status_text() == LONG  # whole, though the line shows its beginning
    assert editor.message.toolTip() == LONG
    editor.clear_action.trigger()  # no Kings: problems listed
    editor.say(LONG)
    assert editor.problem_list.problems()
    assert places(editor) == before
    editor.undo_action.trigger()  # ready again
    assert not editor.problem_list.problems()
    assert places(editor) == before
