"""Long fuzz run: the mutation fuzz tests of every input surface with many more examples.

Runs ``tests/core/test_fuzz_inputs.py`` with ``FUZZ_EXAMPLES`` set (the suite uses 120 per
test) and prints pytest's report with each test's time. Still derandomized: a given
``--examples`` always tries the same inputs.
``--timings`` instead prints how long the readers take on pathological inputs (huge pools,
7 MB records, counters of thousands of digits): they must be refused or read in time
linear in their size, never hang the app on a hostile file.
Run: .venv/bin/python bench/fuzz.py --examples 5000
     .venv/bin/python bench/fuzz.py --timings
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


EMPTY = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


def _pathological_inputs() -> list[tuple[str, Callable[[], object]]]:
    import rules
    from rules.limits import MAX_POOL_PIECES

    pool = "captured=" + "Q" * MAX_POOL_PIECES + "/" + "q" * MAX_POOL_PIECES
    record = '[Variant "chess"]\n[FEN "' + EMPTY + " " + pool + '"]\n\n*\n'
    rng = random.Random(19)
    long_game = rules.new_game("chess", options={"fifty_move_rule": False})
    while long_game.ply < 400 and long_game.result is None:
        long_game.play(rng.choice(long_game.legal_moves()))
    head = '[Variant "chess"]\n\n'
    bad_word = head + "1. " + "q" * 7_000_000
    unclosed = head + "{" + "c" * 7_000_000
    comments = head + "{c} " * 1_750_000
    return [
        ("position text, 8,000-piece pool (refused)",
         lambda: rules.check_position("chess", EMPTY + " captured=" + "Q" * 8000 + "/")),
        (f"position text, {MAX_POOL_PIECES:,}-piece pools (read)",
         lambda: rules.new_game("chess", fen=EMPTY + " " + pool)),
        (f"record with {MAX_POOL_PIECES:,}-piece pools in its FEN tag", lambda: rules.load_game(record)),
        ("counter of 5,000 digits (refused)", lambda: rules.check_position("chess", EMPTY[:-1] + "9" * 5000)),
        ("7 MB record, one bad word (refused)", lambda: _refused(lambda: rules.load_game(bad_word))),
        ("7 MB record, unclosed comment (refused)", lambda: _refused(lambda: rules.load_game(unclosed))),
        ("7 MB record of 1.75 million comments", lambda: rules.load_game(comments)),
        (f"record of {long_game.ply} plies", lambda: rules.load_game(rules.game_record(long_game))),
        ("move text of 10 MB (refused)", lambda: _refused(lambda: rules.new_game("chess").play("e2e4" * 2_500_000))),
    ]


def _refused(action: Callable[[], object]) -> object:
    import rules

    try:
        return action()
    except rules.RulesError as exc:
        return exc


def timings() -> int:
    for label, action in _pathological_inputs():
        start = time.perf_counter()
        action()
        print(f"{label:55s} {time.perf_counter() - start:8.3f}s")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=3000, help="examples per fuzz test (default 3000)")
    parser.add_argument("-k", dest="keyword", help="only the fuzz tests matching this pytest -k expression")
    parser.add_argument("--timings", action="store_true", help="time the readers on pathological inputs")
    args = parser.parse_args()
    if args.timings:
        return timings()
    os.environ["FUZZ_EXAMPLES"] = str(args.examples)
    argv = [str(ROOT / "tests" / "core" / "test_fuzz_inputs.py"), "-q", "--durations=0", "-p", "no:cacheprovider"]
    if args.keyword:
        argv += ["-k", args.keyword]
    return int(pytest.main(argv))


if __name__ == "__main__":
    sys.exit(main())
