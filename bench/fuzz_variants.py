"""A longer fuzz run of variant files than the suite's (tests/core/test_variant_files_fuzz.py).

Mutates a valid variant file (types changed, keys deleted, garbage inserted, long and cyclic
parent chains, raw text noise) and checks that `check` and loading give only named RulesError
subclasses and that whatever `check` passes starts a game. Prints the examples run, the time
taken and the slowest example (inputs are bounded, so every example is quick).
Run: .venv/bin/python bench/fuzz_variants.py --examples 5000 [--seed 1] [--surface file|power-data]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, seed, settings

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "core"))

from variant_mutations import check_child, check_one, mutated_child, mutated_text  # noqa: E402

SURFACES = {"file": (mutated_text, check_one), "power-data": (mutated_child, check_child)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0, help="0: derandomized, as in the suite")
    parser.add_argument("--surface", choices=[*SURFACES, "all"], default="all",
                        help="a whole mutated file, or the built-in families' power data mutated in a child")
    args = parser.parse_args()
    for name in SURFACES if args.surface == "all" else [args.surface]:
        print(f"== {name}")
        fuzz(args, *SURFACES[name])


def fuzz(args: argparse.Namespace, strategy: Any, check: Any) -> None:
    slowest = [0.0, ""]
    count = [0]

    @settings(
        max_examples=args.examples,
        deadline=None,
        database=None,
        derandomize=args.seed == 0,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy())
    def run(text: str) -> None:
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            check(Path(folder), text)
            took = time.perf_counter() - start
        count[0] += 1
        if took > slowest[0]:
            slowest[:] = [took, text]

    if args.seed:
        run = seed(args.seed)(run)
    start = time.perf_counter()
    run()
    total = time.perf_counter() - start
    print(f"examples {count[0]}")
    print(f"time {total:.1f}s ({total / max(count[0], 1) * 1000:.1f} ms per example)")
    print(f"slowest example {slowest[0] * 1000:.0f} ms, {len(slowest[1])} characters")


if __name__ == "__main__":
    main()
