"""Undo against the computer gives the player their own last move back with the computer's
reply (as Take back does), so it is their turn and the computer does not move again."""

from __future__ import annotations

from mouse import drag
from PySide6.QtWidgets import QApplication

from .test_computer import LONG, move_and_wait_for_search, versus


def computer_idle(window) -> bool:
    opponent = window.computer.opponent
    return opponent.task is None and not opponent.thinking


def test_undo_gives_back_the_players_move_and_the_reply(window, qtbot):
    versus(window, "black", "beginner")
    c = window.controller
    with qtbot.waitSignal(c.movePlayed, timeout=5000):
        drag(window.board, "e2", "e4")
    qtbot.waitUntil(lambda: c.ply == 2 and computer_idle(window), timeout=5000)
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()
    assert c.ply == 0 and c.game.to_move == "white"
    assert window.board.snapshot.pieces["e2"].kind == "pawn" and "e4" not in window.board.snapshot.pieces
    QApplication.processEvents()  # a search that was due would start now
    assert computer_idle(window) and c.ply == 0
    assert window.board.interactive
    assert window.redo_action.isEnabled()  # both moves stay in the line


def test_undo_while_the_computer_thinks_takes_back_the_players_move(window, qtbot):
    versus(window, "black", "strongest", seconds=LONG)
    c = window.controller
    move_and_wait_for_search(window, qtbot, "d2", "d4")
    with qtbot.waitSignal(window.computer.opponent.answerDropped, timeout=5000):
        window.undo_action.trigger()
        assert c.ply == 0 and c.game.to_move == "white"
    QApplication.processEvents()
    assert computer_idle(window) and c.game.history == []


def test_undo_when_the_computer_plays_white_leaves_black_to_move(window, qtbot):
    c = window.controller
    with qtbot.waitSignal(c.movePlayed, timeout=5000):
        versus(window, "white", "beginner")
    qtbot.waitUntil(lambda: c.ply == 1 and computer_idle(window), timeout=5000)
    black_move = next(m for m in c.game.legal_moves() if m.origin == "g8")
    with qtbot.waitSignal(c.movePlayed, timeout=5000):
        assert c.play(black_move)
    qtbot.waitUntil(lambda: c.ply == 3 and computer_idle(window), timeout=5000)
    window.undo_action.trigger()
    assert c.ply == 1 and c.game.to_move == "black"
    QApplication.processEvents()
    assert computer_idle(window) and c.ply == 1


def test_undo_between_two_players_takes_back_one_move(window):
    c = window.controller
    assert c.play_text("e2e4") and c.play_text("e7e5")
    window.undo_action.trigger()
    assert c.ply == 1 and c.game.to_move == "black"
