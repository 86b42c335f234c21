"""Perft speed: our generic engine against python-chess, same positions, same run.

Both count leaves the same way (full make/unmake down to depth 1, then the number
of legal moves). Prints nodes per second for each and the ratio ours / theirs.
Run: .venv/bin/python bench/perft.py
"""

from __future__ import annotations

import time

import chess

import rules
from rules.perft import perft

CASES = [
    ("start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
]


def reference_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += reference_perft(board, depth - 1)
        board.pop()
    return total


def timed(fn: object, *args: object) -> tuple[int, float]:
    start = time.perf_counter()
    nodes = fn(*args)  # type: ignore[operator]
    return nodes, time.perf_counter() - start


def main() -> None:
    print(f"{'position':16} {'depth':>5} {'nodes':>9} {'ours n/s':>10} {'python-chess n/s':>17} {'ratio':>6}")
    for name, fen, depth in CASES:
        ours_nodes, ours_time = timed(perft, rules.new_game("chess", fen=fen).pos, depth)
        ref_nodes, ref_time = timed(reference_perft, chess.Board(fen), depth)
        assert ours_nodes == ref_nodes, (name, ours_nodes, ref_nodes)
        ours_nps = ours_nodes / ours_time
        ref_nps = ref_nodes / ref_time
        print(f"{name:16} {depth:>5} {ours_nodes:>9} {ours_nps:>10.0f} {ref_nps:>17.0f} {ours_nps / ref_nps:>6.2f}")


if __name__ == "__main__":
    main()
