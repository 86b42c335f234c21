"""Pure Python against the compiled build, side by side in one run: a benchmark, never a test.

Run: ``.venv/bin/python bench/compiled.py [--repeat N] [--nodes N]``

Runs the same measurements twice, in two child processes: one with
``FAIRYCHESS_PURE_PYTHON=1`` (every module from its ``.py``), one with the installed build
(compiled when the install could compile). For each it prints

* chess perft(4) from the start and perft(3) of Kiwipete: nodes per CPU second;
* Friendly legal moves plus explanation from a cold context cache (bench/friendly.py's
  start, middle game and royal-Friend endgame): median CPU milliseconds;
* engine node-limited searches from the start of chess and Friendly: nodes per CPU second;

then the ratios, and checks that both builds found the same perft counts, moves, scores and
node counts (they must: one source, two builds). CPU time is used throughout, because other
work on a shared machine inflates the wall clock; ``--rounds`` runs the pair of children
several times, alternating, and keeps each figure's best round, which loaded machines need.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

PERFT = [
    ("chess perft(4), start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("chess perft(3), Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
]
SEARCHES = ["chess", "friendly"]


def measure(repeat: int, nodes: int) -> dict[str, object]:
    """Every figure for this process's build (run in the child)."""
    from friendly import ENDGAME, MIDDLE_GAME

    import rules
    from rules.engine import Engine, Limits
    from rules.explain import explain
    from rules.native import loaded_compiled
    from rules.perft import perft

    out: dict[str, object] = {}
    for name, fen, depth in PERFT:
        pos = rules.new_game("chess", fen=fen).pos
        start = time.process_time()
        count = perft(pos, depth)
        out[name] = {"nodes": count, "rate": count / (time.process_time() - start)}
    for name, fen in (("Friendly start", None), ("Friendly middle game", MIDDLE_GAME),
                      ("Friendly royal endgame", ENDGAME)):
        game = rules.new_game("friendly", fen=fen) if fen else rules.new_game("friendly")
        times = []
        for _ in range(repeat):
            game.rules.contexts.clear()
            start = time.process_time()
            moves = game.rules.legal_moves(game.pos)
            explain(game.rules, game.pos)
            times.append(time.process_time() - start)
        out[name] = {"ms": statistics.median(times) * 1000, "moves": sorted(str(m) for m in moves)}
    for variant in SEARCHES:
        game = rules.new_game(variant)
        start = time.process_time()
        result = Engine(game, seed=1).search(game, Limits(nodes=nodes))
        out[f"engine {variant}, {nodes} nodes"] = {
            "rate": result.nodes / (time.process_time() - start),
            "move": str(result.best_move), "score": result.score, "nodes": result.nodes,
        }
    out["compiled modules"] = loaded_compiled()
    return out


def child(pure: bool, repeat: int, nodes: int) -> dict[str, object]:
    env = dict(os.environ)
    env.pop("FAIRYCHESS_PURE_PYTHON", None)
    if pure:
        env["FAIRYCHESS_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, __file__, "--child", "--repeat", str(repeat), "--nodes", str(nodes)],
        env=env, capture_output=True, text=True, check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def keep_best(best: dict[str, object], other: dict[str, object]) -> None:
    """Fold another round's figures into ``best``: the lower time, the higher rate."""
    for name, figures in other.items():
        kept = best[name]
        if not isinstance(figures, dict) or not isinstance(kept, dict):
            continue
        if "ms" in figures:
            kept["ms"] = min(kept["ms"], figures["ms"])
        if "rate" in figures:
            kept["rate"] = max(kept["rate"], figures["rate"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--nodes", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=1, help="pure/compiled pairs to run, keeping the best")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure(args.repeat, args.nodes)))
        return
    pure = child(True, args.repeat, args.nodes)
    built = child(False, args.repeat, args.nodes)
    for _ in range(args.rounds - 1):
        keep_best(pure, child(True, args.repeat, args.nodes))
        keep_best(built, child(False, args.repeat, args.nodes))
    print(f"compiled modules loaded: {len(built['compiled modules'])} "  # type: ignore[arg-type]
          f"(pure run: {len(pure['compiled modules'])})")  # type: ignore[arg-type]
    print(f"{'figure':38} {'pure':>12} {'compiled':>12} {'ratio':>6}")
    same = True
    for name, a in pure.items():
        if name == "compiled modules":
            continue
        b = built[name]
        assert isinstance(a, dict) and isinstance(b, dict)
        if "ms" in a:
            print(f"{name + ' (ms)':38} {a['ms']:>12.2f} {b['ms']:>12.2f} {a['ms'] / b['ms']:>6.2f}")
        else:
            print(f"{name + ' (n/s)':38} {a['rate']:>12,.0f} {b['rate']:>12,.0f} {b['rate'] / a['rate']:>6.2f}")
        facts = {k: v for k, v in a.items() if k not in ("ms", "rate")}
        if facts != {k: v for k, v in b.items() if k not in ("ms", "rate")}:
            same = False
            print(f"  DIFFERENT: pure {facts} / compiled {b}")
    print("identical results (perft counts, legal moves, engine moves, scores, nodes):", "yes" if same else "NO")


if __name__ == "__main__":
    main()
