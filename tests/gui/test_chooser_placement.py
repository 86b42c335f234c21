"""The chooser never covers the squares it is about (issue 51: the Ghost's locust chooser
covered its victim; the Friendly promotion chooser covered half the board)."""

from __future__ import annotations

from mouse import click
from PySide6.QtCore import QRect
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QWidget

import rules
from fairygui.board.chooser import MoveChooser


def test_the_locust_chooser_leaves_the_victim_and_the_drop_square_in_sight(make_window):
    """The Ghost on e4 may jump over the Knight on e5 to e6 (locust) or leap to e6: the
    chooser opens beside e6 and covers neither e6 nor the victim e5 right below it."""
    window = make_window(None)
    game = rules.new_game("friendly", placement={"a1": "white friend", "l12": "black friend", "h2": "white pawn",
                                                 "e4": "white ghost", "e5": "black knight"})
    window.controller.set_game(game)
    board = window.board
    click(board, "e4")
    assert board.target_layer.marks["e6"].victims == {"e5"}
    click(board, "e6")
    chooser = board.chooser
    assert chooser.is_open() and len(chooser.moves) == 2
    shown = chooser.geometry()
    for square in ("e6", "e5"):
        assert not shown.intersects(board.square_rect(square).toAlignedRect()), square
    assert board.rect().contains(shown)


def test_a_long_chooser_spreads_into_columns_beside_the_square(qtbot):
    """Fourteen choices on a 640-pixel board: the chooser is at most about two fifths of the
    board high, inside it, and off the drop square, wherever the square is."""
    board = QWidget()
    qtbot.addWidget(board)
    board.resize(640, 640)
    board.show()
    chooser = MoveChooser(board)
    moves = rules.new_game("chess").legal_moves()[:14]
    options = [(m, f"Promote to piece number {i}", QIcon()) for i, m in enumerate(moves)]
    for square in (QRect(280, 280, 53, 53), QRect(0, 0, 53, 53), QRect(587, 587, 53, 53), QRect(0, 300, 53, 53)):
        chooser.open_at(square, options, 32)
        shown = chooser.geometry()
        assert board.rect().contains(shown), square
        assert not shown.intersects(square), square
        assert shown.height() <= 640 * 0.45, square
        chooser.cancel()
