"""Does a weight change alter the engine's moves at all? A benchmark aid, never a test.

A Flight and Ferry verdict against 7054b60 takes about two hours. Before one is played,
this screen asks whether the candidate changes anything the search decides: from positions
of a ``bench/engine_baseline.py --log`` file, today's engine searches to a fixed depth with
the variant's weights and again with the weights given, and the positions where the best
move differs are listed with both moves and scores. A change that alters no move cannot
show in a match, and one that alters most moves is not a small step.

    .venv/bin/python bench/move_changes.py /tmp/ff.log --weights army-balance=0.5
    .venv/bin/python bench/move_changes.py /tmp/ff.log --weights vehicle=0 --depth 4 --every 3 --plies 70 110 150
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import rules
from rules.engine import Engine, Limits
from rules.errors import VariantFileError
from rules.gctune import tune_after_startup


def parse_weights(items: list[str]) -> dict[str, float]:
    """``name=value`` pairs as a weights mapping; a bad pair stops the run with its text."""
    weights: dict[str, float] = {}
    for item in items:
        name, sep, value = item.partition("=")
        try:
            if not sep or not name:
                raise ValueError
            weights[name] = float(value)
        except ValueError:
            raise SystemExit(f"--weights wants name=number pairs, not {item!r}") from None
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", type=Path)
    parser.add_argument("--weights", nargs="+", required=True, help="the candidate's weights, name=value")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--every", type=int, default=3, help="take every n-th game of the log")
    parser.add_argument("--plies", type=int, nargs="+", default=[70, 110, 150], help="plies to stop at in each game")
    args = parser.parse_args()
    candidate = parse_weights(args.weights)
    tune_after_startup()
    positions = changed = 0
    for line in args.log.read_text().splitlines():
        logged = json.loads(line)
        if logged["game"] % args.every:
            continue
        game = rules.new_game(logged["variant"])
        for ply, text in enumerate(logged["moves"]):
            if ply in args.plies:
                found: list[tuple[str, int]] = []
                for weights in (None, candidate):
                    try:
                        engine = Engine(game.rules, "strongest", weights=weights)
                    except VariantFileError as error:  # an unknown term name
                        raise SystemExit(f"--weights: {error}") from None
                    result = engine.search(game.pos.copy(), Limits(depth=args.depth))
                    found.append((game.san(result.best_move), result.score))
                positions += 1
                differs = found[0][0] != found[1][0]
                changed += differs
                print(
                    f"game {logged['game']:2} ply {ply:3}: today {found[0][0]:>10} {found[0][1]:+6}"
                    f"   candidate {found[1][0]:>10} {found[1][1]:+6}{'   changed' if differs else ''}",
                    flush=True,
                )
            game.play(text)
    print(f"{changed} of {positions} moves changed at depth {args.depth} ({' '.join(args.weights)})")


if __name__ == "__main__":
    main()
