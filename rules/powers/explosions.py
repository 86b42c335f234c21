"""Explosions (atomic chess): every capture is an explosion on the destination square.

The capturer and the captured piece are removed, and so is every piece on the eight
squares around the destination, of either side, except the kinds listed in
``[variant.<id>.data.explosions]`` ``immune`` (default: the pawns), which a neighbouring
blast leaves standing. What follows from it, with the variant's royal pieces (the kings):

* a move whose blast removes the mover's own last royal piece is illegal (the generic rule
  that a move may not remove your last royal), so a king never captures;
* a move that blasts the enemy's last royal piece may be played even if it leaves the
  mover's own royal attacked (``royal_capture_wins``); the outcome ``extinction`` of the
  royal kind (atomic) or ``lose_without_royals = true`` then ends the game;
* a capture whose blast would reach the capturer's own royal is no attack: two kings
  standing side by side cannot check each other, and a king may step next to the enemy king.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import variant_fields
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("explosions")
class Explosions(Power):
    description = (
        "Every capture explodes: the capturer, the captured piece and every piece on the eight squares "
        "around (pawns excepted) are removed."
    )
    royal_capture_wins = True

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "data.explosions")
        self.immune = frozenset(data.piece_ids("immune", tuple(sorted(rules.pawn_kinds))))
        geo = rules.geo
        #: Per board square, the squares around it (the blast's reach besides the square itself).
        self.around: tuple[tuple[int, ...], ...] = tuple(
            tuple(t for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx or dy) and (t := geo.offset(sq, dx, dy)) >= 0)
            for sq in range(geo.board_size)
        )

    def blast(self, move: Move) -> tuple[int, ...]:
        """The squares a capture's explosion clears besides the destination (every piece there
        not immune): the captured squares' neighbourhood around the destination."""
        return self.around[move.d] if move.caps and 0 <= move.d < len(self.around) else ()

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        if not move.caps or move.d >= len(self.around):
            return
        board = pos.board
        immune = self.immune
        for sq in self.around[move.d]:
            p = board[sq]
            if p is not None and p.kind not in immune:
                pos.capture(sq)
        if board[move.d] is not None:
            pos.capture(move.d)  # the capturer goes up with its victim

    def allows_attack(self, pos: Position, ctx: Context, move: Move) -> bool:
        """A capture whose blast reaches the capturer's own royal piece is no attack."""
        if move.o < 0:
            return True
        capturer = pos.board[move.o]
        if capturer is None:
            return True
        royals = pos.royals[capturer.color]
        if move.o in royals:
            return False  # the capturer is a royal piece: it would blow itself up
        around = self.around[move.d] if move.d < len(self.around) else ()
        board = pos.board
        return not any(r in around and board[r].kind not in self.immune for r in royals)  # type: ignore[union-attr]

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if not move.caps:
            return
        names = self.rules.geo.names
        board = pos.board
        blown = [names[sq] for sq in self.blast(move) if (p := board[sq]) is not None and p.kind not in self.immune]
        out["explodes"] = [names[move.d], *blown]
