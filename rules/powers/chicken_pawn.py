"""The Chicken Pawn's retreat: while it is under attack, it may also move straight or
diagonally backward like a Rook or Bishop, capturing too (variant data ``chicken_retreat``,
Betza in White's view, default ``bRbB``). The retreat slides, so Hia zones stop it.

"Under attack" (Friendly ruling 10) means an enemy piece could capture it now; frozen
pieces capture nothing. An enemy's retreat counts as such a capture when the retreating
piece is itself under attack. That circle is settled by the least fixed point, worked out
once per position: first the retreat holders attacked by anything but retreats, then the
holders their retreats capture, then the holders those capture, until nothing changes. Two
Chickens that could reach each other only by retreating are therefore not under attack.

Retreat holders are the pieces with this power and, once borrowing is worked out, the
Friends that borrowed it: a Friend uses a borrowed retreat while it is itself under attack.
While Friends' borrowings are being worked out (stage b), enemy Friends capture nothing, so
only the real holders take part.

A Chicken's retreat has kind ``retreat`` (so it is never a double step for en passant, nor
a promotion); a Friend's borrowed retreat is an ordinary move.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import TYPE_CHECKING, Any

from ..context import EMPTY
from ..datafields import variant_fields
from . import Power, register
from .guarding import atoms_reach

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

#: In :meth:`ChickenRetreat.retreating`: the holder is attacked by something other than a retreat.
DIRECT = -1


@register("chicken-retreat")
class ChickenRetreat(Power):
    kinds = ()
    slides = True
    # After borrowing (50) and its borrowed Hia and freezes: the fixed point needs the final zones.
    stage = 70
    description = "While attacked, may retreat straight or diagonally backward like a Rook or Bishop."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        atoms = variant_fields(rules.variant, "data").betza("chicken_retreat", "bRbB")
        self.atoms: tuple[tuple[GenAtom, ...], ...] = (rules.compile(atoms, 0), rules.compile(atoms, 1))
        self._local = threading.local()
        self._reach: list[tuple[frozenset[int], ...] | None] = [None, None]
        self.holders = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        # per colour: for each retreat line, the rays read back from the target
        geo = rules.geo
        self.back_rays = tuple(
            tuple((geo.rays_for(-g.vector[0], -g.vector[1]), g.max_range) for g in self.atoms[color])
            for color in (0, 1)
        )

    # ------------------------------------------------------------ who may retreat

    def prepare(self, pos: Position, ctx: Context) -> None:
        # Which holder's retreat captures which is read off the real board now; whether a
        # holder is attacked is worked out only when asked (most positions never ask about
        # the side not to move), and ``settle`` finishes it before a probe changes the board.
        self._retreats(pos, ctx)

    def settle(self, pos: Position, ctx: Context) -> None:
        retreats = self._retreats(pos, ctx)
        for sq in retreats.holders:
            retreats.reason(pos, ctx, sq)

    def _is_holder(self, ctx: Context, sq: int, p: Piece) -> bool:
        names = ctx.powers.get(sq) if ctx.powers else None
        if names is not None:
            return self.name in names
        return p.kind in self.holders

    def _retreats(self, pos: Position, ctx: Context) -> _Retreats:
        if ctx is EMPTY:  # shared by every position that has no board-wide facts: keep nothing in it
            return _Retreats(self, pos, ctx)
        stage = ctx.info.get("stage")
        key = "chicken-retreat" if stage is None else f"chicken-retreat-{stage}"
        found = ctx.info.get(key)
        if found is None:
            found = ctx.info[key] = _Retreats(self, pos, ctx)
        elif found.zhash != pos.zhash:
            # A board this Context was not worked out for (the engine judges a leaf with its
            # parent's): its answers are kept apart, one such board at a time, so that they
            # never stand for the Context's own board (the Context is shared).
            foreign = f"{key}-foreign"
            other = ctx.info.get(foreign)
            if other is None or other.zhash != pos.zhash:
                other = ctx.info[foreign] = _Retreats(self, pos, ctx)
            return other
        return found

    def retreating(self, pos: Position, ctx: Context) -> dict[int, int]:
        """The holders that may retreat now: square -> :data:`DIRECT` when something other than
        a retreat attacks it, else the square of the enemy holder whose retreat captures it."""
        retreats = self._retreats(pos, ctx)
        out = {}
        for sq in retreats.holders:
            why = retreats.reason(pos, ctx, sq)
            if why is not None:
                out[sq] = why
        return out

    def attacked_directly(self, pos: Position, ctx: Context, sq: int, piece: Piece) -> bool:
        """Could an enemy piece capture the piece on ``sq`` by anything but a retreat?"""
        self._local.busy = True
        try:
            return self.rules.is_attacked(pos, sq, 1 - piece.color, ctx)
        finally:
            self._local.busy = False

    def _active(self, pos: Position, ctx: Context, sq: int, piece: Piece) -> bool:
        if ctx.info.get("superset"):
            return True  # an upper bound of attacks (borrowing's may_attack) assumes the worst
        if getattr(self._local, "busy", False):
            return False  # working out the fixed point's first step: retreats do not count
        retreats = self._retreats(pos, ctx)
        if sq in retreats.holders:
            return retreats.reason(pos, ctx, sq) is not None
        # A Friend lending a retreat it borrows through another Friend (stage b): it takes no
        # part in the fixed point, since enemy Friends capture nothing then.
        cache = retreats.friends
        found = cache.get(sq)
        if found is None:
            found = cache[sq] = self.rules.is_attacked(pos, sq, 1 - piece.color, ctx)
        return found

    # ------------------------------------------------------------ moves and attacks

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        found = self._reach[color]
        if found is None:
            found = self._reach[color] = self.rules.atoms_capture_reach(self.atoms[color])
        return found

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        if not self._active(pos, ctx, sq, piece):
            return
        rules = self.rules
        if piece.kind not in rules.pawn_kinds:
            rules.betza_moves(pos, sq, piece, self.atoms[piece.color], out, ctx.stops.get(sq))
            return
        found: list[Move] = []
        rules.betza_moves(pos, sq, piece, self.atoms[piece.color], found, ctx.stops.get(sq))
        out.extend(m._replace(kind="retreat") for m in found)

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        # Walk from the target back along each retreat line to the first piece: a Chicken
        # of ``by`` there attacks the target if its slide gets through and it is attacked.
        # Friends that borrowed the power are found by the engine from their moves.
        if getattr(self._local, "busy", False):
            return False
        board = pos.board
        for rays, reach in self.back_rays[by]:
            ray = rays[target]
            k = 0
            for s in ray:
                k += 1
                if k > reach:
                    break
                p = board[s]
                if p is None:
                    continue
                if p.color == by and p.kind in self.holders and s not in ctx.frozen:
                    zone = ctx.stops.get(s)
                    if zone and k > 1 and (s in zone or any(x in zone for x in ray[: k - 1])):
                        break
                    if self._active(pos, ctx, s, p):
                        return True
                break
        return False

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        if not atoms_reach(pos.board, self.atoms[piece.color], sq, True, target, ctx.stops.get(sq)):
            return False
        return self._active(pos, ctx, sq, piece)

    # ------------------------------------------------------------ explanations

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin]
        if p is None or origin in ctx.frozen or not self._is_holder(ctx, origin, p):
            return None
        if self._retreats(pos, ctx).reason(pos, ctx, origin) is not None:
            return None
        board = pos.board
        reach = [g for g in self.atoms[p.color] if destination in g.rays[origin]]
        if not reach or (board[destination] is not None and board[destination].color == p.color):  # type: ignore[union-attr]
            return None
        plain: list[Move] = []
        self.rules.piece_moves(pos, ctx, origin, p, plain)
        if any(m.d == destination for m in plain):
            return None
        names = self.rules.geo.names
        name = self.rules.types[p.kind].name
        return (
            f"the {name} on {names[origin]} may retreat only while an enemy piece attacks it, "
            "and none does now"
        )

    def _direct_attackers(self, pos: Position, ctx: Context) -> dict[int, list[int]]:
        """For each square, the enemy pieces that could capture there by anything but a retreat."""
        rules = self.rules
        board = pos.board
        out: dict[int, list[int]] = {}
        self._local.busy = True
        try:
            for sq, p in enumerate(board[: rules.geo.board_size]):
                if p is None or sq in ctx.frozen:
                    continue
                moves: list[Move] = []
                rules.piece_moves(pos, ctx, sq, p, moves)
                for m in moves:
                    for c in m.caps:
                        victim = board[c]
                        if victim is not None and victim.color != p.color and sq not in out.get(c, ()):
                            out.setdefault(c, []).append(sq)
        finally:
            self._local.busy = False
        return out

    def _called(self, pos: Position, s: int) -> str:
        p = pos.board[s]
        assert p is not None
        return f"the {self.rules.types[p.kind].name} on {self.rules.geo.names[s]}"

    def _reason(self, pos: Position, why: dict[int, int], direct: dict[int, list[int]], sq: int) -> str:
        # (No nested function here: mypyc cannot compile one in this class's methods.)
        parts: list[str] = []
        at = sq
        while why.get(at, DIRECT) != DIRECT:
            at = why[at]
            parts.append(self._called(pos, at))
        attackers = direct.get(at, [])
        tail = " and ".join(self._called(pos, s) for s in attackers) if attackers else "an enemy piece"
        parts.append(tail)
        return "attacked by " + ", itself attacked by ".join(parts)

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        rules = self.rules
        board = pos.board
        names = rules.geo.names
        holders = [
            (sq, p) for sq, p in enumerate(board[: rules.geo.board_size])
            if p is not None and self._is_holder(ctx, sq, p)
        ]
        if not holders:
            return None
        why = self.retreating(pos, ctx)
        direct = self._direct_attackers(pos, ctx) if why else {}
        entries = []
        for sq, p in holders:
            may = sq in why
            through = why.get(sq, DIRECT)
            entries.append({
                "square": names[sq],
                "piece": str(p),
                "frozen": sq in ctx.frozen,
                "may_retreat": may,
                "attacked_by": [names[s] for s in direct.get(sq, [])] if may else [],
                "through": names[through] if may and through != DIRECT else None,
                "reason": (
                    self._reason(pos, why, direct, sq) if may
                    else "frozen: it cannot move" if sq in ctx.frozen else "not under attack"
                ),
            })
        return {"chickens": entries}


class _Retreats:
    """One position's retreat holders (in one stage) and the least fixed point over them.

    A holder may retreat when some chain of retreat captures leads to it from a holder that
    something else attacks: the fixed point is what is reachable from those. Each holder's
    answer is found when first asked, by searching back along the captures from it.
    """

    __slots__ = ("power", "zhash", "holders", "captured_by", "direct", "why", "friends")

    def __init__(self, power: ChickenRetreat, pos: Position, ctx: Context) -> None:
        self.power = power
        self.zhash = pos.zhash  # the board it was made for
        #: Friends lending a retreat they borrow through another Friend: attacked or not.
        self.friends: dict[int, bool] = {}
        board = pos.board
        frozen = ctx.frozen
        self.holders: dict[int, Piece] = {
            sq: p for sq, p in enumerate(board[: power.rules.geo.board_size])
            if p is not None and sq not in frozen and power._is_holder(ctx, sq, p)
        }
        # For each holder, the enemy holders whose retreat could capture it.
        self.captured_by: dict[int, list[int]] = {}
        for a, attacker in self.holders.items():
            atoms, stops = power.atoms[attacker.color], ctx.stops.get(a)
            for h, target in self.holders.items():
                if target.color != attacker.color and atoms_reach(board, atoms, a, attacker.moved, h, stops):
                    self.captured_by.setdefault(h, []).append(a)
        self.direct: dict[int, bool] = {}
        self.why: dict[int, int | None] = {}

    def _attacked_directly(self, pos: Position, ctx: Context, sq: int) -> bool:
        found = self.direct.get(sq)
        if found is None:
            found = self.direct[sq] = self.power.attacked_directly(pos, ctx, sq, self.holders[sq])
        return found

    def reason(self, pos: Position, ctx: Context, sq: int) -> int | None:
        """None if the holder on ``sq`` may not retreat; :data:`DIRECT`; or the enemy holder
        whose retreat captures it (the first step of the shortest chain)."""
        if sq in self.why:
            return self.why[sq]
        # Breadth first back along the captures, so the chain found is a shortest one.
        toward: dict[int, int] = {sq: sq}
        queue = deque((sq,))
        found = None
        while queue:
            at = queue.popleft()
            if self._attacked_directly(pos, ctx, at):
                found = at
                break
            for a in self.captured_by.get(at, ()):
                if a not in toward:
                    toward[a] = at
                    queue.append(a)
        if found is None:
            for at in toward:  # everything that could lead here leads nowhere either
                self.why[at] = None
            return None
        self.why[found] = DIRECT
        while found != sq:
            nxt = toward[found]
            self.why[nxt] = found
            found = nxt
        return self.why[sq]
