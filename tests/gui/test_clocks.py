"""Clocks in the window (fairygui/clockview.py) on an injected time source: chosen in New game,
shown per side with the running one highlighted, pressed by each move with its increment and
period, kept in the record as TimeControl and [%clk], read back, paused while browsing, and a
flag that falls ends the game through the rules."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from fairygui.clock import read_clk
from fairygui.clockview import FLAGGED, RUNNING
from fairygui.editor.link import EDITOR, explore_game
from fairygui.editor.window import SetupEditor
from fairygui.newgame import GameChoice


class FakeTime:
    def __init__(self) -> None:
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def timed(window):
    """The window with its clocks on a time source the test moves by hand."""
    now = FakeTime()
    window.play.clocks.now = now
    return window, now


def start(window, tag: str, variant: str = "chess") -> None:
    assert window.start_game(GameChoice(variant, time_control=tag))


def faces(window) -> tuple[str, str]:
    clocks = window.play.clocks.faces
    return clocks.text("white"), clocks.text("black")


def test_new_game_offers_a_time_control_field_that_starts_the_clocks(timed, qtbot, monkeypatch):
    window, now = timed
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *_a: QMessageBox.StandardButton.Discard))
    dialog = window.open_new_game_dialog()
    assert dialog.time_field.currentText() == "none"  # no clocks unless chosen
    dialog.time_field.setCurrentText("5+3")
    with qtbot.waitSignal(window.controller.gameReplaced):
        dialog.accept()
    assert window.controller.record.headers["TimeControl"] == "300+3"
    clocks = window.play.clocks.faces
    assert clocks.isVisible()
    assert faces(window) == ("White  5:00", "Black  5:00")
    assert clocks.faces["white"].styleSheet() == RUNNING  # White's clock runs from the start
    assert clocks.faces["black"].styleSheet() != RUNNING


def test_a_time_control_the_field_cannot_read_keeps_the_dialog_open_and_says_why(window, qtbot):
    dialog = window.open_new_game_dialog()
    dialog.time_field.setCurrentText("fast please")
    dialog.accept()
    assert dialog.isVisible()
    assert "not a time control" in dialog.error.text()


def test_a_game_without_clocks_shows_none(window):
    assert not window.play.clocks.faces.isVisible()
    assert "TimeControl" not in window.controller.record.headers


def test_each_move_presses_the_clock_with_its_increment_into_the_record(timed, qtbot):
    window, now = timed
    start(window, "300+3")
    c = window.controller
    now.t += 10
    assert c.play_text("e4")
    assert read_clk(c.node.comments) == 293  # 300 - 10 + 3
    assert "[%clk 0:04:53]" in c.record_text()
    now.t += 4
    window.play.clocks.tick()
    assert faces(window) == ("White  4:53", "Black  4:56")
    assert window.play.clocks.faces.faces["black"].styleSheet() == RUNNING


def test_moves_per_period_add_the_next_periods_time(timed):
    window, now = timed
    start(window, "2/60:30")  # two moves in a minute, then 30 s for the rest
    c = window.controller
    for move in ("e4", "e5", "Nf3"):
        now.t += 5
        assert c.play_text(move)
    assert read_clk(c.node.comments) == 60 - 10 + 30  # White's second move ended the period


def test_tenths_show_under_ten_seconds(timed):
    window, now = timed
    start(window, "12")
    now.t += 2.5
    window.play.clocks.tick()
    assert faces(window)[0] == "White  9.5"


def test_a_flag_that_falls_ends_the_game_as_a_loss_on_time(timed, qtbot):
    window, now = timed
    start(window, "60")
    c = window.controller
    now.t += 61
    with qtbot.waitSignal(c.gameEnded, timeout=3000):
        pass  # the clock's own timer looks at the flag
    assert c.game.result.sentence() == "Black wins: White lost on time"
    assert c.record.headers["Result"] == "0-1"
    assert c.record.headers["Termination"] == "White lost on time"
    assert window.play.clocks.faces.faces["white"].styleSheet() == FLAGGED
    assert window.turn_label.text() == "Black wins: White lost on time"


def test_a_flag_is_only_a_draw_where_the_other_side_cannot_mate(timed, qtbot):
    window, now = timed
    c = window.controller
    text = ('[Event "?"]\n[SetUp "1"]\n[FEN "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1"]\n'
            '[TimeControl "60"]\n[Result "*"]\n\n*\n')
    with qtbot.waitSignal(c.loaded):
        c.load_text(text, "clipboard")
    now.t += 61
    window.play.clocks.tick()
    assert c.game.result.sentence() == "Draw: White ran out of time and Black cannot mate"
    assert c.record.headers["Result"] == "1/2-1/2"


def test_the_record_keeps_the_clocks_and_reading_it_back_shows_them(timed, qtbot):
    window, now = timed
    start(window, "180+2")
    c = window.controller
    for move, spent in (("e4", 10), ("e5", 20), ("Nf3", 30)):
        now.t += spent
        assert c.play_text(move)
    text = c.record_text()
    assert '[TimeControl "180+2"]' in text
    assert "{[%clk 0:02:52]}" in text and "{[%clk 0:02:42]}" in text and "{[%clk 0:02:24]}" in text
    with qtbot.waitSignal(c.loaded):
        c.load_text(text, "clipboard")
    assert faces(window) == ("White  2:24", "Black  2:42")  # Black to move, its clock running
    c.go_to(1)
    assert faces(window) == ("White  2:52", "Black  3:00")  # the times after White's first move


def test_stepping_back_pauses_the_clocks_and_coming_back_carries_on(timed):
    window, now = timed
    start(window, "300")
    c = window.controller
    now.t += 5
    assert c.play_text("e4")
    now.t += 7
    c.go_to(0)
    assert faces(window) == ("White  5:00", "Black  5:00")  # the start's times
    now.t += 100  # browsing costs nobody time
    c.go_to(1)
    assert faces(window) == ("White  4:55", "Black  4:53")
    now.t += 3
    window.play.clocks.tick()
    assert faces(window)[1] == "Black  4:50"


def test_the_computer_thinks_on_a_share_of_its_clock(timed):
    window, now = timed
    start(window, "300+2")
    opponent = window.computer.opponent
    limits = opponent._limits("move", "intermediate")
    assert limits is not None and limits.time == pytest.approx(300 / 30 + 1.6 - 0.1)
    assert limits.depth == 2  # the level's depth stands


def test_a_loss_on_time_taken_back_goes_on_without_clocks(timed):
    window, now = timed
    start(window, "30")
    c = window.controller
    now.t += 31
    window.play.clocks.tick()
    assert c.game.result is not None
    window.play.actions.take_back_action.trigger()
    assert c.game.result is None
    assert c.record.headers["TimeControl"] == "-"
    assert not window.play.clocks.faces.isVisible()
    assert c.play_text("e4")


def test_exploring_sets_the_clocks_aside_and_brings_them_back_as_they_stood(timed, qtbot):
    window, now = timed
    start(window, "300")
    c = window.controller
    now.t += 5
    assert c.play_text("e4")
    now.t += 3
    window.play.clocks.tick()
    explore_game(window.workspace, c.game.copy())
    assert window.workspace.exploring
    assert not window.play.clocks.faces.isVisible()  # the explored position has no clocks
    now.t += 100
    window.workspace.window(EDITOR, SetupEditor).explorer.leave()
    assert not window.workspace.exploring
    assert faces(window) == ("White  4:55", "Black  4:57")  # the 100 s away cost nobody anything


def test_new_game_opens_with_the_time_control_of_the_game_on_the_board(timed):
    window, _now = timed
    start(window, "40/5400+30:1800+30")
    assert window.play.clocks.faces.toolTip() == (
        "Time control: 40 moves in 90 min + 30 s a move, then 30 min + 30 s a move")
    dialog = window.open_new_game_dialog()
    assert dialog.time_field.currentText() == "40/90+30, 30+30"
    assert dialog.choice().time_control == "40/5400+30:1800+30"
