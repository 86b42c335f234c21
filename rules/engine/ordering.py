"""Move order: the moves most likely to cut off first, and what cutoffs teach the order.

The transposition table's move (the previous iteration's line) comes first, then
captures by victim and attacker value, promotions, two killer moves per ply, and
quiet moves by history.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..moves import Move
from .limits import MAX_PLY
from .values import PieceValues

if TYPE_CHECKING:
    from ..position import Position

#: History scores stay within plus or minus this (below the killers' rank in the move order).
HISTORY_LIMIT = 1 << 23

#: What the history table credits a quiet move's cutoff to (see :func:`history_key`).
HistoryKey = tuple[int, int, tuple[int, ...]]


def history_key(m: Move) -> HistoryKey:
    """What the history table credits a quiet move's cutoff to: its squares, and its extra ones.

    The extra squares tell apart moves that share origin and destination: each of a
    passenger's Ferry sends (origin = destination, the Ferry's new square extra). Keyed by
    the two squares alone, one lucky send lifted all thirty of them ahead of every other
    quiet move. Elsewhere the extra squares follow from the two (a castling rook's).
    """
    return (m.o, m.d, m.extra)


class MoveOrder:
    """The order of one search's moves, with the killers and history its cutoffs leave."""

    def __init__(self, values: PieceValues) -> None:
        self.values = values
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[HistoryKey, int] = {}

    def order(self, pos: Position, moves: list[Move], tt_move: Move | None, ply: int) -> list[Move]:
        """``moves`` best first for the side to move in ``pos`` at ``ply``; ties keep their order."""
        board = pos.board
        piece_cp = self.values.piece_cp
        killers = self.killers[ply] if ply < len(self.killers) else [None, None]
        history = self.history
        mover = pos.turn
        keyed: list[tuple[int, int, Move]] = []
        for i, m in enumerate(moves):
            if m == tt_move:
                rank = 1 << 30
            elif m.caps:
                gain = 0
                for c in m.caps:
                    victim = board[c]
                    if victim is not None:
                        gain += piece_cp(victim) if victim.color != mover else -piece_cp(victim)
                attacker = board[m.o] if 0 <= m.o < len(board) else None
                cost = piece_cp(attacker) if attacker is not None else 0
                rank = (1 << 26) + 16 * gain - cost // 16
            elif m.promotion:
                rank = (1 << 25) + self.values.kind_cp.get(m.promotion, 0)
            elif m == killers[0] or m == killers[1]:
                rank = 1 << 24
            else:
                rank = history.get(history_key(m), 0)
            keyed.append((-rank, i, m))
        keyed.sort()
        return [m for _, _, m in keyed]

    def remember_quiet(self, m: Move, depth: int, ply: int, tried: Iterable[Move] = ()) -> None:
        """Credit the quiet move that cut off, and debit the quiet ones searched before it in vain."""
        if ply < len(self.killers):
            killers = self.killers[ply]
            if killers[0] != m:
                killers[1] = killers[0]
                killers[0] = m
        history = self.history
        bonus = depth * depth
        key = history_key(m)
        history[key] = min(history.get(key, 0) + bonus, HISTORY_LIMIT)
        for other in tried:
            key = history_key(other)
            history[key] = max(history.get(key, 0) - bonus, -HISTORY_LIMIT)
