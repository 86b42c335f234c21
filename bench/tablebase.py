"""Endgame table builds: wall time and positions expanded per second, one markdown row each.

    FAIRYCHESS_PURE_PYTHON=1 .venv/bin/python bench/tablebase.py [--jobs N] [VARIANT:MATERIAL ...]
    FAIRYCHESS_PURE_PYTHON=1 .venv/bin/python bench/tablebase.py --method forward,retro [VARIANT:MATERIAL ...]
    FAIRYCHESS_PURE_PYTHON=1 .venv/bin/python bench/tablebase.py --sample [--count N] [VARIANT:MATERIAL ...]
    .venv/bin/python bench/tablebase.py --ratio [--count N] [VARIANT:MATERIAL ...]
    .venv/bin/python bench/tablebase.py --memory [--folder DIR] [--jobs N] VARIANT:MATERIAL ...
    .venv/bin/python bench/tablebase.py --rate [--count N] [VARIANT:MATERIAL ...]

``--method`` builds each table once per method named (``auto``, ``forward``, ``retro``), each in a
fresh child process, and prints its wall time, the CPU time of the building process and its
workers (what the load of other programs does not inflate), and the peak resident memory of the
building process and of its largest worker process.

``--sample`` works out what a whole table would hold in memory from ``N`` indices of it, without
building it: the bytes per expanded position that the forward build keeps until it solves (its
moves, as int64 edges) and that the retrograde build keeps (its counts and its moves into other
tables), and the solvers' arrays per index of the whole table.

``--ratio`` expands the same ``N`` indices of each table (the first King on its second square, one
process, CPU time) in two child processes, one with ``FAIRYCHESS_PURE_PYTHON=1`` and one with
the installed build, and prints both rates and compiled / pure (run it from a venv installed
with the compiler: docs/engine.md, *The compiled build*).

``--rate`` is one side of ``--ratio``: this process's expansion rate (CPU time) with the build
it runs in, the same indices, for each table.

``--memory`` builds each table in a child process and prints the peak resident memory of the
process that solves it (the expansion's processes are apart), the wall time and the file's
SHA-256 (to compare two versions of the code: run it with ``PYTHONPATH`` at the other one).
``--folder`` builds in that folder instead of an empty one: with a copy of an unfinished
build's checkpoints (``*.partial/``) it measures the solve of a large table without expanding.

Each table is built from scratch in a temporary folder (its smaller tables too, timed apart),
so the figures are the build's own. Default: the 3-piece tables of chess, Pocket43, Blender
and Flight and Ferry named in docs/tablebase.md (Blender's KQvK is left out: a Queen that is not
the original one may separate, so its table needs King + Rook + Bishop v King first).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from rules.tablebase import Progress, build_table

DEFAULT = [
    "chess:KvK", "chess:KQvK", "chess:KRvK", "chess:KBvK", "chess:KNvK",
    "pocket43:KBvK", "pocket43:KNvK", "pocket43:KFvK",
    "blender:KRvK", "blender:KNvK",
    "flight-and-ferry:KvK",
]


RATIO_DEFAULT = ["chess:KQvK", "pocket43:KBvK", "chess:KBBvK", "pocket43:KNNvK"]


def child_rate(variant: str, material: str, count: int) -> dict[str, object]:
    """This process's expansion of ``count`` indices from the middle of the table (CPU time)."""
    from rules import native
    from rules.tablebase.build import make_job
    from rules.tablebase.expand import PLAIN_LAYER, expand, workshop

    job = make_job(variant, material)
    space = workshop(job.variant, job.options).space(job.material, job.symmetric)
    # the first piece (a King) on its second square, halfway through the rest: canonical
    # positions (one of each symmetric set, the lowest index) live in the low indices
    start = space.strides[0] + space.strides[0] // 2
    expand(job, PLAIN_LAYER, start, start + 500)  # warm the caches (moves, symmetries)
    cpu = time.process_time()
    result = expand(job, PLAIN_LAYER, start + 500, start + 500 + count)
    cpu = time.process_time() - cpu
    expanded = int(result["expanded"][0])
    moves = len(result["child_index"]) + len(result["exit_index"])
    return {"expanded": expanded, "moves": moves, "cpu": cpu, "rate": expanded / cpu if cpu else 0.0,
            "compiled": native.status().compiled}


def ratios(tables: list[str], count: int) -> None:
    print("| table | indices | expanded | pure positions/s | compiled positions/s | compiled / pure |")
    print("|---|---|---|---|---|---|")
    for item in tables:
        rates = {}
        for build in ("pure", "compiled"):
            env = dict(os.environ)
            env.pop("FAIRYCHESS_PURE_PYTHON", None)
            if build == "pure":
                env["FAIRYCHESS_PURE_PYTHON"] = "1"
            out = subprocess.run([sys.executable, __file__, "--child", item, "--count", str(count)], env=env,
                                 check=True, capture_output=True, text=True).stdout
            rates[build] = json.loads(out)
        pure, comp = rates["pure"], rates["compiled"]
        label = "compiled" if comp["compiled"] else "NOT compiled (pure ran)"
        print(f"| {item} | {count:,} | {pure['expanded']:,} | {pure['rate']:,.0f} | {comp['rate']:,.0f} ({label}) | "
              f"{comp['rate'] / max(pure['rate'], 1e-9):.2f} |", flush=True)


def child_memory(variant: str, material: str, folder: str, jobs: int) -> dict[str, object]:
    """Build one table in ``folder`` in this process: peak RSS, wall time, the file's hash."""
    import resource

    from rules.tablebase.store import table_path

    t0 = time.perf_counter()
    table = build_table(variant, material, jobs=jobs, folder=Path(folder))
    wall = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kilobytes on Linux
    digest = hashlib.sha256(table_path(table.job, Path(folder)).read_bytes()).hexdigest()[:16]
    return {"peak_mb": peak, "wall": wall, "sha256": digest, "positions": table.summary()["positions"]}


def memory(tables: list[str], folder: str | None, jobs: int) -> None:
    print("| table | positions | peak RSS of the solving process | wall time | file SHA-256 (first 16) |")
    print("|---|---|---|---|---|")
    for item in tables:
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run([sys.executable, __file__, "--memory-child", item, "--folder", folder or tmp,
                                  "--jobs", str(jobs)], check=True, capture_output=True, text=True).stdout
        got = json.loads(out)
        print(f"| {item} | {got['positions']:,} | {got['peak_mb']:,.0f} MB | {got['wall']:.1f} s | "
              f"{got['sha256']} |", flush=True)


def build_once(item: str, method: str, jobs: int) -> dict[str, object]:
    """Build one table and the smaller tables it needs from scratch (this process and its workers):
    wall time, peak resident memory of this process and of its largest worker (MB)."""
    import resource

    variant, material = item.split(":")
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        table = build_table(variant, material, jobs=jobs, folder=Path(tmp), method=method)
        wall = time.perf_counter() - t0
        summary = table.summary()
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime
    return {"material": table.material, "positions": summary["positions"], "wall": wall, "cpu": cpu,
            "before_mb": before,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "worker_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
            "plies": summary["longest_win"]["plies"]}


def methods(tables: list[str], names: list[str], jobs: int) -> None:
    print("| variant | material | method | positions | wall time | CPU time (all processes) | "
          "peak memory (building process) | of which at start | largest worker | longest win |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for item in tables:
        for method in names:
            out = subprocess.run([sys.executable, __file__, "--build", item, "--method", method, "--jobs", str(jobs)],
                                 check=True, capture_output=True, text=True).stdout
            r = json.loads(out)
            print(f"| {item.split(':')[0]} | {r['material']} | {method} | {r['positions']:,} | {r['wall']:.1f} s | "
                  f"{r['cpu']:.1f} s | "
                  f"{r['peak_mb']:,.0f} MB | {r['before_mb']:,.0f} MB | {r['worker_mb']:,.0f} MB | "
                  f"{r['plies']} plies |", flush=True)


def sample_memory(tables: list[str], count: int) -> None:
    """What the forward and the retrograde build keep per expanded position, from ``count``
    indices of each table, and the whole table's figures worked out from them."""
    from rules.tablebase.build import make_job
    from rules.tablebase.expand import PLAIN_LAYER, expand, workshop
    from rules.tablebase.retro import count_moves

    print("| table | indices | expanded in sample | moves per position | forward: kept per position | "
          "retro: kept per position | whole table: positions to expand | forward: kept | retro: kept | "
          "forward: solver arrays | retro: solver arrays |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for item in tables:
        variant, material = item.split(":")
        job = make_job(variant, material)
        space = workshop(job.variant, job.options).space(job.material, job.symmetric)
        start = space.strides[0] + space.strides[0] // 2  # as --ratio: where canonical positions live
        forward = expand(job, PLAIN_LAYER, start, start + count)
        retro = count_moves(job, PLAIN_LAYER, start, start + count)
        rows = max(1, len(forward["positions"]))
        edges = len(forward["child_index"])
        # the forward build keeps each range's arrays, then the graph's parents and children and
        # the solver's predecessor order and list: four int64 arrays more per move
        fwd_kept = (sum(int(a.nbytes) for a in forward.values()) + 4 * 8 * edges) / rows
        retro_kept = sum(int(a.nbytes) for a in retro.values()) / rows
        # positions to expand in the whole table: the canonical share of uniformly drawn indices
        rnd = np.random.default_rng(52)
        drawn = rnd.integers(0, space.size, 200_000)
        share = np.count_nonzero(space.to_expand(drawn)) / len(drawn)
        whole = share * space.size
        # solver arrays per index: forward value int8, plies int32, decided bool and five int64
        # (remaining, exit_win, exit_loss, pred_start, a bincount); retro value int8, decided bool,
        # remaining int16, plies/exit_win/exit_loss uint16
        print(f"| {item} | {count:,} | {len(forward['positions']):,} | {edges / rows:.1f} | {fwd_kept:.0f} B | "
              f"{retro_kept:.0f} B | about {whole / 1e6:.1f} million | {whole * fwd_kept / 1e9:.1f} GB | "
              f"{whole * retro_kept / 1e9:.2f} GB | {space.size * 46 / 1e9:.1f} GB | {space.size * 10 / 1e9:.2f} GB |",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="*", metavar="VARIANT:MATERIAL")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ratio", action="store_true", help="pure and compiled expansion rates and their ratio")
    parser.add_argument("--count", type=int, default=20000, help="indices expanded per table with --ratio")
    parser.add_argument("--rate", action="store_true", help="this process's expansion rate (CPU time) only")
    parser.add_argument("--memory", action="store_true", help="peak memory of the solving process, and the file's hash")
    parser.add_argument("--folder", help="with --memory: build in this folder (checkpoints and smaller tables in it)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--memory-child", help=argparse.SUPPRESS)
    parser.add_argument("--method", help="build methods to compare, joined by commas: auto, forward, retro")
    parser.add_argument("--sample", action="store_true", help="memory per position from --count indices")
    parser.add_argument("--build", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child_rate(*args.child.split(":"), args.count)))
        return
    if args.memory_child:
        variant, material = args.memory_child.split(":")
        print(json.dumps(child_memory(variant, material, args.folder, args.jobs)))
        return
    if args.rate:
        print("| table | indices | expanded | moves | positions/s (CPU) | compiled |")
        print("|---|---|---|---|---|---|")
        for item in args.tables or RATIO_DEFAULT:
            got = child_rate(*item.split(":"), args.count)
            print(f"| {item} | {args.count:,} | {got['expanded']:,} | {got['moves']:,} | {got['rate']:,.0f} | "
                  f"{got['compiled']} |", flush=True)
        return
    if args.memory:
        memory(args.tables or ["chess:KQvK"], args.folder, args.jobs)
        return
    if args.build:
        print(json.dumps(build_once(args.build, args.method or "auto", args.jobs)))
        return
    if args.sample:
        sample_memory(args.tables or ["chess:KBNvK", "chess:KBBvK"], args.count)
        return
    if args.method:
        methods(args.tables or ["chess:KRvK"], args.method.split(","), args.jobs)
        return
    if args.ratio:
        ratios(args.tables or RATIO_DEFAULT, args.count)
        return
    args.tables = args.tables or DEFAULT
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        # wall time: the whole build, smaller tables included; positions/s: this table's expansion
        print("| variant | material | positions | expanded | wall time | positions/s | longest win |")
        print("|---|---|---|---|---|---|---|")
        for item in args.tables:
            variant, material = item.split(":")
            expanded: dict[str, int] = {}
            rate: dict[str, float] = {}

            def seen(p: Progress, expanded=expanded, rate=rate) -> None:
                if p.phase == "expanding":
                    expanded[p.material] = p.expanded
                    rate[p.material] = p.rate

            t0 = time.perf_counter()
            table = build_table(variant, material, jobs=args.jobs, folder=folder, progress=seen)
            wall = time.perf_counter() - t0
            n = expanded.get(table.material, 0)
            s = table.summary()
            win = s["longest_win"]
            longest = f"{win['moves']} moves ({win['plies']} plies)" if win["fen"] else "none (no win)"
            print(f"| {variant} | {table.material} | {s['positions']:,} | {n:,} | {wall:.1f} s | "
                  f"{rate.get(table.material, 0):,.0f} | {longest} |", flush=True)


if __name__ == "__main__":
    main()
