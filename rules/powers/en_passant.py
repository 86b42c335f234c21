"""En passant: after a pawn's non-capturing two-square straight move, an enemy pawn
whose capture could land on the skipped square may capture it there, next move only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("en-passant")
class EnPassant(Power):
    description = "A pawn that steps two squares may be taken as if it had stepped one."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.pawn_kinds = rules.pawn_kinds

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        if move.caps or mover.kind not in self.pawn_kinds or move.kind != "normal":
            return
        geo = self.rules.geo
        if not (geo.is_board(move.o) and geo.is_board(move.d)):
            return
        dx = geo.file_of(move.d) - geo.file_of(move.o)
        dy = geo.rank_of(move.d) - geo.rank_of(move.o)
        if (abs(dx), abs(dy)) in ((0, 2), (2, 2), (2, 0)):
            pos.ep = geo.offset(move.o, dx // 2, dy // 2)
            pos.ep_victim = move.d

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        ep = pos.ep
        if ep < 0 or pos.board[ep] is not None:
            return
        victim = pos.board[pos.ep_victim]
        color = pos.turn
        if victim is None or victim.color == color:
            return
        rules = self.rules
        names = rules.geo.names
        seen: set[int] = set()
        for kind in rules.pawn_kinds:
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
