"""Transposition table: what earlier searches learned about a position, by its hash."""

from __future__ import annotations

from typing import NamedTuple

from ..moves import Move
from .limits import MATE_BOUND

EXACT, LOWER, UPPER = 0, 1, 2


class Entry(NamedTuple):
    depth: int
    score: int
    bound: int
    move: Move | None


class TranspositionTable:
    """A bounded dict from position key to the deepest result stored for it.

    Mate scores are stored relative to the position (not the root) so a mate
    found along one path is read correctly along another of different length.
    """

    def __init__(self, max_entries: int = 400_000) -> None:
        self.max_entries = max_entries
        self._entries: dict[int, Entry] = {}

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
        if old is not None and old.depth > depth and bound != EXACT:
            return
        if old is None and len(entries) >= self.max_entries:
            # Cheap ageing: a full table starts again; the current search refills it fast.
            entries.clear()
        if score >= MATE_BOUND:
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        if move is None and old is not None:
            move = old.move
        entries[key] = Entry(depth, score, bound, move)
