"""The Poison's lame Knight move under ``poison_lame_path = either``: the move is
also open when the orthogonal square next to the Poison is occupied but the
diagonal square on the way is empty. (Under the default ``orthogonal-first`` the
piece's Betza ``mnN`` says it all and this power adds nothing.) The move never
captures and, being a leap, ignores Hia zones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

KNIGHT = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1))


@register("poison-path")
class PoisonPath(Power):
    description = "Its lame Knight move may pass either the orthogonal or the diagonal square."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.active = rules.options.get("poison_lame_path", "orthogonal-first") == "either"
        geo = rules.geo
        # per square: (target, orthogonal-first square, diagonal-first square)
        self.routes = tuple(
            tuple(
                (t, o, d)
                for t, o, d in (
                    (
                        geo.offset(sq, dx, dy),
                        geo.offset(sq, 0, dy // 2) if abs(dy) == 2 else geo.offset(sq, dx // 2, 0),
                        geo.offset(sq, (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)),
                    )
                    for dx, dy in KNIGHT
                )
                if t >= 0
            )
            for sq in range(geo.board_size)
        )

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        if not self.active:
            return
        board = pos.board
        names = self.rules.geo.names
        for t, ortho, diag in self.routes[sq]:
            if board[t] is None and board[ortho] is not None and board[diag] is None:
                out.append(Move("normal", names[sq], names[t], (), None, None, sq, t, ()))
