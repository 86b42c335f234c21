"""Locust capture (the Ghost): jump over an adjacent enemy to the empty square
directly beyond, removing it. Move kind ``locust``, text ``c3e5xd4``. The
directions come from variant data ``locust`` (Betza, default ``K``).

The jump passes through adjacent squares, so Hia zones stop it (it is a slide):
it is impossible from a square next to an active Hia source, or over a piece
standing next to one. The exception is the source itself: a Ghost may jump
over the Bodyguard beside it, because the capture ends that zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from ..moves import Move
from . import Power, register
from .hia import Hia
from .step_lines import near_squares, step_lines

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("locust")
class Locust(Power):
    kinds = ()
    slides = True
    description = "Captures by jumping over an adjacent enemy to the empty square beyond."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.holders = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        directions = variant_fields(rules.variant, "data").text("locust", "K")
        variant_fields(rules.variant, "data").betza("locust", "K")
        # per square: (jumped square, landing square) pairs
        self.lines = step_lines(rules.geo, directions, 1, 2)
        # per square: (jumper square, landing square) pairs of the jumps over it
        self.across = step_lines(rules.geo, directions, -1, 1)
        self._reach = near_squares(self.lines)  # the victims are the neighbours

    def _clear(self, ctx: Context, sq: int, piece: Piece, v: int) -> bool:
        """May the jump from ``sq`` over ``v`` go on, as far as Hia zones are concerned?"""
        stops = ctx.stops.get(sq)
        if not stops or (sq not in stops and v not in stops):
            return True
        hia = self.rules.power_of(Hia)
        if hia is None:
            return False
        rest = hia.stops_without(ctx, sq, piece, v)
        return sq not in rest and v not in rest

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        return self._reach

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        names = self.rules.geo.names
        origin = names[sq]
        for v, land in self.lines[sq]:
            occ = board[v]
            if occ is None or occ.color == piece.color or board[land] is not None:
                continue
            if not self._clear(ctx, sq, piece, v):
                continue
            out.append(Move("locust", origin, names[land], (names[v],), None, None, sq, land, (v,)))

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        # Friends that borrowed the power are found by the engine from their moves.
        board = pos.board
        for s, land in self.across[target]:
            p = board[s]
            if (
                p is not None and p.color == by and p.kind in self.holders and s not in ctx.frozen
                and board[land] is None and self._clear(ctx, s, p, target)
            ):
                return True
        return False

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        return any(
            v == target and pos.board[land] is None and self._clear(ctx, sq, piece, v)
            for v, land in self.lines[sq]
        )
