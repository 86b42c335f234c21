"""Speed of A Friendly Game's rules: what the app pays on each click, and perft(2).

Run: ``.venv/bin/python bench/friendly.py [--repeat N]``

For the start position and a prepared middle game (Friends borrowing, some through other
Friends, borrowed and real Hia zones, a frozen piece), prints the median time of one
legal-move generation plus explanation from a cold context cache (what a click costs when
the position is new), the same with the context already cached (later clicks on that
position), and perft(2) nodes per second. Target: median under 10 ms per position.
For information it also measures a late position where each side is down to its last,
royal Friend, so every move must be checked for leaving it attacked.

Times are wall-clock; the CPU time of this process is printed beside them, because other
work on a shared machine inflates the wall-clock figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import rules  # noqa: E402
from rules.explain import explain  # noqa: E402
from rules.perft import perft  # noqa: E402

ENDGAME = (
    "3c1{ps}cxm3/1j{pc}7gC/1g1t1a{ps}4{pm}/{pm}3{pt}2{pt}T1pb/1pG2C1e4/1d6{pb}t2/o7{PS}3/{PM}P2D2M4/"
    "3{PB}2A{PS}L1PE/3{PC}{PT}2{PT}1{PB}1{PM}/H1X1I1fF2OJ/T3m1i2M2 w - - 1 96 "
    "captured=GB{PC}DSFFF/{pb}{pc}dsfffhl"
)
MIDDLE_GAME = (
    "tMdc{pb}{pt}1f1smt/j1el1ggdbxih/1p1{pc}{pt}a{ps}1{pc}{pb}p{pm}/3{ps}o4c2/{pm}6f4/6F5/1f6F1O1/"
    "S1B5f2F/1P2m7/{PM}2{PC}{PT}{PS}{PS}{PT}{PC}{PB}P{PM}/HIXG{PB}G1AL2J/T1DC1F1ECDMT w - - 8 19"
)


def click_cost(game: rules.Game, repeat: int, cold: bool) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds of legal moves plus explanation, ``repeat`` times."""
    rules_ = game.rules
    pos = game.pos
    wall, cpu = [], []
    for _ in range(repeat):
        if cold:
            rules_.contexts.clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        rules_.legal_moves(pos)
        explain(rules_, pos)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    positions = {
        "start": (rules.new_game("friendly"), True),
        "middle game": (rules.new_game("friendly", fen=MIDDLE_GAME), True),
        "endgame, royal Friends": (rules.new_game("friendly", fen=ENDGAME), False),
    }
    for name, (game, with_perft) in positions.items():
        facts = game.explain()
        borrowing = sum(1 for f in facts["borrowing"]["friends"] if f["lenders"])
        cascades = sum(1 for f in facts["borrowing"]["friends"] for x in f["lenders"] if x["via"])
        zones = sum(1 for s in facts["hia"]["sources"] if s["active"])
        frozen = len(facts["freeze"]["frozen"])
        moves = len(game.legal_moves())
        cold, cold_cpu = click_cost(game, args.repeat, cold=True)
        warm, warm_cpu = click_cost(game, args.repeat, cold=False)
        print(f"{name}: {moves} legal moves; {borrowing} Friends borrowing ({cascades} cascaded lendings), "
              f"{zones} active Hia sources, {frozen} frozen")
        print(f"  legal moves + explanation, cold context: median {ms(cold)} (CPU {ms(cold_cpu)}; "
              f"min {min(cold) * 1000:.2f}, max {max(cold) * 1000:.2f})")
        print(f"  legal moves + explanation, cached context: median {ms(warm)} (CPU {ms(warm_cpu)})")
        if with_perft:
            start, start_cpu = time.perf_counter(), time.process_time()
            nodes = perft(game.pos, 2)
            elapsed, elapsed_cpu = time.perf_counter() - start, time.process_time() - start_cpu
            print(f"  perft(2) = {nodes} nodes in {elapsed:.2f} s: {nodes / elapsed:,.0f} nodes/s "
                  f"({nodes / elapsed_cpu:,.0f} per CPU second)")


if __name__ == "__main__":
    main()
