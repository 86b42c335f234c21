"""Colour-blind reach tests for guarding: could a piece capture on a square if
whatever stands there were an enemy? Shared by the borrowing power and the powers
whose captures Betza cannot express. Registers no power. (Named apart from reach.py, which another variant owns.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..pieces import Piece


def atoms_reach(
    board: list[Piece | None],
    atoms: tuple[GenAtom, ...],
    sq: int,
    moved: bool,
    target: int,
    stops: frozenset[int] | None,
) -> bool:
    """True if a capture by one of ``atoms`` from ``sq`` could land on ``target``.

    ``stops`` are the squares where this piece's slides must stop (Hia zones).
    """
    for g in atoms:
        if not g.can_capture or (g.initial and moved):
            continue
        ray = g.rays[sq]
        if target not in ray:
            continue
        if g.paths is not None:
            path = g.paths[sq]
            if path is None or any(board[s] is not None for s in path):
                continue
            if stops and g.slide and (sq in stops or any(s in stops for s in path)):
                continue
            return True
        between = ray[: ray.index(target)]
        if g.hop:
            if sum(board[s] is not None for s in between) == 1:
                return True
            continue
        if any(board[s] is not None for s in between):
            continue
        if stops and g.slide and between and (sq in stops or any(s in stops for s in between)):
            continue
        return True
    return False
