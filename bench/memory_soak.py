"""Memory soak of the app: the main window analysing Friendly games for many minutes.

Run: ``nice -n 10 .venv/bin/python bench/memory_soak.py --minutes 12``

The app's main window opens offscreen (as ``fairygui`` opens it, with the collector tuned
after start-up), a Friendly game starts, and the analysis panel is switched on. Once the
analysis has searched ``--nodes`` nodes of a position, the best move the panel shows is
played, as a user stepping through the analysis would; the analysis restarts on each new
position. (Paced by nodes, not seconds, so a run on a busy machine does the same work per
move, only more slowly.) A game that ends, or
reaches ``--plies``, is replaced by a new one (``--options rotate``: each with another
option set, most of them a new free-text second-row order, so each makes a Rules object of
its own; ``same``, the default: the same options, so the same Rules).

Every ``--every`` seconds it prints the resident set size (VmRSS), the process's CPU time
(all threads: on an idle machine the analysis keeps one core busy, so CPU minutes are the
minutes a user would wait), the moves played, and what the counted caches hold: the
Contexts of the Rules in use, the borrowing power's kits and the compiled atoms cached for
them (``rules.atoms.compile_atoms``, shared by every Rules), the engines alive and the entries
of their tables, the Rules objects made since start-up, the objects the collector tracks and
the QObjects of the window. At the end it prints the growth per CPU minute and per 100
moves after ``--warmup`` CPU minutes (least-squares slopes through the samples from then
on), which is what "levels off" means here: near zero.

``--table-entries`` makes each engine's transposition table smaller than the app's
100,000 entries (about 35 MB full), so that it fills within a short run on a slow or busy
machine; a table only fills to its size, so it changes the level where the figure goes flat,
not whether it does.

``--garbage`` lists, at the end, the unreachable objects a full collection finds (the cycles
waiting for the collector). ``--tracemalloc`` compares snapshots of the Python heap taken at the end of the warm-up and
at the end (the allocation sites that grew most); ``--types`` does the same for the
collector's objects counted by type. Both slow the run, so the figures in docs come from
runs without them.
"""

from __future__ import annotations

import argparse
import ctypes
import gc
import os
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
import rules.engine.table as table  # noqa: E402
from rules.atoms import compile_atoms  # noqa: E402
from rules.engine import Engine  # noqa: E402
from rules.engine.table import TranspositionTable  # noqa: E402
from rules.ruleset import Rules  # noqa: E402

OTHERS = ["ghost", "impala", "poison", "buffalo", "displacer-squirrel", "archer",
          "lady-in-waiting", "gerbil", "hangman", "jellyfish"]


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status (Linux only)")


def friendly_options(n: int, rotate: bool) -> dict[str, Any]:
    """Game ``n``'s options: always the default ones, or (``rotate``) a new set most times."""
    if not rotate or n % 4 == 2:
        return {}
    if n % 4 == 1:
        return {"setup": "alternate-2"}
    rng = random.Random(n)
    row = OTHERS[:]
    rng.shuffle(row)
    return {"setup": "alternate-1", "second_row_order": ",".join(row[:5] + ["bodyguard"] * 2 + row[5:])}


def slope_per_minute(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of (minute, MB) points, in MB per minute."""
    if len(points) < 2:
        return 0.0
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread if spread else 0.0


class _MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (glibc 2.33 and later): every field a size_t."""
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]


def malloc_figures() -> tuple[float, float] | None:
    """glibc's heap: MB handed out (in use, mmapped blocks included) and MB free but kept by the
    allocator; None where the C library is not glibc. Python's own small-object arenas count as
    in use here."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        info = libc.mallinfo2
    except (OSError, AttributeError):
        return None
    info.restype = _MallInfo2
    figures = info()
    return (figures.uordblks + figures.hblkhd) / 2**20, figures.fordblks / 2**20


def type_counts() -> Counter[str]:
    return Counter(type(obj).__qualname__ for obj in gc.get_objects())


@dataclass
class Sample:
    minute: float  # CPU minutes
    rss: float
    moves: int


@dataclass
class Soak:
    args: argparse.Namespace
    samples: list[Sample] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    started: float = 0.0
    cpu_started: float = 0.0
    warm_snapshot: tracemalloc.Snapshot | None = None
    warm_types: Counter[str] | None = None
    warmed: bool = False


class AppSoak:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.state = Soak(args)
        self._temp = tempfile.TemporaryDirectory(prefix="memory-soak-")
        # The journal and the settings live in a folder of their own, never the user's.
        os.environ["FAIRYGUI_DATA"] = str(Path(self._temp.name) / "data")
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtWidgets import QApplication

        from fairygui.app import main_window
        from fairygui.compat import guard_none_refcount
        from fairygui.settings import Settings, open_qsettings
        from rules.gctune import tune_after_startup

        self.app = QApplication.instance() or QApplication(sys.argv[:1])
        guard_none_refcount()
        self.window = main_window(Settings(open_qsettings(str(Path(self._temp.name) / "settings.ini"))))
        if args.overlays:
            for action in self.window.powers.actions.values():
                action.setChecked(True)
        self.window.show()
        self._new_game()
        self.app.processEvents()
        tune_after_startup()  # as fairygui's gui_command does once the window is open
        self.window.analysis.set_active(True)

    # ------------------------------------------------------------ playing

    def _new_game(self) -> None:
        options = friendly_options(self.state.games, self.args.options == "rotate")
        self.window.controller.set_game(rules.new_game("friendly", options=options))
        self.state.games += 1

    def step(self) -> None:
        """Play the best move the analysis shows, or start a new game where this one is done."""
        controller = self.window.controller
        game = controller.game
        if game.result is not None or game.ply >= self.args.plies:
            self._new_game()
            return
        evaluation = self.window.analysis.panel.evaluation
        if evaluation is None or not evaluation.line or evaluation.nodes < self.args.nodes:
            return  # not searched enough yet: a later tick plays
        if controller.play(evaluation.line[0].move):
            self.state.moves += 1

    # ------------------------------------------------------------ measuring

    def minutes(self) -> float:
        return (time.monotonic() - self.state.started) / 60

    def cpu_minutes(self) -> float:
        """CPU time of the process since the soak started (every thread), in minutes."""
        return (cpu_seconds() - self.state.cpu_started) / 60

    def sample(self) -> None:
        from PySide6.QtCore import QObject

        minute = self.cpu_minutes()
        s = self.state
        rss = rss_mb()
        previous = s.samples[-1].rss if s.samples else rss
        s.samples.append(Sample(minute, rss, s.moves))
        game = self.window.controller.game
        contexts = game.rules.contexts
        # gc.get_objects() leaves out what tune_after_startup froze: the count is of what came after.
        tracked = gc.get_objects()
        tables = [obj for obj in tracked if isinstance(obj, TranspositionTable)]
        engines = sum(1 for obj in tracked if isinstance(obj, Engine))
        new_rules = sum(1 for obj in tracked if isinstance(obj, Rules))
        qobjects = len(self.window.findChildren(QObject))
        borrowing = game.rules.power_objects.get("borrowing")  # Friendly's lent move sets, by lenders
        kits = len(getattr(borrowing, "_kits", ()))
        compiled = compile_atoms.cache_info().currsize  # the kits' compiled atoms, shared by all Rules
        parts = [
            f"{self.minutes():5.1f} min", f"cpu {minute:5.1f} min", f"rss {rss:6.1f} MB", f"{rss - previous:+5.1f}",
            f"moves {s.moves:4d}", f"games {s.games:3d}",
            f"contexts {len(contexts):4d} {contexts.estimated_total / 2**20:4.1f} MB",
            f"kits {kits:5d}", f"compiled {compiled:4d}/{compile_atoms.cache_info().maxsize}",
            f"engines {engines} tables {sum(len(t) for t in tables):6d}",
            f"new rules {new_rules:2d}",
            f"gc objects {len(tracked):8,d}",
            "collections " + "/".join(str(generation["collections"]) for generation in gc.get_stats()),
            f"blocks {sys.getallocatedblocks():9,d}", f"qobjects {qobjects:5d}",
        ]
        heap = malloc_figures()
        if heap is not None:
            parts.append(f"malloc in use {heap[0]:6.1f} MB free kept {heap[1]:6.1f} MB")
        if tracemalloc.is_tracing():
            parts.append(f"python heap {tracemalloc.get_traced_memory()[0] / 2**20:6.1f} MB")
        print("  ".join(parts), flush=True)
        if not s.warmed and minute >= self.args.warmup:
            s.warmed = True
            if self.args.tracemalloc:
                s.warm_snapshot = tracemalloc.take_snapshot()
            if self.args.types:
                s.warm_types = type_counts()

    def report(self) -> None:
        s = self.state
        after = [x for x in s.samples if x.minute >= self.args.warmup]
        print(f"\n{s.moves} moves analysed in {s.games} games over {self.minutes():.1f} min "
              f"({self.cpu_minutes():.1f} CPU min)")
        if len(after) >= 2:
            first, last = after[0], after[-1]
            print(f"rss after warm-up ({first.minute:.1f} CPU min, {first.moves} moves): {first.rss:.1f} MB; "
                  f"at the end ({last.minute:.1f} CPU min, {last.moves} moves): {last.rss:.1f} MB; "
                  f"peak sample {max(x.rss for x in s.samples):.1f} MB")
            per_minute = slope_per_minute([(x.minute, x.rss) for x in after])
            per_100 = slope_per_minute([(x.moves / 100, x.rss) for x in after])
            print(f"growth after warm-up: {per_minute:+.2f} MB per CPU minute, {per_100:+.2f} MB per 100 moves "
                  f"(least squares over {len(after)} samples)")
        else:
            print("too few samples after the warm-up for a growth figure: run longer")
        if s.warm_snapshot is not None:
            print("\nPython allocation sites that grew most since the warm-up:")
            diff = tracemalloc.take_snapshot().compare_to(s.warm_snapshot, "lineno")
            for stat in diff[: self.args.top]:
                print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+8d} blocks  {stat.traceback}")
        if self.args.garbage:
            # What a full collection would free now: cycles the rare full collections left behind.
            gc.set_debug(gc.DEBUG_SAVEALL)
            found = gc.collect()
            kinds = Counter(type(obj).__qualname__ for obj in gc.garbage)
            gc.set_debug(0)
            gc.garbage.clear()
            print(f"\nUnreachable objects a full collection finds at the end: {found:,d}; most common types:")
            for name, count in kinds.most_common(self.args.top):
                print(f"  {count:+8d}  {name}")
        if s.warm_types is not None:
            print("\nObject types that grew most since the warm-up:")
            now = type_counts()
            grown = sorted(((now[k] - s.warm_types.get(k, 0), k) for k in now), reverse=True)
            for count, name in grown[: self.args.top]:
                print(f"  {count:+8d}  {name}")

    # ------------------------------------------------------------ running

    def run(self) -> None:
        from PySide6.QtCore import QTimer

        from fairygui.worker import wait_for_tasks

        self.state.started = time.monotonic()
        self.state.cpu_started = cpu_seconds()
        mover = QTimer(self.window)
        mover.timeout.connect(self.step)
        mover.start(250)
        sampler = QTimer(self.window)
        sampler.timeout.connect(self.sample)
        sampler.start(int(self.args.every * 1000))
        # exit(), not quit(): quit() closes the window, which asks whether to keep the game.
        QTimer.singleShot(int(self.args.minutes * 60_000) + 500, lambda: self.app.exit(0))
        self.sample()
        self.app.exec()
        mover.stop()
        sampler.stop()
        self.window.analysis.shutdown()
        wait_for_tasks()
        self.report()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=12.0, help="how long to run, in minutes (default 12)")
    parser.add_argument("--nodes", type=int, default=20_000,
                        help="nodes the analysis searches before its best move is played (default 20,000)")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between samples (default 60)")
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="CPU minutes before the growth is measured (default 3: the caches fill)")
    parser.add_argument("--table-entries", type=int, default=None,
                        help="entries of each engine's table (default: the app's, 100,000)")
    parser.add_argument("--plies", type=int, default=120, help="plies before a new game (default 120)")
    parser.add_argument("--options", choices=["same", "rotate"], default="same",
                        help="each new game with the same options (default) or another option set")
    parser.add_argument("--overlays", action="store_true", help="every power overlay shown")
    parser.add_argument("--tracemalloc", action="store_true", help="compare Python heap snapshots")
    parser.add_argument("--types", action="store_true", help="compare the collector's objects by type")
    parser.add_argument("--garbage", action="store_true",
                        help="at the end, list the unreachable objects a full collection finds")
    parser.add_argument("--top", type=int, default=20, help="rows of each comparison (default 20)")
    parser.add_argument("--no-trim", action="store_true",
                        help="never hand freed memory back to the system (rules.gctune), to compare")
    args = parser.parse_args()
    if args.no_trim:
        import rules.gctune as gctune

        gctune.release_free_memory = lambda: False  # looked up at each call
    if args.table_entries is not None:
        table.DEFAULT_ENTRIES = args.table_entries  # read as each engine makes its table
    if args.tracemalloc:
        tracemalloc.start(8)
    soak = AppSoak(args)
    soak.run()


if __name__ == "__main__":
    main()
