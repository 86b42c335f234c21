"""The app shows the rules' reasons: a refused mouse move puts
the whole reason in the status bar, and the piece panel shows the piece's whole notation."""

from __future__ import annotations

from mouse import click, drag
from PySide6.QtWidgets import QDockWidget

from .test_overlays import FREEZE, hover, show


def test_refused_knight_move_says_where_it_can_go(window):
    """b1-b3 is no Knight leap; the status bar says what a Knight does and where it can go."""
    click(window.board, "b1")
    click(window.board, "b3")
    assert window.controller.game.history == []
    assert "a Knight leaps (1,2); from b1 it can go to a3, c3" in window.status_text()


def test_refused_blocked_bishop_names_the_blocker(window):
    drag(window.board, "c1", "a3")
    assert window.controller.game.history == []
    assert "blocked by your Pawn on b2" in window.status_text()


def test_piece_panel_shows_the_archers_rifle_in_its_notation(make_window):
    window = make_window(None)
    show(window, "friendly", FREEZE)
    for dock in window.findChildren(QDockWidget):
        if dock.windowTitle() == "Piece":
            dock.show()
            dock.raise_()
    hover(window.board, "k2")
    text = window.powers.piece_panel.betza.text()
    assert "rifle cabN" in text and "F2" in text
