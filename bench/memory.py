"""Memory of the rules and the engine: resident size after long games and long searches.

Run: ``.venv/bin/python bench/memory.py [--plies N] [--nodes N] [--minutes M] [--app]``

1. For every variant: seeded random games (``--games`` of up to ``--plies`` plies), then
   one long node-limited search (``--nodes``) of a position reached by random play; then
   chess searches of ``--table-nodes`` each on one engine until its table is full.
2. Friendly analysis for ``--minutes``: one engine analyses the positions of a game played
   on by its own best moves (as the app's analysis does); every ``--switch`` searches the
   game is replaced by a new one with another option set, most of them Alternate Setup #1
   with a new free-text second-row order, so each makes a Rules object of its own.

After each step it prints the resident set size (VmRSS from /proc/self/status, else the
peak from getrusage), the peak, and what the caches hold: the Contexts of the Rules in
use (entries, the cache's estimate in MB), the engine's transposition table (entries held),
the Rules objects cached by ``rules.make_rules`` and the Rules objects alive; for Friendly
also the borrowing power's kits (moves lent by each combination of lenders).

With ``--app`` the process first opens the app's main window (offscreen unless
QT_QPA_PLATFORM says otherwise) and plays the analysed games in it, so the figures
include Qt and the app (but the searches are this script's own: bench/memory_soak.py
measures the app's analysis panel at work).
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from rules.catalogue import cached_rules_count  # noqa: E402
from rules.engine import Engine, Limits  # noqa: E402
from rules.ruleset import Rules  # noqa: E402

OTHERS = ["ghost", "impala", "poison", "buffalo", "displacer-squirrel", "archer",
          "lady-in-waiting", "gerbil", "hangman", "jellyfish"]


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return peak_mb()


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def live_rules() -> int:
    return sum(1 for obj in gc.get_objects() if isinstance(obj, Rules))


def report(label: str, rules_: Rules | None = None, engine: Engine | None = None) -> None:
    gc.collect()
    parts = [f"{label:<44}", f"rss {rss_mb():6.1f} MB", f"peak {peak_mb():6.1f} MB"]
    if rules_ is not None:
        c = rules_.contexts
        parts.append(f"contexts {len(c):4d}/{c.max_entries:<4d} {c.estimated_total / 2**20:5.1f} MB")
        borrowing = rules_.power_objects.get("borrowing")
        if borrowing is not None:  # its own caches, by lender combination (not budgeted here)
            parts.append(f"kits {len(getattr(borrowing, '_kits', ())):4d}")
    if engine is not None:
        parts.append(f"table {len(engine.table):6d}/{engine.table.max_entries}")
    parts.append(f"rules cached {cached_rules_count()} alive {live_rules()}")
    print("  ".join(parts), flush=True)


def random_games(variant_id: str, games: int, plies: int, seed: int) -> rules.Game:
    rng = random.Random(seed)
    game = rules.new_game(variant_id)
    for _ in range(games):
        game = rules.new_game(variant_id)
        for _ in range(plies):
            moves = game.legal_moves()
            if not moves or game.result is not None:
                break
            game.play(rng.choice(moves))
            game.fen()
    return game


def every_variant(args: argparse.Namespace) -> None:
    for variant_id in rules.variant_ids():
        started = time.perf_counter()
        game = random_games(variant_id, args.games, args.plies, seed=len(variant_id))
        report(f"{variant_id}: {args.games} random games", game.rules)
        start = rules.new_game(variant_id)
        rng = random.Random(1)
        for _ in range(10):
            moves = start.legal_moves()
            if not moves:
                break
            start.play(rng.choice(moves))
        engine = Engine(start, seed=1)
        result = engine.search(start, Limits(nodes=args.nodes))
        report(f"{variant_id}: search of {result.nodes} nodes, depth {result.depth}", start.rules, engine)
        print(f"    ({time.perf_counter() - started:.0f} s)", flush=True)


def full_table(args: argparse.Namespace) -> None:
    """Chess searches (the fastest variant) on one engine until its table is full."""
    game = rules.new_game("chess")
    engine = Engine(game, seed=1)
    started = time.perf_counter()
    while len(engine.table) < engine.table.max_entries and game.result is None:
        result = engine.search(game, Limits(nodes=args.table_nodes))
        assert result.best_move is not None
        game.play(result.best_move)
    report(f"chess: table full after {game.ply} searches", game.rules, engine)
    print(f"    ({time.perf_counter() - started:.0f} s)", flush=True)


def friendly_options(n: int) -> dict[str, Any]:
    if n % 4 == 1:
        return {"setup": "alternate-2"}
    if n % 4 == 2:
        return {}
    rng = random.Random(n)
    row = OTHERS[:]
    rng.shuffle(row)
    return {"setup": "alternate-1", "second_row_order": ",".join(row[:5] + ["bodyguard"] * 2 + row[5:])}


class AppHost:
    """The app's main window, holding the game being analysed (``--app``)."""

    def __init__(self) -> None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtWidgets import QApplication

        from fairygui.app import main_window
        from fairygui.compat import guard_none_refcount
        from fairygui.settings import Settings, open_qsettings

        self.app = QApplication.instance() or QApplication(sys.argv[:1])
        guard_none_refcount()
        self._settings_dir = tempfile.TemporaryDirectory()
        path = str(Path(self._settings_dir.name) / "settings.ini")
        self.window = main_window(Settings(open_qsettings(path)))
        self.window.resize(1000, 760)
        self.window.show()
        self.app.processEvents()

    def new_game(self, options: dict[str, Any]) -> rules.Game:
        self.window.controller.set_game(rules.new_game("friendly", options=options))
        self.app.processEvents()
        return self.window.controller.game

    def play(self, game: rules.Game, move: rules.Move) -> None:
        self.window.controller.play(move)
        self.app.processEvents()


def friendly_analysis(args: argparse.Namespace, host: AppHost | None) -> None:
    deadline = time.monotonic() + 60 * args.minutes
    searches = 0
    n = 0
    game = host.new_game(friendly_options(0)) if host else rules.new_game("friendly")
    engine = Engine(game, seed=1)
    started = time.monotonic()
    while time.monotonic() < deadline:
        result = engine.search(game.copy(), Limits(nodes=args.analysis_nodes))
        searches += 1
        over = result.best_move is None or game.result is not None
        if not over:
            assert result.best_move is not None
            if host:
                host.play(game, result.best_move)
            else:
                game.play(result.best_move)
        if searches % args.switch == 0 or over:
            minutes = (time.monotonic() - started) / 60
            report(f"friendly analysis {minutes:5.1f} min, {searches} searches", game.rules, engine)
            n += 1
            options = friendly_options(n)
            game = host.new_game(options) if host else rules.new_game("friendly", options=options)
            engine = Engine(game, seed=1)
    report(f"friendly analysis done: {searches} searches", game.rules, engine)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per variant")
    parser.add_argument("--plies", type=int, default=200, help="plies per random game at most")
    parser.add_argument("--nodes", type=int, default=20_000, help="nodes of each variant's long search")
    parser.add_argument("--minutes", type=float, default=5.0, help="minutes of Friendly analysis")
    parser.add_argument("--analysis-nodes", type=int, default=3_000, help="nodes per analysis search")
    parser.add_argument("--switch", type=int, default=6, help="searches before a new game and option set")
    parser.add_argument("--table-nodes", type=int, default=200_000, help="nodes per search filling a table")
    parser.add_argument("--app", action="store_true", help="open the app's main window too")
    parser.add_argument("--skip-variants", action="store_true", help="only the Friendly analysis")
    args = parser.parse_args()
    host = AppHost() if args.app else None
    report("start" + (" (app window open)" if host else ""))
    if not args.skip_variants:
        every_variant(args)
        full_table(args)
    friendly_analysis(args, host)


if __name__ == "__main__":
    main()
