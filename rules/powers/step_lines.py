"""Per-square pairs of squares along each step, for captures tied to an adjacent enemy.

Shared by the locust capture (land beyond the neighbour) and the withdrawal
capture (land on the opposite side); not a power itself.
"""

from __future__ import annotations

from ..betza import parse_betza
from ..geometry import Geometry


def near_squares(lines: tuple[tuple[tuple[int, int], ...], ...]) -> tuple[frozenset[int], ...]:
    """Per square, the near squares of its pairs (where the captured neighbours stand)."""
    return tuple(frozenset(near for near, _ in pairs) for pairs in lines)


def step_lines(
    geo: Geometry, betza: str, near_factor: int, land_factor: int
) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each board square and each step (dx, dy) of ``betza``: the squares
    ``near_factor`` and ``land_factor`` steps along it (both on the board).
    E.g. (1, 2) jumps over the neighbour, (1, -1) steps away from it."""
    vectors = [v for atom in parse_betza(betza) for v in atom.vectors]
    return tuple(
        tuple(
            (near, land)
            for near, land in (
                (geo.offset(sq, near_factor * dx, near_factor * dy), geo.offset(sq, land_factor * dx, land_factor * dy))
                for dx, dy in vectors
            )
            if near >= 0 and land >= 0
        )
        for sq in range(geo.board_size)
    )
