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
  the next leg starts from it;
* ``EN_PASSANT`` (``e``): the square is one the last move passed with en passant rights, and
  the piece that made that move is captured (the leg ends on the empty square).

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

In a later leg ``z`` and ``q`` stand for ``l`` or ``r`` chosen by the path's last bend: ``z`` the
other way (a zig-zag), ``q`` the same way (round and round); ``fz``, ``fq``, ``bz``, ``bq`` are the
half and sharp turns so chosen. A bend is a later leg's turn left or right, and an oblique first
leg's own lean (read as starting along its long side: g1-f3 leans left). With no bend yet, ``z``
and ``q`` go either way.

Hia zones (rules/powers/hia.py) stop the moves made of steps (``stops``): such a move ends on the
first zone square it reaches, and from a zone square it starts on it makes one step only; a leap
is never stopped, nor a move that hops.
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
EN_PASSANT = 16
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
#: Bends of a path: to the left (a turn with a positive cross product), none, to the right.
LEFT = 1
RIGHT = -1


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
    #: Later legs: turns (keys of TURNS) that ``z`` allows, the way opposite to the path's last
    #: bend, and that ``q`` allows, the same way as it.
    zig: frozenset[str] = frozenset()
    round: frozenset[str] = frozenset()

    def turned(self, sx: int, sy: int) -> Leg:
        """The leg with its vectors' x multiplied by ``sx``, y by ``sy`` (another side's view).
        A reflection (``sx * sy < 0``) swaps a later leg's left and right turns."""
        turns = self.turns
        if sx * sy < 0:
            swap = {"l": "r", "r": "l", "fl": "fr", "fr": "fl", "bl": "br", "br": "bl"}
            turns = frozenset(swap.get(t, t) for t in turns)
        # z and q name a bend against the one before, which a reflection keeps: they stay as written.
        return self._replace(vectors=tuple((sx * x, sy * y) for x, y in self.vectors), turns=turns)


def bend_of(before: tuple[int, int], after: tuple[int, int]) -> int:
    """LEFT, RIGHT or 0 (straight on or back): which way step ``after`` bends from ``before``."""
    cross = before[0] * after[1] - before[1] * after[0]
    return LEFT if cross > 0 else RIGHT if cross < 0 else 0


def lean_of(v: tuple[int, int]) -> int:
    """An oblique step's own bend, read as going along its long side first (g1-f3 leans left)."""
    x, y = v
    if x == 0 or y == 0 or abs(x) == abs(y):
        return 0
    long_side = (0, y) if abs(y) > abs(x) else (x, 0)
    return bend_of(long_side, v)


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
    """What the walker reads of a piece: its side and kind."""

    @property
    def color(self) -> int: ...

    @property
    def kind(self) -> str: ...


#: Per leg, per step key, per square: the squares the leg passes, in order.
Rays = tuple[tuple[int, ...], ...]


class CompiledLeg(NamedTuple):
    """One leg for one side on one board shape."""

    #: Steps this leg may take, with their rays (per square) and, for leaps, the squares passed.
    steps: tuple[tuple[tuple[int, int], Rays, tuple[tuple[int, ...] | None, ...] | None], ...]
    #: Later legs: per way the path last bent (index 0: no bend yet, 1: LEFT, 2: RIGHT), per step
    #: of the leg before (by its index), the indices into ``steps`` it may go on with.
    after: tuple[tuple[tuple[int, ...], ...], ...]
    #: Per step of the leg before (a first leg: one row), per step of this leg: the path's last
    #: bend once this step is taken (0: unchanged).
    bends: tuple[tuple[int, ...], ...]
    modes: int
    exact: bool
    jump: bool
    lame: bool
    unload: bool
    hop: int
    ride: bool
    #: The leg goes through adjacent squares (a one-square atom, or a straight lame leap): a Hia
    #: zone stops it.
    steps_through: bool


class LegPlan(NamedTuple):
    """A multi-leg (or shaped) move compiled for one side on one board shape."""

    legs: tuple[CompiledLeg, ...]
    #: Per square, every square a move could end on or capture on, whatever stands where.
    reach: tuple[tuple[int, ...], ...]
    #: The move hops (a hurdle leg, or the last leg's ``p`` or ``g``): Hia zones never stop it.
    hops: bool = False
    #: Some leg captures en passant (``e``).
    en_passant: bool = False


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
    vectors = [v for v, _r, _p in steps]
    after: tuple[tuple[tuple[int, ...], ...], ...] = ()
    if first:
        bends: tuple[tuple[int, ...], ...] = (tuple(lean_of(v) for v in vectors),)
    else:
        bends = tuple(tuple(bend_of(b, v) for v in vectors) for b in before)
        after = tuple(
            tuple(_allowed(leg, b, vectors, sense) for b in before) for sense in (0, LEFT, RIGHT)
        )
    longest = max((max(abs(x), abs(y)) for x, y in vectors), default=0)
    straight = all(x == 0 or y == 0 or abs(x) == abs(y) for x, y in vectors)
    steps_through = longest == 1 or (leg.lame and straight and not ride)
    return CompiledLeg(
        tuple(steps), after, bends, leg.modes, leg.exact, leg.jump, leg.lame, leg.unload, leg.hop, ride,
        steps_through,
    )


def _allowed(leg: Leg, before: tuple[int, int], vectors: list[tuple[int, int]], sense: int) -> tuple[int, ...]:
    """Indices of the steps a later leg may take after step ``before``, the path having last bent
    ``sense`` (0: not yet)."""
    out: list[int] = []
    for i, v in enumerate(vectors):
        turn = turn_of(before, v)
        bend = bend_of(before, v)
        if (
            turn in leg.turns
            or (turn in leg.zig and (sense == 0 or bend == -sense))
            or (turn in leg.round and (sense == 0 or bend == sense))
        ):
            out.append(i)
    return tuple(out)


@lru_cache(maxsize=1024)
def compile_legs(geo: Geometry, legs: tuple[Leg, ...]) -> LegPlan:
    """The legs (already seen from the moving side) as rays on ``geo``'s board."""
    compiled: list[CompiledLeg] = []
    before: tuple[tuple[int, int], ...] = ()
    for k, leg in enumerate(legs):
        c = _compile_leg(geo, leg, k == 0, before)
        compiled.append(c)
        before = tuple(v for v, _r, _p in c.steps)
    hops = any(leg.modes & HURDLE or leg.hop for leg in legs)
    en_passant = any(leg.modes & EN_PASSANT for leg in legs)
    return LegPlan(tuple(compiled), _reach(geo, tuple(compiled)), hops, en_passant)


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
                indices = range(len(leg.steps)) if before < 0 else leg.after[0][before]  # 0: every z/q way
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
    #: The move captures en passant (``e``).
    en_passant: bool = False


_NO_KINDS: frozenset[str] = frozenset()


def leg_moves(
    board: Sequence[Occupant | None],
    plan: LegPlan,
    origin: int,
    color: int,
    quiet: bool = True,
    stops: frozenset[int] | None = None,
    no_hurdle: frozenset[str] = _NO_KINDS,
    no_victim: frozenset[str] = _NO_KINDS,
    ep_squares: tuple[int, ...] = (),
    ep_victim: int = -1,
) -> list[Walk]:
    """Every distinct move of ``plan`` for a piece of ``color`` on ``origin`` (only those that
    capture when not ``quiet``). The mover's own square counts as empty once it has left.

    ``stops``: squares of Hia zones that stop this piece's steps; ``no_hurdle`` and
    ``no_victim``: kinds it may not hop over or take (``hurdles_exclude``, ``captures_exclude``);
    ``ep_squares`` and ``ep_victim``: the position's en passant squares and the piece an ``e``
    leg captures there."""
    walker = _Walker(board, plan.legs, origin, color)
    if stops is not None and not plan.hops:
        walker.stops = stops
    walker.no_hurdle = no_hurdle
    walker.no_victim = no_victim
    if plan.en_passant and ep_victim >= 0:
        victim = board[ep_victim]
        if victim is not None and victim.color != color and victim.kind not in no_victim:
            walker.ep_squares = ep_squares
            walker.ep_victim = ep_victim
    walker.walk(0, origin, -1, 0, (), -1, False)
    out = [w for w in walker.found if not (w.destination == origin and not w.captures)]
    if not quiet:
        out = [w for w in out if w.captures or w.unload]
    return out


class _Walker:
    """One search of a piece's leg moves from one square."""

    def __init__(
        self, board: Sequence[Occupant | None], legs: tuple[CompiledLeg, ...], origin: int, color: int
    ) -> None:
        self.board = board
        self.legs = legs
        self.origin = origin
        self.color = color
        self.stops: frozenset[int] = frozenset()
        self.no_hurdle: frozenset[str] = _NO_KINDS
        self.no_victim: frozenset[str] = _NO_KINDS
        self.ep_squares: tuple[int, ...] = ()
        self.ep_victim = -1
        self.found: dict[Walk, None] = {}

    def occupant(self, t: int, caps: tuple[int, ...]) -> Occupant | None:
        """What stands on ``t`` as the move goes: its own square and its captures are empty."""
        return None if t == self.origin or t in caps else self.board[t]

    def walk(
        self, k: int, s: int, before: int, sense: int, caps: tuple[int, ...], unload_at: int, ep: bool
    ) -> None:
        legs = self.legs
        leg = legs[k]
        last = k == len(legs) - 1
        if leg.unload:
            if s != self.origin and s not in caps and self.board[s] is not None:
                return  # a hurdle stands where the carried piece would be set down
            unload_at = s
        stops = self.stops
        stepping = bool(stops) and leg.steps_through
        indices = range(len(leg.steps)) if before < 0 else leg.after[0 if sense == 0 else 1 if sense > 0 else 2][before]
        bends = leg.bends[0 if before < 0 else before]
        for i in indices:
            _v, rays, paths = leg.steps[i]
            ray = rays[s]
            if not ray:
                continue
            bend = bends[i] or sense
            if paths is not None:
                path = paths[s]
                if path is None:
                    continue
                full = [t for t in path if self.occupant(t, caps) is not None]
                if leg.lame and full:
                    continue
                if leg.jump and not full:
                    continue
                if stepping and (s in stops or any(t in stops for t in path)):
                    continue  # a lame leap goes through adjacent squares: a Hia zone stops it
            if last and leg.hop:
                self.hop_landings(leg, ray, caps, unload_at, ep)
                continue
            for n, t in enumerate(ray):
                if leg.jump and leg.ride and n == 0:
                    continue  # j on a ride: its first square is passed over, whatever stands there
                # Hia: a move of steps ends on the first zone square it reaches; from a zone square
                # it starts on (or reached by a leap), one step is its last.
                halted = False
                if stepping and paths is None:
                    if n > 0:
                        if ray[n - 1] in stops:
                            break
                    elif s in stops:
                        if k > 0 and legs[k - 1].steps_through:
                            break
                        halted = True
                occ = self.occupant(t, caps)
                if leg.exact and n < len(ray) - 1:
                    if occ is not None or halted:
                        break
                    continue
                if halted and not last:
                    break
                if occ is None:
                    if leg.modes & MOVE:
                        self.arrive(k, t, i, bend, caps, unload_at, ep)
                    if leg.modes & EN_PASSANT and t in self.ep_squares and self.ep_victim not in caps:
                        self.arrive(k, t, i, bend, (*caps, self.ep_victim), unload_at, True)
                    if halted:
                        break
                    continue
                if occ.kind in self.no_victim and leg.modes & (CAPTURE | DESTROY):
                    pass  # captures_exclude: this piece may not be taken
                elif occ.color != self.color:
                    if leg.modes & CAPTURE:
                        self.arrive(k, t, i, bend, (*caps, t), unload_at, ep)
                elif leg.modes & DESTROY:
                    self.arrive(k, t, i, bend, (*caps, t), unload_at, ep)
                if leg.modes & HURDLE and not last and occ.kind not in self.no_hurdle:
                    self.arrive(k, t, i, bend, caps, unload_at, ep)
                break

    def hop_landings(
        self, leg: CompiledLeg, ray: tuple[int, ...], caps: tuple[int, ...], unload_at: int, ep: bool
    ) -> None:
        """The last leg's plain hop: over the first piece, then beyond it (just beyond for ``g``)."""
        jumped = False
        for t in ray:
            occ = self.occupant(t, caps)
            if not jumped:
                if occ is not None:
                    if occ.kind in self.no_hurdle:
                        return
                    jumped = True
                continue
            if occ is None:
                if leg.modes & MOVE:
                    self.finish(t, caps, unload_at, ep)
            else:
                takes = (occ.color != self.color and leg.modes & CAPTURE) or (
                    occ.color == self.color and leg.modes & DESTROY
                )
                if takes and occ.kind not in self.no_victim:
                    self.finish(t, (*caps, t), unload_at, ep)
                return
            if leg.hop == FINAL_GRASSHOP:
                return

    def arrive(
        self, k: int, t: int, step: int, sense: int, caps: tuple[int, ...], unload_at: int, ep: bool
    ) -> None:
        if k == len(self.legs) - 1:
            self.finish(t, caps, unload_at, ep)
        else:
            self.walk(k + 1, t, step, sense, caps, unload_at, ep)

    def finish(self, t: int, caps: tuple[int, ...], unload_at: int, ep: bool) -> None:
        found = self.found
        if unload_at >= 0 and caps:
            victim = caps[-1]
            if unload_at == t:
                return  # the carried piece would be set down where the mover stands
            found[Walk(t, caps[:-1], (victim, unload_at), ep)] = None
            return
        found[Walk(t, caps, None, ep)] = None
