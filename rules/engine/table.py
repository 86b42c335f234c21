"""Transposition table: what earlier searches learned about a position, by its hash (:func:`position_key`)."""

from __future__ import annotations

from collections import OrderedDict
from typing import NamedTuple

from ..moves import Move
from ..position import SIDE_KEY, Position
from .limits import MATE_BOUND

EXACT, LOWER, UPPER = 0, 1, 2

#: Entries an engine's table holds at most. Each takes about 350 bytes (the entry, its key,
#: its place in the order, the move it keeps alive): some 35 MB full, however long the analysis.
DEFAULT_ENTRIES = 100_000


def position_key(pos: Position) -> int:
    """Hash of everything that makes two positions the same for the search.

    The board's Zobrist hash with the side to move, plus en passant, pools and
    power state where there are any. Like ``Position.key()`` but it does not ask
    whether an en passant capture is legal (that would cost a move generation).
    """
    key = pos.zhash ^ (SIDE_KEY if pos.turn else 0)
    if pos.ep >= 0 or pos.state or pos.pools[0] or pos.pools[1]:
        key ^= hash((pos.ep, pos.pools, tuple(sorted(pos.state.items()))))
    return key


class Entry(NamedTuple):
    depth: int
    score: int
    bound: int
    move: Move | None


class TranspositionTable:
    """A dict from position key to the deepest result stored for it, of a fixed greatest size.

    Full, it forgets the entry stored or updated longest ago. Which entries stay depends
    only on the order in which positions were stored, never on their keys' values: keys
    come from Zobrist numbers drawn as pieces first appear in a process, so a table that
    chose slots by key bits would search differently after a different history.

    Mate scores are stored relative to the position (not the root) so a mate
    found along one path is read correctly along another of different length.
    """

    def __init__(self, max_entries: int | None = None) -> None:
        self.max_entries = DEFAULT_ENTRIES if max_entries is None else max_entries
        if self.max_entries < 1:
            raise ValueError(f"a transposition table needs room for an entry, not {self.max_entries}")
        self._entries: OrderedDict[int, Entry] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        self._entries.clear()

    def get(self, key: int, ply: int) -> Entry | None:
        entry = self._entries.get(key)
        if entry is None:
            return None
        score = entry.score
        if score >= MATE_BOUND:
            return entry._replace(score=score - ply)
        if score <= -MATE_BOUND:
            return entry._replace(score=score + ply)
        return entry

    def put(self, key: int, ply: int, depth: int, score: int, bound: int, move: Move | None) -> None:
        entries = self._entries
        old = entries.get(key)
        if old is not None:
            if old.depth > depth and bound != EXACT:
                return
            if move is None:
                move = old.move
            entries.move_to_end(key)
        elif len(entries) >= self.max_entries:
            entries.popitem(last=False)
        if score >= MATE_BOUND:
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        entries[key] = Entry(depth, score, bound, move)
