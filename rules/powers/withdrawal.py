"""Withdrawal capture (the Hangman): step directly away from an adjacent enemy onto
an empty square, removing that enemy. Optional: the plain step to the same square
exists beside it. Move kind ``withdrawal``, text ``e4e5xe3``. The directions come
from variant data ``withdrawal`` (Betza, default ``K``); the step is always one
square, also for a Friend that borrowed the power.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..betza import parse_betza
from ..moves import Move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("withdrawal")
class Withdrawal(Power):
    kinds = ()
    attacks_forward = True
    description = "Captures by stepping directly away from an adjacent enemy."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        geo = rules.geo
        vectors = [v for a in parse_betza(rules.variant.data.get("withdrawal", "K")) for v in a.vectors]
        # per square: (victim square, landing square) pairs
        self.lines = tuple(
            tuple(
                (v, away)
                for v, away in ((geo.offset(sq, dx, dy), geo.offset(sq, -dx, -dy)) for dx, dy in vectors)
                if v >= 0 and away >= 0
            )
            for sq in range(geo.board_size)
        )

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        names = self.rules.geo.names
        origin = names[sq]
        for v, away in self.lines[sq]:
            occ = board[v]
            if occ is not None and occ.color != piece.color and board[away] is None:
                out.append(Move("withdrawal", origin, names[away], (names[v],), None, None, sq, away, (v,)))

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        return any(v == target and pos.board[away] is None for v, away in self.lines[sq])
