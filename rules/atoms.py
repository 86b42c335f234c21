"""Betza atoms compiled for the generator: per-square rays for one colour on one board shape.

A piece's Betza atoms (rules/betza.py) say how it moves in words of vectors and modifiers;
the generator wants, for each square, the squares each atom reaches. Compiling merges
overlapping atoms (``QR``) so each move is listed once, and is cached per board shape.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any, NamedTuple, TypeVar

from .betza import UNLIMITED, Atom
from .geometry import MAX_SIZE, Geometry, geometry
from .legs import LegPlan, compile_legs

#: Whatever stands on a board square (a piece; never None for an occupied square).
Occupant = TypeVar("Occupant")

#: The reach of an unlimited ride in compiled atoms.
BIG = 10_000
#: ``GenAtom.hop``: a hop that lands anywhere beyond its hurdle (``p``), or just beyond it (``g``).
HOP = 1
GRASSHOP = 2
#: ``GenAtom.hop`` of an XBetza move beyond plain Betza: its ``legs`` plan makes its moves.
LEGS = 3
_NO_KINDS: frozenset[str] = frozenset()
#: How atoms are seen when compiled (the ``view`` of :func:`compile_atoms`): as written (White),
#: reflected across the middle rank (the second side under ``orientation = "mirror"``), or
#: turned half a turn (the second side under ``orientation = "rotate"``).
AS_WRITTEN = 0
MIRRORED = 1
ROTATED = 2


class GenAtom(NamedTuple):
    """An atom compiled for one colour on one board shape."""

    rays: tuple[tuple[int, ...], ...]  # per square: target squares, truncated to the range
    can_move: bool
    can_capture: bool
    hop: int  # 0, HOP, GRASSHOP or LEGS
    paths: tuple[tuple[int, ...] | None, ...] | None  # lame leaps: squares that must be empty
    initial: bool
    slide: bool
    vector: tuple[int, int]
    max_range: int
    #: Kinds its hops may not use as hurdles, and kinds it may not capture (rules/movement.py).
    hurdles_exclude: frozenset[str] = _NO_KINDS
    captures_exclude: frozenset[str] = _NO_KINDS
    #: With ``hop == LEGS``: the compiled legs (rules/legs.py); ``rays`` then hold, per square,
    #: every square a move could end or capture on, whatever stands where (a sieve).
    legs: LegPlan | None = None


@cache
def _truncated(files: int, ranks: int, dx: int, dy: int, rng: int) -> tuple[tuple[int, ...], ...]:
    full = geometry(files, ranks).rays_for(dx, dy)
    if rng == UNLIMITED:
        return full
    return tuple(r[:rng] for r in full)


def beyond_hurdle(
    board: list[Occupant | None], ray: tuple[int, ...], just_beyond: bool = False
) -> Iterator[tuple[int, Occupant | None]]:
    """A hopper's landing squares along ``ray``: past the first piece (the hurdle), each
    empty square, then the next piece's square (with that piece), and no further; with
    ``just_beyond`` (a grasshopper) only the square right after the hurdle."""
    jumped = False
    for t in ray:
        occ = board[t]
        if not jumped:
            jumped = occ is not None
            continue
        yield t, occ
        if occ is not None or just_beyond:
            return


class _Part(NamedTuple):
    """Half of a compiled atom: its moves to empty squares, or its captures."""

    vector: tuple[int, int]
    hop: int  # 0, HOP or GRASSHOP
    lame: bool  # a one-square-range leap whose path must be empty
    initial: bool
    slide: bool
    captures: bool
    reach: int  # squares along the ray; BIG for unlimited
    #: 0, or k >= 2: only the k-th square along ``vector``, every square before it empty.
    position: int = 0

    def covered_by(self, other: _Part) -> bool:
        """Does ``other`` make every move this part makes (under fewer conditions)?"""
        return (
            other.vector == self.vector
            and other.hop == self.hop
            and other.captures == self.captures
            and other.reach >= self.reach
            and (not other.lame or self.lame)
            and (not other.initial or self.initial)
            # A slide may be stopped (Hia zones) after its first square, never before it.
            and (not other.slide or self.slide or (self.reach == 1 and not other.lame))
        )


def _parts(atoms: tuple[Atom, ...], view: int) -> list[_Part]:
    parts: list[_Part] = []
    for atom in atoms:
        if not atom.legs:
            parts.extend(_atom_parts(atom, view))
    return parts


def seen(atom: Atom, view: int) -> Atom:
    """``atom`` as ``view`` (AS_WRITTEN, MIRRORED or ROTATED) sees it."""
    return atom if view == AS_WRITTEN else atom.flipped() if view == MIRRORED else atom.rotated()


@lru_cache(maxsize=4096)
def _atom_parts(atom: Atom, view: int) -> tuple[_Part, ...]:
    """One atom's parts (cached: borrowed move sets are new combinations of the same few atoms)."""
    a = seen(atom, view)
    reach = BIG if a.max_range == UNLIMITED else a.max_range
    lame = a.lame and a.max_range == 1
    hop = GRASSHOP if a.grasshopper else HOP if a.hop else 0
    slide = a.is_slide
    parts: list[_Part] = []
    for dx, dy in a.vectors:
        for captures, allowed in ((False, a.can_move), (True, a.can_capture)):
            if allowed:
                parts.append(_Part((dx, dy), hop, lame, a.initial, slide, captures, reach))
    return tuple(parts)


def _merged_parts(parts: list[_Part]) -> list[_Part]:
    """Drop every part another part already covers, so overlapping atoms (``QR``) give each move once.

    An initial ride whose first squares another part always makes (``fmWifmW2``) keeps only its
    farther squares, each as a leap whose earlier squares must be empty.
    """
    unique = list(dict.fromkeys(parts))
    rivals: dict[tuple[Any, ...], list[_Part]] = {}
    for part in unique:  # only parts on one vector with the same hop and mode can cover each other
        rivals.setdefault((part.vector, part.hop, part.captures), []).append(part)
    kept = [
        part for part in unique
        if not any(other is not part and part.covered_by(other)
                   for other in rivals[(part.vector, part.hop, part.captures)])
    ]
    out: list[_Part] = []
    for part in kept:
        near = 0
        if part.initial and not part.hop and not part.lame:
            near = max(
                (o.reach for o in rivals[(part.vector, part.hop, part.captures)]
                 if o is not part and o in kept and part._replace(reach=o.reach).covered_by(o)),
                default=0,
            )
        if near:
            far = min(part.reach, MAX_SIZE)
            out.extend(part._replace(reach=1, position=k) for k in range(near + 1, far + 1))
        else:
            out.append(part)
    return out


@lru_cache(maxsize=4096)
def compile_atoms(geo: Geometry, atoms: tuple[Atom, ...], view: int) -> tuple[GenAtom, ...]:
    """Atoms as per-square rays as one side sees them (``view``: AS_WRITTEN for White, MIRRORED
    or ROTATED for the second side, by the variant's ``orientation``), overlapping moves merged.

    Cached: GenAtoms are immutable, so every Rules object on one board shape shares them."""
    groups: dict[tuple[Any, ...], set[bool]] = {}
    for part in _merged_parts(_parts(atoms, view)):
        key = (part.vector, part.hop, part.lame, part.initial, part.slide, part.reach, part.position)
        groups.setdefault(key, set()).add(part.captures)
    out = []
    for (vector, hop, lame, initial, slide, reach, position), modes in groups.items():
        dx, dy = vector
        paths = None
        rays = _truncated(geo.files, geo.ranks, dx, dy, UNLIMITED if reach == BIG else reach)
        if position:
            full = geo.rays_for(dx, dy)
            rays = tuple(r[position - 1:position] for r in full)
            paths = tuple(r[:position - 1] if len(r) >= position else None for r in full)
            dx, dy = dx * position, dy * position
        elif lame:
            offsets = Atom((0, 0), (), 1).lame_path(dx, dy)
            paths = tuple(_lame_squares(geo, sq, offsets) for sq in range(geo.board_size))
        out.append(
            GenAtom(
                rays,
                False in modes,
                True in modes,
                hop,
                paths,
                initial,
                slide,
                (dx, dy),
                reach,
            )
        )
    for atom in atoms:
        if atom.legs:
            out.append(_leg_atom(geo, seen(atom, view)))
    return tuple(out)


def _leg_atom(geo: Geometry, atom: Atom) -> GenAtom:
    """An XBetza move beyond plain Betza as one GenAtom whose legs plan makes its moves."""
    plan = compile_legs(geo, atom.legs)
    return GenAtom(plan.reach, atom.can_move, atom.can_capture, LEGS, None, atom.initial, False, (0, 0), BIG,
                   legs=plan)


def atoms_meet(atoms: tuple[GenAtom, ...]) -> bool:
    """Could two of these atoms reach the same square from one square?"""
    if len(atoms) < 2:
        return False
    for sq in range(len(atoms[0].rays)):
        seen: set[int] = set()
        for g in atoms:
            targets = set(g.rays[sq])
            if seen & targets:
                return True
            seen |= targets
    return False


def _lame_squares(geo: Geometry, sq: int, offsets: tuple[tuple[int, int], ...]) -> tuple[int, ...] | None:
    out = []
    for dx, dy in offsets:
        t = geo.offset(sq, dx, dy)
        if t < 0:
            return None
        out.append(t)
    return tuple(out)


