"""Borrowing (the Friend): a Friend has no moves of its own; it borrows the moves and
powers of every friendly piece that guards it, that is, every friendly piece that
could capture it if it were an enemy piece and nothing else changed.

Another Friend guards it with what that Friend itself borrows, worked out with
the first Friend counted as an enemy (so it lends nothing back): a cascade
reaches a third Friend, is not reciprocal, and two Friends that guard only each
other get nothing. Pawn moves borrowed use the Friend owner's forward direction;
initial moves only while the Friend, the lending pawn and every Friend in between
have never moved; a Friend never promotes nor captures en passant (it is not a
pawn).

One pass, three stages (variant rulings): (a) the real pieces' freezes and Hia
zones (the ``freeze`` and ``hia`` powers, earlier stages); (b) who guards and who
borrows, under (a) only: frozen pieces guard nothing and enemy Friends attack
nothing; (c) the borrowed freeze and Hia then apply to move generation and
attacks (and borrowed poison to captures) without changing (b).

The borrowed moves go to the context (``ctx.atoms`` and ``ctx.powers`` of the
Friend's square), so the generic generator makes the Friend's moves;
``transform_moves`` drops the duplicates two lenders give.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from ..betza import Atom
from ..context import Context
from ..datafields import variant_fields
from . import Power, register
from .guarding import atoms_reach

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


class Source(NamedTuple):
    """A non-Friend piece whose moves reach a Friend, directly or through Friends."""

    square: int
    kind: str
    chain: tuple[int, ...]  # Friends it passes through, the one next to the borrower first
    fresh: bool  # the lender and every Friend on the chain have never moved


#: Lender combinations whose kits one Rules keeps (a kit is 2-4 KiB). A Friend's lenders are
#: any set of the kinds guarding it, so a long analysis keeps meeting new combinations: kept
#: without a bound they grew by some 350 a minute (bench/memory_soak.py). Full, the kits are
#: forgotten and made again as asked (their compiled atoms come from compile_atoms' cache).
KITS_KEPT = 2048


class Kit(NamedTuple):
    """What a set of lenders gives: compiled moves and power names."""

    atoms: tuple[GenAtom, ...]
    powers: tuple[str, ...]
    betza: str


@register("borrowing")
class Borrowing(Power):
    stage = 50
    description = "A Friend borrows the moves and powers of every friendly piece guarding it."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.borrower: str = variant_fields(rules.variant, "data").piece_id("borrower", "friend")
        self._kits: dict[tuple[int, tuple[tuple[str, bool], ...]], Kit] = {}
        self._guard_powers: dict[str, tuple[Any, ...]] | None = None
        self._direct_memo: dict[tuple[int, int], _DirectMemo] = {}

    # ------------------------------------------------------------ tables

    def guard_powers(self) -> dict[str, tuple[Any, ...]]:
        """Per piece kind, its power objects that can capture (they have ``guards``)."""
        if self._guard_powers is None:
            objects = self.rules.power_objects
            self._guard_powers = {
                kind: found
                for kind, t in self.rules.types.items()
                if (found := tuple(objects[n] for n in t.powers if objects[n].overrides("guards")))
            }
        return self._guard_powers

    def kit(self, color: int, lenders: tuple[tuple[str, bool], ...]) -> Kit:
        """The moves and powers that lenders of these kinds give (True: with initial moves)."""
        key = (color, lenders)
        found = self._kits.get(key)
        if found is not None:
            return found
        rules = self.rules
        atoms: list[Atom] = []
        powers: list[str] = []
        betzas: list[str] = []
        for kind, fresh in lenders:
            t = rules.types[kind]
            if t.betza and t.betza not in betzas:
                betzas.append(t.betza)
            for a in t.atoms:
                if (fresh or not a.initial) and a not in atoms:
                    atoms.append(a)
            for name in t.powers:
                if name in powers or (not fresh and rules.power_objects[name].initial_only):
                    continue
                powers.append(name)
        found = Kit(rules.compile(tuple(atoms), color), tuple(powers), "".join(betzas))
        if len(self._kits) >= KITS_KEPT:
            self._kits.clear()
        self._kits[key] = found
        return found

    def kit_of(self, pos: Position, borrower: Piece, sources: list[Source]) -> Kit:
        lenders = sorted({(s.kind, s.fresh and not borrower.moved) for s in sources})
        return self.kit(borrower.color, tuple(lenders))

    # ------------------------------------------------------------ stage b

    def _sides(self, pos: Position, ctx: Context) -> tuple[_Sides, _Sides]:
        """Per colour, its Friends, the pieces that may lend (not frozen) and those that guard by a power."""
        board = pos.board
        guard_powers = self.guard_powers()
        sides = (_Sides([], [], []), _Sides([], [], []))
        borrower = self.borrower
        frozen = ctx.frozen
        for sq in range(self.rules.geo.board_size):
            p = board[sq]
            if p is None:
                continue
            side = sides[p.color]
            if p.kind == borrower:
                side.friends.append(sq)
                continue
            if sq in frozen:
                continue
            side.guards.append((sq, p))
            found = guard_powers.get(p.kind)
            if found:
                side.shooters.append((sq, p, found))
        return sides

    def borrowed_powers(self, pos: Position, f: int) -> tuple[str, ...]:
        """The powers the Friend on ``f`` borrows: ``context(pos).powers`` there, for one Friend.

        Only stage (a) and this Friend's lenders are worked out, which costs a fraction of
        the whole Context (a capture made by the engine at its horizon asks this to know
        whether the Friend it takes is poisonous).
        """
        friend = pos.board[f]
        assert friend is not None and friend.kind == self.borrower
        ctx = Context()
        for power in self.rules.prepare_powers:
            if power.stage >= self.stage:
                break
            power.prepare(pos, ctx)
        side = self._sides(pos, ctx)[friend.color]
        ctx.info["stage"] = "b"
        work = _Work(self, pos, ctx, friend.color, side.friends, side.guards, side.shooters)
        sources = work.sources(f, frozenset())
        return self.kit_of(pos, friend, sources).powers if sources else ()

    def prepare(self, pos: Position, ctx: Context) -> None:
        board = pos.board
        sides = self._sides(pos, ctx)
        results: dict[int, list[Source]] = {}
        ctx.info["stage"] = "b"
        try:
            for color in (0, 1):
                side = sides[color]
                if not side.friends:
                    continue
                work = _Work(self, pos, ctx, color, side.friends, side.guards, side.shooters)
                for f in side.friends:
                    results[f] = work.sources(f, frozenset())
        finally:
            del ctx.info["stage"]
        ctx.info["borrowing"] = results
        freezing: list[int] = []
        hia_sources: list[int] = []
        for f, sources in results.items():
            if not sources:
                continue
            p = board[f]
            assert p is not None
            kit = self.kit_of(pos, p, sources)
            ctx.atoms[f] = kit.atoms
            ctx.powers[f] = kit.powers
            ctx.forward.add(f)
            if "freeze" in kit.powers:
                freezing.append(f)
            if "hia" in kit.powers:
                hia_sources.append(f)
        # Stage c: borrowed passive powers act on generation and attacks.
        objects = self.rules.power_objects
        if freezing and "freeze" in objects:
            objects["freeze"].add_borrowed(pos, ctx, freezing)  # type: ignore[attr-defined]
        if hia_sources and "hia" in objects:
            objects["hia"].add_borrowed(pos, ctx, hia_sources)  # type: ignore[attr-defined]

    # ------------------------------------------------------------ attack bound

    def may_attack(self, pos: Position, target: int, by: int) -> bool:
        """An upper bound of the attacks on ``target``: no freezes, no Hia stops, every Chicken
        attacked, and every Friend of ``by`` lent all that guards any Friend of its side."""
        rules = self.rules
        bound = Context()
        bound.info["superset"] = True
        if rules.is_attacked(pos, target, by, bound):
            return True
        board = pos.board
        guard_powers = self.guard_powers()
        friends: list[int] = []
        shooters: list[tuple[int, Piece, tuple[Any, ...]]] = []
        borrower = self.borrower
        for sq in range(rules.geo.board_size):
            p = board[sq]
            if p is None or p.color != by:
                continue
            if p.kind == borrower:
                friends.append(sq)
                continue
            found = guard_powers.get(p.kind)
            if found:
                shooters.append((sq, p, found))
        if not friends:
            return False
        # Every lender in any cascade guards some Friend directly (as _Work.direct finds them
        # with no freezes and no stops; the lenders by Betza moves are remembered per Friend).
        kinds: set[str] = set()
        for f in friends:
            kinds.update(self._direct_kinds(board, f, by))
        for s, p, powers in shooters:
            if p.kind not in kinds and any(pw.guards(pos, bound, s, p, f) for f in friends for pw in powers):
                kinds.add(p.kind)
        if not kinds:
            return False
        kit = self.kit(by, tuple(sorted((kind, True) for kind in kinds)))
        return any(self._kit_reaches(pos, bound, kit, f, target) for f in friends)

    def _direct_kinds(self, board: list[Piece | None], f: int, by: int) -> frozenset[str]:
        """The kinds of ``by``'s pieces whose Betza moves could capture on ``f`` (no stops).

        The answer depends only on the guards that could reach ``f`` on an empty board and the
        squares their moves pass: those are remembered with a copy of the board, and a later
        board that differs from it nowhere among them (and has no new such guard) gets the
        remembered answer. The children of one position differ in a few squares, so their
        legality checks (``may_attack``) mostly reuse one answer.
        """
        key = (f, by)
        memo = self._direct_memo.get(key)
        if memo is not None and self._memo_holds(memo, board, f, by):
            return memo.kinds
        atoms_of = self.rules.atoms_of
        borrower = self.borrower
        kinds: set[str] = set()
        read: set[int] = set()
        for s in range(self.rules.geo.board_size):
            p = board[s]
            if p is None or p.color != by or p.kind == borrower or f not in self.rules.capture_reach(p.kind, by)[s]:
                continue
            atoms = atoms_of(p.kind, by)
            read.add(s)
            read.update(_squares_read(atoms, s, f))
            if atoms_reach(board, atoms, s, p.moved, f, None):
                kinds.add(p.kind)
        found = frozenset(kinds)
        self._direct_memo[key] = _DirectMemo(tuple(board), frozenset(read), found)
        return found

    def _memo_holds(self, memo: _DirectMemo, board: list[Piece | None], f: int, by: int) -> bool:
        snapshot = memo.board
        read = memo.read
        borrower = self.borrower
        for c in range(self.rules.geo.board_size):
            now = board[c]
            if now is snapshot[c]:
                continue
            if c in read:
                return False
            if (
                now is not None and now.color == by and now.kind != borrower
                and f in self.rules.capture_reach(now.kind, by)[c]
            ):
                return False  # a new piece that may guard f
        return True

    def _kit_reaches(self, pos: Position, ctx: Context, kit: Kit, f: int, target: int) -> bool:
        """Could the Friend on ``f`` capture on ``target`` with everything ``kit`` lends?"""
        board = pos.board
        friend = board[f]
        assert friend is not None
        if atoms_reach(board, kit.atoms, f, friend.moved, target, None):
            return True
        objects = self.rules.power_objects
        for name in kit.powers:
            if objects[name].guards(pos, ctx, f, friend, target):
                return True
        return False

    # ------------------------------------------------------------ moves

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        borrowed = ctx.atoms
        if not borrowed:
            return moves
        seen: set[Move] = set()
        out: list[Move] = []
        for m in moves:
            if m.o in borrowed:
                if m in seen:
                    continue
                seen.add(m)
            out.append(m)
        return out

    # ------------------------------------------------------------ explanations

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin]
        if p is None or p.kind != self.borrower or origin in ctx.frozen:
            return None
        rules = self.rules
        names = rules.geo.names
        moves: list[Move] = []
        rules.piece_moves(pos, ctx, origin, p, moves)
        if any(m.d == destination for m in moves):
            return None
        sources = ctx.info.get("borrowing", {}).get(origin, [])
        name = rules.types[p.kind].name
        if not sources:
            return (
                f"the {name} on {names[origin]} has no lender: no friendly piece guards it, "
                "so it has no moves"
            )
        lenders = ", ".join(f"the {rules.types[s.kind].name} on {names[s.square]}" for s in sources)
        return (
            f"none of the moves the {name} on {names[origin]} borrows (from {lenders}) "
            f"reaches {names[destination]}"
        )

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        results: dict[int, list[Source]] = ctx.info.get("borrowing", {})
        rules = self.rules
        names = rules.geo.names
        board = pos.board
        friends = []
        for f in sorted(results):
            p = board[f]
            assert p is not None
            sources = results[f]
            lenders = []
            for s in sources:
                t = rules.types[s.kind]
                fresh = s.fresh and not p.moved
                lenders.append({
                    "square": names[s.square],
                    "piece": str(board[s.square]),
                    "via": names[s.chain[0]] if s.chain else None,
                    "chain": [names[c] for c in s.chain],
                    "moves": t.betza,
                    "initial_moves": fresh and any(a.initial for a in t.atoms),
                    "powers": [
                        n for n in t.powers
                        if fresh or not rules.power_objects[n].initial_only
                    ],
                })
            kit = self.kit_of(pos, p, sources) if sources else None
            friends.append({
                "square": names[f],
                "piece": str(p),
                "frozen": f in ctx.frozen,
                "lenders": lenders,
                "moves": kit.betza if kit else "",
                "powers": list(kit.powers) if kit else [],
            })
        return {"friends": friends}


class _Sides(NamedTuple):
    """One colour's pieces as stage (b) sees them."""

    friends: list[int]
    guards: list[tuple[int, Piece]]  # not frozen, so they may lend
    shooters: list[tuple[int, Piece, tuple[Any, ...]]]  # those that guard by a power too


class _DirectMemo(NamedTuple):
    """What ``Borrowing._direct_kinds`` found for one Friend square, and on which board."""

    board: tuple[Piece | None, ...]
    read: frozenset[int]  # the squares whose contents the answer depends on
    kinds: frozenset[str]


def _squares_read(atoms: tuple[GenAtom, ...], sq: int, target: int) -> list[int]:
    """The squares ``atoms_reach`` looks at testing a capture from ``sq`` on ``target``."""
    out: list[int] = []
    for g in atoms:
        ray = g.rays[sq]
        if target not in ray:
            continue
        if g.paths is not None:
            path = g.paths[sq]
            if path is not None:
                out.extend(path)
        else:
            out.extend(ray[: ray.index(target)])
    return out


class _Work:
    """Stage b for one colour: the lenders of each Friend, with memoised cascades."""

    def __init__(
        self,
        power: Borrowing,
        pos: Position,
        ctx: Context,
        color: int,
        friends: list[int],
        guards: list[tuple[int, Piece]],
        shooters: list[tuple[int, Piece, tuple[Any, ...]]],
    ) -> None:
        self.power = power
        self.pos = pos
        self.ctx = ctx
        self.color = color
        self.friends = friends
        self.guards = guards
        self.shooters = shooters
        self.memo: dict[tuple[int, frozenset[int]], list[Source]] = {}
        self.kit_memo: dict[tuple[int, frozenset[int]], Kit] = {}
        self.direct_memo: dict[int, list[Source]] = {}
        self._could: dict[int, set[int]] | None = None

    def could_reach(self, g: int, f: int) -> bool:
        """Could Friend ``g`` guard ``f`` with everything any Friend of this side borrows directly?

        Every cascade lends ``g`` a part of that, so where this fails no cascade can succeed.
        """
        if self._could is None:
            board = self.pos.board
            lent = {s.kind for f2 in self.friends for s in self.direct(f2)}
            self._could = {}
            if lent:
                kit = self.power.kit(self.color, tuple(sorted((kind, True) for kind in lent)))
                for a in self.friends:
                    lender = board[a]
                    assert lender is not None
                    self._could[a] = {b for b in self.friends if b != a and self._reaches(a, lender, kit, b)}
        return f in self._could.get(g, ())

    def direct(self, f: int) -> list[Source]:
        """Non-Friend friendly pieces that could capture on ``f``."""
        found = self.direct_memo.get(f)
        if found is not None:
            return found
        pos, ctx, color = self.pos, self.ctx, self.color
        board = pos.board
        stops = ctx.stops
        power = self.power
        atoms_of = power.rules.atoms_of
        squares: list[int] = []
        for s, p in self.guards:
            if f in power.rules.capture_reach(p.kind, color)[s] and atoms_reach(
                board, atoms_of(p.kind, color), s, p.moved, f, stops.get(s)
            ):
                squares.append(s)
        for s, p, powers in self.shooters:
            if s not in squares and any(pw.guards(pos, ctx, s, p, f) for pw in powers):
                squares.append(s)
        found = []
        for s in dict.fromkeys(squares):
            holder = board[s]
            assert holder is not None
            found.append(Source(s, holder.kind, (), not holder.moved))
        self.direct_memo[f] = found
        return found

    def sources(self, f: int, excluded: frozenset[int]) -> list[Source]:
        """Everything Friend ``f`` borrows while the Friends in ``excluded`` count as enemies."""
        key = (f, excluded)
        found = self.memo.get(key)
        if found is not None:
            return found
        pos, ctx = self.pos, self.ctx
        board = pos.board
        # One entry per lender: the first found (direct before cascaded), unless a
        # later route keeps the initial moves and the first does not. A cascaded route
        # is built only when it is kept (most lead to lenders already found).
        best: dict[int, Source] = {s.square: s for s in self.direct(f)}  # one per square already
        inner = excluded | {f}
        for g in self.friends:
            if g == f or g in excluded or g in ctx.frozen or not self.could_reach(g, f):
                continue
            through = self.sources(g, inner)
            if not through:
                continue
            lender = board[g]
            assert lender is not None
            kit = self._kit_through(g, lender, inner, through)
            if not self._reaches(g, lender, kit, f):
                continue
            for s in through:
                fresh = s.fresh and not lender.moved
                kept = best.get(s.square)
                if kept is None or (fresh and not kept.fresh):
                    best[s.square] = Source(s.square, s.kind, (g, *s.chain), fresh)
        found = list(best.values())
        self.memo[key] = found
        return found

    def _kit_through(self, g: int, lender: Piece, inner: frozenset[int], through: list[Source]) -> Kit:
        """What Friend ``g`` lends with what it borrows while ``inner`` count as enemies (memoised with it)."""
        key = (g, inner)
        kit = self.kit_memo.get(key)
        if kit is None:
            kit = self.kit_memo[key] = self.power.kit_of(self.pos, lender, through)
        return kit

    def _reaches(self, g: int, lender: Piece, kit: Kit, target: int) -> bool:
        pos, ctx = self.pos, self.ctx
        if atoms_reach(pos.board, kit.atoms, g, lender.moved, target, ctx.stops.get(g)):
            return True
        objects = self.power.rules.power_objects
        for name in kit.powers:
            if objects[name].guards(pos, ctx, g, lender, target):
                return True
        return False
