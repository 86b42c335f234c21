"""Moves that give check are illegal (racing kings): switched on by the variant key
``checks_allowed = false`` (rules/impliedpowers.py).

A move is judged on the position after it, with every effect: if a royal piece of the other
side stands attacked there, the move may not be played."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import Power, register

if TYPE_CHECKING:
    from ..moves import Move
    from ..position import Position


@register("no-check-giving")
class NoCheckGiving(Power):
    description = "A move may not give check."

    def illegal_reason(self, pos: Position, move: Move, mover: int) -> str | None:
        if self.rules.in_check(pos, 1 - mover):
            return "it would give check, and giving check is not allowed"
        return None
