"""How long SAN and PGN take: per ply, the SAN of every legal move (disambiguation table) and
of the move played (with its check sign); per game, writing and reading its record.

    .venv/bin/python bench/san_pgn.py [plies]

Prints figures only; no test depends on them."""

from __future__ import annotations

import random
import sys
import time

import rules
from rules.san import san_table


def main() -> None:
    plies = int(sys.argv[1]) if len(sys.argv) > 1 else 80
    print(f"{'variant':<20} {'plies':>5} {'table ms/ply':>13} {'san ms/ply':>11} {'write s':>8} {'read s':>7}")
    for variant in rules.variant_ids():
        rnd = random.Random(1)
        game = rules.new_game(variant)
        table_time = san_time = 0.0
        for _ in range(plies):
            moves = game.legal_moves() + game.legal_actions()
            if not moves or game.result is not None:
                break
            start = time.perf_counter()
            san_table(game.rules, game.pos, moves)
            table_time += time.perf_counter() - start
            move = rnd.choice(moves)
            start = time.perf_counter()
            game.san(move)
            san_time += time.perf_counter() - start
            game.play(move)
        start = time.perf_counter()
        text = rules.game_record(game)
        wrote = time.perf_counter() - start
        start = time.perf_counter()
        rules.load_game(text)
        read = time.perf_counter() - start
        n = max(game.ply, 1)
        print(f"{variant:<20} {game.ply:>5} {1000 * table_time / n:>13.2f} {1000 * san_time / n:>11.2f} "
              f"{wrote:>8.2f} {read:>7.2f}")


if __name__ == "__main__":
    main()
