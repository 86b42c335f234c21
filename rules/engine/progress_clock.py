"""The plies since progress: the clock by which the evaluation fades a lead that goes nowhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move

if TYPE_CHECKING:
    from ..position import Position


def makes_progress(pos: Position, m: Move, pawn_kinds: frozenset[str]) -> bool:
    """Was ``m`` (just made on ``pos``) progress: a capture, a promotion, or a pawn's own step nearer promotion?

    The move-count rule's clock also restarts when a power moves a pawn (a Flight and Ferry
    pawn riding its Ferry along the bank or over the water and back, or sending it under
    another pawn). An engine that faded its lead by that clock played such moves to reset it
    instead of making progress (see the Evaluator's ``idle``).
    """
    if m.caps or m.promotion:
        return True
    if m.kind != "normal":
        return False
    geo = pos.geo
    # A move to or from an extra square (a pocket) is no step on the board.
    if not (0 <= m.o < geo.board_size and 0 <= m.d < geo.board_size):
        return False
    p = pos.board[m.d]
    if p is None or p.kind not in pawn_kinds:
        return False
    rise = geo.rank_of(m.d) - geo.rank_of(m.o)
    return rise > 0 if p.color == 0 else rise < 0


def plies_since_progress(before: int, pos: Position, m: Move, pawn_kinds: frozenset[str]) -> int:
    """The plies since progress once ``m`` is made on ``pos``, from the count before it."""
    return 0 if makes_progress(pos, m, pawn_kinds) else before + 1
