"""The pyffish differential at length: many seeded random games per classic variant.

Run: .venv/bin/python bench/ffish_diff.py [games] [plies] [variant ...]
Prints, per variant, the games played, the plies compared and each disagreement found
(tests/movement/ffish_oracle.py says what is compared).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "movement"))

from ffish_oracle import compare_game  # noqa: E402

import rules  # noqa: E402


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    plies = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    chosen = sys.argv[3:] or [v for v in rules.variant_ids() if rules.variant(v).raw.get("fairy_stockfish")]
    print(f"{'variant':16} {'games':>6} {'bad':>4} {'seconds':>8}")
    for variant_id in chosen:
        start = time.perf_counter()
        bad = 0
        for seed in range(games):
            problem = compare_game(variant_id, seed, plies)
            if problem:
                bad += 1
                print("  ", problem[:400])
        print(f"{variant_id:16} {games:>6} {bad:>4} {time.perf_counter() - start:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
