"""Time and nodes to a fixed depth, today's engine beside the 7054b60 baseline: a benchmark, never a test.

The machine is shared, so absolute seconds say little: each position is searched by one
engine and then the other, in turn, and the ratio of their times is the figure to read.
Positions: the start and a middle game (seeded random quiet plies) of each variant. The
engines run in processes of their own, as in ``bench/engine_baseline.py`` (which makes
the baseline worktree if it is missing).

    .venv/bin/python bench/engine_depth_ratio.py
    .venv/bin/python bench/engine_depth_ratio.py --variants chess blender --depth 5 --friendly-depth 3
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine_baseline import BASELINE_COMMIT, REPO, SEED_VARIANTS, EngineProcess, ensure_baseline
from friendly_depth import middle_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="*", default=["chess", *SEED_VARIANTS])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--friendly-depth", type=int, default=3, help="depth for Friendly (its nodes are slow)")
    parser.add_argument("--plies", type=int, default=16)
    parser.add_argument("--baseline", default=BASELINE_COMMIT, help="the baseline commit")
    parser.add_argument("--baseline-dir", type=Path, default=None)
    parser.add_argument("--new-dir", type=Path, default=REPO, help="the checkout playing as the new engine")
    args = parser.parse_args()
    new = EngineProcess("new", args.new_dir.resolve())
    old = EngineProcess("baseline", ensure_baseline(args.baseline_dir, args.baseline))
    print("variant            position     depth   new: s / nodes / move      baseline: s / nodes / move   time ratio")
    try:
        for variant in args.variants:
            depth = args.friendly_depth if variant == "friendly" else args.depth
            middle = [str(m) for m in middle_game(variant, args.plies, 1).history]
            for name, moves in (("start", []), ("middle", middle)):
                request = {"variant": variant, "moves": moves, "depth": depth, "new_game": True}
                a = new.ask(request)
                b = old.ask(request)
                ratio = float(b["seconds"]) / max(float(a["seconds"]), 1e-9)  # type: ignore[arg-type]
                print(f"{variant:18} {name:8} {depth:5}   {float(a['seconds']):6.1f} {a['nodes']:>7} {a['move']:>10}"  # type: ignore[arg-type]
                      f"      {float(b['seconds']):6.1f} {b['nodes']:>7} {b['move']:>10}      {ratio:5.2f}x")  # type: ignore[arg-type]
                sys.stdout.flush()
    finally:
        new.close()
        old.close()


if __name__ == "__main__":
    main()
