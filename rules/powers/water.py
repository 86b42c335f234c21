"""Water across the board: a barrier that most moves may not cross.

The water runs between two ranks. A move crosses it when it starts on one side
and ends on the other. Only a piece that can slide without limit both forward
and backward along a file (a flyer: Rook, Queen, the dragons) crosses on its
own, and only by a move along a file; move kinds listed as crossing kinds (the
Ferry carrying its passenger) cross whatever the piece. The same test removes
generated moves and denies attacks, so no piece gives check across the water
by a move it could not make.

Variant data (``[variant.<id>.data.water]``):

* ``after_rank``: the water lies between this rank and the next (ranks from 1);
* ``crossing_kinds``: move kinds that may always cross;
* ``flyers`` (optional): piece ids that fly, replacing the ones read from Betza.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..betza import UNLIMITED
from ..datafields import is_kind, short_repr, variant_fields
from ..errors import VariantFileError
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import PieceType
    from ..position import Position
    from ..ruleset import Rules


def flies(t: PieceType) -> bool:
    """True if the type slides without limit both forward and backward along a file."""
    directions = {
        dy
        for atom in t.atoms
        if atom.leap == (0, 1) and atom.max_range == UNLIMITED and not atom.hop
        for dx, dy in atom.vectors
        if dx == 0
    }
    return {1, -1} <= directions


@register("water")
class Water(Power):
    description = "Water between the middle ranks: only flyers cross it on their own, along a file."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        variant = rules.variant
        data = variant_fields(variant, "data.water")
        geo = rules.geo
        after = data.table.get("after_rank")
        # (isinstance as well, so that the type checker knows it is an int below)
        if not is_kind(after, int) or not isinstance(after, int) or not 1 <= after < geo.ranks:
            raise VariantFileError(
                variant.source,
                [(None, f"data.water.after_rank must be a rank from 1 to {geo.ranks - 1}, not {short_repr(after)}")],
            )
        self.after_rank: int = after
        self.crossing_kinds = frozenset(data.texts("crossing_kinds"))  # move kinds, not piece ids
        if "flyers" in data:
            self.flyers = frozenset(data.piece_ids("flyers"))
        else:
            self.flyers = frozenset(k for k, t in rules.types.items() if flies(t))
        # Index of each board square's shore: 0 below the water, 1 above it.
        self.shore = tuple(0 if geo.rank_of(sq) < after else 1 for sq in range(geo.board_size))

    # ------------------------------------------------------------ the test

    def crosses(self, origin: int, destination: int) -> bool:
        shore = self.shore
        if not (0 <= origin < len(shore) and 0 <= destination < len(shore)):
            return False
        return shore[origin] != shore[destination]

    def permits(self, pos: Position, move: Move) -> bool:
        """May this move be made as far as the water is concerned?"""
        if not self.crosses(move.o, move.d) or move.kind in self.crossing_kinds:
            return True
        p = pos.board[move.o]
        geo = self.rules.geo
        return p is not None and p.kind in self.flyers and geo.file_of(move.o) == geo.file_of(move.d)

    # ------------------------------------------------------------ hooks

    def barrier(self) -> tuple[tuple[int, ...], frozenset[str]]:
        return self.shore, self.flyers

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        # Most moves stay on one shore: the shore test inline spares them a call (a Flight
        # and Ferry search lists every move of most of its nodes).
        shore = self.shore
        size = len(shore)
        out: list[Move] = []
        for m in moves:
            o, d = m.o, m.d
            if 0 <= o < size and 0 <= d < size and shore[o] != shore[d] and not self.permits(pos, m):
                continue
            out.append(m)
        return out

    def allows_attack(self, pos: Position, ctx: Context, move: Move) -> bool:
        return self.permits(pos, move)

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin] if 0 <= origin < len(self.shore) else None
        if p is None or not self.crosses(origin, destination):
            return None
        rules = self.rules
        found: list[Move] = []
        rules.piece_moves(pos, ctx, origin, p, found)
        reaching = [m for m in found if m.d == destination]
        if not reaching or any(self.permits(pos, m) for m in reaching):
            return None
        name = rules.types[p.kind].name
        line = f"between ranks {self.after_rank} and {self.after_rank + 1}"
        if p.kind in self.flyers:
            return f"the {name} on {rules.geo.names[origin]} flies over the water {line} only along a file"
        return f"the {name} on {rules.geo.names[origin]} cannot cross the water {line} without a Ferry"

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any]:
        geo = self.rules.geo
        return {
            "between_ranks": [self.after_rank, self.after_rank + 1],
            "south_ranks": list(range(1, self.after_rank + 1)),
            "north_ranks": list(range(self.after_rank + 1, geo.ranks + 1)),
            "flyers": sorted(self.flyers),
            "crossing_kinds": sorted(self.crossing_kinds),
        }

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if self.crosses(move.o, move.d):
            out["crosses_water"] = True
