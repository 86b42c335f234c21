"""Saving, opening, pasting and exporting; bad files get a dialog and never cost the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

import rules

MOVES = ("e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f3d4", "g8f6")


def play(window, moves=MOVES):
    for text in moves:
        assert window.controller.play_text(text)


def open_and_wait(window, qtbot, path):
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        assert window.open_file(str(path))


def open_expecting_error(window, qtbot, path):
    with qtbot.waitSignal(window.controller.loadFailed, timeout=10000):
        assert window.open_file(str(path))
    box = window.last_error
    assert isinstance(box, QMessageBox) and box.isVisible()
    return box.text()


def test_save_then_open_gives_the_same_game(window, qtbot, tmp_path, monkeypatch):
    play(window)
    target = tmp_path / "sicilian.pgn"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    window.save_action.trigger()
    assert target.is_file()
    saved_fen = window.controller.game.fen()
    saved_moves = [str(m) for m in window.controller.game.history]

    window.controller.new_game("chess")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(target), ""))
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        window.open_action.trigger()
    game = window.controller.game
    assert game.fen() == saved_fen
    assert [str(m) for m in game.history] == saved_moves
    assert window.move_list.item(3, 1).text() == "Nf6"
    assert window.workspace.path == str(target.resolve())
    assert window.settings.recent_files()[0] == str(target.resolve())
    assert target.name in window.windowTitle()


def test_save_keeps_options_and_variant(make_window, qtbot, tmp_path):
    window = make_window("chess")
    window.controller.new_game("chess", {"fifty_move_rule": False})
    play(window, ("e2e4",))
    path = tmp_path / "g.pgn"
    assert window.save_to(str(path))
    assert rules.load_game(path.read_text()).options["fifty_move_rule"] is False


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('[Variant "chess"]\n\n1. e2e4 e7e5 2. e1e3 *\n', "line 3"),
        ('[Variant "chess"]\n[Event "cut off\n', "line 2"),
        ('[Variant "no-such-variant"]\n\n1. e2e4 *\n', "no-such-variant"),
        ("1. e4 e5 2. Ke3 *\n", "Ke3"),
        ('[Variant "chess"]\n\n1. e2e4 {a comment that never clo', "line 3"),
    ],
    ids=["illegal-move", "truncated-tag", "unknown-variant", "no-tags", "truncated-comment"],
)
def test_a_corrupt_file_gets_a_dialog_and_the_game_stays(window, qtbot, tmp_path, content, expected):
    play(window)
    before = window.controller.game.fen()
    before_line = list(window.controller.line)
    path = tmp_path / "bad.pgn"
    path.write_text(content, encoding="utf-8")
    text = open_expecting_error(window, qtbot, path) + window.last_error.informativeText()
    assert expected in text
    assert "bad.pgn" in text
    assert window.controller.game.fen() == before
    assert window.controller.line == before_line
    assert window.board.interactive
    assert window.controller.play_text("f1e2")  # the game goes on


def test_a_binary_file_gets_a_dialog(window, qtbot, tmp_path):
    path = tmp_path / "image.pgn"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    with qtbot.waitSignal(window.lister.failed, timeout=20000):
        assert window.open_file(str(path))
    assert "binary data" in window.last_error.text()
    assert window.controller.game.history == []


def test_a_missing_file_gets_a_dialog(window, tmp_path):
    assert not window.open_file(str(tmp_path / "gone.pgn"))
    assert "gone.pgn" in window.last_error.text()


def test_a_failed_save_leaves_the_old_file_and_says_why(window, tmp_path):
    play(window, ("e2e4",))
    path = tmp_path / "missing-folder" / "g.pgn"
    assert not window.save_to(str(path))
    assert "missing-folder" in window.last_error.text()
    assert window.controller.game.ply == 1


def test_copy_and_paste_the_position_text(window):
    play(window, ("e2e4", "e7e5"))
    window.copy_action.trigger()
    fen = QApplication.clipboard().text()
    assert fen == window.controller.game.fen()
    window.controller.new_game("chess")
    assert window.paste()
    assert window.controller.game.fen() == fen


def test_pasting_bad_position_text_names_the_fault_and_keeps_the_game(window):
    play(window, ("e2e4",))
    before = window.controller.game.fen()
    assert not window.paste("rnbqkbnr/pppppppp/8/8/8 w - - 0 1")
    assert "ranks" in window.last_error.text()
    assert window.controller.game.fen() == before


def test_pasting_a_game_record_loads_it(window, qtbot):
    game = rules.new_game("chess")
    game.play("d2d4")
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        window.paste(rules.game_record(game))
    assert [str(m) for m in window.controller.game.history] == ["d2d4"]


@pytest.mark.parametrize("suffix", [".png", ".svg"])
def test_export_the_board_as_a_picture(window, tmp_path, suffix):
    play(window, ("e2e4",))
    path = tmp_path / f"board{suffix}"
    assert window.export_picture(str(path))
    assert path.stat().st_size > 1000
    if suffix == ".png":
        assert QImage(str(path)).width() == window.settings.export_width()
    else:
        assert path.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_export_to_an_unknown_format_says_so(window, tmp_path):
    assert not window.export_picture(str(tmp_path / "board.xyz"))
    assert ".png or .svg" in window.last_error.text()


def test_recent_files_menu_reopens_a_game(window, qtbot, tmp_path):
    play(window, ("e2e4",))
    path = tmp_path / "one.pgn"
    assert window.save_to(str(path))
    window.controller.new_game("chess")
    actions = [a for a in window.recent_menu.actions() if a.text() == "one.pgn"]
    assert actions
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        actions[0].trigger()
    assert [str(m) for m in window.controller.game.history] == ["e2e4"]


def test_saved_file_is_plain_pgn_text(window, tmp_path):
    play(window, ("e2e4", "e7e5"))
    path = tmp_path / "plain.pgn"
    window.save_to(str(path))
    text = Path(path).read_text(encoding="utf-8")
    assert "[Variant" not in text  # standard PGN: chess has no Variant tag
    assert "1. e4 e5 *" in text
