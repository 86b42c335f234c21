"""Time to show a position after a move, per seed variant, offscreen (issue 51: under 40 ms).

Run: ``FAIRYCHESS_PURE_PYTHON=1 .venv/bin/python bench/show_time.py [--plies N] [--compare REF]
[--rounds N] [--variants a,b] [--every-overlay]``

For each seed variant a game of random moves (quiet ones preferred, a fixed seed) is played
through the real window: each sample runs from ``controller.play(move)`` until every event it
posted is handled and the board is painted once (handling the events paints it; ``repaint()``
only if they did not), so it holds the board overlays, the powers panel, the move list, the
status bar, the session journal and every question asked of rules; with the default overlays, or
with ``--every-overlay`` every power overlay (the attacked squares of both sides too).
Printed: median and 90th percentile in milliseconds of wall time and of the GUI thread's CPU time
(``time.thread_time``: on a loaded machine the wall figures include waiting for a core, the CPU
figures do not), and with ``--compare REF`` the same figures for the commit ``REF`` (a temporary
``git worktree`` of it, measured in a child process with this script, always pure Python) and the
ratios new/old. ``--rounds N`` pools N measurements, alternating with ``REF``'s, each in a fresh
process, so that the machine's load changing during the run weighs on both alike.

``--profile VARIANT`` prints cProfile's top functions (by CPU time) for that variant instead
(``--profile-out FILE`` also saves them for ``pstats``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The tree to measure: this checkout, or the worktree of --compare's commit (a child process).
TREE = Path(os.environ.get("FAIRYCHESS_BENCH_TREE", Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(TREE))

SEEDS = ("friendly", "pocket43", "blender", "flight-and-ferry", "ultimate-cuisinart")


def moves_of(variant: str, plies: int, seed: int) -> list[str]:
    """A random game's moves as text (so an older tree can replay them)."""
    import rules

    game = rules.new_game(variant)
    rng = random.Random(seed)
    played: list[str] = []
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.result is not None:
            break
        quiet = [m for m in moves if not m.captures] or moves
        move = rng.choice(sorted(quiet, key=str))
        played.append(str(move))
        game.play(move)
    return played


Samples = dict[str, dict[str, list[float]]]  # variant -> "wall" / "cpu" -> milliseconds per move


def measure(plies: int, seed: int, profile: str | None, profile_out: str | None = None,
            variants: tuple[str, ...] = SEEDS, every_overlay: bool = False) -> Samples:
    from PySide6.QtWidgets import QApplication

    import rules
    from fairygui.app import main_window
    from fairygui.powers.layers import TOGGLES
    from fairygui.settings import Settings, open_qsettings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    results: Samples = {}
    with tempfile.TemporaryDirectory() as folder:
        window = main_window(Settings(open_qsettings(str(Path(folder) / "bench.ini"))))
        window.resize(1100, 800)
        window.show()
        app.processEvents()
        paints = [0]
        window.board.painted.connect(lambda: paints.__setitem__(0, paints[0] + 1))
        for variant in variants if profile is None else (profile,):
            texts = moves_of(variant, plies, seed)
            window.controller.set_game(rules.new_game(variant), [])
            if every_overlay:  # the attacked squares of both sides too, which are off by default
                for toggle in TOGGLES:
                    window.powers.set_shown(toggle.name, True)
            app.processEvents()
            wall: list[float] = []
            cpu: list[float] = []
            profiler = None
            if profile is not None:
                import cProfile

                # CPU time of this thread, not wall time: on a loaded machine the wall clock
                # charges whatever function was running when the core was taken away.
                profiler = cProfile.Profile(time.thread_time)
                profiler.enable()
            for text in texts:
                game = window.controller.game
                move = next(m for m in game.legal_moves() if str(m) == text)
                start, start_cpu = time.perf_counter(), time.thread_time()
                painted = paints[0]
                window.controller.play(move)
                app.processEvents()
                if paints[0] == painted:
                    window.board.repaint()
                cpu.append((time.thread_time() - start_cpu) * 1000)
                wall.append((time.perf_counter() - start) * 1000)
                print(f"{variant} {text} {wall[-1]:.1f} ms (CPU {cpu[-1]:.1f} ms)", file=sys.stderr, flush=True)
            if profiler is not None:
                import pstats

                profiler.disable()
                if profile_out:
                    profiler.dump_stats(profile_out)
                pstats.Stats(profiler).sort_stats("cumulative").print_stats(45)
            results[variant] = {"wall": wall, "cpu": cpu}
        window.workspace.modified = False  # closing must not stop to ask about saving the bench's games
        window.close()
    return results


def summary(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[max(0, int(len(ordered) * 0.9) - 1)]


def measure_child(tree: Path, plies: int, seed: int, variants: tuple[str, ...], pure: bool,
                  every_overlay: bool = False) -> Samples:
    """The measurement of ``tree`` in a child process (a fresh interpreter, as every round gets)."""
    env = dict(os.environ, FAIRYCHESS_BENCH_TREE=str(tree))
    if pure:
        env["FAIRYCHESS_PURE_PYTHON"] = "1"
    command = [sys.executable, __file__, "--plies", str(plies), "--seed", str(seed), "--json",
               "--variants", ",".join(variants)] + (["--every-overlay"] if every_overlay else [])
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    measured: Samples = json.loads(done.stdout.splitlines()[-1])
    return measured


def measure_commit(ref: str, plies: int, seed: int, variants: tuple[str, ...] = SEEDS,
                   every_overlay: bool = False) -> Samples:
    """The same measurement on ``ref``, in a temporary worktree and a child process (pure Python:
    the worktree has no compiled build)."""
    repo = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "-C", str(repo), "worktree", "add", "-q", "--detach", str(tree), ref], check=True)
        try:
            return measure_child(tree, plies, seed, variants, pure=True, every_overlay=every_overlay)
        finally:
            subprocess.run(["git", "-C", str(repo), "worktree", "remove", "--force", str(tree)], check=False)


def merged(into: Samples, more: Samples) -> Samples:
    for variant, figures in more.items():
        kept = into.setdefault(variant, {"wall": [], "cpu": []})
        for kind, values in figures.items():
            kept[kind].extend(values)
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description="Time to show a position after a move, per seed variant.")
    parser.add_argument("--plies", type=int, default=40, help="moves played per variant (default 40)")
    parser.add_argument("--seed", type=int, default=51)
    parser.add_argument("--compare", metavar="REF", help="also measure this commit (e.g. HEAD~) and print ratios")
    parser.add_argument("--profile", metavar="VARIANT", help="print cProfile's top functions for one variant")
    parser.add_argument("--profile-out", metavar="FILE", help="with --profile: also save the statistics (pstats)")
    parser.add_argument("--variants", default=",".join(SEEDS), help="comma-separated variant ids (default: the seeds)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure this many times (alternating with --compare's commit) and pool the samples")
    parser.add_argument("--every-overlay", action="store_true",
                        help="switch on every power overlay, the attacked squares too (default: the default overlays)")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    variants = tuple(v for v in args.variants.split(",") if v)
    if args.profile:
        measure(args.plies, args.seed, args.profile, args.profile_out, every_overlay=args.every_overlay)
        return 0
    if args.json:  # the child process of --compare
        print(json.dumps(measure(args.plies, args.seed, None, variants=variants, every_overlay=args.every_overlay)))
        return 0
    new: Samples = {}
    old: Samples = {}
    if args.rounds == 1 and not args.compare:
        new = measure(args.plies, args.seed, None, variants=variants, every_overlay=args.every_overlay)
    # Rounds alternate this tree and the compared commit, each in a fresh process, so a change in
    # the machine's load during the run weighs on both alike.
    for _ in range(args.rounds if args.rounds > 1 or args.compare else 0):
        merged(new, measure_child(TREE, args.plies, args.seed, variants, pure=False, every_overlay=args.every_overlay))
        if args.compare:
            merged(old, measure_commit(args.compare, args.plies, args.seed, variants, args.every_overlay))
    import rules

    print(f"rules build: {'pure Python' if os.environ.get('FAIRYCHESS_PURE_PYTHON') else 'as installed'}; "
          f"{args.plies} moves per variant, seed {args.seed}, {args.rounds} round(s), "
          f"{'every overlay' if args.every_overlay else 'the default overlays'}; {rules.__file__}")
    for kind, title in (("cpu", "CPU time of the GUI thread"), ("wall", "wall time")):
        print(f"\n{title}")
        head = f"{'variant':20} {'moves':>5} {'median':>9} {'p90':>9}"
        if old:
            head += f" {'old median':>11} {'old p90':>9} {'ratio median':>12} {'ratio p90':>9}"
        print(head)
        for variant, figures in new.items():
            median, p90 = summary(figures[kind])
            line = f"{variant:20} {len(figures[kind]):5d} {median:7.1f}ms {p90:7.1f}ms"
            if variant in old:
                old_median, old_p90 = summary(old[variant][kind])
                line += (f" {old_median:9.1f}ms {old_p90:7.1f}ms {median / old_median:12.2f}"
                         f" {p90 / old_p90:9.2f}")
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
