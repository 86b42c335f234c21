"""Backward propagation over the forward graph, in rounds of one ply (numpy).

Round d marks *won in d* every undecided position with a move to a position lost in d-1 (or a
move into another table that loses for the opponent in d-1), and *lost in d* every undecided
position all of whose moves now reach positions won for the opponent, the last of them in d-1
(or later, through a move into another table). What is undecided at the end is drawn.

The moves are what costs memory (a four-piece table has a hundred million and more), so a
:class:`GraphSink` takes them range by range into one preallocated array of 8 bytes per move:
each move is the word ``child << shift | parent``, and sorting the words in place groups each
position's predecessors together (the predecessor lists, with no index array beside them).
The per-index arrays (value, distance, what is decided, moves left, exits, where each
predecessor list starts) take about 20 bytes per index of the table.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .expand import LOST, WON
from .values import DRAW, LOSS, NONE, WIN

#: the moves of a sink put together at a time while counting predecessors (bounds a temporary)
_BLOCK = 1 << 24
#: bits of a packed move (child and parent indices side by side); larger tables keep two arrays
PACKED_BITS = 64


@dataclass
class Graph:
    """Every expanded position (global index) of one table, its moves and its exits (small
    graphs made by hand; a build feeds a :class:`GraphSink` range by range instead)."""

    size: int
    positions: np.ndarray  # int64 global indices of expanded positions
    status: np.ndarray  # int8 per position: PLAYING/WON/LOST/DRAWN
    parents: np.ndarray  # int64 global index of each edge's parent
    children: np.ndarray  # int64 global index of each edge's child (same table)
    #: per expanded position, from moves into other tables: fastest win (plies, -1 none),
    #: slowest loss (plies, -1 none), and how many such moves do not lose
    exit_win: np.ndarray
    exit_loss: np.ndarray
    exit_open: np.ndarray


class GraphSink:
    """A table's expanded positions and moves, added range by range, ready to solve.

    ``size`` is the number of indices of the table (all layers), ``edges`` the number of moves
    that will be added (each move's child in the same table)."""

    def __init__(self, size: int, edges: int) -> None:
        self.size = size
        self.edges = edges
        self.shift = max(1, (size - 1).bit_length())
        #: a move is one uint64 word while both indices fit in it (tables under 2**32 indices)
        self.packed = 2 * self.shift <= PACKED_BITS
        self.keys: np.ndarray = np.empty(edges if self.packed else 0, dtype=np.uint64)
        self._parents: list[np.ndarray] = []  # unpacked only
        self._children: list[np.ndarray] = []
        self.filled = 0
        self.value = np.full(size, NONE, dtype=np.int8)
        self.decided = np.ones(size, dtype=bool)
        #: per position: moves not yet known to lose (same table and non-losing exits)
        self.remaining = np.zeros(size, dtype=np.int32)
        self.exit_win = np.full(size, -1, dtype=np.int32)
        self.exit_loss = np.full(size, -1, dtype=np.int32)
        self.pred_start = np.zeros(0, dtype=np.int64)

    def add(self, positions: np.ndarray, status: np.ndarray, counts: np.ndarray, children: np.ndarray,
            exit_win: np.ndarray, exit_loss: np.ndarray, exit_open: np.ndarray) -> None:
        """Expanded positions (ascending global indices) with their status, their numbers of moves
        inside the table, those moves' children (global indices, grouped by parent in order), and
        per position the exits' fastest win, slowest loss and non-losing count."""
        self.value[positions] = np.where(status == WON, WIN, np.where(status == LOST, LOSS, DRAW)).astype(np.int8)
        self.decided[positions] = status != 0
        self.remaining[positions] = counts + exit_open
        self.exit_win[positions] = exit_win
        self.exit_loss[positions] = exit_loss
        parents = np.repeat(positions.astype(np.int64), counts)
        k = len(parents)
        if self.filled + k > self.edges:
            raise ValueError(f"more moves than the {self.edges} announced")
        if self.packed:
            out = self.keys[self.filled:self.filled + k]
            np.left_shift(children.astype(np.uint64), np.uint64(self.shift), out=out)
            out |= parents.astype(np.uint64)
        else:
            self._parents.append(parents)
            self._children.append(children.astype(np.int64))
        self.filled += k

    def finish(self) -> None:
        """Group the moves by child: predecessor lists ``keys[pred_start[c]:pred_start[c + 1]]``."""
        if self.filled != self.edges:
            raise ValueError(f"{self.filled} moves added of the {self.edges} announced")
        n = self.size
        if self.packed:
            self.keys.sort()  # in place: child-major, so each child's parents are contiguous
            # 4 bytes a list start while the moves are under 2**31
            self.pred_start = np.empty(n + 1, dtype=np.int32 if self.edges < 2**31 else np.int64)
            for a in range(0, n + 1, _BLOCK):  # the first word of each child, a block of children at a time
                bounds = np.arange(a, min(a + _BLOCK, n + 1), dtype=np.uint64) << np.uint64(self.shift)
                self.pred_start[a:a + len(bounds)] = np.searchsorted(self.keys, bounds)
        else:  # a table of 2**32 indices or more: parents ordered by child, an index array beside
            parents = np.concatenate(self._parents) if self._parents else np.zeros(0, dtype=np.int64)
            children = np.concatenate(self._children) if self._children else np.zeros(0, dtype=np.int64)
            self._parents, self._children = [], []
            self.keys = parents[np.argsort(children, kind="stable")]
            self.pred_start = np.zeros(n + 1, dtype=np.int64)
            for a in range(0, len(children), _BLOCK):
                self.pred_start[1:] += np.bincount(children[a:a + _BLOCK], minlength=n)
            np.cumsum(self.pred_start, out=self.pred_start)

    def predecessors(self, children: np.ndarray) -> np.ndarray:
        """The parents (int64, with repeats) of every move into ``children``."""
        found = self.keys[_gather(self.pred_start[children], self.pred_start[children + 1])]
        if self.packed:
            found &= np.uint64((1 << self.shift) - 1)
        return found.astype(np.int64)


def graph_sink(graph: Graph) -> GraphSink:
    """The sink of a graph given whole (its positions in ascending order)."""
    order = np.argsort(graph.positions, kind="stable")
    positions = graph.positions[order]
    counts = np.bincount(np.searchsorted(positions, graph.parents), minlength=len(positions))
    children = graph.children[np.argsort(graph.parents, kind="stable")]
    sink = GraphSink(graph.size, len(children))
    sink.add(positions, graph.status[order], counts, children, graph.exit_win[order], graph.exit_loss[order],
             graph.exit_open[order])
    sink.finish()
    return sink


def _gather(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The concatenation of ranges [starts[i], ends[i])."""
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(ends - lengths.cumsum(), lengths)
    return np.arange(total, dtype=np.int64) + offsets


def solve(graph: Graph | GraphSink) -> tuple[np.ndarray, np.ndarray]:
    """(value, plies) per global index: WIN/DRAW/LOSS (NONE for no position) and the distance
    to the end of the game in plies with best play (0 for draws). A finished sink is used up."""
    sink = graph_sink(graph) if isinstance(graph, Graph) else graph
    value = sink.value
    decided = sink.decided
    remaining = sink.remaining
    exit_win = sink.exit_win
    exit_loss = sink.exit_loss
    plies = np.zeros(sink.size, dtype=np.uint16)  # as the file stores them

    # losses decided later than the round their last move is known (a slow exit)
    pending: dict[int, list[np.ndarray]] = {}

    def lose(candidates: np.ndarray, d: int) -> np.ndarray:
        """Mark the candidates (all moves known to lose) lost, now or at their slowest exit."""
        later = np.maximum(exit_loss[candidates], d)
        now = candidates[later <= d]
        for when in np.unique(later[later > d]).tolist():
            pending.setdefault(int(when), []).append(candidates[later == when])
        return now

    lost_now = np.flatnonzero(decided & (value == LOSS))
    won_now = np.flatnonzero(decided & (value == WIN))
    # positions whose only moves lead into other tables, all losing
    only_exits = np.flatnonzero((remaining == 0) & ~decided)
    for when in np.unique(exit_loss[only_exits]).tolist():
        if when >= 0:
            pending.setdefault(int(when), []).append(only_exits[exit_loss[only_exits] == when])
    exit_rounds = np.unique(exit_win[exit_win >= 0])
    last_exit = int(exit_rounds.max()) if exit_rounds.size else 0
    d = 0
    while True:
        d += 1
        # wins in d: a move to a position lost in d-1, or a winning exit of length d
        parents = sink.predecessors(lost_now)
        win_exits = np.flatnonzero(exit_win == d)
        new_won = np.unique(np.concatenate([parents, win_exits]))
        new_won = new_won[~decided[new_won]]
        value[new_won] = WIN
        plies[new_won] = d
        decided[new_won] = True
        # losses in d: the last non-losing move just turned out won for the opponent in d-1
        parents, times = np.unique(sink.predecessors(won_now), return_counts=True)
        remaining[parents] -= times.astype(np.int32)
        candidates = parents[(remaining[parents] == 0) & ~decided[parents]]
        new_lost = lose(candidates, d)
        for late in pending.pop(d, []):
            new_lost = np.concatenate([new_lost, late[~decided[late]]])
        new_lost = np.unique(new_lost)
        value[new_lost] = LOSS
        plies[new_lost] = d
        decided[new_lost] = True
        lost_now, won_now = new_lost, new_won
        if not lost_now.size and not won_now.size and not pending and d >= last_exit:
            break
    return value, plies
