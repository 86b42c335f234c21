"""Backward propagation over the forward graph, in rounds of one ply (numpy).

Round d marks *won in d* every undecided position with a move to a position lost in d-1 (or a
move into another table that loses for the opponent in d-1), and *lost in d* every undecided
position all of whose moves now reach positions won for the opponent, the last of them in d-1
(or later, through a move into another table). What is undecided at the end is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .expand import LOST, WON
from .values import DRAW, LOSS, NONE, WIN


@dataclass
class Graph:
    """Every expanded position (global index) of one table, its moves and its exits."""

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


def _gather(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The concatenation of ranges [starts[i], ends[i])."""
    lengths = ends - starts
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    offsets = np.repeat(ends - lengths.cumsum(), lengths)
    return np.arange(total, dtype=np.int64) + offsets


def solve(graph: Graph, progress: object = None) -> tuple[np.ndarray, np.ndarray]:
    """(value, plies) per global index: WIN/DRAW/LOSS (NONE for no position) and the distance
    to the end of the game in plies with best play (0 for draws)."""
    n = graph.size
    value = np.full(n, NONE, dtype=np.int8)
    plies = np.zeros(n, dtype=np.int32)
    decided = np.ones(n, dtype=bool)
    decided[graph.positions] = False
    st = graph.status
    value[graph.positions] = np.where(st == WON, WIN, np.where(st == LOST, LOSS, DRAW)).astype(np.int8)
    terminal = graph.positions[st != 0]
    decided[terminal] = True

    # predecessors, as a CSR over children
    order = np.argsort(graph.children, kind="stable")
    pred = graph.parents[order]
    pred_start = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(graph.children, minlength=n), out=pred_start[1:])

    remaining = np.zeros(n, dtype=np.int64)
    remaining += np.bincount(graph.parents, minlength=n)
    remaining[graph.positions] += graph.exit_open

    exit_win = np.full(n, -1, dtype=np.int64)
    exit_win[graph.positions] = graph.exit_win
    exit_loss = np.full(n, -1, dtype=np.int64)
    exit_loss[graph.positions] = graph.exit_loss

    # losses decided later than the round their last move is known (a slow exit)
    pending: dict[int, list[np.ndarray]] = {}

    def lose(candidates: np.ndarray, d: int) -> np.ndarray:
        """Mark the candidates (all moves known to lose) lost, now or at their slowest exit."""
        later = np.maximum(exit_loss[candidates], d)
        now = candidates[later <= d]
        for when in np.unique(later[later > d]).tolist():
            pending.setdefault(int(when), []).append(candidates[later == when])
        return now

    lost_now = terminal[st[st != 0] == LOST]
    won_now = terminal[st[st != 0] == WON]
    # positions whose only moves lead into other tables, all losing
    only_exits = graph.positions[(remaining[graph.positions] == 0) & ~decided[graph.positions]]
    for when in np.unique(exit_loss[only_exits]).tolist():
        if when >= 0:
            pending.setdefault(int(when), []).append(only_exits[exit_loss[only_exits] == when])
    exit_rounds = np.unique(exit_win[exit_win >= 0])
    last_exit = int(exit_rounds.max()) if exit_rounds.size else 0
    d = 0
    while True:
        d += 1
        # wins in d: a move to a position lost in d-1, or a winning exit of length d
        parents = pred[_gather(pred_start[lost_now], pred_start[lost_now + 1])]
        win_exits = np.flatnonzero(exit_win == d)
        new_won = np.unique(np.concatenate([parents, win_exits]))
        new_won = new_won[~decided[new_won]]
        value[new_won] = WIN
        plies[new_won] = d
        decided[new_won] = True
        # losses in d: the last non-losing move just turned out won for the opponent in d-1
        parents = pred[_gather(pred_start[won_now], pred_start[won_now + 1])]
        if parents.size:
            remaining -= np.bincount(parents, minlength=n)
        candidates = np.unique(parents[remaining[parents] == 0]) if parents.size else parents
        candidates = candidates[~decided[candidates]]
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
