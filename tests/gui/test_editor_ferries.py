"""The setup editor's Ferry tool and its Ferry options: Ferries are placed and taken away with
the mouse, an option that moves where Ferries or dragons start moves them in the position too
(so the option shown and the board agree), and the guided Alternate Setup #1 is in view
without scrolling."""

from __future__ import annotations

from mouse import click
from PySide6.QtCore import QPoint

import rules


def open_editor(window, qtbot, variant: str):
    window.controller.new_game(variant)
    editor = window.open_setup_editor()
    qtbot.waitExposed(editor)
    return editor


def ferries(editor) -> set[str]:
    return {square for square, kind in editor.board.snapshot.decorations.items() if kind == "ferry"}


def test_ferry_tool_moves_a_ferry_and_the_game_starts_with_it(window, qtbot):
    editor = open_editor(window, qtbot, "flight-and-ferry")
    assert editor.ferry_tool.isVisible()
    assert ferries(editor) == {"c5", "f5"}
    editor.ferry_tool.click()
    click(editor.board, "c5")
    assert ferries(editor) == {"f5"}
    assert editor.model.problems, "one Ferry too few: the rules must object"
    click(editor.board, "d6")
    assert ferries(editor) == {"d6", "f5"}
    assert editor.model.problems == []
    assert "Put a Ferry on d6." in editor.status_text()
    editor.ferry_tool.click()  # off again: a click selects
    click(editor.board, "e5")
    assert ferries(editor) == {"d6", "f5"} and editor.model.selected == "e5"
    assert editor.start_game()
    assert set(window.controller.game.square_markers()) == {"d6", "f5"}


def test_ferry_tool_is_offered_only_where_the_variant_has_ferries(window, qtbot):
    editor = open_editor(window, qtbot, "friendly")
    assert not editor.ferry_tool.isVisible()


def test_an_option_that_moves_the_start_squares_moves_them_in_the_position(window, qtbot):
    editor = open_editor(window, qtbot, "flight-and-ferry")
    editor.gestures.set_option("ferry_squares", "d5-e5")
    assert ferries(editor) == {"d5", "e5"}
    assert editor.position_box.option_widgets["ferry_squares"].currentData() == "d5-e5"
    editor.gestures.set_option("golddragon_squares", "c1-f1")
    board = editor.draft.pieces
    assert board["c1"].kind == "golddragon" and board["f1"].kind == "golddragon"
    assert "a1" not in board and "h1" not in board
    assert editor.model.problems == []
    # What the start array under these options says is what the editor now holds.
    start = rules.new_game("flight-and-ferry", options={"ferry_squares": "d5-e5", "golddragon_squares": "c1-f1"})
    assert set(start.square_markers()) == ferries(editor)


def test_an_option_change_leaves_ferries_moved_by_hand_alone(window, qtbot):
    editor = open_editor(window, qtbot, "flight-and-ferry")
    editor.ferry_tool.click()
    click(editor.board, "c5")
    click(editor.board, "b6")
    editor.gestures.set_option("ferry_squares", "d5-e5")
    assert ferries(editor) == {"b6", "f5"}  # not the old start's any more: the player's own


def test_alternate_setup_guide_is_in_view_without_scrolling(window, qtbot):
    editor = open_editor(window, qtbot, "friendly")
    group = editor.guide_group
    assert group.isVisible()
    scroll = group.parentWidget().parentWidget().parentWidget()  # panel -> viewport -> scroll area
    top_left = group.mapTo(scroll.viewport(), QPoint(0, 0))
    assert 0 <= top_left.y() and top_left.y() + group.height() <= scroll.viewport().height()
