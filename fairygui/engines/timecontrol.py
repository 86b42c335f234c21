"""The clocks told to another program's engine, in each protocol's own words (no Qt).

A game with a time control gives the engine what its clock holds instead of a fixed time
per move, as the protocols specify:

* UCI: ``go wtime W btime B [winc WI] [binc BI] [movestogo N]``, times in milliseconds;
  the increments only where they are above nothing and ``movestogo`` only where more time
  comes after a number of moves ("if you don't get this and get the wtime and btime it's
  sudden death"), as the UCI text says;
* CECP (XBoard): ``level MPS BASE INC`` once when the engine's game begins (MPS the moves of
  a period, 0 for the whole game; BASE in minutes, or minutes:seconds; INC in seconds), then
  ``time N`` (the clock of the side the engine plays) and ``otim N`` (the other side's) in
  centiseconds before each ``go``; never ``st`` in such a game.

The CECP ``level`` can name only one period, which repeats: for a control whose later
periods differ (``40/90+30, 30+30``) it names the first, and ``time`` / ``otim`` say what the
clocks hold after each period has been added.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..clock import SIDES, ClockReading, TimeControl


def _milliseconds(seconds: float) -> int:
    # At least one: an engine told "0" may take it for "no clock" instead of "no time left".
    return max(1, math.floor(seconds * 1000))


def _centiseconds(seconds: float) -> int:
    return max(1, math.floor(seconds * 100))


def _seconds_text(seconds: float) -> str:
    """A number of seconds as the protocols write it: ``12``, ``0.1``."""
    return f"{round(seconds, 3):g}"


def uci_go(reading: ClockReading, to_move: str) -> str:
    """The ``go`` command for the side ``to_move``'s search, with both clocks."""
    words = ["go", "wtime", str(_milliseconds(reading.white)), "btime", str(_milliseconds(reading.black))]
    for side, key in zip(SIDES, ("winc", "binc"), strict=True):
        increment = math.floor(reading.increment(side) * 1000)
        if increment > 0:
            words += [key, str(increment)]
    to_go = reading.moves_to_go(to_move)
    if to_go is not None and to_go > 0:
        words += ["movestogo", str(to_go)]
    return " ".join(words)


def cecp_level(control: TimeControl) -> str:
    """The ``level MPS BASE INC`` command of the control's first period."""
    period = control.periods[0]
    whole = max(1, round(period.seconds))
    minutes, seconds = divmod(whole, 60)
    base = f"{minutes}:{seconds:02d}" if seconds else str(minutes)
    return f"level {period.moves or 0} {base} {_seconds_text(period.increment)}"


def cecp_times(reading: ClockReading, to_move: str) -> tuple[str, str]:
    """``time N`` (the side the engine is about to play, ``to_move``) and ``otim N`` (the other)."""
    other = SIDES[1 - SIDES.index(to_move)]
    return (f"time {_centiseconds(reading.left(to_move))}", f"otim {_centiseconds(reading.left(other))}")


@dataclass
class CecpGame:
    """The game a CECP engine holds since its ``new``: the variant, start and ``level`` it
    began with and the moves on its board (as sent, its own answers included)."""

    variant: str
    start: str
    level: str | None
    moves: list[str] = field(default_factory=list)

    def holds(self, variant: str, start: str, level: str | None, moves: list[str]) -> bool:
        """The engine's game is the one of ``moves`` so far: the same beginning, and its moves
        the first of those (the rest may be sent on)."""
        return ((self.variant, self.start, self.level) == (variant, start, level)
                and moves[:len(self.moves)] == self.moves)
