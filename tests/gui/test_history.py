"""Undo/redo by shortcut and toolbar, the move list, and replacing the rest of a line."""

from __future__ import annotations

from mouse import drag
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolBar

import rules
from fairygui.line import PlyInfo
from fairygui.movelist import arrange

OPENING = ("e2e4", "e7e5", "g1f3", "b8c6", "f1b5")


def play_opening(window):
    for text in OPENING:
        assert window.controller.play_text(text)


def fen_after(moves):
    game = rules.new_game("chess")
    for text in moves:
        game.play(text)
    return game.fen()


def test_undo_and_redo_by_shortcut(window, qtbot):
    play_opening(window)
    window.activateWindow()
    qtbot.waitActive(window)
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.game.fen() == fen_after(OPENING[:-1])
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.controller.ply == 3
    assert "b8" in window.board.snapshot.pieces
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.keyClick(window, Qt.Key.Key_Z,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.controller.game.fen() == fen_after(OPENING[:4])
    assert window.board.snapshot.last_move == ("b8", "c6")


def test_undo_and_redo_from_the_toolbar(window):
    play_opening(window)
    toolbar_actions = window.findChild(QToolBar, "toolbar-main").actions()
    assert window.undo_action in toolbar_actions and window.redo_action in toolbar_actions
    window.undo_action.trigger()
    assert window.controller.ply == 4
    assert window.redo_action.isEnabled()
    window.redo_action.trigger()
    assert window.controller.ply == 5
    assert not window.redo_action.isEnabled()


def test_clicking_an_earlier_move_shows_that_position(window, qtbot):
    play_opening(window)
    moves = window.move_list
    point = moves.cell_centre(2)  # Black's first move, e7e5
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert window.controller.game.fen() == fen_after(OPENING[:2])
    assert window.board.snapshot.pieces.get("f3") is None
    assert window.board.snapshot.last_move == ("e7", "e5")
    # The later moves stay listed (greyed) and come back with "forward".
    assert moves.item(2, 0).text() == "Bb5"
    assert "after 1... e5, in a game of 3 moves" in window.status_text()  # moves, not plies
    window.last_action.trigger()
    assert window.controller.game.fen() == fen_after(OPENING)


def test_replaying_the_next_move_keeps_the_rest_of_the_line(window, qtbot):
    play_opening(window)
    window.controller.go_to(2)
    drag(window.board, "g1", "f3")
    assert window.controller.ply == 3
    assert len(window.controller.line) == 5


def test_a_different_move_from_an_earlier_position_overwrites_the_rest_when_asked(window):
    play_opening(window)
    window.controller.go_to(2)
    drag(window.board, "d2", "d4")
    assert window.controller.ply == 2  # nothing played until the question is answered
    box = window.last_question
    next(b for b in box.buttons() if b.text() == "Overwrite").click()
    assert [i.text for i in window.controller.line] == ["e2e4", "e7e5", "d2d4"]
    assert window.move_list.rowCount() == 2


def test_record_holds_the_whole_line_while_an_earlier_position_is_shown(window):
    play_opening(window)
    window.controller.go_to(1)
    game = rules.load_game(window.controller.record_text())
    assert [str(m) for m in game.history] == list(OPENING)
    assert window.controller.ply == 1


def _info(side, number, label, action=False):
    move = rules.Move("normal", "a1", "a2")
    return PlyInfo(move, side, number, label, action)


def test_actions_share_the_cell_and_number_of_the_move_they_precede():
    line = [
        _info("white", 1, "e3e4"), _info("black", 1, "e10e9"),
        _info("white", 2, "f2 hia off", action=True), _info("white", 2, "d2d4"), _info("black", 2, "d11d10"),
        _info("white", 3, "a2a3"), _info("black", 3, "g11 hia off", action=True), _info("black", 3, "a11a10"),
        _info("white", 4, "f1 hia off", action=True),
    ]
    assert arrange(line) == [(1, [[0], [1]]), (2, [[2, 3], [4]]), (3, [[5], [6, 7]]), (4, [[8], None])]


def test_a_hia_switch_and_its_move_fill_one_cell_of_row_one(window, qtbot):
    c = window.controller
    c.new_game("friendly")
    assert c.play_text("f2/hia-off")
    cell = window.move_list.item(0, 0)
    assert window.move_list.rowCount() == 1 and cell.text() == "(f2 hia off)"
    assert cell.font().italic()  # a switch whose move is still to come
    assert c.play_text("d1e4")
    assert c.play_text("a10a9")
    assert c.play_text("g2/hia-off")
    assert c.play_text("a3a4")
    table = window.move_list
    assert table.rowCount() == 2
    assert [table.verticalHeaderItem(r).text() for r in range(2)] == ["1.", "2."]
    assert table.item(0, 0).text() == "(f2 hia off) Ce4"
    assert not table.item(0, 0).font().italic()
    assert table.item(0, 1).text() == "PMa9"
    assert table.item(1, 0).text() == "(g2 hia off) PMa4"
    assert "after switching f2 hia off" in table.item(0, 0).toolTip()
    # Clicking the cell shows the position after its move; going back to the switch alone
    # keeps that cell current.
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=table.cell_centre(2))
    assert c.ply == 2
    c.go_to(1)
    assert table.currentRow() == 0 and table.currentColumn() == 0
    assert table.item(0, 0).foreground().color() != table.item(0, 1).foreground().color()


def test_game_starting_with_black_to_move_is_numbered_from_black():
    line = [_info("black", 7, "e7e5"), _info("white", 8, "g1f3")]
    assert arrange(line) == [(7, [None, [0]]), (8, [[1], None])]


def test_actions_go_through_the_game_record_and_come_back_in_their_cell(window, qtbot):
    """The record keeps a switch as a PGN comment command (so other readers keep it as a comment);
    reading the record back puts the switch in the same cell, with the same numbering."""
    c = window.controller
    c.new_game("friendly")
    for text in ("f2/hia-off", "d1e4", "a10a9"):
        assert c.play_text(text)
    record = c.record_text()
    assert "{[%action f2/hia-off]}" in record
    c.new_game("chess")
    with qtbot.waitSignal(c.loaded, timeout=60_000):
        c.load_text(record, "a record")
    assert [str(m) for m in c.game.history] == ["f2/hia-off", "d1e4", "a10a9"]
    table = window.move_list
    assert table.rowCount() == 1
    assert table.item(0, 0).text() == "(f2 hia off) Ce4"
    assert table.item(0, 1).text() == "PMa9"
