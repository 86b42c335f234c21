"""Compulsory capture (antichess, giveaway, losers): while the side to move has a legal
capture, it may make no other move.

Switched on by the variant key ``must_capture = true`` (rules/impliedpowers.py). The filter
runs over the generated moves, so every caller of the generator (the game, the search, the
attack tests' capture lists) sees the same moves; a capture counts only if it may stand
(in a variant with royal pieces, one that leaves the mover's royal attacked does not force)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..position import Position


@register("must-capture")
class MustCapture(Power):
    description = "Capturing is compulsory: while a capture is possible, no other move is allowed."

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        captures = [m for m in moves if m.caps]
        if not captures or len(captures) == len(moves):
            return moves
        if any(self._stands(pos, m) for m in captures):
            return captures
        return moves

    def _stands(self, pos: Position, move: Move) -> bool:
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        pos.push(move)
        try:
            return self.rules.problem_after(pos, move, mover, royal_count) is None
        finally:
            pos.pop()

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        piece = pos.board[origin]
        if piece is None:
            return None
        own: list[Move] = []
        self.rules.piece_moves(pos, ctx, origin, piece, own)
        if not any(m.d == destination and not m.caps for m in own):
            return None  # not a quiet move of this piece: the generic reasons say why
        captures = [m for m in self.rules.legal_moves(pos) if m.caps]
        if captures:
            return f"capturing is compulsory, and a capture is possible ({captures[0]})"
        return None
