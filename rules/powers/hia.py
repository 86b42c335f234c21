"""Hia (the Bodyguard): a sliding move stops on the first square next to an active
Hia source, and a slider that starts next to one moves a single square. Leaps and
riders of leaps pass freely.

"Sliding" is what the move generator calls a slide (step riders, and lame straight
leaps such as a pawn's double step) plus the moves of powers marked ``slides``
(Chicken retreats, the Patient step-capture, the Ghost's locust jump).

Who is stopped is the option ``hia_affects``: ``all-but-friendly-bodyguards``
(default; a Bodyguard ignores its own side's Bodyguards), ``enemy-only``, ``all``.
A source never stops itself.

Each source has a switch: the flag ``hia-off`` on the piece. Its owner may flip it
before his move (an action that does not pass the turn, text ``f2/hia-off`` or
``f2/hia-on``), once per source per turn; the position state ``hia-switched``
lists the sources already flipped this turn and is cleared by the move. A Friend
that borrowed the power has its own switch (the flag on the Friend).

Real sources act in stage a of the Friendly staging; the borrowing power calls
:meth:`Hia.add_borrowed` for Friends' borrowed Hia (stage c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..context import Context
from ..datafields import variant_fields
from ..errors import FenError
from ..moves import Move
from . import Power, known_powers, register

if TYPE_CHECKING:
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

OFF = "hia-off"
SWITCHED = "hia-switched"
SWITCH_KIND = "hia-switch"


@register("hia")
class Hia(Power):
    state_keys = (SWITCHED,)
    stage = 20
    kinds = (SWITCH_KIND,)
    action_kinds = (SWITCH_KIND,)
    description = "Sliders stop on the squares next to it; its owner may switch this off and on."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.mode = rules.options.get("hia_affects", "all-but-friendly-bodyguards")
        self.source_kinds = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        self.borrower = variant_fields(rules.variant, "data").piece_id("borrower", "") or None
        geo = rules.geo
        self.zones = tuple(frozenset(geo.neighbours(sq)) for sq in range(geo.board_size))
        registry = known_powers()
        sliding_powers = {n for n, cls in registry.items() if cls.slides}
        self.slider_kinds = frozenset(
            k for k, t in rules.types.items()
            if k == self.borrower
            or any(a.is_slide for a in t.atoms)
            or any(n in sliding_powers for n in t.powers)
        )

    def piece_flags(self, kind: str) -> tuple[str, ...]:
        # The borrower carries the switch too: a Friend that borrows a Bodyguard's Hia.
        return (OFF,) if kind in self.source_kinds or kind == self.borrower else ()

    # ------------------------------------------------------------ zones

    def affects(self, source_color: int, source_real: bool, piece: Piece) -> bool:
        if self.mode == "all":
            return True
        if self.mode == "enemy-only":
            return source_color != piece.color
        return not (source_real and source_color == piece.color and piece.kind in self.source_kinds)

    def prepare(self, pos: Position, ctx: Context) -> None:
        board = pos.board
        sources: dict[int, tuple[int, bool]] = {}
        sliders: list[tuple[int, Piece]] = []
        kinds = self.source_kinds
        slider_kinds = self.slider_kinds
        for sq in range(len(self.zones)):
            p = board[sq]
            if p is None:
                continue
            if p.kind in kinds and OFF not in p.flags:
                sources[sq] = (p.color, True)
            if p.kind in slider_kinds:
                sliders.append((sq, p))
        ctx.info["hia"] = {"sources": sources, "sliders": sliders}
        if sources:
            self._assign(ctx, sources, sliders)

    def add_borrowed(self, pos: Position, ctx: Context, squares: list[int]) -> None:
        """Stage c: Friends on ``squares`` borrowed Hia; those switched on become sources."""
        info = ctx.info["hia"]
        board = pos.board
        added = False
        sources = dict(info["sources"])
        for sq in squares:
            p = board[sq]
            assert p is not None
            if OFF not in p.flags:
                sources[sq] = (p.color, False)
                added = True
        info["borrowed"] = list(squares)
        if added:
            info["sources"] = sources
            self._assign(ctx, sources, info["sliders"])

    def _assign(self, ctx: Context, sources: dict[int, tuple[int, bool]], sliders: list[tuple[int, Piece]]) -> None:
        stops = ctx.stops
        shared: dict[tuple[int, bool], frozenset[int]] = {}
        for sq, p in sliders:
            if sq in sources:
                zone = self.zone_for(sources, sq, p)
            else:
                key = (p.color, p.kind in self.source_kinds)
                found = shared.get(key)
                if found is None:
                    found = shared[key] = self.zone_for(sources, sq, p)
                zone = found
            if zone:
                stops[sq] = zone
            else:
                stops.pop(sq, None)

    def zone_for(
        self, sources: dict[int, tuple[int, bool]], sq: int, p: Piece, without: int = -1
    ) -> frozenset[int]:
        """Squares where the slides of piece ``p`` on ``sq`` stop (ignoring source ``without``)."""
        zones = self.zones
        parts = [
            zones[s] for s, (color, real) in sources.items()
            if s != sq and s != without and self.affects(color, real, p)
        ]
        if not parts:
            return frozenset()
        return parts[0].union(*parts[1:]) if len(parts) > 1 else parts[0]

    def stops_without(self, ctx: Context, sq: int, p: Piece, removed: int) -> frozenset[int]:
        """The stops of ``p`` on ``sq`` if the source on ``removed`` were gone (a Ghost taking it)."""
        info = ctx.info.get("hia")
        if not info:
            return frozenset()
        return self.zone_for(info["sources"], sq, p, removed)

    def sources_stopping(self, ctx: Context, sq: int, p: Piece, squares: list[int]) -> list[int]:
        info = ctx.info.get("hia")
        if not info:
            return []
        return sorted(
            s for s, (color, real) in info["sources"].items()
            if s != sq and self.affects(color, real, p) and any(x in self.zones[s] for x in squares)
        )

    # ------------------------------------------------------------ switches

    def actions(self, pos: Position) -> list[Move]:
        rules = self.rules
        names = rules.geo.names
        board = pos.board
        color = pos.turn
        switched = pos.state.get(SWITCHED, ())
        ctx: Context | None = None
        out: list[Move] = []
        for sq in range(len(self.zones)):
            p = board[sq]
            if p is None or p.color != color or names[sq] in switched:
                continue
            if p.kind not in self.source_kinds:
                if p.kind != self.borrower:
                    continue
                if ctx is None:
                    ctx = rules.context(pos)
                if self.name not in ctx.powers.get(sq, ()):
                    continue
            choice = "hia-on" if OFF in p.flags else "hia-off"
            out.append(Move(SWITCH_KIND, names[sq], names[sq], (), None, choice, sq, sq))
        return out

    def apply(self, pos: Position, move: Move) -> None:
        p = pos.board[move.o]
        assert p is not None, f"no Hia source on {move.origin}"
        flags = p.flags - {OFF} if OFF in p.flags else p.flags | {OFF}
        pos.put(move.o, p.replace(flags=frozenset(flags)))
        switched = set(pos.state.get(SWITCHED, ()))
        switched.add(move.origin)
        pos.set_state(SWITCHED, tuple(sorted(switched)))

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        if SWITCHED in pos.state:
            pos.set_state(SWITCHED, None)
        # A captured source goes to the pool as a plain piece: a Bodyguard promoted
        # back from the pool starts switched on.
        for color in (0, 1):
            for p in pos.pools[color]:
                if OFF in p.flags:
                    pos.take_from_pool(color, p)
                    pos.add_to_pool(p.replace(flags=p.flags - {OFF}))

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if move.kind == SWITCH_KIND:
            out["switch"] = {"square": move.origin, "on": move.choice == "hia-on"}

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(SWITCHED)
        if value is None:
            return
        names = self.rules.geo.index
        if not isinstance(value, tuple) or not all(v in names for v in value):
            raise FenError(f"{SWITCHED}={value!r} must list squares in parentheses, like ({SWITCHED}=(f2,g2))")

    # ------------------------------------------------------------ explanations

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        stops = ctx.stops.get(origin)
        p = pos.board[origin]
        if not stops or p is None or origin in ctx.frozen:
            return None
        rules = self.rules
        moves: list[Move] = []
        rules.piece_moves(pos, ctx, origin, p, moves)
        if any(m.d == destination for m in moves):
            return None
        free = Context()
        free.frozen, free.atoms, free.powers, free.forward = ctx.frozen, ctx.atoms, ctx.powers, ctx.forward
        # Copy the inner caches too: what is worked out without stops must not leak back.
        free.info = {k: dict(v) if isinstance(v, dict) else v for k, v in ctx.info.items()}
        moves = []
        rules.piece_moves(pos, free, origin, p, moves)
        if not any(m.d == destination for m in moves):
            return None
        names = rules.geo.names
        path = [origin, *_between(rules, origin, destination)]
        sources = self.sources_stopping(ctx, origin, p, path) or sorted(
            s for s in ctx.info["hia"]["sources"] if any(x in self.zones[s] for x in path)
        )
        who = " and ".join(f"the {rules.types[pos.board[s].kind].name} on {names[s]}" for s in sources)  # type: ignore[union-attr]
        return (
            f"the {rules.types[p.kind].name} on {names[origin]} is stopped by the Hia zone of {who}: "
            f"a slide ends on the first square next to an active Bodyguard"
        )

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        info = ctx.info.get("hia")
        if info is None:
            return None
        names = self.rules.geo.names
        board = pos.board
        borrowed = set(info.get("borrowed", ()))
        out = []
        for sq in range(len(self.zones)):
            p = board[sq]
            if p is None or not (p.kind in self.source_kinds or sq in borrowed):
                continue
            out.append({
                "square": names[sq],
                "piece": str(p),
                "active": OFF not in p.flags,
                "borrowed": sq in borrowed,
                "zone": sorted((names[z] for z in self.zones[sq]), key=_square_order(self.rules)),
            })
        return {"sources": out}


def _between(rules: Rules, a: int, b: int) -> list[int]:
    """Squares strictly between two squares on one line (empty if not on a line)."""
    geo = rules.geo
    dx = geo.file_of(b) - geo.file_of(a)
    dy = geo.rank_of(b) - geo.rank_of(a)
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return []
    n = max(abs(dx), abs(dy))
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return [geo.offset(a, sx * k, sy * k) for k in range(1, n)]


def _square_order(rules: Rules) -> Any:
    index = rules.geo.index
    return lambda name: index[name]
