"""Friendly-specific mouse play: Hangman withdrawal chooser, rifle shots, locust jumps, Hia
switches from the context menu and the rules' reason for a frozen piece."""

from __future__ import annotations

from mouse import click, drag
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

import rules

KINGS = {"a1": "white friend", "l12": "black friend", "h2": "white pawn"}


def setup(window, placement):
    game = rules.new_game("friendly", placement={**KINGS, **placement})
    window.controller.set_game(game)
    return game


def test_drag_plays_a_legal_friendly_move(make_window, qtbot):
    window = make_window("friendly")
    board = window.board
    assert board.snapshot.shape.files == 12 and board.snapshot.shape.ranks == 12
    assert "b5" in board.index.targets("b3")
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(board, "b3", "b5")
    assert [str(m) for m in window.controller.game.history] == ["b3b5"]
    assert board.snapshot.pieces["b5"].kind == "pawn"


def test_hangman_step_with_optional_capture_opens_the_chooser(make_window, qtbot):
    window = make_window(None)
    setup(window, {"e4": "white hangman", "e5": "black pawn"})
    board = window.board
    drag(board, "e4", "e3")
    chooser = board.chooser
    assert chooser.is_open()
    kinds = sorted(m.kind for m in chooser.moves)
    assert kinds == ["normal", "withdrawal"]
    labels = {m.kind: b.text() for m, b in zip(chooser.moves, chooser.buttons, strict=True)}
    assert "capture on e5" in labels["withdrawal"]
    assert "no capture" in labels["normal"]
    button = chooser.buttons[[m.kind for m in chooser.moves].index("withdrawal")]
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    game = window.controller.game
    assert str(game.history[-1]) == "e4e3xe5"
    assert game.piece_at("e5") is None and game.piece_at("e3").kind == "hangman"
    assert board.snapshot.last_captures == ("e5",)


def test_hangman_plain_step_from_the_same_chooser(make_window, qtbot):
    window = make_window(None)
    setup(window, {"e4": "white hangman", "e5": "black pawn"})
    click(window.board, "e4")
    click(window.board, "e3")
    chooser = window.board.chooser
    button = chooser.buttons[[m.kind for m in chooser.moves].index("normal")]
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.controller.game.piece_at("e5").kind == "pawn"


def test_rifle_shot_by_clicking_the_target(make_window, qtbot):
    window = make_window(None)
    setup(window, {"h4": "white archer", "i6": "black knight"})
    board = window.board
    click(board, "h4")
    assert board.target_layer.marks["i6"].styles == {"rifle"}
    with qtbot.waitSignal(window.controller.positionChanged):
        click(board, "i6")
    game = window.controller.game
    assert str(game.history[-1]) == "h4xi6"
    assert game.piece_at("h4").kind == "archer" and game.piece_at("i6") is None


def test_locust_jump_marks_its_victim(make_window, qtbot):
    window = make_window(None)
    setup(window, {"c4": "white ghost", "d5": "black knight"})
    board = window.board
    click(board, "c4")
    mark = board.target_layer.marks["e6"]
    # The Ghost may also leap to e6 without capturing: both marks, and a chooser on the drop.
    assert mark.styles == {"locust", "move"} and mark.victims == {"d5"}
    click(board, "e6")
    chooser = board.chooser
    labels = {m.kind: b.text() for m, b in zip(chooser.moves, chooser.buttons, strict=True)}
    assert "capture on d5" in labels["locust"]
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.mouseClick(chooser.buttons[list(labels).index("locust")], Qt.MouseButton.LeftButton)
    assert str(window.controller.game.history[-1]) == "c4e6xd5"
    assert window.controller.game.piece_at("d5") is None


def test_hia_switch_from_the_context_menu(make_window, qtbot):
    window = make_window(None)
    setup(window, {"f8": "white bodyguard"})
    board = window.board
    menu = board.build_context_menu("f8")
    entries = [a for a in menu.actions() if a.toolTip().endswith("/hia-off")]
    assert len(entries) == 1
    assert "Hia off" in entries[0].text()
    with qtbot.waitSignal(window.controller.positionChanged):
        entries[0].trigger()
    game = window.controller.game
    assert str(game.history[-1]) == "f8/hia-off"
    assert game.to_move == "white"  # a switch does not pass the turn
    cell = window.move_list.item(0, 0)
    assert cell.text() == "(f8 hia off)"
    assert cell.font().italic()
    assert window.turn_label.text() == "White to move"
    assert "hia-off" in board.snapshot.pieces["f8"].flags
    # The rules allow one flip per turn: the menu no longer offers one.
    assert not [a for a in board.build_context_menu("f8").actions() if "/hia" in a.toolTip()]


def test_frozen_piece_drop_shows_the_rules_reason(make_window):
    window = make_window(None)
    game = setup(window, {"e4": "white knight", "e5": "black jellyfish"})
    drag(window.board, "e4", "c3")
    assert window.controller.game.history == []
    assert game.why_illegal("e4c3") == "the Knight on e4 is frozen by the Jellyfish on e5"
    assert "frozen by the Jellyfish on e5" in window.status_text()
