"""Wording fixes of issue 51: the place on view counted in moves, not plies; a click that
focuses an enemy Friend is not refused; a press while the computer thinks says why nothing
happens."""

from __future__ import annotations

from mouse import click

import rules

from .test_computer import LONG, move_and_wait_for_search, versus


def test_viewing_an_earlier_position_counts_moves_not_plies(make_window):
    """Issue 51: "3 of 75 moves" counted half-moves. Five plies are three moves."""
    window = make_window(None)
    game = rules.new_game("chess")
    for move in ("e2e4", "e7e5", "g1f3", "b8c6", "f1b5"):
        game.play(move)
    window.controller.set_game(game)
    window.controller.go_to(3)
    assert window.status_text().startswith("Viewing the position after 2. Nf3, in a game of 3 moves;")
    window.controller.go_to(2)
    assert window.status_text().startswith("Viewing the position after 1... e5, in a game of 3 moves;")


def test_clicking_an_enemy_friend_focuses_it_without_a_refusal(make_window):
    """Friend focus (docs/app.md) works on either side's Friends; the click is no attempt to
    move Black's Friend on White's turn, so the status bar does not say "not yours to move"."""
    window = make_window("friendly")
    window.show_message("")
    click(window.board, "f12")  # a black Friend; White to move
    assert window.powers.pinned == "f12"
    assert "not yours to move" not in window.status_text()
    click(window.board, "c10")  # a black pawn is still refused in the rules' words
    assert "not yours to move" in window.status_text()


def test_a_press_while_the_computer_thinks_says_so(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "strongest", seconds=LONG)
    move_and_wait_for_search(window, qtbot, "e2", "e4")
    click(window.board, "d2")
    assert window.status_text().startswith("The computer is thinking for Black: wait for its move")
    with qtbot.waitSignal(opponent.answerDropped, timeout=5000):
        window.computer.take_back_action.trigger()
