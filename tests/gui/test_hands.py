"""Hands in the app (variants with drops): the pools panel shows each side's hand, and a
piece is dropped by dragging it from the hand onto the board, or by click-click."""

from __future__ import annotations

from mouse import click, send_mouse
from PySide6.QtCore import QEvent, QPoint, Qt

from fairygui.pools import PoolRow

LEFT = Qt.MouseButton.LeftButton
HAND_FEN = "4k3/8/8/8/8/8/8/4K3[NPp] w - - 0 1"


def crazyhouse(make_window, fen: str = HAND_FEN):  # type: ignore[no-untyped-def]
    window = make_window("crazyhouse")
    window.controller.set_position_text(fen)
    return window


def entry_point(row: PoolRow, kind: str) -> QPoint:
    rect = next(r for r, glyph, _ in row.entry_rects() if glyph.kind == kind)
    return rect.center().toPoint()


def on_board(window, row: PoolRow, square: str) -> QPoint:
    """A point in ``row``'s coordinates that lies over ``square`` of the board."""
    return row.mapFromGlobal(window.board.mapToGlobal(window.board.square_centre(square)))


def test_the_hands_are_shown_with_their_pieces(make_window) -> None:  # type: ignore[no-untyped-def]
    window = crazyhouse(make_window)
    assert window.pools.headings["white"].text() == "White's hand:"
    assert sorted(g.kind for g, _ in window.pools.rows["white"].entries) == ["knight", "pawn"]
    assert [g.kind for g, _ in window.pools.rows["black"].entries] == ["pawn"]
    # Chess keeps its captured-pieces headings, and nothing there can be picked up.
    window.controller.new_game("chess")
    assert window.pools.headings["white"].text() == "White pieces captured:"
    assert not window.pools.rows["white"].pickable


def test_a_piece_is_dropped_by_dragging_it_from_the_hand(make_window) -> None:  # type: ignore[no-untyped-def]
    window = crazyhouse(make_window)
    row = window.pools.rows["white"]
    send_mouse(row, QEvent.Type.MouseButtonPress, entry_point(row, "knight"), LEFT, LEFT)
    assert "e4" in window.board.target_layer.marks  # the knight's drop squares are shown
    for square in ("a8", "c6", "e4"):
        send_mouse(row, QEvent.Type.MouseMove, on_board(window, row, square), Qt.MouseButton.NoButton, LEFT)
    assert window.board.drag_layer.glyph is not None and window.board.drag_layer.glyph.kind == "knight"
    send_mouse(row, QEvent.Type.MouseButtonRelease, on_board(window, row, "e4"), LEFT, Qt.MouseButton.NoButton)
    game = window.controller.game
    assert game.board()["e4"] == "white knight"
    assert game.pools()[0] == ["white pawn"]
    assert [g.kind for g, _ in row.entries] == ["pawn"]
    assert window.board.drag_layer.glyph is None


def test_a_piece_is_dropped_by_clicking_it_then_a_square(make_window) -> None:  # type: ignore[no-untyped-def]
    window = crazyhouse(make_window)
    row = window.pools.rows["white"]
    point = entry_point(row, "pawn")
    send_mouse(row, QEvent.Type.MouseButtonPress, point, LEFT, LEFT)
    send_mouse(row, QEvent.Type.MouseButtonRelease, point, LEFT, Qt.MouseButton.NoButton)
    click(window.board, "d5")
    assert window.controller.game.board()["d5"] == "white pawn"


def test_a_drop_the_rules_refuse_is_explained(make_window) -> None:  # type: ignore[no-untyped-def]
    window = crazyhouse(make_window)
    row = window.pools.rows["white"]
    send_mouse(row, QEvent.Type.MouseButtonPress, entry_point(row, "pawn"), LEFT, LEFT)
    send_mouse(row, QEvent.Type.MouseMove, on_board(window, row, "a8"), Qt.MouseButton.NoButton, LEFT)
    send_mouse(row, QEvent.Type.MouseButtonRelease, on_board(window, row, "a8"), LEFT, Qt.MouseButton.NoButton)
    assert "a8" not in window.controller.game.board()
    assert "may not be dropped on rank 8" in window.message_label.text()


def test_the_opponents_hand_cannot_be_picked_up(make_window) -> None:  # type: ignore[no-untyped-def]
    window = crazyhouse(make_window)
    row = window.pools.rows["black"]
    send_mouse(row, QEvent.Type.MouseButtonPress, entry_point(row, "pawn"), LEFT, LEFT)
    assert window.board.selected is None and not window.board.target_layer.marks
