"""Numbers in what a GUI sends: whole numbers and seconds, clamped to what the engine can use.

Any line may carry any digits (a 400-digit clock, ``1e400`` seconds, ``nan``): a number that is
not a number at all is refused in words (ValueError), one out of range is brought into range,
and nothing here raises anything else. Python's own ``int`` refuses texts over 4,300 digits and
float arithmetic overflows on huge whole numbers, so digits are counted before they are read.
"""

from __future__ import annotations

import math
import re

from ..limits import excerpt

#: Beyond any real count of nodes or milliseconds, and small enough for float arithmetic.
LARGEST_COUNT = 10**15
#: Beyond any real clock: about thirty years.
MOST_SECONDS = 1e9
MOST_MILLISECONDS = 10**12

_WHOLE = re.compile(r"[+-]?[0-9]+")
#: Digits beyond which a number is out of any range we clamp to (LARGEST_COUNT has 16).
_MOST_DIGITS = 18
#: A decimal longer than this is no number a GUI writes (whole numbers of any length are read).
_LONGEST_DECIMAL = 64


def read_whole(text: str, what: str, low: int = -LARGEST_COUNT, high: int = LARGEST_COUNT) -> int:
    """The whole number ``text`` writes, brought into ``low..high``; ValueError names ``what``."""
    word = text.strip()
    if not _WHOLE.fullmatch(word):
        raise ValueError(f"{what} needs a whole number, not {excerpt(word)}")
    digits = word.lstrip("+-").lstrip("0")
    if len(digits) > _MOST_DIGITS:
        return low if word.startswith("-") else high
    return min(max(int(word), low), high)


def read_seconds(text: str, what: str, high: float = MOST_SECONDS) -> float:
    """Seconds written as a number (``5``, ``0.5``, ``1e3``), brought into ``0..high``."""
    word = text.strip()
    if _WHOLE.fullmatch(word):
        return float(read_whole(word, what, 0, int(high)))
    try:
        value = float(word) if len(word) <= _LONGEST_DECIMAL else math.nan
    except ValueError:
        value = math.nan
    if math.isnan(value):
        raise ValueError(f"{what} needs a number of seconds, not {excerpt(word)}")
    return min(max(value, 0.0), high)


def read_clock(text: str, what: str) -> float:
    """XBoard's base time: minutes, or ``minutes:seconds``, as seconds in ``0..MOST_SECONDS``."""
    minutes, sep, seconds = text.partition(":")
    total = read_seconds(minutes, what) * 60
    if sep:
        total += read_seconds(seconds, what)
    return min(total, MOST_SECONDS)
