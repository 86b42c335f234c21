"""Long soak: seeded random games in every variant and option set, every whole-game invariant.

The same games and checks as ``tests/core/test_fuzz_soak.py`` (undo to the start and redo
to the end, records read back, also from mid-game positions, copies), only more and longer.
Prints games, plies and time per variant; exits 1 at the first broken invariant.
Run: .venv/bin/python bench/soak.py --games 20 --plies 200
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def _soak_module() -> ModuleType:
    path = ROOT / "tests" / "core" / "test_fuzz_soak.py"
    spec = importlib.util.spec_from_file_location("soak_checks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per variant and option set (default 5)")
    parser.add_argument("--plies", type=int, default=120, help="most plies per game (default 120)")
    parser.add_argument("--variant", action="append", help="only this variant id (repeatable)")
    parser.add_argument("--first-seed", type=int, default=1, help="seed of the first game (the test uses 0)")
    args = parser.parse_args()
    soak = _soak_module()
    cases = [c for c in soak.option_sets() if not args.variant or c[0] in args.variant]
    total_games = total_plies = 0
    start = time.perf_counter()
    for variant_id, options in cases:
        case_start = time.perf_counter()
        plies = 0
        for seed in range(args.first_seed, args.first_seed + args.games):
            try:
                plies += soak.soak_game(variant_id, options, seed, args.plies)
            except AssertionError as exc:
                print(f"FAILED {variant_id} {options} seed {seed}: {exc}", file=sys.stderr)
                return 1
        total_games += args.games
        total_plies += plies
        elapsed = time.perf_counter() - case_start
        print(f"{variant_id:20s} {str(options):45s} {args.games:4d} games {plies:7d} plies {elapsed:7.1f}s")
    print(f"total: {total_games} games, {total_plies} plies, {time.perf_counter() - start:.1f}s, all invariants held")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
