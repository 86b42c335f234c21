"""En passant: after a pawn's non-capturing straight move of two or more squares, an
enemy pawn whose capture could land on a skipped square may capture it there, next move
only. After a step of three or more, every skipped square counts: the one next to the
pawn is the position's en passant square, the others are kept in the state key
``ep-also`` (position text ``ep-also=(a3)``). ``[variant.<id>.data.en-passant]`` ``ranks``
(board ranks, White's view) keeps only the skipped squares on those ranks (Horde: a pawn
stepping from rank 1 to rank 3 cannot be taken en passant on rank 2).

XBetza's ``e`` (``fceF``) says which moves capture en passant: a piece whose Betza has ``e``
captures en passant by those moves only (the generator makes them, rules/legs.py), never by
this power's pawn captures. Where some piece has ``e``, a first move by a lame leap (XBetza's
``in``, as ``ifmnD``) of any piece gives en passant rights on the squares it passed, as a pawn's
step does; the power is then on without being listed (rules/impliedpowers.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from ..errors import FenError
from ..legs import EN_PASSANT
from ..moves import Move
from . import Power, register

#: State key: skipped squares of a step of three or more, besides the en passant square.
ALSO = "ep-also"

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


def en_passant_kinds(rules: Rules) -> frozenset[str]:
    """Kinds whose Betza has XBetza's en passant capture ``e``."""
    return frozenset(
        kind for kind, t in rules.types.items()
        if any(leg.modes & EN_PASSANT for a in t.atoms for leg in a.legs)
        or any(leg.modes & EN_PASSANT for a in t.movement.every_atom for leg in a.legs)
    )


@register("en-passant")
class EnPassant(Power):
    pin_safe = True
    state_keys = (ALSO,)
    description = "A pawn that steps two squares may be taken as if it had stepped one."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.pawn_kinds = rules.pawn_kinds
        ranks = variant_fields(rules.variant, "data.en-passant").integers("ranks", 1, rules.geo.ranks)
        #: Board ranks (0-based) where an en passant capture may land; empty: any.
        self.landing_ranks = frozenset(r - 1 for r in ranks)
        #: Kinds that capture en passant by their own XBetza ``e`` moves, not by this power's.
        self.own_kinds = en_passant_kinds(rules)
        #: Per (kind, colour): the vectors of first-move lame leaps (``in``) that give en passant
        #: rights; only where some piece has ``e`` moves (else pawns alone give them).
        self.rights: dict[tuple[str, int], frozenset[tuple[int, int]]] = {}

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        if ALSO in pos.state:
            pos.set_state(ALSO, None)
        if move.caps or move.kind != "normal":
            return
        geo = self.rules.geo
        if not (geo.is_board(move.o) and geo.is_board(move.d)):
            return
        dx = geo.file_of(move.d) - geo.file_of(move.o)
        dy = geo.rank_of(move.d) - geo.rank_of(move.o)
        if mover.kind not in self.pawn_kinds and not (
            self.own_kinds and not mover.moved and (dx, dy) in self._rights_of(mover.kind, mover.color)
        ):
            return
        steps = max(abs(dx), abs(dy))
        if steps < 2 or (dx and dy and abs(dx) != abs(dy)):
            return
        ux, uy = dx // steps, dy // steps
        skipped = [geo.offset(move.o, ux * i, uy * i) for i in range(1, steps)]
        if self.landing_ranks:
            skipped = [sq for sq in skipped if geo.rank_of(sq) in self.landing_ranks]
            if not skipped:
                return
        pos.ep = skipped[-1]
        pos.ep_victim = move.d
        if len(skipped) > 1:
            pos.set_state(ALSO, tuple(geo.names[sq] for sq in skipped[:-1]))

    def _rights_of(self, kind: str, color: int) -> frozenset[tuple[int, int]]:
        key = (kind, color)
        found = self.rights.get(key)
        if found is None:
            found = self.rights[key] = frozenset(
                g.vector for g in self.rules.atoms_of(kind, color)
                if g.initial and g.paths is not None and g.can_move and not g.hop
            )
        return found

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(ALSO)
        if value is None:
            return
        names = self.rules.geo.index
        if not isinstance(value, tuple) or not all(v in names for v in value):
            raise FenError(f"{ALSO}={value!r} must list squares in parentheses, like {ALSO}=(a3)")

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        if pos.ep < 0:
            return
        self._captures_on(pos, ctx, pos.ep, out)
        also = pos.state.get(ALSO)
        if also:
            index = self.rules.geo.index
            for name in also:
                self._captures_on(pos, ctx, index[name], out)

    def _captures_on(self, pos: Position, ctx: Context, ep: int, out: list[Move]) -> None:
        if pos.board[ep] is not None:
            return
        victim = pos.board[pos.ep_victim]
        color = pos.turn
        if victim is None or victim.color == color:
            return
        rules = self.rules
        names = rules.geo.names
        seen: set[int] = set()
        for kind in rules.pawn_kinds:
            if kind in self.own_kinds:
                continue
            for g in rules.atoms_of(kind, color):
                if not g.can_capture or g.max_range != 1 or g.hop:
                    continue
                origin = rules.geo.offset(ep, -g.vector[0], -g.vector[1])
                if origin < 0 or origin in seen or origin in ctx.frozen:
                    continue
                p = pos.board[origin]
                if p is None or p.color != color or p.kind != kind:
                    continue
                if origin in ctx.atoms:  # a piece whose moves were replaced (a Friend) never takes e.p.
                    continue
                seen.add(origin)
                out.append(
                    Move("en-passant", names[origin], names[ep], (names[pos.ep_victim],), None, None,
                         origin, ep, (pos.ep_victim,))
                )
