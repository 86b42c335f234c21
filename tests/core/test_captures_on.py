"""``Rules.captures_on(pos, ctx, target)``: every pseudo-legal capture on one square.

It asks only the pieces that might capture there for their moves; the rule under test
is that it lists exactly the moves of the full pseudo-legal list that capture on the
target, for every enemy-occupied square, along seeded random games in every variant.
"""

from __future__ import annotations

import random

import pytest

import rules


@pytest.mark.parametrize("variant", rules.variant_ids())
def test_the_same_captures_as_the_full_list(variant: str) -> None:
    rng = random.Random(f"captures-on/{variant}")
    game = rules.new_game(variant)
    r = game.rules
    pos = game.pos.copy()
    checked = 0
    for ply in range(150):
        if ply >= 40 and checked:
            break
        ctx = r.context(pos)
        full = r.pseudo_moves(pos, ctx)
        for target, p in enumerate(pos.board[: r.geo.board_size]):
            if p is None or p.color == pos.turn:
                continue
            expected = {m for m in full if target in m.caps}
            assert set(r.captures_on(pos, ctx, target)) == expected, (pos, r.geo.names[target])
            checked += bool(expected)
        legal = r.legal_moves(pos)
        if not legal or r.outcome(pos, legal) is not None:
            break
        tactical = [m for m in legal if m.caps]
        pos.push(rng.choice(tactical if tactical and rng.random() < 0.4 else legal))
    assert checked  # some capture came up along the game
