"""Transposition table: what earlier searches learned about a position, by its hash."""

from __future__ import annotations

from typing import NamedTuple

from ..moves import Move
from .limits import MATE_BOUND

EXACT, LOWER, UPPER = 0, 1, 2

#: Slots in an engine's table. Full, each slot holds about 300 bytes (the entry, its key,
#: its score and the move it keeps alive): some 40 MB, whatever the length of the analysis.
DEFAULT_SLOTS = 1 << 17


class Entry(NamedTuple):
    depth: int
    score: int
    bound: int
    move: Move | None
    #: The whole position key (the slot is chosen by its low bits).
    key: int = 0
    #: The search that stored it: entries of earlier searches give way first.
    generation: int = 0


class TranspositionTable:
    """A fixed number of slots; a position's slot is chosen by the low bits of its key.

    A slot keeps one entry. A new result for the same position replaces the old unless
    the old one was searched deeper and the new one is only a bound; a result for
    another position takes the slot if the entry there is from an earlier search or
    was searched no deeper. So the table never grows, and it keeps the deep results
    of the current search.

    Mate scores are stored relative to the position (not the root) so a mate
    found along one path is read correctly along another of different length.
    """

    def __init__(self, slots: int | None = None) -> None:
        slots = DEFAULT_SLOTS if slots is None else slots
        if slots < 1 or slots & (slots - 1):
            raise ValueError(f"a transposition table needs a power of two slots, not {slots}")
        self.slots = slots
        self._mask = slots - 1
        self._entries: list[Entry | None] = [None] * slots
        self._filled = 0
        self._generation = 0

    def __len__(self) -> int:
        """How many slots hold an entry."""
        return self._filled

    def clear(self) -> None:
        self._entries = [None] * self.slots
        self._filled = 0

    def new_search(self) -> None:
        """A new search starts: what is stored from now on outranks older entries."""
        self._generation += 1

    def get(self, key: int, ply: int) -> Entry | None:
        entry = self._entries[key & self._mask]
        if entry is None or entry.key != key:
            return None
        score = entry.score
        if score >= MATE_BOUND:
            return entry._replace(score=score - ply)
        if score <= -MATE_BOUND:
            return entry._replace(score=score + ply)
        return entry

    def put(self, key: int, ply: int, depth: int, score: int, bound: int, move: Move | None) -> None:
        entries = self._entries
        index = key & self._mask
        old = entries[index]
        generation = self._generation
        if old is None:
            self._filled += 1
        elif old.key == key:
            if old.depth > depth and bound != EXACT:
                return
            if move is None:
                move = old.move
        elif old.generation == generation and old.depth > depth:
            return
        if score >= MATE_BOUND:
            score += ply
        elif score <= -MATE_BOUND:
            score -= ply
        entries[index] = Entry(depth, score, bound, move, key, generation)
