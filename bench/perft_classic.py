"""Perft of the classic variants, deeper than the tests go, with nodes per second.

Published figures: Xiangqi 44, 1,920, 79,666, 3,290,240; Capablanca 28, 784, 25,228, 805,128.
Run: .venv/bin/python bench/perft_classic.py [depth]
"""

from __future__ import annotations

import sys
import time

import rules
from rules.perft import perft

PUBLISHED = {
    "xiangqi": (44, 1920, 79666, 3290240),
    "capablanca": (28, 784, 25228, 805128),
}


def main() -> None:
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    print(f"{'variant':12} {'depth':>5} {'nodes':>10} {'published':>10} {'n/s':>9}")
    for variant_id, counts in PUBLISHED.items():
        pos = rules.new_game(variant_id).pos
        for d in range(1, min(depth, len(counts)) + 1):
            start = time.perf_counter()
            nodes = perft(pos, d)
            seconds = time.perf_counter() - start
            print(f"{variant_id:12} {d:>5} {nodes:>10} {counts[d - 1]:>10} {nodes / max(seconds, 1e-9):>9.0f}")


if __name__ == "__main__":
    main()
