"""``python -m rules tablebase VARIANT MATERIAL [--option NAME=VALUE ...] [--json] [--jobs N]
[--scheduler ADDRESS] [--method auto|forward|retro]``: build (or load) a table and print what it holds."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the build (and numpy) load only when the command runs
    from .build import Progress


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("variant", help="variant id (see 'variants')")
    p.add_argument("material", help="the pieces by the variant's letters, White's then Black's joined by 'v': KQvK")
    p.add_argument("--option", "-o", action="append", metavar="NAME=VALUE", help="a rule option")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object (material, positions, counts, longest win)")
    p.add_argument("--jobs", "-j", type=int, default=None, help="local processes (default: every core)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="build on the Dask cluster of this scheduler (tcp://host:8786)")
    p.add_argument("--method", choices=("auto", "forward", "retro"), default="auto",
                   help="auto: from un-moves where the rules allow them, else the forward graph (same file either way)")


class _ProgressLine:
    """One stderr line rewritten in place while a terminal watches, whole lines otherwise."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.last = ""

    def __call__(self, progress: Progress) -> None:
        line = progress.line()
        if self.tty:
            sys.stderr.write("\r" + line.ljust(len(self.last)))
            if progress.phase == "done":
                sys.stderr.write("\n")
        elif progress.phase != "expanding" or line.split("%")[0] != self.last.split("%")[0]:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()
        self.last = line


def run(args: argparse.Namespace) -> int:
    options = {}
    for item in args.option or []:
        name, _, value = item.partition("=")
        options[name] = value
    if args.jobs is not None and args.jobs < 1:
        print("error: --jobs must be 1 or more", file=sys.stderr)
        return 2
    from .build import build_table

    table = build_table(args.variant, args.material, options, jobs=args.jobs, scheduler=args.scheduler,
                        progress=_ProgressLine(), method=args.method)
    summary = table.summary()
    if args.json:
        print(json.dumps(summary))
        return 0
    print(f"{summary['material']}: {summary['positions']} positions")
    for side in ("white_to_move", "black_to_move"):
        c = summary[side]
        print(f"  {side.replace('_', ' ')}: {c['win']} won, {c['draw']} drawn, {c['loss']} lost")
    win = summary["longest_win"]
    if win["fen"]:
        print(f"  longest win: {win['moves']} moves ({win['plies']} plies) from {win['fen']}")
    else:
        print("  no side can force a win")
    return 0
