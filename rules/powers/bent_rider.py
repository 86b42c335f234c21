"""Bent riders: one step of a first leap, then a slide turned 45 degrees outward.

The Griffon steps one square diagonally and may go on along either of the two
orthogonal directions that lead away from its start; the Manticore steps one
square orthogonally and may go on along either diagonal that leads away. Betza
as read here cannot say this, so the piece gives its first step in Betza (``F``
or ``W``) and this power adds the bent part.

Piece data (``[variant.<id>.pieces.<id>.data.bent]``): ``first`` and ``then``,
one Betza leap letter each (``first = "F"``, ``then = "W"`` for the Griffon).
A second leg direction counts as outward when it makes an acute angle with the
first step and is not parallel to it.

The bent part is compiled into generator atoms whose lame path is the corner
square, so the generic generator walks it like any slide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..betza import LEAPS
from ..errors import VariantFileError
from ..ruleset import BIG, GenAtom
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


def _vectors(leap: tuple[int, int]) -> set[tuple[int, int]]:
    a, b = leap
    out = set()
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((sx * x, sy * y))
    return out


def bent_legs(first: str, then: str) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """(first step, outward slide direction) pairs, in White's orientation."""
    legs = []
    for v in sorted(_vectors(LEAPS[first])):
        for u in sorted(_vectors(LEAPS[then])):
            dot = v[0] * u[0] + v[1] * u[1]
            parallel = v[0] * u[1] - v[1] * u[0] == 0
            if dot > 0 and not parallel:
                legs.append((v, u))
    return legs


@register("bent-rider")
class BentRider(Power):
    attacks_forward = True
    description = "Takes one step, then may slide on, turned 45 degrees away from where it started."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.legs: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
        problems: list[tuple[int | None, str]] = []
        for kind, t in rules.types.items():
            if self.name not in t.powers:
                continue
            spec: Any = t.data.get("bent")
            if (
                not isinstance(spec, dict)
                or not isinstance(spec.get("first"), str)
                or not isinstance(spec.get("then"), str)
                or spec["first"] not in LEAPS
                or spec["then"] not in LEAPS
            ):
                problems.append(
                    (None, f"piece {kind!r} has the bent-rider power but no data.bent = "
                           f"{{ first = <leap letter>, then = <leap letter> }}")
                )
                continue
            self.legs[kind] = bent_legs(spec["first"], spec["then"])
        if problems:
            raise VariantFileError(rules.variant.source, problems)
        self._compiled: dict[tuple[str, int], tuple[GenAtom, ...]] = {}

    def atoms(self, kind: str, color: int) -> tuple[GenAtom, ...]:
        """The bent part of ``kind``'s move as generator atoms (empty for other kinds)."""
        key = (kind, color)
        found = self._compiled.get(key)
        if found is None:
            found = self._compile(self.legs.get(kind, []), color)
            self._compiled[key] = found
        return found

    def _compile(self, legs: list[tuple[tuple[int, int], tuple[int, int]]], color: int) -> tuple[GenAtom, ...]:
        geo = self.rules.geo
        out = []
        for (vx, vy), (ux, uy) in legs:
            if color == 1:
                vy, uy = -vy, -uy
            rays: list[tuple[int, ...]] = []
            paths: list[tuple[int, ...] | None] = []
            for sq in range(geo.board_size):
                corner = geo.offset(sq, vx, vy)
                if corner < 0:
                    rays.append(())
                    paths.append(None)
                    continue
                rays.append(geo.ray(corner, ux, uy))
                paths.append((corner,))
            out.append(
                GenAtom(tuple(rays), True, True, False, tuple(paths), False, True, (vx + ux, vy + uy), BIG)
            )
        return tuple(out)

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        self.rules.betza_moves(pos, sq, piece, self.atoms(piece.kind, piece.color), out, ctx.stops.get(sq))
