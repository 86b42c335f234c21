"""Endgame table builds: wall time and positions expanded per second, one markdown row each.

    FAIRYCHESS_PURE_PYTHON=1 .venv/bin/python bench/tablebase.py [--jobs N] [VARIANT:MATERIAL ...]

Each table is built from scratch in a temporary folder (its smaller tables too, timed apart),
so the figures are the build's own. Default: the 3-piece tables of chess, Pocket43, Blender
and Flight and Ferry named in docs/tablebase.md (Blender's KQvK is left out: a Queen that is not
the original one may separate, so its table needs King + Rook + Bishop v King first).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from rules.tablebase import Progress, build_table

DEFAULT = [
    "chess:KvK", "chess:KQvK", "chess:KRvK", "chess:KBvK", "chess:KNvK",
    "pocket43:KBvK", "pocket43:KNvK", "pocket43:KFvK",
    "blender:KRvK", "blender:KNvK",
    "flight-and-ferry:KvK",
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="*", default=DEFAULT, metavar="VARIANT:MATERIAL")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # wall time: the whole build, smaller tables included; positions/s: this table's expansion
        print("| variant | material | positions | expanded | wall time | positions/s | longest win |")
        print("|---|---|---|---|---|---|---|")
        for item in args.tables:
            variant, material = item.split(":")
            expanded: dict[str, int] = {}
            rate: dict[str, float] = {}

            def seen(p: Progress, expanded=expanded, rate=rate) -> None:
                if p.phase == "expanding":
                    expanded[p.material] = p.expanded
                    rate[p.material] = p.rate

            t0 = time.perf_counter()
            table = build_table(variant, material, jobs=args.jobs, folder=folder, progress=seen)
            wall = time.perf_counter() - t0
            n = expanded.get(table.material, 0)
            s = table.summary()
            win = s["longest_win"]
            longest = f"{win['moves']} moves ({win['plies']} plies)" if win["fen"] else "none (no win)"
            print(f"| {variant} | {table.material} | {s['positions']:,} | {n:,} | {wall:.1f} s | "
                  f"{rate.get(table.material, 0):,.0f} | {longest} |", flush=True)


if __name__ == "__main__":
    main()
