"""Two-tier promotion with a cap on how many of a type a side may have.

* On a compulsory rank the pawn must become one of the listed types.
* On an optional rank it may stay a pawn or become a piece of its own side that
  the opponent has captured (taken out of that pool).
* Either way, no side may ever have more than ``cap_factor`` times as many of a
  type as it had in the start array; a type absent from a side's array is
  therefore never available to it. If no type is left on a compulsory rank, the
  pawn may not move there.

Variant data (``[variant.<id>.promotion]``): ``pieces`` (the promoting ids),
``choices`` (ids a pawn may become), ``compulsory_ranks`` and ``optional_ranks``
(counted from White's side, mirrored for Black) and ``cap_factor``.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..datafields import variant_fields
from ..placement import parse_placement
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

PROMOTING_KINDS = ("normal", "en-passant")


@register("capped-promotion")
class CappedPromotion(Power):
    reads_sections = ("promotion",)
    description = "Pawns may promote to a captured piece one rank short of the end and must promote on the last rank."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        fields = variant_fields(rules.variant, "promotion")
        geo = rules.geo
        self.pieces = frozenset(fields.piece_ids("pieces"))
        self.choices = fields.piece_ids("choices")
        self.cap_factor = fields.integer("cap_factor", 2, 1, 64)
        compulsory = list(fields.integers("compulsory_ranks", 1, geo.ranks))
        optional = list(fields.integers("optional_ranks", 1, geo.ranks))
        if not self.pieces:
            raise fields.error("pieces", "promotion.pieces must name the promoting pieces")
        self.compulsory = (self._zone(compulsory, 0), self._zone(compulsory, 1))
        self.optional = (self._zone(optional, 0), self._zone(optional, 1))
        #: Every square where some promotion may happen: a move ending elsewhere passes unchanged.
        self.any_zone = self.compulsory[0] | self.compulsory[1] | self.optional[0] | self.optional[1]
        self._caps: dict[tuple[int, str], int] | None = None

    def _zone(self, ranks: list[int], color: int) -> frozenset[int]:
        geo = self.rules.geo
        rows = {r - 1 if color == 0 else geo.ranks - r for r in ranks}
        return frozenset(sq for sq in range(geo.board_size) if geo.rank_of(sq) in rows)

    def compulsory_zone(self, kind: str, color: int) -> frozenset[int]:
        return self.compulsory[color] if kind in self.pieces else frozenset()

    def caps(self) -> dict[tuple[int, str], int]:
        """(colour, kind) -> most pieces of that kind the side may have."""
        if self._caps is None:
            start = parse_placement(self.rules, self.rules.setup_placement())
            counts = Counter((p.color, p.kind) for p, _ in start.values())
            self._caps = {key: n * self.cap_factor for key, n in counts.items()}
        return self._caps

    def allowed(self, pos: Position, color: int, kinds: list[str] | tuple[str, ...]) -> list[str]:
        """Those of ``kinds`` that one more piece of ``color`` would keep within the cap."""
        caps = self.caps()
        have = Counter(p.kind for _, p in pos.pieces(color))
        return [k for k in kinds if have[k] < caps.get((color, k), 0)]

    def pool_kinds(self, pos: Position, color: int) -> list[str]:
        seen: list[str] = []
        for p in pos.pools[color]:
            if p.kind in self.choices and p.kind not in seen:
                seen.append(p.kind)
        return seen

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        board = pos.board
        zone = self.any_zone
        out: list[Move] = []
        for m in moves:
            if m.d not in zone:
                out.append(m)
                continue
            mover = board[m.o] if m.o >= 0 else None
            if mover is None or mover.kind not in self.pieces or m.promotion or m.kind not in PROMOTING_KINDS:
                out.append(m)
                continue
            color = mover.color
            if m.d in self.compulsory[color]:
                out.extend(m._replace(promotion=k) for k in self.allowed(pos, color, self.choices))
            elif m.d in self.optional[color]:
                out.append(m)
                out.extend(m._replace(promotion=k) for k in self.allowed(pos, color, self.pool_kinds(pos, color)))
            else:
                out.append(m)
        return out

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        # The engine made a fresh piece; an optional promotion uses up a captured one.
        if not move.promotion or mover.kind not in self.pieces or move.d not in self.optional[mover.color]:
            return
        for p in pos.pools[mover.color]:
            if p.kind == move.promotion:
                pos.take_from_pool(mover.color, p)
                return

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin] if 0 <= origin < len(pos.board) else None
        if p is None or p.kind not in self.pieces or destination not in self.compulsory[p.color]:
            return None
        if self.allowed(pos, p.color, self.choices):
            return None
        reach: list[Move] = []
        self.rules.piece_moves(pos, ctx, origin, p, reach)
        if not any(m.d == destination for m in reach):
            return None
        name = self.rules.types[p.kind].name
        return (
            f"a {name} reaching {self.rules.geo.names[destination]} must promote, and every type it "
            f"could become is already at {self.cap_factor} times its number in the array"
        )

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any]:
        geo = self.rules.geo
        caps = self.caps()
        out: dict[str, Any] = {}
        for color, side in enumerate(("white", "black")):
            have = Counter(p.kind for _, p in pos.pieces(color))
            out[side] = {
                "compulsory_ranks": sorted({geo.rank_of(sq) + 1 for sq in self.compulsory[color]}),
                "optional_ranks": sorted({geo.rank_of(sq) + 1 for sq in self.optional[color]}),
                "limits": {k: caps.get((color, k), 0) for k in self.choices},
                "on_board": {k: have[k] for k in self.choices},
                "pool_choices": self.pool_kinds(pos, color),
            }
        return out
