"""The computer opponent in the window: it thinks in a worker while the window stays live,
moves through the controller, obeys Move now, Take back and Hint, and never plays a late
answer onto a different position."""

from __future__ import annotations

import sys

import pytest
from mouse import drag
from PySide6.QtCore import QEvent, QPointF, Qt, QThread, QTimer
from PySide6.QtGui import QColor, QMouseEvent
from PySide6.QtWidgets import QApplication, QToolBar

import rules
from fairygui.computer import search as search_module

#: Long enough that a test always finds the computer still thinking; the test ends the search.
LONG = 30.0


def versus(window, computer: str = "black", level: str = "beginner", seconds: float | None = None) -> None:
    """A new chess game against the computer on ``computer``'s side (both sides: "both")."""
    sides = ("white", "black") if computer == "both" else (computer,)
    players = {side: "computer" if side in sides else "human" for side in ("white", "black")}
    window.computer.opponent.time_limit = seconds
    window.controller.new_game("chess", players=players, levels={side: level for side in sides})


def move_and_wait_for_search(window, qtbot, origin: str, target: str) -> None:
    """The player's move; the computer starts searching on the event loop's next turn."""
    with qtbot.waitSignal(window.computer.opponent.started, timeout=2000):
        drag(window.board, origin, target)
        assert window.computer.opponent.thinking and not window.board.interactive
        assert not window.computer.hint_action.isEnabled()  # a hint now would hold the computer up


def legal_after(moves: list[str]) -> set[rules.Move]:
    game = rules.new_game("chess")
    for text in moves:
        game.play(text)
    return set(game.legal_moves())


def test_a_computer_move_arrives_through_a_signal_while_the_window_stays_live(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "strongest", seconds=LONG)
    gui_thread = QApplication.instance().thread()
    usual = sys.getswitchinterval()
    ticks: list[bool] = []
    intervals: list[float] = []
    timer = QTimer(window)
    timer.setInterval(10)
    timer.timeout.connect(lambda: (ticks.append(opponent.thinking), intervals.append(sys.getswitchinterval())))
    timer.start()
    reports: list[bool] = []
    opponent.progressed.connect(lambda _report: reports.append(QThread.currentThread() is gui_thread))

    move_and_wait_for_search(window, qtbot, "e2", "e4")
    assert opponent.thinking
    assert not window.board.interactive
    assert window.computer.indicator.isVisible() and window.computer.indicator.bar.isVisible()
    # A pointer movement queued now is handled by the event loop before the answer comes.
    board = window.board
    point = QPointF(board.square_centre("g8"))
    with qtbot.waitSignal(board.hovered, timeout=2000) as hovered:
        QApplication.postEvent(board, QMouseEvent(QEvent.Type.MouseMove, point, QPointF(board.mapToGlobal(point)),
                                                  Qt.MouseButton.NoButton, Qt.MouseButton.NoButton,
                                                  Qt.KeyboardModifier.NoModifier))
    assert hovered.args == ["g8"]
    assert opponent.thinking
    # The timer keeps firing while the search runs (however long that takes on this machine);
    # then Move now ends the search.
    qtbot.waitUntil(lambda: sum(ticks) >= 5 and bool(reports), timeout=60000)
    with qtbot.waitSignal(window.controller.movePlayed, timeout=10000):
        window.computer.move_now_action.trigger()
    timer.stop()
    # The worker handed the interpreter lock over more often while it searched, and no longer.
    assert min(intervals) == min(usual, search_module.SEARCH_SWITCH_INTERVAL)
    assert sys.getswitchinterval() == usual
    assert reports and all(reports)  # progress reached the GUI thread
    game = window.controller.game
    assert game.ply == 2 and game.to_move == "white"
    assert game.history[1] in legal_after(["e2e4"])
    assert window.controller.line[1].side == "black"
    assert window.move_list.item(0, 1).text() == window.controller.line[1].label
    assert window.board.interactive and not opponent.thinking
    assert not window.computer.indicator.isVisible()


def test_move_now_plays_the_best_move_so_far_at_once(window, qtbot):
    opponent = window.computer.opponent
    with qtbot.waitSignal(opponent.started):
        versus(window, "white", "strongest", seconds=LONG)
    assert opponent.thinking
    with qtbot.waitSignal(opponent.progressed, timeout=10000):
        pass  # the first depth is done: there is a best move so far
    # Without Move now the answer would take LONG seconds; the wait gives up long before.
    with qtbot.waitSignal(window.controller.movePlayed, timeout=10000):
        window.computer.move_now_action.trigger()
    game = window.controller.game
    assert game.ply == 1 and game.history[0] in legal_after([])
    assert not opponent.thinking and window.board.interactive
    assert not window.computer.move_now_action.isEnabled()  # Black is the human's


def test_move_now_starts_the_computer_when_it_has_the_move_but_waits(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "beginner")
    drag(window.board, "e2", "e4")
    qtbot.waitUntil(lambda: window.controller.ply == 2, timeout=5000)
    window.controller.undo()  # browsing back: Black to move, but the computer does not jump in
    assert window.controller.game.to_move == "black" and opponent.task is None
    assert "Move now" in window.computer.indicator.label.text()
    assert window.computer.move_now_action.isEnabled()
    with qtbot.waitSignal(window.controller.movePlayed, timeout=5000):
        window.computer.move_now_action.trigger()
    assert window.controller.ply == 2


def test_take_back_undoes_the_reply_and_the_players_move(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "beginner")
    with qtbot.waitSignal(window.controller.movePlayed, timeout=5000):
        drag(window.board, "d2", "d4")
    qtbot.waitUntil(lambda: window.controller.ply == 2, timeout=5000)
    assert window.computer.take_back_action.isEnabled()
    window.computer.take_back_action.trigger()
    game = window.controller.game
    assert game.ply == 0 and game.to_move == "white"
    assert window.board.interactive and opponent.task is None
    assert window.board.snapshot.pieces["d2"].kind == "pawn"
    assert window.redo_action.isEnabled()  # the taken-back moves stay in the line
    # The player's turn: a different move overwrites the line and the computer answers it.
    drag(window.board, "e2", "e4")
    with qtbot.waitSignal(window.controller.movePlayed, timeout=5000):
        next(b for b in window.last_question.buttons() if b.text() == "Overwrite").click()
    qtbot.waitUntil(lambda: window.controller.ply == 2, timeout=5000)
    assert str(window.controller.game.history[0]) == "e2e4"


def test_take_back_while_the_computer_thinks_cancels_it_first(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "strongest", seconds=LONG)
    move_and_wait_for_search(window, qtbot, "e2", "e4")
    assert opponent.thinking
    with qtbot.waitSignal(opponent.answerDropped, timeout=5000):
        window.computer.take_back_action.trigger()
        game = window.controller.game
        assert game.ply == 0 and game.to_move == "white"
        assert not opponent.thinking and window.board.interactive
    assert window.controller.game.history == []


def test_a_hint_marks_a_legal_move_until_the_next_move(window, qtbot):
    opponent = window.computer.opponent
    opponent.hint_seconds = 0.3
    for text in ("e2e4", "e7e5"):
        window.controller.play_text(text)
    before = window.board.grab().toImage()
    with qtbot.waitSignal(opponent.hintReady, timeout=5000) as ready:
        window.computer.hint_action.trigger()
        assert window.computer.indicator.bar.isVisible()
    hint = ready.args[0]
    assert hint.move in set(window.controller.game.legal_moves())
    layer = window.computer.hint_layer
    assert (layer.origin, layer.target) == (hint.move.origin, hint.move.destination)
    assert "Hint:" in window.status_text()
    # Drawn: the target square's frame is green where the plain board was not.
    after = window.board.grab().toImage()
    ratio = window.board.devicePixelRatioF()
    rect = window.board.square_rect(hint.move.destination)
    x, y = int((rect.left() + rect.width() * 0.08) * ratio), int(rect.center().y() * ratio)
    framed, plain = QColor(after.pixel(x, y)), QColor(before.pixel(x, y))
    assert framed.green() > framed.red() + 40 and framed != plain
    assert window.controller.play(hint.move)
    assert layer.origin is None and opponent.hint is None


def test_a_late_answer_after_undo_is_dropped(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "strongest", seconds=LONG)
    move_and_wait_for_search(window, qtbot, "e2", "e4")
    assert opponent.thinking
    with qtbot.waitSignal(opponent.answerDropped, timeout=5000) as dropped:
        window.undo_action.trigger()
    assert dropped.args[0].tag.ply == 1
    game = window.controller.game
    assert game.history == [] and game.to_move == "white"
    assert [info.text for info in window.controller.line] == ["e2e4"]


def test_an_answer_for_a_position_no_longer_on_the_board_is_never_played(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "strongest", seconds=0.3)
    move_and_wait_for_search(window, qtbot, "e2", "e4")
    assert opponent.thinking
    # The game changes behind the opponent's back (no signal): only the tag can tell.
    window.controller.game.undo()
    with qtbot.waitSignal(opponent.answerDropped, timeout=5000):
        pass
    assert window.controller.game.history == []


@pytest.mark.parametrize("interruption", ["new game", "setup editor", "open file"])
def test_starting_something_else_cancels_the_search(window, qtbot, tmp_path, interruption):
    opponent = window.computer.opponent
    saved = tmp_path / "saved.pgn"
    saved.write_text(rules.game_record(rules.new_game("chess")), encoding="utf-8")
    versus(window, "black", "strongest", seconds=LONG)
    move_and_wait_for_search(window, qtbot, "e2", "e4")
    assert opponent.thinking
    with qtbot.waitSignal(opponent.answerDropped, timeout=5000):
        if interruption == "new game":
            window.controller.new_game("chess")
        elif interruption == "setup editor":
            window.open_setup_editor().close()
        else:
            with qtbot.waitSignal(window.controller.loaded, timeout=5000):
                window.open_file(str(saved))
        assert not opponent.thinking
    expected = [] if interruption != "setup editor" else ["e2e4"]
    assert [str(m) for m in window.controller.game.history] == expected


def test_computer_against_computer_plays_by_itself(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "both", "beginner")
    qtbot.waitUntil(lambda: window.controller.ply >= 6, timeout=15000)
    record = window.controller.record_text()
    replayed = rules.load_game(record)  # every move legal in turn
    assert len(replayed.history) >= 6
    assert {info.side for info in window.controller.line} == {"white", "black"}
    # Take back with no human side: one move back, and the computer waits there.
    window.computer.take_back_action.trigger()
    assert opponent.task is None and not opponent.thinking
    ply = window.controller.ply
    with qtbot.assertNotEmitted(window.controller.movePlayed, wait=200):
        pass
    assert window.controller.ply == ply


def test_the_commands_are_in_the_menu_and_toolbar_with_shortcuts(window):
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Computer")
    toolbar = window.findChild(QToolBar, "toolbar-main").actions()
    for action in window.computer.actions:
        assert action in menu.actions() and action in toolbar
        assert not action.shortcut().isEmpty()


def test_a_failing_search_is_reported_and_the_game_goes_on(window, qtbot, monkeypatch):
    class Broken:
        def __init__(self, *args, **kwargs) -> None:
            self.rules = None

        def search(self, *args, **kwargs):
            raise RuntimeError("no moves today")

    monkeypatch.setattr(search_module, "Engine", Broken)
    opponent = window.computer.opponent
    versus(window, "black", "beginner")
    with qtbot.waitSignal(opponent.message, timeout=5000) as said:
        drag(window.board, "e2", "e4")
    assert "no moves today" in said.args[0]
    assert window.controller.ply == 1 and window.board.interactive
    assert window.computer.move_now_action.isEnabled()  # it may try again


def test_exploring_freely_keeps_the_computer_out(window, qtbot):
    opponent = window.computer.opponent
    versus(window, "black", "beginner")
    editor = window.open_setup_editor()
    editor.explore_button.click()
    assert opponent.suspended
    assert not any(action.isEnabled() for action in window.computer.actions)
    editor.explorer.leave()
    assert not opponent.suspended and window.computer.hint_action.isEnabled()
