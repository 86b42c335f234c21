"""Where a piece's ordinary (Betza) moves reach, for powers that move pieces by
those moves with a different effect (merging onto a friendly piece, a part
leaving a compound).

NOTE: reconstructed by the Friendly session after it overwrote this file by
mistake (same name); the owner should compare it with the original.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..atoms import beyond_hurdle

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


def ordinary_atoms(rules: Rules, kind: str, color: int) -> tuple[GenAtom, ...]:
    """The compiled Betza atoms of ``kind`` for ``color``."""
    return rules.atoms_of(kind, color)


def reach(
    pos: Position, sq: int, moved: bool, atoms: tuple[GenAtom, ...]
) -> Iterator[tuple[int, Piece | None]]:
    """Each square the atoms reach from ``sq``, with its occupant (None if empty).

    Empty squares come from atoms that may move there; an occupied square (of either
    colour, the first on a ray, or the first beyond a screen for hoppers) from atoms
    that may capture. Initial-only atoms count only when ``moved`` is false.
    """
    board = pos.board
    for g in atoms:
        if g.initial and moved:
            continue
        ray = g.rays[sq]
        if not ray:
            continue
        if g.paths is not None:
            path = g.paths[sq]
            if path is None or any(board[s] is not None for s in path):
                continue
        if g.hop:
            for t, occ in beyond_hurdle(board, ray):
                if (g.can_move if occ is None else g.can_capture):
                    yield t, occ
            continue
        for t in ray:
            occ = board[t]
            if occ is None:
                if g.can_move:
                    yield t, None
            else:
                if g.can_capture:
                    yield t, occ
                break
