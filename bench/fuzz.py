"""Long fuzz run: the mutation fuzz tests of every input surface with many more examples.

Runs ``tests/core/test_fuzz_inputs.py`` with ``FUZZ_EXAMPLES`` set (the suite uses 120 per
test) and prints pytest's report with each test's time. Still derandomized: a given
``--examples`` always tries the same inputs; ``--seed`` picks another set.
Run: .venv/bin/python bench/fuzz.py --examples 5000
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3000, help="examples per fuzz test (default 3000)")
    parser.add_argument("--seed", type=int, help="explore a different, still reproducible, set of inputs")
    parser.add_argument("-k", dest="keyword", help="only the fuzz tests matching this pytest -k expression")
    args = parser.parse_args()
    os.environ["FUZZ_EXAMPLES"] = str(args.examples)
    argv = [str(ROOT / "tests" / "core" / "test_fuzz_inputs.py"), "-q", "--durations=0", "-p", "no:cacheprovider"]
    if args.seed is not None:
        argv += ["-p", "no:randomly", f"--hypothesis-seed={args.seed}"]
    if args.keyword:
        argv += ["-k", args.keyword]
    return int(pytest.main(argv))


if __name__ == "__main__":
    sys.exit(main())
