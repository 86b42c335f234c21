"""XBetza's move generator (rules/legs.py) against plain Betza on the same moves.

The Mao written in legs (``afsW``: a W step, then a half turn outward) moves exactly as the
lame knight of plain Betza (``nN``, the Xiangqi horse): chess with the knights replaced by
either, perft from the start. Prints nodes per second (process time) and the ratio legs / plain.
Most of the difference is legality, not the walk: attacks of XBetza pieces are found by
generating their moves, and without attack tables every move is made and judged.
Run: .venv/bin/python bench/xbetza.py [depth]
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

DEPTH = int(sys.argv[1]) if len(sys.argv) > 1 else 3
TEXT = """
[variant.knights-{name}]
parent = "chess"
name = "Chess, knights as {betza}"
[variant.knights-{name}.pieces.knight]
betza = "{betza}"
"""


def main() -> None:
    folder = tempfile.mkdtemp(prefix="xbetza-bench-")
    for name, betza in (("legs", "afsW"), ("plain", "nN")):
        Path(folder, f"knights-{name}.toml").write_text(TEXT.format(name=name, betza=betza), encoding="utf-8")
    os.environ["FAIRYCHESS_VARIANTS"] = folder
    import rules
    from rules.perft import perft

    speeds: dict[str, float] = {}
    counts: dict[str, int] = {}
    for name in ("legs", "plain"):
        best = float("inf")
        for _ in range(3):
            pos = rules.new_game(f"knights-{name}").pos
            start = time.process_time()
            counts[name] = perft(pos, DEPTH)
            best = min(best, time.process_time() - start)
        speeds[name] = counts[name] / best
        print(f"knights as {name:5} perft {DEPTH}: {counts[name]:8} nodes, {speeds[name]:9.0f} nodes/s")
    assert counts["legs"] == counts["plain"], counts
    print(f"ratio legs / plain: {speeds['legs'] / speeds['plain']:.2f}")


if __name__ == "__main__":
    main()
