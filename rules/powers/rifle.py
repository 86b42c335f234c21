"""Rifle capture (the Archer): remove an enemy piece at a leap's distance without
moving. Move kind ``rifle``; origin and destination are the shooter's square and
the text omits the destination: ``b1xc3``. A rifle shot does not take the poison
of a poisonous victim. The leaps come from variant data ``rifle`` (Betza,
default ``N``). A Friend that shoots counts as moved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from ..moves import Move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("rifle")
class Rifle(Power):
    kinds = ("rifle",)
    description = "Captures at a Knight's distance without moving."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        geo = rules.geo
        vectors = [v for a in variant_fields(rules.variant, "data").betza("rifle", "N") for v in a.vectors]
        self.holders = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        self.targets = tuple(
            tuple(t for t in (geo.offset(sq, dx, dy) for dx, dy in vectors) if t >= 0)
            for sq in range(geo.board_size)
        )
        self._reach = tuple(frozenset(t) for t in self.targets)  # every capture lands on a target

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        return self._reach

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        names = self.rules.geo.names
        origin = names[sq]
        for t in self.targets[sq]:
            occ = board[t]
            if occ is not None and occ.color != piece.color:
                out.append(Move("rifle", origin, origin, (names[t],), None, None, sq, sq, (t,)))

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        # The leaps are symmetric, so the shooters of a square stand on its own targets.
        # Friends that borrowed the power are found by the engine from their moves.
        board = pos.board
        for s in self.targets[target]:
            p = board[s]
            if p is not None and p.color == by and p.kind in self.holders and s not in ctx.frozen:
                return True
        return False

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        return target in self.targets[sq]

    def apply(self, pos: Position, move: Move) -> None:
        for c in move.caps:
            pos.capture(c)
        shooter = pos.board[move.o]
        assert shooter is not None, f"no shooter on {move.origin}"
        pos.put(move.o, self.rules.moved_piece(shooter))
