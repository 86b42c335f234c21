"""Free exploration: pieces move anywhere on the main board while the side to move stays, the
board's position is a real rules game, and the game in progress comes back afterwards."""

from __future__ import annotations

from mouse import drag, send_mouse
from PySide6.QtCore import QEvent, Qt

from fairygui.journal import read_journal

from .test_editor import drag_off_board, open_editor


def start_exploring(window, qtbot, moves=("e2e4", "e7e5")):
    for text in moves:
        assert window.controller.play_text(text)
    editor = open_editor(window, qtbot)
    editor.explore_button.click()
    assert editor.explorer is not None and editor.explorer.active
    assert not editor.isVisible()
    return editor, editor.explorer


def test_exploration_moves_any_piece_without_changing_whose_turn_it_is(window, qtbot):
    editor, explorer = start_exploring(window, qtbot)
    game = window.controller.game
    assert game.to_move == "white" and game.history == []
    drag(window.board, "d8", "d3")  # Black's Queen while White is to move
    game = window.controller.game
    assert game.piece_at("d3").kind == "queen" and game.piece_at("d3").color == 1
    assert game.to_move == "white"
    drag(window.board, "d3", "e2")  # and again, now next to the King: it gives check
    game = window.controller.game
    assert game.to_move == "white" and game.in_check()
    assert window.board.snapshot.checks == ("e1",)
    assert "Check!" in window.check_label.text()
    # The board shows the rules' legal moves for this real position: the King must answer.
    assert set(window.board.index.by_origin) <= {"e1", "f1", "g1", "d1"}
    assert "White stays to move" in window.status_text()


def test_exploration_removes_a_piece_dragged_off_and_undoes(window, qtbot):
    editor, explorer = start_exploring(window, qtbot)
    before = window.controller.game.fen()
    drag_off_board(window.board, "a8")
    assert window.controller.game.piece_at("a8") is None
    explorer.undo_action.trigger()
    assert window.controller.game.fen() == before


def test_leaving_exploration_brings_back_the_game_in_progress(window, qtbot):
    editor, explorer = start_exploring(window, qtbot)
    line = list(explorer.aside.line)
    assert len(line) == 2
    drag(window.board, "g1", "g5")
    explorer.leave()
    game = window.controller.game
    assert [str(m) for m in game.history] == ["e2e4", "e7e5"]
    assert window.controller.line == line
    assert explorer.bar is None and not explorer.active
    assert window.controller.play_text("g1f3")  # the game goes on


def test_edit_this_position_hands_it_back_to_the_editor(window, qtbot):
    editor, explorer = start_exploring(window, qtbot)
    drag(window.board, "b1", "d5")
    explored = window.controller.game.fen()
    explorer.leave(edit=True)
    assert editor.isVisible()
    assert editor.draft.text() == explored
    assert [str(m) for m in window.controller.game.history] == ["e2e4", "e7e5"]


def test_a_square_the_rules_refuse_keeps_the_position(window, qtbot):
    window.controller.new_game("flight-and-ferry")
    editor = open_editor(window, qtbot)
    editor.explore_button.click()
    before = window.controller.game.fen()
    drag(window.board, "c10", "c5")  # a dragon may never stand on a Ferry
    assert window.controller.game.fen() == before
    assert "cannot stand on a Ferry" in window.status_text()


def test_closing_while_exploring_keeps_the_real_game_for_next_time(window, qtbot):
    editor, explorer = start_exploring(window, qtbot)
    drag(window.board, "d8", "d3")
    window.close()
    entry = read_journal(window.session.game_journal.path).entries[-1]
    assert entry["moves"] == ["e2e4", "e7e5"]
    assert entry["explore"] is None


def test_a_new_game_while_exploring_ends_exploration(window, qtbot):
    editor, explorer = start_exploring(window, qtbot)
    window.controller.new_game("chess")
    assert not explorer.active
    assert explorer.bar is None
    drag(window.board, "e2", "e4")  # ordinary play again
    assert [str(m) for m in window.controller.game.history] == ["e2e4"]


def test_hover_view_and_overlays_follow_the_explored_position(window, qtbot):
    window.controller.new_game("friendly")
    editor = open_editor(window, qtbot)
    editor.explore_button.click()
    editor.explorer.move("l2", "e9")  # the white Jellyfish next to Black's pawns
    game = window.controller.game
    assert game.explain()  # the explanations come from a real rules game
    board = window.board
    point = board.square_centre("e9")
    send_mouse(board, QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton, Qt.MouseButton.NoButton)
    hover = window.powers.hover
    assert hover.square == "e9"
    legal = {m.destination for m in game.legal_moves() if m.origin == "e9"}
    assert legal and set(hover.marks) == legal


def test_a_position_the_rules_cannot_read_is_not_explored(window, qtbot):
    window.controller.new_game("pocket43")
    before = window.controller.game.fen()
    editor = open_editor(window, qtbot)
    drag(editor.board, "d1", "pocket")  # a King in the Pocket: the rules refuse to read it
    editor.explore_button.click()
    assert not editor.explorer.active
    assert "cannot be in the Pocket" in editor.files.last_error.text()
    assert window.controller.game.fen() == before
