"""Friendly: how deep the engine searches in 5 s, and how long depth 4 takes: a benchmark, never a test.

Two positions: the start, and a busy middle game (seeded random moves from the start,
so most pieces are still on the board; the piece and move counts are printed). For each,
a search limited to ``--think`` seconds reports the deepest completed iteration (every
root move searched at that depth), and a search limited to ``--depth`` (no clock) reports
its time and nodes. Each search starts from an empty Context cache, as a first search of
a position does (the depth search would otherwise reuse the Contexts of the timed one and
look a quarter faster than a user ever sees it).

    .venv/bin/python bench/friendly_depth.py
    .venv/bin/python bench/friendly_depth.py --variant friendly --think 5 --depth 4 --plies 16
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import rules
from rules.engine import Engine, Limits
from rules.gctune import tune_after_startup


def middle_game(variant: str, plies: int, seed: int) -> rules.Game:
    rng = random.Random(f"{variant}/{seed}")
    game = rules.new_game(variant)
    for _ in range(plies):
        legal = game.legal_moves()
        if not legal or game.result is not None:
            break
        # Quiet moves only, so the position stays busy (random captures empty the board).
        quiet = [m for m in legal if not m.captures] or legal
        game.play(rng.choice(sorted(quiet, key=str)))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variant", default="friendly")
    parser.add_argument("--think", type=float, default=5.0)
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--plies", type=int, default=16, help="random quiet plies to the middle game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tune_after_startup()  # as the app does (rules/gctune.py)
    middle = middle_game(args.variant, args.plies, args.seed)
    positions = [("start", rules.new_game(args.variant)), ("middle game", middle)]
    for name, game in positions:
        pieces = sum(1 for _ in game.board())
        moves = len(game.legal_moves())
        game.rules.contexts.clear()
        timed = Engine(game.rules).search(game, Limits(time=args.think))
        game.rules.contexts.clear()
        started = time.monotonic()
        deep = Engine(game.rules).search(game, Limits(depth=args.depth))
        seconds = time.monotonic() - started
        print(f"{args.variant} {name} ({pieces} pieces, {moves} legal moves): in {args.think:g} s depth "
              f"{timed.depth} ({timed.nodes} nodes, {timed.nps:.0f}/s); depth {args.depth} took {seconds:.1f} s "
              f"({deep.nodes} nodes, {deep.nodes / max(seconds, 1e-9):.0f}/s), best {deep.best_move}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
