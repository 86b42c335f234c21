"""The clock model without Qt (fairygui/clock.py): time control texts, increments, moves per
period, the faces' and the record's time texts, and the computer's share of its time."""

from __future__ import annotations

import pytest

from fairygui.clock import (
    ChessClock,
    Period,
    TimeControl,
    TimeControlError,
    clk_command,
    clock_text,
    move_budget,
    read_clk,
    read_field,
    read_tag,
    without_clk,
)


class FakeTime:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.mark.parametrize(("tag", "periods"), [
    ("300", (Period(None, 300),)),
    ("300+2", (Period(None, 300, 2),)),
    ("40/5400:1800", (Period(40, 5400), Period(None, 1800))),
    ("40/5400+30:1800+30", (Period(40, 5400, 30), Period(None, 1800, 30))),
    ("40/9000", (Period(40, 9000),)),
])
def test_pgn_time_control_tags_are_read_and_written_back(tag, periods):
    control = read_tag(tag)
    assert control == TimeControl(periods)
    assert control.tag() == tag


@pytest.mark.parametrize("tag", ["-", "?", ""])
def test_no_clocks_and_unknown_read_as_none(tag):
    assert read_tag(tag) is None


@pytest.mark.parametrize("tag", ["*60", "5 min", "40/", "300:40/5400", "0"])
def test_tags_out_of_the_syntax_are_refused_in_words(tag):
    with pytest.raises(TimeControlError):
        read_tag(tag)


@pytest.mark.parametrize(("field", "tag"), [
    ("5+3", "300+3"),
    ("40/90+30, 30+30", "40/5400+30:1800+30"),
    ("0.5", "30"),
    ("10 min + 5 s", "600+5"),
])
def test_the_new_game_field_is_in_minutes_and_the_tag_in_seconds(field, tag):
    control = read_field(field)
    assert control is not None and control.tag() == tag
    assert read_field(control.field()) == control


def test_the_field_says_none_for_no_clocks_and_refuses_nonsense():
    assert read_field("none") is None and read_field("") is None
    with pytest.raises(TimeControlError, match="not a time control"):
        read_field("fast please")


def test_words_for_people():
    assert read_field("5+3").words() == "5 min + 3 s a move"
    assert read_field("40/90, 30").words() == "40 moves in 90 min, then 30 min"


def test_an_increment_is_added_after_each_move():
    now = FakeTime()
    clock = ChessClock(read_tag("300+2"), now)
    clock.start("white")
    now.t += 10
    assert clock.time_left("white") == 290
    assert clock.press() == 292  # White's time after the move, increment included
    assert clock.running == 1
    now.t += 5
    assert clock.time_left("black") == 295 and clock.time_left("white") == 292


def test_moves_per_period_bring_the_next_periods_time_and_the_last_period_repeats():
    control = read_tag("2/60:1/30")
    assert control.bonus(0) == 0 and control.bonus(1) == 30  # the 2nd move ends the first period
    assert control.bonus(2) == 30  # the one-move period repeats
    assert control.moves_to_go(0) == 2 and control.moves_to_go(2) == 1
    now = FakeTime()
    clock = ChessClock(control, now)
    for _ in range(2):  # two moves each, 10 s for each of White's
        clock.start("white")
        now.t += 10
        clock.press()
        clock.press()
    assert clock.time_left("white") == 60 - 20 + 30


def test_sudden_death_gives_nothing_more_and_the_flag_falls():
    now = FakeTime()
    clock = ChessClock(read_tag("60"), now)
    clock.start("white")
    now.t += 59.9
    assert clock.flagged() is None
    now.t += 0.2
    assert clock.flagged() == "white"


@pytest.mark.parametrize(("seconds", "face", "command"), [
    (3723, "1:02:03", "[%clk 1:02:03]"),
    (298.7, "4:58", "[%clk 0:04:58]"),
    (9.37, "9.3", "[%clk 0:00:09.3]"),
    (-1, "0.0", "[%clk 0:00:00.0]"),
])
def test_faces_show_tenths_under_ten_seconds_and_the_record_reads_back(seconds, face, command):
    assert clock_text(seconds) == face
    assert clk_command(seconds) == command
    assert read_clk([f"good move {command}"]) == pytest.approx(max(0, int(seconds * 10) / 10 if seconds < 10
                                                                    else int(seconds)))
    assert without_clk([command, f"nice {command}"]) == ["nice"]


def test_the_computer_thinks_on_a_share_of_its_time_plus_most_of_the_increment():
    sudden = read_tag("300+2")
    assert move_budget(sudden, 300, 0) == pytest.approx(300 / 30 + 1.6 - 0.1)
    periods = read_tag("40/5400:1800")
    assert move_budget(periods, 100, 38) == pytest.approx(100 / 3 - 0.1)  # two moves to go
    assert move_budget(sudden, 0.5, 0) >= 0.05  # never less than a token
    assert move_budget(sudden, 1.0, 0) <= 0.5
