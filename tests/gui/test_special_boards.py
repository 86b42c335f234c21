"""Boards beyond 8x8: the Pocket beside the board, Ferries and water, and the app's
command line starting the window."""

from __future__ import annotations

from mouse import drag
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

import rules
from fairygui.app import main


def test_moves_into_and_out_of_the_pocket(make_window, qtbot):
    window = make_window("pocket43")
    board = window.board
    pocket = board.square_rect("pocket")
    assert pocket.left() > board.square_rect("g1").right()
    assert board.index.marks("b1")["pocket"].styles == {"pocket"}
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(board, "b1", "pocket")
    assert board.snapshot.pieces["pocket"].color == "white"
    assert "b1" not in board.snapshot.pieces
    window.controller.play_text("b5b4")
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(board, "pocket", "b3")
    assert str(window.controller.game.history[-1]) == "pocketb3"
    assert "pocket" not in board.snapshot.pieces


def ferry_position(window):
    for text in ("c3c4", "c8c7", "c4c5", "c7c6"):
        assert window.controller.play_text(text)


def test_ferries_are_drawn_and_a_drop_sends_one(make_window, qtbot):
    window = make_window("flight-and-ferry")
    board = window.board
    assert board.snapshot.shape.water_after == (5,)
    ferry_position(window)
    assert set(board.snapshot.decorations) == {"c5", "f5"}
    with qtbot.waitSignal(window.controller.positionChanged):
        drag(board, "c5", "e5")  # only "send the Ferry to e5" ends there
    assert str(window.controller.game.history[-1]) == "c5/e5"
    assert set(board.snapshot.decorations) == {"e5", "f5"}
    assert board.snapshot.pieces["c5"].kind == "pawn"


def test_carry_or_send_the_ferry_is_a_choice(make_window, qtbot):
    window = make_window("flight-and-ferry")
    ferry_position(window)
    board = window.board
    drag(board, "c5", "b5")
    chooser = board.chooser
    assert chooser.is_open()
    labels = {m.kind: b.text() for m, b in zip(chooser.moves, chooser.buttons, strict=True)}
    assert labels == {"ferry-carry": "Carry the Ferry", "ferry-send": "Send the Ferry to b5"}
    carry = chooser.buttons[list(labels).index("ferry-carry")]
    with qtbot.waitSignal(window.controller.positionChanged):
        QTest.mouseClick(carry, Qt.MouseButton.LeftButton)
    assert board.snapshot.pieces["b5"].kind == "pawn"
    assert "b5" in board.snapshot.decorations and "c5" not in board.snapshot.decorations


def _windows() -> list[QWidget]:
    return [w for w in QApplication.topLevelWidgets() if w.objectName() == "mainWindow" and w.isVisible()]


def test_the_command_opens_the_window_with_a_new_game(qapp, monkeypatch, private_settings):
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    before = set(_windows())
    assert main(["--variant", "pocket43", "--settings", str(private_settings)]) == 0
    opened = [w for w in _windows() if w not in before]
    assert len(opened) == 1
    assert opened[0].controller.game.variant == "pocket43"
    opened[0].close()


def test_the_command_opens_a_saved_game(qapp, monkeypatch, private_settings, tmp_path):
    game = rules.new_game("chess")
    game.play("e2e4")
    path = tmp_path / "one.pgn"
    path.write_text(rules.game_record(game), encoding="utf-8")
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    before = set(_windows())
    assert main([str(path), "--settings", str(private_settings)]) == 0
    (window,) = [w for w in _windows() if w not in before]
    assert [str(m) for m in window.controller.game.history] == ["e2e4"]
    assert window.workspace.path == str(path.resolve())
    window.close()


def test_the_command_reports_a_bad_game_in_a_dialog(qapp, monkeypatch, private_settings, tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text('[Variant "chess"]\n\n1. e2e5 *\n', encoding="utf-8")
    monkeypatch.setattr(QApplication, "exec", lambda *a: 0)
    before = set(_windows())
    assert main([str(path), "--settings", str(private_settings)]) == 0
    (window,) = [w for w in _windows() if w not in before]
    assert "line 3" in window.last_error.text()
    assert window.controller.game.history == []
    window.close()


def test_render_a_saved_game(tmp_path):
    game = rules.new_game("chess")
    for text in ("e2e4", "e7e5"):
        game.play(text)
    path = tmp_path / "g.pgn"
    path.write_text(rules.game_record(game), encoding="utf-8")
    out = tmp_path / "g.png"
    assert main(["--render", str(out), str(path), "--size", "200"]) == 0
    assert out.stat().st_size > 1000


def test_the_command_without_a_display_explains_instead_of_aborting(monkeypatch, capsys):
    monkeypatch.setattr("sys.platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(name, raising=False)
    assert main(["--variant", "chess"]) == 2
    assert "--render" in capsys.readouterr().err


def test_unexpected_errors_are_shown_in_the_window(monkeypatch):
    import sys

    from fairygui.app import report_unexpected_errors

    printed: list[type] = []
    monkeypatch.setattr(sys, "excepthook", lambda kind, value, trace: printed.append(kind))
    shown: list[str] = []
    report_unexpected_errors(shown.append)
    sys.excepthook(ValueError, ValueError("bad thing"), None)
    assert printed == [ValueError]
    assert shown == ["Internal error (ValueError: bad thing); the game is kept."]
