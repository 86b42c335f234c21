"""The ``python -m rules`` command line."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from .errors import RulesError
from .gctune import tune_after_startup

if TYPE_CHECKING:
    from .game import Game


def _game(args: argparse.Namespace) -> Game:
    from .catalogue import new_game

    options = {}
    for item in args.option or []:
        name, _, value = item.partition("=")
        options[name] = value
    return new_game(args.variant, options=options, fen=args.fen)


def cmd_perft(args: argparse.Namespace) -> int:
    from .perft import divide, perft

    game = _game(args)
    start = time.perf_counter()
    if args.divide:
        counts = divide(game.pos, args.depth)
        for move in sorted(counts):
            print(f"{move}: {counts[move]}")
        total = sum(counts.values())
    else:
        total = perft(game.pos, args.depth)
    elapsed = time.perf_counter() - start
    print(f"nodes {total}")
    print(f"time {elapsed:.3f}s ({total / elapsed if elapsed else 0:.0f} nodes/s)", file=sys.stderr)
    return 0


def cmd_moves(args: argparse.Namespace) -> int:
    """The legal moves in SAN, each with its coordinate text (``--coordinates``: that alone)."""
    game = _game(args)
    for move in args.move or []:
        game.play(move)
    rows = [(game.san(m), str(m), "") for m in game.legal_moves()]
    rows += [(game.san(a), str(a), "  (action)") for a in game.legal_actions()]
    width = max((len(san) for san, _, _ in rows), default=0)
    for san, coordinates, note in sorted(rows, key=lambda row: (bool(row[2]), row[1])):
        print(coordinates + note if args.coordinates else f"{san:<{width}}  {coordinates}{note}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .catalogue import check_file_report

    try:
        problems, warnings = check_file_report(args.file)
    except Exception as exc:  # a last guard: check reports every fault, it never shows a traceback
        problems, warnings = [(None, f"check stopped on a fault it does not know: {type(exc).__name__}")], []
    # Errors and warnings together in line order (those without a line last), errors first on a line.
    found = [(line, 0, text) for line, text in problems] + [(line, 1, f"warning: {text}") for line, text in warnings]
    for line, _, text in sorted(found, key=lambda p: (p[0] is None, p[0] or 0, p[1])):
        where = f"{args.file}:{line}" if line is not None else args.file
        print(f"{where}: {text}")
    if not problems:
        print(f"{args.file}: OK")
        return 0
    return 1


def cmd_variants(args: argparse.Namespace) -> int:
    from .catalogue import broken_variants, variant_ids

    for vid in variant_ids():
        print(vid)
    broken = broken_variants()
    if broken:
        print(f"\nnot playable ({len(broken)}):")
        for name, reason in broken.items():
            print(f"  {name}: {reason}")
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from .engine.command import run_play

    return run_play(args, _game)


def cmd_uci(args: argparse.Namespace) -> int:
    from .protocols.uci import main as uci_main

    return uci_main()


def cmd_xboard(args: argparse.Namespace) -> int:
    from itertools import chain

    from .protocols.early import answer_protover_early
    from .protocols.output import LineWriter, text_stdin

    stream = text_stdin()
    first_commands = answer_protover_early(stream, LineWriter())
    from .protocols.xboard import main as xboard_main

    tune_after_startup()
    return xboard_main(chain(first_commands, stream))


def cmd_import_ini(args: argparse.Namespace) -> int:
    from .files import read_user_file
    from .iniimport import import_ini

    try:
        text = import_ini(read_user_file(args.file))
    except (RulesError, OSError) as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 1
    out = args.output or str(args.file).rsplit(".", 1)[0] + ".toml"
    with open(out, "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"wrote {out}")
    return cmd_check(argparse.Namespace(file=out))


def cmd_export_ini(args: argparse.Namespace) -> int:
    from .iniexport import export_ini

    try:
        print(export_ini(args.variant), end="")
    except RulesError as exc:
        print(f"{args.variant}: {exc}", file=sys.stderr)
        return 1
    return 0


def cmd_tablebase(args: argparse.Namespace) -> int:
    from .tablebase.command import run

    return run(args)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rules", description="Rules of the fairy chess variants.")
    sub = parser.add_subparsers(dest="command", required=True)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("variant", help="variant id (see 'variants')")
        p.add_argument("--fen", help="start from this position text instead of the standard start")
        p.add_argument("--option", "-o", action="append", metavar="NAME=VALUE", help="a rule option")

    p = sub.add_parser("perft", help="count leaf nodes of the legal move tree")
    game_args(p)
    p.add_argument("depth", type=int)
    p.add_argument("--divide", action="store_true", help="count per first move")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("moves", help="list the legal moves, in SAN and coordinate text")
    game_args(p)
    p.add_argument("--move", "-m", action="append", metavar="MOVE",
                   help="play this move first (SAN such as Nf3, or coordinate text such as g1f3); repeatable")
    p.add_argument("--coordinates", action="store_true", help="print only the coordinate text of each move")
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("check", help="validate a variant data file and report every error with its line")
    p.add_argument("file")
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("import-ini", help="write Fairy-Stockfish's variants.ini as our variant file, then check it")
    p.add_argument("file")
    p.add_argument("-o", "--output", help="the TOML file to write (default: FILE with .toml)")
    p.set_defaults(func=cmd_import_ini)
    p = sub.add_parser("export-ini", help="print a variant as a Fairy-Stockfish variants.ini section")
    p.add_argument("variant")
    p.set_defaults(func=cmd_export_ini)
    p = sub.add_parser("play", help="play computer-against-computer games and print results and moves")
    game_args(p)
    from .engine.command import add_play_arguments

    add_play_arguments(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("variants", help="list the variant ids")
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser("tablebase", help="build an endgame table and print its statistics (docs/tablebase.md)")
    from .tablebase.command import add_arguments

    add_arguments(p)
    p.set_defaults(func=cmd_tablebase)

    p = sub.add_parser("uci", help="run the engine over UCI on standard input and output (docs/engines.md)")
    p.set_defaults(func=cmd_uci)
    p = sub.add_parser("xboard", help="run the engine over XBoard protocol 2 on standard input and output")
    p.set_defaults(func=cmd_xboard)
    return parser


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv) == ["xboard"]:
        # Before the parser, whose sub-commands load the engine: see rules.protocols.early.
        return cmd_xboard(argparse.Namespace())
    parser = build_parser()
    args = parser.parse_args(argv)
    tune_after_startup()  # engine games and perft run long: see rules.gctune
    try:
        return int(args.func(args))
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
