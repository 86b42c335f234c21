"""Moving with the mouse on the real board widget: drag, click-click, refusals, the chooser."""

from __future__ import annotations

from mouse import click, drag, press, release
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

import rules
from fairygui.board.overlays import TargetLayer


def test_drag_plays_a_legal_chess_move(window, qtbot):
    board = window.board
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(board, "e2", "e4")
    game = window.controller.game
    assert [str(m) for m in game.history] == ["e2e4"]
    assert board.snapshot.pieces["e4"].kind == "pawn"
    assert "e2" not in board.snapshot.pieces
    assert board.snapshot.last_move == ("e2", "e4")
    assert window.move_list.item(0, 0).text() == "e4"
    assert window.turn_label.text() == "Black to move"


def test_click_click_plays_a_move(window, qtbot):
    board = window.board
    click(board, "g1")
    assert board.selected == "g1"
    assert set(board.target_layer.marks) == {"f3", "h3"}
    with qtbot.waitSignal(window.controller.positionChanged):
        click(board, "f3")
    assert [str(m) for m in window.controller.game.history] == ["g1f3"]
    assert board.selected is None
    assert window.move_list.item(0, 0).text() == "Nf3"


def test_picking_up_highlights_targets_by_kind(window):
    window.controller.set_position_text("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    board = window.board
    press(board, "e4")
    marks = board.target_layer.marks
    assert marks["e5"].styles == {"move"}
    assert marks["d5"].styles == {"capture"}
    release(board, "e4")
    assert board.selected == "e4"  # still held for a click-click move


def test_second_click_on_the_piece_puts_it_down(window):
    board = window.board
    click(board, "b1")
    assert board.selected == "b1"
    click(board, "b1")
    assert board.selected is None
    assert board.target_layer.marks == {}


def test_illegal_drop_changes_nothing_and_says_why(window, qtbot):
    board = window.board
    before = window.controller.game.fen()
    drag(board, "e2", "e5")
    game = window.controller.game
    assert game.fen() == before
    assert game.history == []
    assert board.snapshot.pieces["e2"].kind == "pawn"  # snapped back
    assert board.selected is None
    reason = game.why_illegal("e2e5")
    assert reason  # the rules package's own words
    assert reason.lower().rstrip(".") in window.status_text().lower()


def test_illegal_second_click_says_why(window):
    board = window.board
    click(board, "b1")
    click(board, "b3")
    assert window.controller.game.history == []
    assert window.controller.game.why_illegal("b1b3").lower() in window.status_text().lower()


def test_drop_leaving_the_king_in_check_gives_the_rules_reason(window):
    window.controller.set_position_text("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1")
    drag(window.board, "e2", "d3")
    assert window.controller.game.history == []
    assert "attacked" in window.status_text()


def test_opponents_piece_cannot_be_picked_up(window):
    board = window.board
    press(board, "e7")
    release(board, "e7")
    assert board.selected is None
    assert "not yours" in window.status_text()


def test_promotion_chooser_appears_at_the_drop_square(window, qtbot):
    window.controller.set_position_text("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    board = window.board
    drag(board, "b7", "b8")
    chooser = board.chooser
    assert chooser.is_open()
    assert window.controller.game.history == []
    assert sorted(m.promotion for m in chooser.moves) == ["bishop", "knight", "queen", "rook"]
    labels = [b.text() for b in chooser.buttons]
    assert "Promote to Knight" in labels
    # The chooser sits over the board next to the drop square.
    square = board.square_rect("b8").toAlignedRect()
    assert chooser.geometry().intersects(square.adjusted(-2, -2, 2, 2))
    knight = chooser.buttons[labels.index("Promote to Knight")]
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.mouseClick(knight, Qt.MouseButton.LeftButton)
    assert str(window.controller.game.history[-1]) == "b7b8=knight"
    assert window.controller.game.piece_at("b8").kind == "knight"
    assert not chooser.is_open()


def test_cancelled_chooser_plays_nothing(window):
    window.controller.set_position_text("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    board = window.board
    click(board, "b7")
    click(board, "b8")
    assert board.chooser.is_open()
    QTest.keyClick(board.chooser.buttons[0], Qt.Key.Key_Escape)
    assert not board.chooser.is_open()
    assert window.controller.game.history == []
    assert board.selected is None


def test_flipped_board_maps_clicks_to_the_right_squares(window, qtbot):
    window.flip_action.trigger()
    board = window.board
    assert board.flipped
    assert board.square_centre("e2").y() < board.square_centre("e7").y()
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(board, "d2", "d4")
    assert str(window.controller.game.history[-1]) == "d2d4"


def test_check_is_shown_on_the_board_and_in_the_status_bar(window):
    for text in ("e2e4", "f7f6", "d2d4", "g7g5"):
        window.controller.play_text(text)
    drag(window.board, "d1", "h5")
    assert window.controller.game.result is not None
    assert window.board.snapshot.checks == ("e8",)
    assert "White wins" in window.turn_label.text()
    assert window.board.snapshot.result is not None
    assert window.move_list.item(2, 0).text().endswith("#")


def test_captured_pieces_appear_in_the_pools(window):
    for text in ("e2e4", "d7d5"):
        window.controller.play_text(text)
    drag(window.board, "e4", "d5")
    assert [g.kind for g in window.pools.rows["black"].entries[0][:1]] == ["pawn"]
    assert window.pools.rows["white"].entries == []


def test_every_target_marker_belongs_to_a_legal_move(window):
    game = window.controller.game
    legal = {(m.origin, m.destination) for m in game.legal_moves()}
    for origin in {m.origin for m in game.legal_moves()}:
        click(window.board, origin)
        marks = window.board.target_layer.marks
        assert {(origin, t) for t in marks} == {(o, d) for o, d in legal if o == origin}
        click(window.board, origin)


def test_a_new_overlay_layer_can_be_added_without_touching_the_board(window):
    painted: list[str] = []

    class Probe(TargetLayer):
        name = "probe"
        z = 20

        def paint(self, ctx):
            painted.append(ctx.snapshot.to_move)

    window.board.overlays.add(Probe())
    window.board.repaint()
    assert painted == ["white"]
    assert "probe" in window.board.overlays.names()


def test_board_input_is_ignored_while_a_game_is_being_read(window):
    window.controller._set_busy(True)
    try:
        drag(window.board, "e2", "e4")
        assert window.controller.game.history == []
    finally:
        window.controller._set_busy(False)
    assert rules.new_game("chess").fen() == window.controller.game.fen()
