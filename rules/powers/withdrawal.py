"""Withdrawal capture (the Hangman): step directly away from an adjacent enemy onto
an empty square, removing that enemy. Optional: the plain step to the same square
exists beside it. Move kind ``withdrawal``, text ``e4e5xe3``. The directions come
from variant data ``withdrawal`` (Betza, default ``K``); the step is always one
square, also for a Friend that borrowed the power.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from ..moves import Move
from . import Power, register
from .step_lines import near_squares, step_lines

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("withdrawal")
class Withdrawal(Power):
    kinds = ()
    description = "Captures by stepping directly away from an adjacent enemy."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.holders = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        directions = variant_fields(rules.variant, "data").text("withdrawal", "K")
        variant_fields(rules.variant, "data").betza("withdrawal", "K")
        # per square: (victim square, landing square) pairs
        self.lines = step_lines(rules.geo, directions, 1, -1)
        # per square: (neighbour, the square beyond that neighbour) pairs
        self.beyond = step_lines(rules.geo, directions, 1, 2)
        self._reach = near_squares(self.lines)  # the victims are the neighbours

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        return self._reach

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        names = self.rules.geo.names
        origin = names[sq]
        for v, away in self.lines[sq]:
            occ = board[v]
            if occ is not None and occ.color != piece.color and board[away] is None:
                out.append(Move("withdrawal", origin, names[away], (names[v],), None, None, sq, away, (v,)))

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        # A withdrawer next to the target steps on, away from it. Friends that borrowed
        # the power are found by the engine from their moves.
        board = pos.board
        for s, away in self.beyond[target]:
            p = board[s]
            if (
                p is not None and p.color == by and p.kind in self.holders
                and s not in ctx.frozen and board[away] is None
            ):
                return True
        return False

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        return any(v == target and pos.board[away] is None for v, away in self.lines[sq])
