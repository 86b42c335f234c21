"""``Rules.captures_on(pos, ctx, target)``: every pseudo-legal capture on one square.

It asks only the pieces that might capture there for their moves; the rule under test
is that it lists exactly the moves of the full pseudo-legal list that capture on the
target, for every enemy-occupied square, along seeded random games in every variant.
"""

from __future__ import annotations

import random

import pytest
from playout import play_on

import rules


@pytest.mark.parametrize("variant", rules.variant_ids())
def test_the_same_captures_as_the_full_list(variant: str) -> None:
    assert compare_along_a_game(rules.new_game(variant), f"captures-on/{variant}", 40)


@pytest.mark.parametrize("seed", range(3))
def test_friendlys_power_moves_are_sieved_exactly(seed: int) -> None:
    """Friendly's pieces capture by powers (withdrawal, locust, rifle, the Chicken's retreat,
    the Patient Pawn's step) beyond their Betza moves: longer games, both Hia options."""
    options = {"hia_affects": "all"} if seed % 2 else {}
    assert compare_along_a_game(rules.new_game("friendly", options=options), f"captures-on/friendly/{seed}", 90)


def compare_along_a_game(game: rules.Game, seed: str, plies: int) -> int:
    """Compare square by square along a seeded game; the number of targets with captures."""
    rng = random.Random(seed)
    r = game.rules
    pos = game.pos.copy()
    checked = 0
    for ply in range(150):
        if ply >= plies and checked:
            break
        ctx = r.context(pos)
        full = r.pseudo_moves(pos, ctx)
        for target, p in enumerate(pos.board[: r.geo.board_size]):
            if p is None or p.color == pos.turn:
                continue
            expected = {m for m in full if target in m.caps}
            assert set(r.captures_on(pos, ctx, target)) == expected, (pos, r.geo.names[target])
            checked += bool(expected)
        if not play_on(r, pos, rng):
            break
    return checked  # some capture came up along the game
