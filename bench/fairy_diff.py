"""Long differential runs against Fairy-Stockfish (pyffish), beyond what CI runs.

    .venv/bin/python bench/fairy_diff.py [GAMES] [PLIES] [pytest args...]

Runs tests/classic/test_fairy_stockfish.py with more and longer seeded random games
(CI runs 3 games of 60 plies per variant) and prints the time it took.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    games = argv[0] if argv else "20"
    plies = argv[1] if len(argv) > 1 else "300"
    env = dict(os.environ, FAIRY_DIFF_GAMES=games, FAIRY_DIFF_PLIES=plies, QT_QPA_PLATFORM="offscreen")
    test = Path(__file__).resolve().parent.parent / "tests" / "classic" / "test_fairy_stockfish.py"
    started = time.perf_counter()
    code = subprocess.call([sys.executable, "-m", "pytest", "-q", str(test), *argv[2:]], env=env)
    print(f"{games} games of up to {plies} plies per variant: {time.perf_counter() - started:.1f} s, exit {code}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
