"""The borrowing power's attack bound (``may_attack``) lets legality checks skip building a
position's powers when no piece could reach the last Friend. It must never say "no" where an
attack exists: checked square by square against the exact test in positions from random play.
"""

from __future__ import annotations

import random

import rules


def test_attack_bound_never_misses_an_attack() -> None:
    misses = []
    for seed in range(2):
        rng = random.Random(seed)
        g = rules.new_game("friendly", options={"hia_affects": "all"} if seed else {})
        r = g.rules
        bound = r.power_objects["borrowing"]
        for ply in range(60):
            moves = g.legal_moves()
            if g.result is not None or not moves:
                break
            if ply % 15 == 14:
                ctx = r.context(g.pos)
                for target in range(r.geo.board_size):
                    for by in (0, 1):
                        if r.is_attacked(g.pos, target, by, ctx) and not bound.may_attack(g.pos, target, by):
                            misses.append((g.fen(), r.geo.names[target], by))
            captures = [m for m in moves if m.captures]
            g.play(rng.choice(captures if captures and rng.random() < 0.4 else moves))
    assert misses == []
