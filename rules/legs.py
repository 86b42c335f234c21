"""XBetza moves beyond plain Betza, compiled and generated: multi-leg moves (``a``), crooked
(``z``), circular (``q``) and cylindrical (``o``) paths, jumps (``j``), exact ranges (``W03``),
unloads (``u``) and captures of one's own pieces (``d``).

The parser (rules/betza.py) describes such a move as a :class:`Leg` tuple on its ``Atom``;
:func:`compile_legs` turns the legs into per-square rays for one side on one board shape (a
:class:`LegPlan`), and :func:`leg_moves` walks them over a board. Plain Betza never comes here:
its atoms keep the one-loop generator of rules/ruleset.py, so they cost nothing more.

What each leg does on the square it ends on (its modality, a bit set):

* ``MOVE`` (``m``): the square is empty;
* ``CAPTURE`` (``c``): an enemy stands there and is captured (on a leg before the last, a
  locust capture: the piece goes on);
* ``DESTROY`` (``d``): one of the mover's own pieces stands there and is removed;
* ``HURDLE`` (``p`` on a leg before the last): a piece of either side stands there and stays;
  the next leg starts from it.

The last leg's ``p`` and ``g`` keep plain Betza's meaning (hop over the first piece on the line
and land beyond it, anywhere or just beyond). A leg before the last moves by default
(``m``), the last one moves or captures (``mc``).

Directions of a leg after the first are relative to the leg before: ``f`` goes on the same
way, ``b`` back, ``l`` and ``r`` turn a right angle, ``fl fr bl br`` turn half a right angle
(with ``fs``, ``bs``, ``v``, ``s`` and ``h`` words as usual). A diagonal atom asked to turn half
a right angle becomes the orthogonal one of the same length and the other way round (``F`` and
``W``, ``A`` and ``D``, ``G`` and ``H``); oblique atoms, and ``K`` and ``Q``, have such turns
of their own. Without direction letters a later leg of an eight-way atom goes any way but
straight back, one of a four-way atom straight on or a right angle either way.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple, Protocol

from .geometry import Geometry

#: Leg modalities (bits).
MOVE = 1
CAPTURE = 2
DESTROY = 4
HURDLE = 8
#: The last leg's hop: over the first piece, landing anywhere beyond (``p``) or just beyond (``g``).
FINAL_HOP = 1
FINAL_GRASSHOP = 2
#: Path shapes of a one-leg move.
STRAIGHT = "straight"
CROOKED = "crooked"
CIRCULAR = "circular"
#: A ride without a limit.
ENDLESS = 10_000

#: Relative turns, as (dot sign, cross sign) of the new step against the one before:
#: ``f`` (+1, 0), ``b`` (-1, 0), ``l`` (0, +1), ``r`` (0, -1), ``fl`` (+1, +1) ...
TURNS: dict[str, tuple[int, int]] = {
    "f": (1, 0), "b": (-1, 0), "l": (0, 1), "r": (0, -1),
    "fl": (1, 1), "fr": (1, -1), "bl": (-1, 1), "br": (-1, -1),
}
#: Turns of half a right angle (they turn diagonal atoms orthogonal and back).
HALF_TURNS = frozenset({"fl", "fr", "bl", "br"})


class Leg(NamedTuple):
    """One leg of an XBetza move, as written (White's view).

    ``vectors``: for the first leg, the steps it may take; for a later leg, every step of its atom
    (and of the turned atom, where ``turns`` asks for half turns) that ``turns`` may select.
    """

    vectors: tuple[tuple[int, int], ...]
    #: Later legs: the turns allowed against the leg before (keys of TURNS).
    turns: frozenset[str]
    modes: int
    #: Squares along the line (1: a leap; ENDLESS: a ride to the edge).
    reach: int
    #: Only the ``reach``-th square, every one before it empty (``W03``).
    exact: bool = False
    #: ``j``: a ride skips its first square, whatever stands there; a leap must jump a piece.
    jump: bool = False
    #: ``n``: a leap made in steps, blocked by a piece on the way.
    lame: bool = False
    #: ``u``: a piece this move captures reappears on the square this leg starts from.
    unload: bool = False
    #: FINAL_HOP or FINAL_GRASSHOP on the last leg, else 0.
    hop: int = 0
    #: Path shape of a one-leg move: STRAIGHT, CROOKED (``z``) or CIRCULAR (``q``).
    shape: str = STRAIGHT
    #: ``o``: the board's side edges join (a cylinder).
    wrap: bool = False

    def turned(self, sx: int, sy: int) -> Leg:
        """The leg with its vectors' x multiplied by ``sx``, y by ``sy`` (another side's view).
        A reflection (``sx * sy < 0``) swaps a later leg's left and right turns."""
        turns = self.turns
        if sx * sy < 0:
            swap = {"l": "r", "r": "l", "fl": "fr", "fr": "fl", "bl": "br", "br": "bl"}
            turns = frozenset(swap.get(t, t) for t in turns)
        return self._replace(vectors=tuple((sx * x, sy * y) for x, y in self.vectors), turns=turns)


def turn_of(before: tuple[int, int], after: tuple[int, int]) -> str:
    """The turn from step ``before`` to step ``after``: a key of TURNS."""
    dot = before[0] * after[0] + before[1] * after[1]
    cross = before[0] * after[1] - before[1] * after[0]
    key = ((dot > 0) - (dot < 0), (cross > 0) - (cross < 0))
    for name, value in TURNS.items():
        if value == key:
            return name
    return "f"


class Occupant(Protocol):
    """What the walker reads of a piece: its side."""

    @property
    def color(self) -> int: ...


#: Per leg, per step key, per square: the squares the leg passes, in order.
Rays = tuple[tuple[int, ...], ...]


class CompiledLeg(NamedTuple):
    """One leg for one side on one board shape."""

    #: Steps this leg may take, with their rays (per square) and, for leaps, the squares passed.
    steps: tuple[tuple[tuple[int, int], Rays, tuple[tuple[int, ...] | None, ...] | None], ...]
    #: Later legs: per step of the leg before (by its index), the indices into ``steps`` it may
    #: go on with.
    after: tuple[tuple[int, ...], ...]
    modes: int
    exact: bool
    jump: bool
    lame: bool
    unload: bool
    hop: int
    ride: bool


class LegPlan(NamedTuple):
    """A multi-leg (or shaped) move compiled for one side on one board shape."""

    legs: tuple[CompiledLeg, ...]
    #: Per square, every square a move could end on or capture on, whatever stands where.
    reach: tuple[tuple[int, ...], ...]


def _ray(geo: Geometry, sq: int, dx: int, dy: int, reach: int, wrap: bool) -> tuple[int, ...]:
    out: list[int] = []
    files = geo.files
    f, r = sq % files, sq // files
    for _ in range(min(reach, files * geo.ranks)):
        f += dx
        r += dy
        if wrap:
            f %= files
        if not (0 <= f < files and 0 <= r < geo.ranks):
            break
        t = f + r * files
        if t == sq:
            break  # round the cylinder and home again
        out.append(t)
    return tuple(out)


def _shaped_ray(
    geo: Geometry, sq: int, vectors: list[tuple[int, int]], reach: int, wrap: bool
) -> tuple[int, ...]:
    """The squares of a path whose k-th step is ``vectors[k % len(vectors)]``."""
    out: list[int] = []
    files = geo.files
    f, r = sq % files, sq // files
    for k in range(min(reach, files * geo.ranks)):
        dx, dy = vectors[k % len(vectors)]
        f += dx
        r += dy
        if wrap:
            f %= files
        if not (0 <= f < files and 0 <= r < geo.ranks):
            break
        t = f + r * files
        if t == sq or t in out:
            break
        out.append(t)
    return tuple(out)


def _lame_path(dx: int, dy: int) -> tuple[tuple[int, int], ...]:
    """Offsets a leap passes when made in steps: along a line, or the long way first, then diagonally."""
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    ax, ay = abs(dx), abs(dy)
    if ax == 0 or ay == 0 or ax == ay:
        return tuple((sx * k, sy * k) for k in range(1, max(ax, ay)))
    path: list[tuple[int, int]] = []
    x = y = 0
    for _ in range(abs(ay - ax)):
        if ay > ax:
            y += sy
        else:
            x += sx
        path.append((x, y))
    while (x + sx, y + sy) != (dx, dy):
        x += sx
        y += sy
        path.append((x, y))
    return tuple(path)


def _circle(start: tuple[int, int], vectors: tuple[tuple[int, int], ...], sense: int) -> list[tuple[int, int]]:
    """The atom's steps in turning order from ``start``: counterclockwise (sense 1) or clockwise."""
    import math

    ordered = sorted(set(vectors), key=lambda v: math.atan2(v[1], v[0]))
    i = ordered.index(start)
    return [ordered[(i + sense * k) % len(ordered)] for k in range(len(ordered))]


def _every_vector(v: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    a, b = abs(v[0]), abs(v[1])
    out: list[tuple[int, int]] = []
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                if (sx * x, sy * y) not in out:
                    out.append((sx * x, sy * y))
    return tuple(out)


def _compile_leg(geo: Geometry, leg: Leg, first: bool, before: tuple[tuple[int, int], ...]) -> CompiledLeg:
    size = geo.board_size
    steps: list[tuple[tuple[int, int], Rays, tuple[tuple[int, ...] | None, ...] | None]] = []
    ride = leg.reach != 1
    for v in leg.vectors:
        dx, dy = v
        if leg.shape == STRAIGHT:
            rays = tuple(_ray(geo, sq, dx, dy, leg.reach, leg.wrap) for sq in range(size))
            if leg.exact:
                rays = tuple(r if len(r) == leg.reach else () for r in rays)
            steps.append((v, rays, None))
            if not ride and (leg.lame or leg.jump):
                offsets = _lame_path(dx, dy)
                paths: list[tuple[int, ...] | None] = []
                for sq in range(size):
                    squares = [geo.offset(sq, x, y) for x, y in offsets]
                    paths.append(None if any(s < 0 for s in squares) else tuple(squares))
                steps[-1] = (v, rays, tuple(paths))
            continue
        for sense in (1, -1):
            if leg.shape == CROOKED:
                # Zig-zag: the step, then the step turned a right angle one way, and back.
                bent = (-dy, dx) if sense == 1 else (dy, -dx)
                pattern = [v, bent]
            else:
                pattern = _circle(v, _every_vector(v), sense)
            rays = tuple(_shaped_ray(geo, sq, pattern, leg.reach, leg.wrap) for sq in range(size))
            steps.append((v, rays, None))
    after: tuple[tuple[int, ...], ...] = ()
    if not first:
        after = tuple(
            tuple(i for i, (v, _r, _p) in enumerate(steps) if turn_of(b, v) in leg.turns) for b in before
        )
    return CompiledLeg(
        tuple(steps), after, leg.modes, leg.exact, leg.jump, leg.lame, leg.unload, leg.hop, ride
    )


@lru_cache(maxsize=1024)
def compile_legs(geo: Geometry, legs: tuple[Leg, ...]) -> LegPlan:
    """The legs (already seen from the moving side) as rays on ``geo``'s board."""
    compiled: list[CompiledLeg] = []
    before: tuple[tuple[int, int], ...] = ()
    for k, leg in enumerate(legs):
        c = _compile_leg(geo, leg, k == 0, before)
        compiled.append(c)
        before = tuple(v for v, _r, _p in c.steps)
    return LegPlan(tuple(compiled), _reach(geo, tuple(compiled)))


def _reach(geo: Geometry, legs: tuple[CompiledLeg, ...]) -> tuple[tuple[int, ...], ...]:
    """Per square, where any move of these legs could end or capture, whatever the board holds."""
    out: list[tuple[int, ...]] = []
    last = len(legs) - 1
    for sq in range(geo.board_size):
        found: set[int] = set()
        frontier: set[tuple[int, int]] = {(sq, -1)}
        for k, leg in enumerate(legs):
            nxt: set[tuple[int, int]] = set()
            for s, before in frontier:
                indices = range(len(leg.steps)) if before < 0 else leg.after[before]
                for i in indices:
                    rays = leg.steps[i][1]
                    for t in rays[s]:
                        if leg.modes & (CAPTURE | DESTROY) or k == last:
                            found.add(t)
                        if k < last:
                            nxt.add((t, i))
            frontier = nxt
        out.append(tuple(sorted(found)))
    return tuple(out)


class Walk(NamedTuple):
    """One move the walker found: where it ends, what it removes, where a captured piece reappears."""

    destination: int
    captures: tuple[int, ...]
    #: (square of the piece carried, square it is set down on), or None.
    unload: tuple[int, int] | None


def leg_moves(
    board: Sequence[Occupant | None], plan: LegPlan, origin: int, color: int, quiet: bool = True
) -> list[Walk]:
    """Every distinct move of ``plan`` for a piece of ``color`` on ``origin`` (only those that
    capture when not ``quiet``). The mover's own square counts as empty once it has left."""
    found: dict[Walk, None] = {}
    _walk(board, plan.legs, 0, origin, -1, origin, color, (), -1, found)
    out = [w for w in found if not (w.destination == origin and not w.captures)]
    if not quiet:
        out = [w for w in out if w.captures or w.unload]
    return out


def _walk(
    board: Sequence[Occupant | None],
    legs: tuple[CompiledLeg, ...],
    k: int,
    s: int,
    before: int,
    origin: int,
    color: int,
    caps: tuple[int, ...],
    unload_at: int,
    found: dict[Walk, None],
) -> None:
    leg = legs[k]
    last = k == len(legs) - 1
    if leg.unload:
        if s != origin and s not in caps and board[s] is not None:
            return  # a hurdle stands where the carried piece would be set down
        unload_at = s
    indices = range(len(leg.steps)) if before < 0 else leg.after[before]
    for i in indices:
        _v, rays, paths = leg.steps[i]
        ray = rays[s]
        if not ray:
            continue
        if paths is not None:
            path = paths[s]
            if path is None:
                continue
            full = [t for t in path if t != origin and t not in caps and board[t] is not None]
            if leg.lame and full:
                continue
            if leg.jump and not full:
                continue
        if last and leg.hop:
            _hop_landings(board, leg, ray, origin, color, caps, unload_at, found)
            continue
        for n, t in enumerate(ray):
            if leg.jump and leg.ride and n == 0:
                continue  # j on a ride: its first square is passed over, whatever stands there
            occ = None if t == origin or t in caps else board[t]
            if leg.exact and n < len(ray) - 1:
                if occ is not None:
                    break
                continue
            if occ is None:
                if leg.modes & MOVE:
                    _arrive(board, legs, k, t, i, origin, color, caps, unload_at, found)
                continue
            if occ.color != color:
                if leg.modes & CAPTURE:
                    _arrive(board, legs, k, t, i, origin, color, (*caps, t), unload_at, found)
            elif leg.modes & DESTROY:
                _arrive(board, legs, k, t, i, origin, color, (*caps, t), unload_at, found)
            if leg.modes & HURDLE and not last:
                _arrive(board, legs, k, t, i, origin, color, caps, unload_at, found)
            break


def _hop_landings(
    board: Sequence[Occupant | None],
    leg: CompiledLeg,
    ray: tuple[int, ...],
    origin: int,
    color: int,
    caps: tuple[int, ...],
    unload_at: int,
    found: dict[Walk, None],
) -> None:
    """The last leg's plain hop: over the first piece, then beyond it (just beyond for ``g``)."""
    jumped = False
    for t in ray:
        occ = None if t == origin or t in caps else board[t]
        if not jumped:
            jumped = occ is not None
            continue
        if occ is None:
            if leg.modes & MOVE:
                _finish(t, caps, unload_at, found)
        else:
            if (occ.color != color and leg.modes & CAPTURE) or (occ.color == color and leg.modes & DESTROY):
                _finish(t, (*caps, t), unload_at, found)
            return
        if leg.hop == FINAL_GRASSHOP:
            return


def _arrive(
    board: Sequence[Occupant | None],
    legs: tuple[CompiledLeg, ...],
    k: int,
    t: int,
    step: int,
    origin: int,
    color: int,
    caps: tuple[int, ...],
    unload_at: int,
    found: dict[Walk, None],
) -> None:
    if k == len(legs) - 1:
        _finish(t, caps, unload_at, found)
    else:
        _walk(board, legs, k + 1, t, step, origin, color, caps, unload_at, found)


def _finish(t: int, caps: tuple[int, ...], unload_at: int, found: dict[Walk, None]) -> None:
    if unload_at >= 0 and caps:
        victim = caps[-1]
        if unload_at == t:
            return  # the carried piece would be set down where the mover stands
        found[Walk(t, caps[:-1], (victim, unload_at))] = None
        return
    found[Walk(t, caps, None)] = None
