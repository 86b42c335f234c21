"""The app says why a Chicken may retreat (Friendly ruling 10), in the powers panel and on hover,
in the rules package's words: "attacked by the Chicken Pawn on e4, itself attacked by the Mtawala
on a4"."""

from __future__ import annotations

from mouse import send_mouse
from PySide6.QtCore import QEvent, Qt

import rules

# The white Mtawala on a4 attacks the black Chicken on e4, whose retreat up the e-file captures on
# e6: the white Chicken there is under attack through that retreat.
PLACEMENT = {"e6": "white chicken-pawn", "e4": "black chicken-pawn", "a4": "white mtawala",
             "k1": "white friend", "l1": "white friend", "a12": "black friend", "l12": "black friend"}
CHAIN = "attacked by the Chicken Pawn on e4, itself attacked by the Mtawala on a4"


def test_powers_panel_and_hover_say_why_each_chicken_may_retreat(make_window):
    window = make_window(None)
    window.controller.set_game(rules.new_game("friendly", placement=PLACEMENT, to_move="white"))
    lines = window.powers.panel.lines()
    assert f"White Chicken Pawn e6 may retreat: {CHAIN}" in lines
    assert "Black Chicken Pawn e4 may retreat: attacked by the Mtawala on a4" in lines
    board = window.board
    send_mouse(board, QEvent.Type.MouseMove, board.square_centre("e6"), Qt.MouseButton.NoButton,
               Qt.MouseButton.NoButton)
    assert f"may retreat: {CHAIN}" in window.statusBar().currentMessage()


def test_no_retreat_line_where_no_chicken_is_under_attack(make_window):
    window = make_window("friendly")
    assert not any("may retreat" in line for line in window.powers.panel.lines())
