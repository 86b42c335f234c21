"""Windmill: a curved rider that turns round an occupied neighbouring square.

The Windmill picks any occupied square next to it (either colour) as the pivot and
travels round the ring of the eight squares around the pivot, clockwise or
anticlockwise, one ring square at a time. It may stop on any empty square it
reaches, or capture the first enemy piece it meets (and stop there). The board
edge and its own pieces block it, and it never completes the circle back to its
start square, so it goes at most seven squares round.

Its captures are not along fixed rays, so the engine finds them by generating its
moves (``attacks_forward``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ..moves import Move, build_move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position

# The eight neighbours of a square in clockwise order: consecutive entries touch.
RING = ((-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0))
RING_LENGTH = len(RING)


@cache
def rings(files: int, ranks: int) -> tuple[tuple[int, ...], ...]:
    """For each pivot square, its ring in clockwise order; -1 where the ring leaves the board."""
    out = []
    for sq in range(files * ranks):
        f, r = sq % files, sq // files
        out.append(tuple(
            (f + dx) + (r + dy) * files if 0 <= f + dx < files and 0 <= r + dy < ranks else -1
            for dx, dy in RING
        ))
    return tuple(out)


@register("windmill")
class Windmill(Power):
    attacks_forward = True
    description = "Turns round a neighbouring piece, either way, up to seven squares; never back home."

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        geo = self.rules.geo
        board = pos.board
        names = geo.names
        all_rings = rings(geo.files, geo.ranks)
        origin = names[sq]
        reached: set[int] = set()
        for pivot in geo.neighbours(sq):
            if board[pivot] is None:
                continue
            ring = all_rings[pivot]
            start = ring.index(sq)
            for turn in (1, -1):
                # Steps 1..7: the eighth would bring it back to its start square.
                for step in range(1, RING_LENGTH):
                    t = ring[(start + turn * step) % RING_LENGTH]
                    if t < 0:
                        break
                    occ = board[t]
                    if occ is None:
                        if t not in reached:
                            reached.add(t)
                            out.append(build_move(("normal", origin, names[t], (), None, None, sq, t, (), ())))
                        continue
                    if occ.color != piece.color and t not in reached:
                        reached.add(t)
                        out.append(build_move(("normal", origin, names[t], (names[t],), None, None, sq, t, (t,), ())))
                    break
