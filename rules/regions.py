"""Named sets of board squares, read from a variant's ``[variant.<id>.regions]`` table.

A region is written as a list of squares and rectangles (``"d1:f3"`` is every square
from d1 to f3), the same for both sides::

    hill = ["d4:e5"]

or, when each side has its own, as a table with one list per side (``black = "mirror"``
takes White's squares reflected across the board's middle rank)::

    palace = { white = ["d1:f3"], black = ["d8:f10"] }
    own_half = { white = ["a1:i5"], black = "mirror" }

Rules that name a region for a piece (confinement, moves inside a region, goals) use the
region of that piece's side. Everything here is plain data; :func:`region_indices` turns a
region into square indices for the move generator.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .datafields import short_repr
from .geometry import Geometry

if TYPE_CHECKING:
    from .pieces import PieceType

#: A square (``c3``) or a rectangle between two squares (``a1:c3``).
_SQUARE = re.compile(r"^([a-z])([1-9][0-9]?)$")
#: Most squares and rectangles one region may list.
MAX_REGION_ITEMS = 256
_SIDES = ("white", "black")


@dataclass(frozen=True)
class Region:
    """A named square set per side (White's and Black's are equal for a shared region)."""

    name: str
    white: frozenset[str]
    black: frozenset[str]

    def squares(self, color: int) -> frozenset[str]:
        """The square names of the region for ``color`` (0 White, 1 Black)."""
        return self.black if color else self.white

    @property
    def shared(self) -> bool:
        """True when both sides have the same squares."""
        return self.white == self.black

    @property
    def every_square(self) -> frozenset[str]:
        """The squares of either side."""
        return self.white | self.black


class RegionError(ValueError):
    """A region that cannot be read; the message names the fault (the loader adds file and line)."""


def _parse_square(text: str, files: int, ranks: int) -> tuple[int, int]:
    match = _SQUARE.match(text)
    if not match:
        raise RegionError(f"{short_repr(text)} is not a square such as c3")
    file = ord(match.group(1)) - ord("a")
    rank = int(match.group(2)) - 1
    if file >= files or not 0 <= rank < ranks:
        raise RegionError(f"square {short_repr(text)} is off the {files}x{ranks} board")
    return file, rank


def _square_name(file: int, rank: int) -> str:
    return f"{chr(ord('a') + file)}{rank + 1}"


def parse_square_list(value: Any, files: int, ranks: int) -> frozenset[str]:
    """Square names of a list of squares and rectangles (``["a1", "d1:f3"]``)."""
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RegionError(f"must be a list of squares and rectangles such as \"d1:f3\", not {short_repr(value)}")
    if len(value) > MAX_REGION_ITEMS:
        raise RegionError(f"lists {len(value)} items; the limit is {MAX_REGION_ITEMS}")
    out: set[str] = set()
    for item in value:
        corners = item.strip().split(":")
        if len(corners) > 2:
            raise RegionError(f"{short_repr(item)} is not a square or a rectangle such as \"d1:f3\"")
        (f1, r1), (f2, r2) = _parse_square(corners[0], files, ranks), _parse_square(corners[-1], files, ranks)
        for f in range(min(f1, f2), max(f1, f2) + 1):
            for r in range(min(r1, r2), max(r1, r2) + 1):
                out.add(_square_name(f, r))
    return frozenset(out)


def mirrored(squares: frozenset[str], ranks: int) -> frozenset[str]:
    """The squares reflected across the board's middle rank (White's view to Black's)."""
    out = set()
    for name in squares:
        out.add(f"{name[0]}{ranks + 1 - int(name[1:])}")
    return frozenset(out)


def parse_region(name: str, value: Any, files: int, ranks: int) -> Region:
    """One entry of the regions table; raises RegionError naming the fault."""
    if isinstance(value, dict):
        unknown = sorted(set(value) - set(_SIDES))
        if unknown:
            raise RegionError(f"region {name!r} has the unknown key {short_repr(unknown[0])}; use white and black")
        if "white" not in value or "black" not in value:
            raise RegionError(f"region {name!r} needs both white and black squares")
        try:
            white = parse_square_list(value["white"], files, ranks)
        except RegionError as exc:
            raise RegionError(f"region {name!r}, white: {exc}") from None
        if value["black"] == "mirror":
            black = mirrored(white, ranks)
        else:
            try:
                black = parse_square_list(value["black"], files, ranks)
            except RegionError as exc:
                raise RegionError(f"region {name!r}, black: {exc}") from None
        return Region(name, white, black)
    try:
        squares = parse_square_list(value, files, ranks)
    except RegionError as exc:
        raise RegionError(f"region {name!r} {exc}") from None
    return Region(name, squares, squares)


def parse_regions(table: Any, files: int, ranks: int) -> tuple[dict[str, Region], list[tuple[str, str]]]:
    """Every region of a regions table, and (key, message) for each entry that cannot be read."""
    if not isinstance(table, dict):
        return {}, [("regions", f"regions must be a table of named square lists, not {short_repr(table)}")]
    regions: dict[str, Region] = {}
    faults: list[tuple[str, str]] = []
    for name, value in table.items():
        try:
            regions[name] = parse_region(name, value, files, ranks)
        except RegionError as exc:
            faults.append((name, str(exc)))
    return regions, faults


def region_indices(geo: Geometry, region: Region, color: int) -> frozenset[int]:
    """The region's squares for ``color`` as board indices."""
    return frozenset(geo.parse(name) for name in region.squares(color))


def region_name_faults(
    pieces: Mapping[str, PieceType], promotion: Mapping[str, Any], regions: Mapping[str, Region]
) -> list[tuple[str, str, str]]:
    """(table below the variant, key, message) for each region name that names no region:
    a piece's ``initial_region`` and the promotion table's ``region``."""
    faults: list[tuple[str, str, str]] = []
    for pid, pt in pieces.items():
        name = pt.data.get("initial_region", "")
        if name and name not in regions:
            faults.append((f"pieces.{pid}", "initial_region",
                           f"initial_region of piece {pid!r} names {short_repr(name)}, which is not a region"))
    name = promotion.get("region", "")
    if isinstance(name, str) and name and name not in regions:
        faults.append(("promotion", "region", f"promotion.region names {short_repr(name)}, which is not a region"))
    return faults
