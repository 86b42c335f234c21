"""Nothing is discarded without asking: Open, New game, Paste, a game of the chooser and closing
ask Save / Discard / Cancel when the game has unsaved changes; Cancel keeps everything, Discard
goes on (and Restore previous game brings the game back), Save saves then goes on; nothing is
asked for an unchanged game. Recent files and pasted positions the rules refuse."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import questions
from PySide6.QtWidgets import QFileDialog, QMessageBox
from questions import CANCEL, DISCARD, SAVE

import rules


def answer_with(monkeypatch, button: QMessageBox.StandardButton) -> list[str]:
    """Answer every question with ``button``; each must offer Save / Discard / Cancel."""
    return questions.answer_with(monkeypatch, button, SAVE | DISCARD | CANCEL)


def write_game(path: Path, moves: tuple[str, ...]) -> Path:
    game = rules.new_game("chess")
    for move in moves:
        game.play(move)
    path.write_text(rules.game_record(game), encoding="utf-8")
    return path


def two_games(path: Path) -> Path:
    records = []
    for moves in (("e2e4",), ("d2d4", "d7d5")):
        game = rules.new_game("chess")
        for move in moves:
            game.play(move)
        records.append(rules.game_record(game))
    path.write_text("\n".join(records), encoding="utf-8")
    return path


@pytest.fixture
def saved_and_changed(window, qtbot, tmp_path):
    """The window on a game opened from ``kept.pgn`` (1.e4 e5) with one move more (Nf3): modified."""
    kept = write_game(tmp_path / "kept.pgn", ("e2e4", "e7e5"))
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        assert window.open_file(str(kept))
    assert not window.workspace.modified
    assert window.controller.play_text("g1f3")
    assert window.workspace.modified
    return window


def state_of(window) -> tuple[str, list[str], int, str | None, bool]:
    c = window.controller
    return c.game.fen(), [str(info.move) for info in c.line], c.ply, window.workspace.path, window.workspace.modified


ACTIONS: dict[str, Callable] = {
    "open": lambda window, other: window.open_file(str(other)),
    "new game": lambda window, _other: window.open_new_game_dialog(),
    "paste a game": lambda window, other: window.paste(other.read_text(encoding="utf-8")),
    "paste a position": lambda window, _other: window.paste("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
}


@pytest.mark.parametrize("action", list(ACTIONS))
def test_cancel_keeps_the_game_exactly(saved_and_changed, monkeypatch, tmp_path, action):
    window = saved_and_changed
    other = write_game(tmp_path / "other.pgn", ("d2d4",))
    window.controller.undo()  # the place on view is part of what must stay
    before = state_of(window)
    asked = answer_with(monkeypatch, CANCEL)
    assert not ACTIONS[action](window, other)
    assert len(asked) == 1 and "not saved" in asked[0]
    assert state_of(window) == before
    assert window.windowTitle().startswith("Chess - kept.pgn* - ")


def test_close_asks_and_cancel_keeps_the_window_open(saved_and_changed, monkeypatch):
    window = saved_and_changed
    before = state_of(window)
    asked = answer_with(monkeypatch, CANCEL)
    assert not window.close()
    assert window.isVisible() and len(asked) == 1
    assert state_of(window) == before


def test_close_with_discard_closes(saved_and_changed, monkeypatch):
    asked = answer_with(monkeypatch, DISCARD)
    assert saved_and_changed.close()
    assert len(asked) == 1 and not saved_and_changed.isVisible()


def test_a_game_of_the_chooser_asks_and_cancel_keeps_the_game(window, qtbot, monkeypatch, tmp_path):
    asked = answer_with(monkeypatch, CANCEL)
    assert window.open_file(str(two_games(tmp_path / "two.pgn")))  # unchanged game: no question
    qtbot.waitUntil(lambda: window.game_chooser is not None, timeout=10000)  # listed in the background
    assert asked == []
    assert window.controller.play_text("e2e4")
    before = state_of(window)
    window.game_chooser.chosen.emit(1)
    qtbot.wait(50)
    assert len(asked) == 1 and state_of(window) == before


def test_nothing_is_asked_for_an_unchanged_game(window, qtbot, monkeypatch, tmp_path):
    asked = answer_with(monkeypatch, CANCEL)
    other = write_game(tmp_path / "other.pgn", ("d2d4",))
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        assert window.open_file(str(other))
    assert window.open_new_game_dialog() is not None
    assert window.paste("4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    window.workspace.modified = False
    assert window.close()
    assert asked == []


def test_discard_opens_and_restore_previous_game_swaps_back(saved_and_changed, qtbot, monkeypatch, tmp_path):
    window = saved_and_changed
    kept = window.workspace.path
    changed = state_of(window)
    answer_with(monkeypatch, DISCARD)
    other = write_game(tmp_path / "other.pgn", ("d2d4",))
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        assert window.open_file(str(other))
    assert [str(i.move) for i in window.controller.line] == ["d2d4"]
    assert window.workspace.path == str(other.resolve()) and not window.workspace.modified
    assert "Nf3" not in Path(kept).read_text(encoding="utf-8")

    window.restore_previous_action.trigger()
    assert state_of(window) == changed  # moves, place on view, file and its unsaved change
    window.restore_previous_action.trigger()  # restoring swaps: the opened game comes back
    assert [str(i.move) for i in window.controller.line] == ["d2d4"]
    assert window.workspace.path == str(other.resolve())


def test_restore_previous_game_brings_back_its_record_and_the_move_on_view(saved_and_changed, qtbot,
                                                                          monkeypatch, tmp_path):
    window = saved_and_changed
    c = window.controller
    c.go_to(1)
    assert c.play_text("c7c5", "variation")
    c.set_comment(c.node, "the Sicilian")
    c.set_tag("White", "Ann")
    text, on_view = c.record.pgn(), c.node
    answer_with(monkeypatch, DISCARD)
    other = write_game(tmp_path / "other.pgn", ("d2d4",))
    with qtbot.waitSignal(c.loaded, timeout=10000):
        assert window.open_file(str(other))
    window.restore_previous_action.trigger()
    assert c.record.pgn() == text and c.node is on_view
    assert c.record.headers["White"] == "Ann" and c.node.comments == ["the Sicilian"]
    assert [str(i.move) for i in c.line] == ["e2e4", "c7c5"]


def test_restore_with_nothing_replaced_says_so(window):
    before = state_of(window)
    assert not window.restore_previous_game()
    assert "No game has been replaced" in window.status_text()
    assert state_of(window) == before


def test_save_saves_then_opens(saved_and_changed, qtbot, monkeypatch, tmp_path):
    window = saved_and_changed
    kept = Path(window.workspace.path)
    answer_with(monkeypatch, SAVE)
    other = write_game(tmp_path / "other.pgn", ("d2d4",))
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        assert window.open_file(str(other))
    assert "Nf3" in kept.read_text(encoding="utf-8")
    assert window.workspace.path == str(other.resolve())


def test_save_of_a_game_without_a_file_asks_where_and_a_cancelled_save_as_cancels(window, monkeypatch, tmp_path):
    assert window.controller.play_text("e2e4")
    before = state_of(window)
    answer_with(monkeypatch, SAVE)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: ("", ""))
    assert window.open_new_game_dialog() is None
    assert state_of(window) == before
    target = tmp_path / "new.pgn"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    dialog = window.open_new_game_dialog()
    assert dialog is not None and "e4" in target.read_text(encoding="utf-8")
    dialog.accept()
    assert window.controller.line == [] and window.workspace.path is None and not window.workspace.modified


def test_the_title_marks_unsaved_changes(window):
    assert "*" not in window.windowTitle()
    assert window.controller.play_text("e2e4")
    assert window.windowTitle() == "Chess - unsaved game* - Fairy Chess"


@pytest.mark.parametrize(("fen", "problem"), [
    ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no King"),
    ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "White has 2 King pieces; at most 1"),
    ("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", "Black is in check but it is not Black's move"),
    ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "the white Pawn on a1 stands behind its starting rank"),
])
def test_a_pasted_position_no_game_could_start_from_is_refused_in_words(window, monkeypatch, fen, problem):
    assert window.controller.play_text("e2e4")
    asked = answer_with(monkeypatch, DISCARD)
    before = state_of(window)
    assert not window.paste(fen)
    assert asked == [] and state_of(window) == before
    box = window.last_error
    assert box is not None and problem in box.text() and "unchanged" in box.text()


def test_open_recent_reopens_and_a_missing_file_leaves_the_list(window, qtbot, tmp_path):
    gone = tmp_path / "gone.pgn"
    present = write_game(tmp_path / "present.pgn", ("e2e4",))
    window.settings.add_recent(str(gone))
    window.settings.add_recent(str(present))
    window._refresh_recent()
    entry = next(a for a in window.recent_menu.actions() if a.toolTip() == str(gone))
    entry.trigger()
    assert "no longer exists" in window.last_error.text()
    assert window.settings.recent_files() == [str(present)]
    assert all(a.toolTip() != str(gone) for a in window.recent_menu.actions())
    with qtbot.waitSignal(window.controller.loaded, timeout=10000):
        next(a for a in window.recent_menu.actions() if a.toolTip() == str(present)).trigger()
    assert window.workspace.path == str(present.resolve())


def test_the_recent_list_holds_the_last_ten_files(window):
    for n in range(12):
        window.settings.add_recent(f"/games/{n}.pgn")
    assert window.settings.recent_files() == [f"/games/{n}.pgn" for n in range(11, 1, -1)]
