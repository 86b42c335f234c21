"""Passing, a variant power: a side with one royal piece may pass instead of moving (Janggi).

The pass is a move of kind ``pass`` whose origin and destination are the royal piece's square
(Fairy-Stockfish writes it ``e2e2``); its text is ``e2/pass``. It changes nothing but the side to
move, so, like any move, it is illegal while it would leave the royal piece attacked (no pass out
of check). Two passes in a row end the game: a draw, or the material count where the variant
has one (``[variant.<id>.data.material-count]``, see :mod:`rules.powers.bikjang`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..position import Position

PASS = "pass"


@register("passing")
class Passing(Power):
    kinds = (PASS,)
    description = "A side may pass its turn instead of moving (never out of check); two passes in a row end the game."

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        royals = pos.royals[pos.turn]
        if len(royals) != 1:
            return
        (sq,) = royals
        name = self.rules.geo.names[sq]
        out.append(Move(PASS, name, name, (), None, PASS, sq, sq, (), ()))

    def apply(self, pos: Position, move: Move) -> None:
        pass  # nothing moves; the rules pass the turn
