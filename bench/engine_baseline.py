"""Today's engine against a frozen baseline (commit 7054b60 by default): a benchmark, never a test.

Each engine runs in a process of its own (``bench/engine_player.py``) with its own
checkout's ``rules`` package on ``PYTHONPATH``: the baseline from a git worktree of the
baseline commit, which this script makes with ``git worktree add --detach`` when it is
missing (outside the repository, in the temporary directory by default; it is never
committed). In a game only one engine thinks at a time, and both get the same time per
move; ``--jobs N`` plays N games at once, each by its own pair of processes (on a machine
with N cores or more, so that every game still gets a core).

Games come in pairs from the same opening (a few random plies from a seeded generator,
the same for both games of a pair), colours swapped, so neither side gains from a lucky
opening. An opening is kept only if a fixed-depth search (``--balance-depth``) by today's
engine scores it within ``--balance`` centipawns of level: on a small board two random
plies can hang a piece or walk into mate (Pocket 43's seed-4 openings had four pairs of
ten decided so, each scored 1 - 1 whoever plays better), and such a pair only drags
every score towards 50%. Otherwise the generator draws again; ``--balance 0`` keeps the
first draw, as before. A game still going after ``--max-plies`` is a draw; one where both engines
report a score of at least ``--adjudicate`` centipawns for the same side, four plies
running, is scored as a win for that side (mop-ups take long and prove nothing). ``--also-at N``
prints beside the score what the same games would have scored had they been stopped
after N plies (a game still going then counts as a draw; one that ended by then is the
same), so one run shows how much the ply limit decides.

    .venv/bin/python bench/engine_baseline.py                       # 20 games x 5 seed variants, 1 s/move
    .venv/bin/python bench/engine_baseline.py --variants friendly --games 4 --move-time 0.3
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from match_log import capped_line

import rules
from rules.engine import Engine, Limits

REPO = Path(__file__).resolve().parent.parent
PLAYER = REPO / "bench" / "engine_player.py"
BASELINE_COMMIT = "7054b60"
SEED_VARIANTS = ["friendly", "pocket43", "blender", "ultimate-cuisinart", "flight-and-ferry"]
#: Both engines must agree on a result this many plies running to adjudicate it.
ADJUDICATE_PLIES = 4
#: Openings: the depth of the search that judges whether one is level, and how many draws to try.
BALANCE_DEPTH = 3
OPENING_DRAWS = 50


class EngineProcess:
    """An engine_player.py process playing the ``rules`` package found under ``root``."""

    def __init__(self, name: str, root: Path) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
        self.proc = subprocess.Popen(
            [sys.executable, str(PLAYER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
            cwd=str(root),
        )
        self.rules_path = self.ask({"hello": True})["rules"]
        if not str(self.rules_path).startswith(str(root)):
            raise SystemExit(f"{name}: expected the rules package under {root}, got {self.rules_path}")

    def ask(self, request: dict[str, object]) -> dict[str, object]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"{self.name}: the engine process ended (exit code {self.proc.poll()})")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def ensure_baseline(directory: Path | None, commit: str) -> Path:
    """The baseline worktree (by default ``<tmp>/fairychess-engine-baseline-<commit>``), made
    with ``git worktree add --detach`` if it is missing."""
    directory = directory or Path(tempfile.gettempdir()) / f"fairychess-engine-baseline-{commit}"
    if (directory / "rules" / "__init__.py").exists():
        head = subprocess.run(
            ["git", "-C", str(directory), "rev-parse", "HEAD"], capture_output=True, text=True, check=True,
        ).stdout.strip()
        wanted = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", commit], capture_output=True, text=True, check=True,
        ).stdout.strip()
        if head != wanted:
            raise SystemExit(
                f"{directory} holds commit {head[:7]}, not the baseline {commit}; remove it or pass --baseline-dir"
            )
        return directory
    print(f"making the baseline worktree: git worktree add --detach {directory} {commit}")
    subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(directory), commit], check=True)
    return directory


@dataclass
class Outcome:
    new_points: float
    reason: str
    plies: int
    moves: list[str]
    scores: list[int]


def opening(variant: str, plies: int, seed: int, balance: int = 0, depth: int = BALANCE_DEPTH) -> list[str]:
    """``plies`` random legal moves from the start, from a generator seeded with ``seed``.

    With ``balance``, drawn again (from the same generator) until a ``depth`` search
    scores the position within ``balance`` centipawns of level, at most OPENING_DRAWS
    times; the last draw stands if none is.
    """
    rng = random.Random(f"{variant}/{seed}")
    moves: list[str] = []
    for _ in range(OPENING_DRAWS if balance else 1):
        moves = random_plies(variant, plies, rng)
        if not balance or opening_score(variant, moves, depth) <= balance:
            break
    return moves


def random_plies(variant: str, plies: int, rng: random.Random) -> list[str]:
    game = rules.new_game(variant)
    moves: list[str] = []
    for _ in range(plies):
        legal = game.legal_moves()
        if not legal or game.result is not None:
            break
        move = rng.choice(sorted(legal, key=str))
        game.play(move)
        moves.append(str(move))
    return moves


def opening_score(variant: str, moves: list[str], depth: int) -> int:
    """How far from level a ``depth`` search finds the position after ``moves`` (a finished game: infinitely)."""
    game = rules.new_game(variant)
    for text in moves:
        game.play(text)
    if game.result is not None:
        return sys.maxsize
    result = Engine(game.rules, "strongest").search(game, Limits(depth=depth))
    return sys.maxsize if result.mate_in is not None else abs(result.score)


def play(variant: str, white: EngineProcess, black: EngineProcess, new_is_white: bool, start: list[str],
         move_time: float | None, max_plies: int, adjudicate: int, depths: dict[str, list[int]],
         depth: int | None = None) -> Outcome:
    game = rules.new_game(variant)
    for text in start:
        game.play(text)
    moves = list(start)
    streak: list[int] = []  # White's point of view, one per ply
    first = {white.name: True, black.name: True}
    new_color = "white" if new_is_white else "black"
    while game.result is None and len(moves) < max_plies:
        mover = white if game.pos.turn == 0 else black
        reply = mover.ask({"variant": variant, "moves": moves, "time": move_time, "depth": depth,
                           "new_game": first[mover.name]})
        first[mover.name] = False
        depths[mover.name].append(int(reply["depth"]))  # type: ignore[arg-type]
        game.play(str(reply["move"]))
        moves.append(str(reply["move"]))
        score = int(reply["score"])  # type: ignore[arg-type]
        streak.append(score if mover is white else -score)
        recent = streak[-ADJUDICATE_PLIES:]
        if len(recent) == ADJUDICATE_PLIES and adjudicate:
            if all(s >= adjudicate for s in recent):
                return Outcome(1.0 if new_is_white else 0.0, "adjudicated", len(moves), moves, streak)
            if all(s <= -adjudicate for s in recent):
                return Outcome(0.0 if new_is_white else 1.0, "adjudicated", len(moves), moves, streak)
    if game.result is None or game.result.winner is None:
        reason = game.result.reason if game.result is not None else "move limit"
        return Outcome(0.5, reason, len(moves), moves, streak)
    points = 1.0 if game.result.winner == new_color else 0.0
    return Outcome(points, game.result.reason, len(moves), moves, streak)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="*", default=SEED_VARIANTS)
    parser.add_argument("--games", type=int, default=20, help="games per variant (pairs of colours)")
    parser.add_argument("--move-time", type=float, default=1.0, help="seconds per move, each engine")
    parser.add_argument("--depth", type=int, default=None,
                        help="both engines search to this depth instead of for --move-time (does the gain come "
                             "from speed alone?)")
    parser.add_argument("--opening-plies", type=int, default=2, help="random plies before the engines take over")
    parser.add_argument("--balance", type=int, default=150,
                        help="keep only openings a search scores within this many centipawns of level (0: any)")
    parser.add_argument("--balance-depth", type=int, default=BALANCE_DEPTH, help="that search's depth")
    parser.add_argument("--max-plies", type=int, default=200, help="a game still going after this many plies is a draw")
    parser.add_argument("--adjudicate", type=int, default=1000, help="centipawns both must agree on (0: never)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once, each by its own pair of engine processes")
    parser.add_argument("--also-at", type=int, nargs="*", default=[], metavar="PLIES",
                        help="also print the score had games been stopped after this many plies")
    parser.add_argument("--log", type=Path, default=None, help="append each game's moves and scores here")
    parser.add_argument("--baseline", default=BASELINE_COMMIT, help="the baseline commit")
    parser.add_argument("--baseline-dir", type=Path, default=None,
                        help="its worktree (default: <tmp>/fairychess-engine-baseline-<commit>)")
    parser.add_argument("--new-dir", type=Path, default=REPO,
                        help="the checkout whose engine plays as the new one (default: this one); the openings "
                             "are still judged by this checkout's engine, so runs of two commits share them")
    args = parser.parse_args()
    baseline_root = ensure_baseline(args.baseline_dir, args.baseline)
    tasks = [(variant, number) for variant in args.variants for number in range(args.games)]
    outcomes: dict[tuple[str, int], Outcome] = {}
    depths: dict[str, dict[str, list[int]]] = {v: {"new": [], "baseline": []} for v in args.variants}
    lock = threading.Lock()
    started = time.monotonic()

    def worker(new: EngineProcess, old: EngineProcess) -> None:
        try:
            while True:
                with lock:
                    if not tasks:
                        return
                    variant, number = tasks.pop(0)
                new_is_white = number % 2 == 0
                start = openings[(variant, number // 2)]
                white, black = (new, old) if new_is_white else (old, new)
                seen: dict[str, list[int]] = {"new": [], "baseline": []}
                outcome = play(variant, white, black, new_is_white, start,
                               None if args.depth else args.move_time, args.max_plies, args.adjudicate, seen,
                               args.depth)
                with lock:
                    outcomes[(variant, number)] = outcome
                    for name, values in seen.items():
                        depths[variant][name].extend(values)
                    report_game(args.log, variant, number, new_is_white, outcome)
        finally:
            new.close()
            old.close()

    new_root = args.new_dir.resolve()
    pairs = [(EngineProcess("new", new_root), EngineProcess("baseline", baseline_root)) for _ in range(args.jobs)]
    print(f"new engine: {pairs[0][0].rules_path}\nbaseline:   {pairs[0][1].rules_path} (commit {args.baseline})")
    budget = f"depth {args.depth} each, no time limit" if args.depth else f"{args.move_time:g} s per move each"
    print(f"{args.games} games per variant, {budget}, {args.opening_plies} random "
          f"opening plies (within {args.balance} cp at depth {args.balance_depth}), "
          f"draw after {args.max_plies} plies, adjudicated at {args.adjudicate} cp, "
          f"{args.jobs} game(s) at a time")
    sys.stdout.flush()
    # Drawn before any game starts (the catalogue loads lazily and not thread-safely, and
    # the judging searches should not share the cores with the games).
    openings = {
        (variant, pair): opening(variant, args.opening_plies, args.seed * 1000 + pair, args.balance,
                                 args.balance_depth)
        for variant in args.variants for pair in range((args.games + 1) // 2)
    }
    threads = [threading.Thread(target=worker, args=pair) for pair in pairs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for variant in args.variants:
        results = [outcomes[(variant, n)] for n in range(args.games) if (variant, n) in outcomes]
        points = sum(o.new_points for o in results)
        wins = sum(1 for o in results if o.new_points == 1)
        draws = sum(1 for o in results if o.new_points == 0.5)
        mean = {k: (sum(v) / len(v) if v else 0.0) for k, v in depths[variant].items()}
        print(f"{variant}: new {points:g} / {len(results)} ({100 * points / max(1, len(results)):.0f}%)  "
              f"+{wins} ={draws} -{len(results) - wins - draws}  mean depth new {mean['new']:.1f} "
              f"baseline {mean['baseline']:.1f}  [target >= 70%]")
        for limit in args.also_at:
            print("  " + capped_line([(o.new_points, o.plies) for o in results], limit))
    print(f"all games: {time.monotonic() - started:.0f} s")


def report_game(log: Path | None, variant: str, number: int, new_is_white: bool, outcome: Outcome) -> None:
    if log is not None:
        with log.open("a") as out:
            out.write(json.dumps({"variant": variant, "game": number + 1, "new_is_white": new_is_white,
                                  "points": outcome.new_points, "reason": outcome.reason,
                                  "moves": outcome.moves, "white_scores": outcome.scores}) + "\n")
    print(f"  {variant} game {number + 1}: new as {'White' if new_is_white else 'Black'} "
          f"{outcome.new_points:g} ({outcome.reason}, {outcome.plies} plies)")
    sys.stdout.flush()

if __name__ == "__main__":
    main()
