"""Chess clocks and time controls, without Qt: what the clock widget shows and the record keeps.

A :class:`TimeControl` is one or more :class:`Period` s, as Cute Chess and WinBoard offer them:
sudden death (``5 min``), an increment added after each move (Fischer: ``5 min + 3 s``), and
moves per period (``40 moves in 90 min, then 30 min``; a last period with a move count
repeats, as WinBoard's classical clocks do). Three texts name one:

* the record's ``TimeControl`` tag in the PGN standard's syntax, in seconds: ``300+2``,
  ``40/5400+30:1800+30``, ``-`` for none (:func:`read_tag`, :meth:`TimeControl.tag`);
* the New game dialog's compact field, in minutes: ``5+3``, ``40/90+30, 30+30``, ``none``
  (:func:`read_field`, :meth:`TimeControl.field`);
* words for people: "5 min + 3 s a move" (:meth:`TimeControl.words`).

A :class:`ChessClock` runs one game's two clocks from an injected time source (so a test
moves time by hand). The times after each move go into the record as ``[%clk h:mm:ss]``
comments (:func:`clk_command`, :func:`read_clk`); :func:`move_budget` is how long the
built-in engine may think from what its clock holds, and a :class:`ClockReading` is what another
program's engine is told of both clocks before it thinks.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass

SIDES = ("white", "black")
#: The field text for no clocks at all.
NO_CLOCKS = "none"
#: Below this many seconds a clock shows tenths.
TENTHS_BELOW = 10.0
#: The longest time a period may hold (a week): more is a typing slip.
MAX_PERIOD_SECONDS = 7 * 24 * 3600
#: The most moves a period may count.
MAX_PERIOD_MOVES = 1000

_CLK = re.compile(r"\[%clk\s+([0-9]+):([0-5]?[0-9]):([0-5]?[0-9](?:\.[0-9]+)?)\s*\]")
_TAG_PERIOD = re.compile(r"(?:([0-9]+)/)?([0-9]+(?:\.[0-9]+)?)(?:\+([0-9]+(?:\.[0-9]+)?))?")
_FIELD_PERIOD = re.compile(
    r"(?:([0-9]+)\s*/\s*)?([0-9]+(?:\.[0-9]+)?)\s*(?:min)?\s*(?:\+\s*([0-9]+(?:\.[0-9]+)?)\s*s?)?"
)


class TimeControlError(ValueError):
    """A time control text that does not follow its syntax; the message says what is wrong."""


@dataclass(frozen=True)
class Period:
    """``seconds`` for ``moves`` moves (None: the rest of the game), ``increment`` seconds
    added after each move made in it."""

    moves: int | None
    seconds: float
    increment: float = 0.0


def _number(value: float) -> str:
    return f"{value:g}"


@dataclass(frozen=True)
class TimeControl:
    periods: tuple[Period, ...]

    def tag(self) -> str:
        """The ``TimeControl`` tag's value (PGN standard: seconds, periods joined by ``:``)."""
        parts = []
        for p in self.periods:
            text = (f"{p.moves}/" if p.moves else "") + _number(p.seconds)
            parts.append(text + (f"+{_number(p.increment)}" if p.increment else ""))
        return ":".join(parts)

    def field(self) -> str:
        """The New game field's text (minutes, then seconds of increment)."""
        parts = []
        for p in self.periods:
            text = (f"{p.moves}/" if p.moves else "") + _number(round(p.seconds / 60, 4))
            parts.append(text + (f"+{_number(p.increment)}" if p.increment else ""))
        return ", ".join(parts)

    def words(self) -> str:
        """For people: "5 min + 3 s a move", "40 moves in 90 min, then 30 min"."""
        parts = []
        for p in self.periods:
            text = _duration_words(p.seconds)
            if p.moves:
                text = f"{p.moves} moves in {text}"
            if p.increment:
                text += f" + {_number(p.increment)} s a move"
            parts.append(text)
        last = self.periods[-1]
        words = ", then ".join(parts)
        if last.moves and len(self.periods) > 1:
            words += " (the last period repeats)"
        elif last.moves:
            words += ", repeated"
        return words

    def period_of(self, moves_done: int) -> Period:
        """The period a side is in after it made ``moves_done`` moves."""
        return self.periods[self._index(moves_done)[0]]

    def moves_to_go(self, moves_done: int) -> int | None:
        """Moves left in the side's period before more time comes (None: sudden death)."""
        index, start = self._index(moves_done)
        moves = self.periods[index].moves
        return None if moves is None else start + moves - moves_done

    def bonus(self, moves_done: int) -> float:
        """Seconds added once a side makes its move number ``moves_done + 1``: the increment of
        the period it was made in, plus the next period's time where that move ends a period."""
        index, start = self._index(moves_done)
        period = self.periods[index]
        added = period.increment
        if period.moves is not None and moves_done + 1 == start + period.moves:
            following = self.periods[index + 1] if index + 1 < len(self.periods) else period
            added += following.seconds
        return added

    def _index(self, moves_done: int) -> tuple[int, int]:
        """(period index, moves made before it began) for a side that made ``moves_done``."""
        start = 0
        index = 0
        while True:
            period = self.periods[index]
            if period.moves is None or moves_done < start + period.moves:
                return index, start
            start += period.moves
            if index + 1 < len(self.periods):
                index += 1  # else the last period repeats

    @property
    def start_seconds(self) -> float:
        return self.periods[0].seconds


def _duration_words(seconds: float) -> str:
    if seconds >= 60 and seconds % 60 == 0:
        return f"{_number(seconds / 60)} min"
    if seconds > 60:
        return f"{int(seconds // 60)} min {_number(seconds % 60)} s"
    return f"{_number(seconds)} s"


def _period(moves: str | None, seconds: float, increment: str | None, text: str) -> Period:
    count = int(moves) if moves else None
    if count is not None and not 0 < count <= MAX_PERIOD_MOVES:
        raise TimeControlError(f"{text!r}: a period counts 1 to {MAX_PERIOD_MOVES} moves")
    if not 0 < seconds <= MAX_PERIOD_SECONDS:
        raise TimeControlError(f"{text!r}: a period's time must be more than nothing and at most a week")
    extra = float(increment) if increment else 0.0
    if extra > 3600:
        raise TimeControlError(f"{text!r}: an increment of more than an hour a move")
    return Period(count, seconds, extra)


def _checked(periods: list[Period], text: str) -> TimeControl:
    if any(p.moves is None for p in periods[:-1]):
        raise TimeControlError(f"{text!r}: only the last period may run to the end of the game "
                               "(the others need a move count, as in 40/90)")
    return TimeControl(tuple(periods))


def read_tag(text: str) -> TimeControl | None:
    """A ``TimeControl`` tag's value; None for ``-`` (no clocks), ``?`` (unknown) or nothing.
    TimeControlError for a value it cannot read (an hourglass ``*60`` among them)."""
    value = text.strip()
    if value in ("", "-", "?"):
        return None
    periods = []
    for part in value.split(":"):
        found = _TAG_PERIOD.fullmatch(part.strip())
        if found is None:
            raise TimeControlError(f"the time control {value!r} is not in the PGN form 40/5400+30:1800")
        periods.append(_period(found[1], float(found[2]), found[3], value))
    return _checked(periods, value)


def read_field(text: str) -> TimeControl | None:
    """The New game field: ``none`` (or nothing), or periods joined by commas, each
    ``[moves/]minutes[+seconds a move]``: ``5+3``, ``40/90+30, 30+30``, ``0.5`` (30 s)."""
    value = text.strip().lower()
    if value in ("", NO_CLOCKS, "-", "no clocks", "untimed"):
        return None
    periods = []
    for part in re.split(r"[,;]", value):
        found = _FIELD_PERIOD.fullmatch(part.strip())
        if found is None:
            raise TimeControlError(
                f"{text.strip()!r} is not a time control: write minutes and seconds added a move "
                "as 5+3, moves per period as 40/90, periods joined by commas, or none")
        periods.append(_period(found[1], float(found[2]) * 60, found[3], text.strip()))
    return _checked(periods, text.strip())


# ------------------------------------------------------------------ clock texts


def clock_text(seconds: float) -> str:
    """What a clock face shows: ``1:02:03``, ``4:58``, ``9.3`` (tenths under ten seconds)."""
    seconds = max(0.0, seconds)
    if seconds < TENTHS_BELOW:
        return f"{math.floor(seconds * 10) / 10:.1f}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def clk_command(seconds: float) -> str:
    """The record's ``[%clk h:mm:ss]`` command for a clock's time after a move (tenths under
    ten seconds, which readers of the command accept as a decimal fraction)."""
    seconds = max(0.0, seconds)
    if seconds < TENTHS_BELOW:
        tenths = math.floor(seconds * 10) / 10
        return f"[%clk 0:00:{tenths:04.1f}]"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"[%clk {hours}:{minutes:02d}:{secs:02d}]"


def read_clk(comments: list[str]) -> float | None:
    """The seconds of the last ``[%clk ...]`` command of a move's comments, or None."""
    found = None
    for comment in comments:
        for hours, minutes, seconds in _CLK.findall(comment):
            found = int(hours) * 3600 + int(minutes) * 60 + float(seconds)
    return found


def without_clk(comments: list[str]) -> list[str]:
    """The comments with their ``[%clk ...]`` commands taken out (empty ones dropped)."""
    out = []
    for comment in comments:
        kept = _CLK.sub("", comment).strip()
        if kept:
            out.append(kept)
    return out


def move_budget(control: TimeControl, remaining: float, moves_done: int) -> float:
    """Seconds the computer may think on its move: its share of what is left (over the moves
    to go in the period, or a fraction of it in sudden death) plus most of the increment,
    never more than half of what is left, and a little held back for the move to arrive."""
    period = control.period_of(moves_done)
    to_go = control.moves_to_go(moves_done)
    share = remaining / (to_go + 1) if to_go is not None else remaining / 30
    budget = min(share + 0.8 * period.increment, remaining * 0.5)
    return max(0.05, budget - 0.1)


@dataclass(frozen=True)
class ClockReading:
    """What both clocks hold at one moment, as another program's engine is told before it
    thinks (``fairygui.engines.timecontrol``): each side's time left and moves made."""

    control: TimeControl
    white: float
    black: float
    white_moves: int = 0
    black_moves: int = 0

    def left(self, side: str) -> float:
        return self.white if side == "white" else self.black

    def increment(self, side: str) -> float:
        """The seconds added after the side's next move (its period's increment)."""
        return self.control.period_of(self._moves(side)).increment

    def moves_to_go(self, side: str) -> int | None:
        """The side's moves left before more time comes (None: no more comes)."""
        return self.control.moves_to_go(self._moves(side))

    def _moves(self, side: str) -> int:
        return self.white_moves if side == "white" else self.black_moves


class ChessClock:
    """Two clocks, one running at a time. ``now`` gives seconds (``time.monotonic`` unless a
    test injects its own)."""

    def __init__(self, control: TimeControl, now: Callable[[], float] = time.monotonic) -> None:
        self.control = control
        self.now = now
        start = control.start_seconds
        #: Each side's time when its clock last stopped (or at the start).
        self.remaining = [start, start]
        #: Moves each side has made (which period it is in).
        self.moves = [0, 0]
        #: The side whose clock runs (0 White, 1 Black), or None.
        self.running: int | None = None
        self._since = 0.0

    def set_times(self, white: float, black: float, white_moves: int, black_moves: int) -> None:
        """Stop the clocks and set what they hold (a record's ``[%clk]`` times, a take-back)."""
        self.stop()
        self.remaining = [white, black]
        self.moves = [white_moves, black_moves]

    def start(self, side: str) -> None:
        """Run ``side``'s clock (stopping the other)."""
        self.stop()
        self.running = SIDES.index(side)
        self._since = self.now()

    def stop(self) -> None:
        """Stop the running clock, keeping its time."""
        if self.running is not None:
            self.remaining[self.running] = self.time_left(SIDES[self.running])
            self.running = None

    def time_left(self, side: str) -> float:
        index = SIDES.index(side)
        left = self.remaining[index]
        if self.running == index:
            left -= self.now() - self._since
        return left

    def reading(self) -> ClockReading:
        """Both clocks as they stand now (the running one counted down to this moment)."""
        return ClockReading(self.control, self.time_left("white"), self.time_left("black"), *self.moves)

    def press(self) -> float:
        """The running side has moved: its time stops, gains the increment (and the next
        period's time at the end of a period), and the other side's clock runs. Returns the
        mover's time after the move (what the record keeps)."""
        if self.running is None:
            raise RuntimeError("no clock is running")
        mover = self.running
        self.stop()
        self.remaining[mover] += self.control.bonus(self.moves[mover])
        self.moves[mover] += 1
        self.start(SIDES[1 - mover])
        return self.remaining[mover]

    def flagged(self) -> str | None:
        """The side whose time has run out, if any."""
        for side in SIDES:
            if self.time_left(side) <= 0:
                return side
        return None
