"""A conditional first leap (the Cambodian king's), a variant power: the pieces named in
``[variant.<id>.data.conditional-leap]`` ``pieces`` may, while they have never moved (they need
``tracks_moved``), also leap by ``leap`` (a Betza string, default ``fsN``: the two wide forward
knight leaps) to an empty square, never capturing.

* never out of check: while its side is in check, the leap is not offered;
* lost for good once an enemy piece of the kinds in ``lost_to`` (default: none) lands where it
  would attack the leaper on an empty board (Fairy-Stockfish's Cambodian: a rook landing on the
  king's file or rank, whatever stands between);
* with ``lost_on_check = true``, lost for good once its side has been in check.

The sides that have lost the leap are position state ``leap-lost=(white,black)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..atoms import GenAtom
from ..datafields import variant_fields
from ..errors import FenError
from ..moves import Move, build_move
from ..pieces import COLOR_NAMES
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

LOST_KEY = "leap-lost"


@register("conditional-leap")
class ConditionalLeap(Power):
    state_keys = (LOST_KEY,)
    description = (
        "While they have never moved, the named pieces may also leap (never capturing, never out of check); "
        "the leap is lost for good on the conditions the variant names."
    )

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "data.conditional-leap")
        self.leaper_kinds = frozenset(data.piece_ids("pieces"))
        if not self.leaper_kinds:
            raise data.error("pieces", "data.conditional-leap.pieces must name the pieces that leap")
        atoms = data.betza("leap", "fsN")
        self.leaps: dict[tuple[str, int], tuple[GenAtom, ...]] = {
            (kind, color): rules.compile(atoms, color) for kind in self.leaper_kinds for color in (0, 1)
        }
        self.lost_to = frozenset(data.piece_ids("lost_to"))
        self.lost_on_check = data.flag("lost_on_check", False)

    def lost(self, pos: Position) -> tuple[str, ...]:
        value = pos.state.get(LOST_KEY)
        return value if isinstance(value, tuple) else ()

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        color = pos.turn
        if COLOR_NAMES[color] in self.lost(pos):
            return
        leapers = [(sq, p) for sq, p in pos.pieces(color) if p.kind in self.leaper_kinds and not p.moved]
        if not leapers or self.rules.in_check(pos, color):
            return
        names = self.rules.geo.names
        board = pos.board
        for sq, p in leapers:
            if not self.rules.geo.is_board(sq):
                continue
            for g in self.leaps[(p.kind, color)]:
                for t in g.rays[sq]:
                    if board[t] is not None:
                        break  # the leap never captures
                    out.append(build_move(("normal", names[sq], names[t], (), None, None, sq, t, (), ())))

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        lost = set(self.lost(pos))
        rules = self.rules
        for color in (0, 1):
            name = COLOR_NAMES[color]
            if name in lost:
                continue
            leapers = [sq for sq, p in pos.pieces(color) if p.kind in self.leaper_kinds and not p.moved]
            if not leapers:
                continue
            if color != mover.color and mover.kind in self.lost_to and self._attacks_from(pos, move.d, leapers):
                lost.add(name)
            elif self.lost_on_check and rules.in_check(pos, color):
                lost.add(name)
        value = tuple(n for n in COLOR_NAMES if n in lost)
        pos.set_state(LOST_KEY, value or None)

    def _attacks_from(self, pos: Position, sq: int, targets: list[int]) -> bool:
        """Would the piece just set down on ``sq`` reach one of ``targets`` on an empty board
        (a rook on the leaper's line, whatever stands between)?"""
        piece = pos.board[sq] if 0 <= sq < self.rules.geo.board_size else None
        if piece is None:
            return False
        reach = self.rules.capture_reach(piece.kind, piece.color)[sq]
        return any(t in reach for t in targets)

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(LOST_KEY)
        if value is None:
            return
        if not isinstance(value, tuple) or not all(v in COLOR_NAMES for v in value):
            raise FenError(f"{LOST_KEY}= must list the sides that lost the leap, such as {LOST_KEY}=(white)")
