"""Promotion: a promoting piece that ends in its zone becomes a piece of a listed type.

Variant data (``[variant.<id>.promotion]``):

* ``pieces``: the piece ids that promote (pawns);
* ``zone``: how many of the far ranks form the promotion zone (default 1);
* ``zone_by_piece``: per piece id, a different zone depth;
* ``choices``: a list of piece ids, or ``"pool"`` for the promoting side's own
  pieces that the opponent has captured;
* ``exclude``: piece ids never chosen from the pool.

With ``"pool"`` and nothing to choose, the ``empty_pool_promotion`` option
decides: ``no-advance`` forbids the move, ``stay-pawn`` lets the pawn arrive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..position import Position
    from ..ruleset import Rules


@register("promotion")
class Promotion(Power):
    description = "Pawns that reach the far ranks become another piece."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "promotion")
        ranks = rules.geo.ranks
        self.pieces = frozenset(data.piece_ids("pieces"))
        self.depth = data.integer("zone", 1, 1, ranks)
        self.depth_by_piece: dict[str, int] = data.table_of("zone_by_piece", int)
        for kind, depth in self.depth_by_piece.items():
            data.check_range(f"zone_by_piece.{kind}", depth, 1, ranks)
        choices = data.value("choices", (list, str), [])
        self.choices: list[str] | str = "pool" if choices == "pool" else list(data.piece_ids("choices"))
        self.exclude = frozenset(data.piece_ids("exclude"))
        self.set_zones()

    def set_zones(self) -> None:
        """Work out each promoting piece's zone from ``depth`` and ``depth_by_piece``."""
        ranks = self.rules.geo.ranks
        files = self.rules.geo.files
        self.zone_cache: dict[tuple[str, int], frozenset[int]] = {}
        for kind in self.pieces:
            depth = self.depth_by_piece.get(kind, self.depth)
            for color in (0, 1):
                rank_range = range(ranks - depth, ranks) if color == 0 else range(0, depth)
                self.zone_cache[(kind, color)] = frozenset(
                    f + r * files for r in rank_range for f in range(files)
                )
        # Per colour, every square where some promoting piece of that colour promotes.
        self.any_zone = tuple(
            frozenset().union(*(z for (_, c), z in self.zone_cache.items() if c == color)) for color in (0, 1)
        )

    def zone(self, kind: str, color: int) -> frozenset[int]:
        return self.zone_cache.get((kind, color), frozenset())

    def compulsory_zone(self, kind: str, color: int) -> frozenset[int]:
        if self.rules.options.get("empty_pool_promotion") == "stay-pawn":
            return frozenset()  # a pawn may arrive and wait there
        return self.zone(kind, color)

    def options_for(self, pos: Position, color: int) -> list[str]:
        """Piece ids a pawn of ``color`` may promote to now."""
        if self.choices == "pool":
            seen: list[str] = []
            for p in pos.pools[color]:
                if p.kind not in self.exclude and p.kind not in self.rules.pawn_kinds and p.kind not in seen:
                    seen.append(p.kind)
            return seen
        return list(self.choices)

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        if self.any_zone[pos.turn].isdisjoint([m.d for m in moves]):
            return moves
        board = pos.board
        out: list[Move] = []
        stay = self.rules.options.get("empty_pool_promotion", "no-advance") == "stay-pawn"
        cached: list[str] | None = None
        for m in moves:
            mover = board[m.o] if m.o >= 0 else None
            if (
                mover is None
                or mover.kind not in self.pieces
                or m.promotion
                or m.d not in self.zone_cache.get((mover.kind, mover.color), ())
                or m.kind not in ("normal", "en-passant")
            ):
                out.append(m)
                continue
            if cached is None:
                cached = self.options_for(pos, mover.color)
            if not cached:
                if stay:
                    out.append(m)
                continue
            for kind in cached:
                out.append(m._replace(promotion=kind))
        return out

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin] if 0 <= origin < len(pos.board) else None
        if p is None or p.kind not in self.pieces or destination not in self.zone(p.kind, p.color):
            return None
        if self.choices != "pool" or self.options_for(pos, p.color):
            return None
        if self.rules.options.get("empty_pool_promotion", "no-advance") == "stay-pawn":
            return None
        reach: list[Move] = []
        self.rules.piece_moves(pos, ctx, origin, p, reach)
        if not any(m.d == destination and m.kind in ("normal", "en-passant") for m in reach):
            return None
        name = self.rules.types[p.kind].name
        return (
            f"a {name} reaching {self.rules.geo.names[destination]} must promote to one of your pieces the "
            "opponent captured, and your pool holds none it may become"
        )
