"""Backward propagation on small hand-made graphs: wins take the quickest move, losses the
slowest, moves into other tables count with their own distances, and cycles are draws."""

from __future__ import annotations

import numpy as np

from rules.tablebase.expand import LOST, PLAYING
from rules.tablebase.solve import DRAW, LOSS, NONE, WIN, Graph, solve


def graph(size, positions, status, edges, exits=None):
    """``exits``: per position (fastest win, slowest loss, non-losing exits), default none."""
    parents = np.array([p for p, _ in edges], dtype=np.int64)
    children = np.array([c for _, c in edges], dtype=np.int64)
    exits = exits or {}
    rows = [exits.get(p, (-1, -1, 0)) for p in positions]
    return Graph(size, np.array(positions, dtype=np.int64), np.array(status, dtype=np.int8), parents, children,
                 np.array([r[0] for r in rows], dtype=np.int64), np.array([r[1] for r in rows], dtype=np.int64),
                 np.array([r[2] for r in rows], dtype=np.int64))


def test_a_mate_a_win_in_one_and_a_loss_in_two():
    # 0 is mated; 1 can move to 0 (wins in 1); 2 must move to 1 (lost in 2); 3 is no position
    value, plies = solve(graph(4, [0, 1, 2], [LOST, PLAYING, PLAYING], [(1, 0), (2, 1)]))
    assert value.tolist() == [LOSS, WIN, LOSS, NONE]
    assert plies.tolist()[:3] == [0, 1, 2]


def test_the_quickest_win_and_the_slowest_loss():
    # 1 mates (to 0); 4 and 6 can only go to 1: lost in 2; 5 can go to 1 (won for the opponent)
    # or to 6 (lost in 2): 5 wins in 3, not by the move to 1
    edges = [(1, 0), (4, 1), (5, 1), (5, 6), (6, 1)]
    value, plies = solve(graph(7, [0, 1, 4, 5, 6], [LOST, PLAYING, PLAYING, PLAYING, PLAYING], edges))
    assert (value[4], plies[4]) == (LOSS, 2)  # only move: to 1, won for the opponent in 1
    assert (value[6], plies[6]) == (LOSS, 2)
    assert (value[5], plies[5]) == (WIN, 3)  # to 6, lost in 2


def test_moves_into_other_tables_count_with_their_distances():
    # 0: an exit to a position lost in 5 for the opponent: won in 6.
    # 1: one move to 0 (won for the opponent in 6) and an exit won for the opponent in 9: lost in 10.
    # 2: one move to 0 and an exit that draws: drawn.
    exits = {0: (6, -1, 1), 1: (-1, 10, 0), 2: (-1, -1, 1)}
    value, plies = solve(graph(3, [0, 1, 2], [PLAYING] * 3, [(1, 0), (2, 0)], exits))
    assert (value[0], plies[0]) == (WIN, 6)
    assert (value[1], plies[1]) == (LOSS, 10)
    assert (value[2], plies[2]) == (DRAW, 0)


def test_a_cycle_with_no_way_out_is_a_draw():
    value, _ = solve(graph(2, [0, 1], [PLAYING, PLAYING], [(0, 1), (1, 0)]))
    assert value.tolist() == [DRAW, DRAW]
