"""Speed of A Friendly Game's rules: what the app pays on each click, and perft(2).

Run: ``.venv/bin/python bench/friendly.py [--repeat N]``

For the start position and a prepared middle game (Friends borrowing, some through other
Friends, borrowed and real Hia zones, a frozen piece), prints the median time of one
legal-move generation plus explanation from a cold context cache (what a click costs when
the position is new), the same with the context already cached (later clicks on that
position), and perft(2) nodes per second. Target: median under 10 ms per position.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from rules.perft import perft  # noqa: E402

MIDDLE_GAME = (
    "tMdc{pb}{pt}1f1smt/j1el1ggdbxih/1p1{pc}{pt}a{ps}1{pc}{pb}p{pm}/3{ps}o4c2/{pm}6f4/6F5/1f6F1O1/"
    "S1B5f2F/1P2m7/{PM}2{PC}{PT}{PS}{PS}{PT}{PC}{PB}P{PM}/HIXG{PB}G1AL2J/T1DC1F1ECDMT w - - 8 19"
)


def click_cost(game: rules.Game, repeat: int, cold: bool) -> list[float]:
    rules_ = game.rules
    pos = game.pos
    samples = []
    for _ in range(repeat):
        if cold:
            rules_._ctx_cache.clear()
        start = time.perf_counter()
        rules_.legal_moves(pos)
        rules_.explain(pos)
        samples.append(time.perf_counter() - start)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    positions = {
        "start": rules.new_game("friendly"),
        "middle game": rules.new_game("friendly", fen=MIDDLE_GAME),
    }
    for name, game in positions.items():
        facts = game.explain()
        borrowing = sum(1 for f in facts["borrowing"]["friends"] if f["lenders"])
        cascades = sum(1 for f in facts["borrowing"]["friends"] for x in f["lenders"] if x["via"])
        zones = sum(1 for s in facts["hia"]["sources"] if s["active"])
        frozen = len(facts["freeze"]["frozen"])
        moves = len(game.legal_moves())
        cold = click_cost(game, args.repeat, cold=True)
        warm = click_cost(game, args.repeat, cold=False)
        start = time.perf_counter()
        nodes = perft(game.pos, 2)
        elapsed = time.perf_counter() - start
        print(f"{name}: {moves} legal moves; {borrowing} Friends borrowing ({cascades} cascaded lendings), "
              f"{zones} active Hia sources, {frozen} frozen")
        print(f"  legal moves + explanation, cold context: median {statistics.median(cold) * 1000:.2f} ms "
              f"(min {min(cold) * 1000:.2f}, max {max(cold) * 1000:.2f})")
        print(f"  legal moves + explanation, cached context: median {statistics.median(warm) * 1000:.2f} ms")
        print(f"  perft(2) = {nodes} nodes in {elapsed:.2f} s: {nodes / elapsed:,.0f} nodes/s")


if __name__ == "__main__":
    main()
