"""``Rules.is_attacked``: a piece is attacked exactly when a move of the other side takes it.

Check, the Chicken Pawn's retreat and the engine's exchange tests all ask whether a square
is attacked. The answer comes from attack tables, and for pieces whose captures no table
holds (the dragons' pass-through and fire breath, the Windmill, borrowed moves) from
generating the moves of only those pieces that might reach the square. The rule under
test: for every piece of the side to move, along seeded random games, it is attacked by
the other side exactly when the other side's full pseudo-legal list has a move capturing
it.
"""

from __future__ import annotations

import random

import pytest
from playout import play_on

import rules


@pytest.mark.parametrize(
    ("variant", "plies"),
    [
        ("flight-and-ferry", 120),  # dragons: pass-through and fire breath take Ferry passengers
        ("pocket43", 60),  # the Windmill turns round a pivot
        ("ultimate-cuisinart", 60),  # bent riders
        ("mega-blender", 60),
        ("friendly", 25),  # borrowed moves and power captures
        ("chess", 60),
    ],
)
def test_attacked_exactly_when_a_move_takes_it(variant: str, plies: int) -> None:
    game = rules.new_game(variant)
    r = game.rules
    pos = game.pos.copy()
    rng = random.Random(f"is-attacked/{variant}")
    attacked = 0
    for _ in range(plies):
        them = 1 - pos.turn
        pos.turn = them
        theirs = r.pseudo_moves(pos, r.context(pos))
        pos.turn = 1 - them
        for target, p in enumerate(pos.board[: r.geo.board_size]):
            if p is None or p.color == them:
                continue
            expected = any(target in m.caps for m in theirs)
            assert r.is_attacked(pos, target, them) == expected, (str(pos), r.geo.names[target])
            attacked += expected
        if not play_on(r, pos, rng):
            break
    assert attacked  # the games came to attacks at all
