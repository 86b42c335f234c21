"""Counts the checks each side gives, for ``check_limit`` in ``[variant.<id>.outcomes]``.

Switched on by that key (not listed in a variant's ``powers``). The counts are position
state ``checks=(white,black)``; rules/outcomes.py declares the win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import FenError
from ..judge import CHECKS_KEY, check_counts
from . import Power, register

if TYPE_CHECKING:
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position


@register("check-count")
class CheckCount(Power):
    pin_safe = True  # it only counts checks: legality stays the pins' and checks' business
    state_keys = (CHECKS_KEY,)
    description = "Counts the checks each side gives; the side that gives the set number wins."

    def setup(self, pos: Position) -> None:
        pos.set_state(CHECKS_KEY, ("0", "0"))

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        if self.rules.in_check(pos, 1 - mover.color):
            counts = list(check_counts(pos))
            counts[mover.color] += 1
            pos.set_state(CHECKS_KEY, (str(counts[0]), str(counts[1])))

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(CHECKS_KEY)
        if value is None:
            return
        limit = self.rules.outcomes.check_limit
        if (
            not isinstance(value, tuple) or len(value) != 2
            or not all(v.isascii() and v.isdigit() and int(v) <= limit for v in value)
        ):
            raise FenError(
                f"{CHECKS_KEY}= must be two counts of checks given, White's and Black's, from 0 to {limit}, "
                f"such as {CHECKS_KEY}=(1,0)"
            )
