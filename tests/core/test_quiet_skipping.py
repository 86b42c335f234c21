"""``Rules.pseudo_moves(quiet=False)``: every capture and promotion is still listed.

The engine's quiescence asks only for captures and promotions; plain pieces then skip
their non-captures. Checked against the full list along seeded random games in every
variant (the rule under test: the same captures and promotions, whatever is skipped).
"""

from __future__ import annotations

import random

import pytest

import rules


def _tactical(moves: list[rules.Move]) -> set[rules.Move]:
    return {m for m in moves if m.caps or m.promotion}


@pytest.mark.parametrize("variant", rules.variant_ids())
def test_captures_and_promotions_are_all_kept(variant: str) -> None:
    rng = random.Random(f"quiet-skip/{variant}")
    game = rules.new_game(variant)
    r = game.rules
    pos = game.pos.copy()
    skipped_some = False
    for _ in range(60):
        ctx = r.context(pos)
        full = r.pseudo_moves(pos, ctx)
        lean = r.pseudo_moves(pos, ctx, quiet=False)
        assert _tactical(lean) == _tactical(full), pos
        assert set(lean) <= set(full)
        skipped_some = skipped_some or len(lean) < len(full)
        legal = r.legal_moves(pos)
        if not legal or r.outcome(pos, legal) is not None:
            break
        # Prefer captures now and then, so that exchanges and promotions come up.
        tactical = [m for m in legal if m.caps or m.promotion]
        pos.push(rng.choice(tactical if tactical and rng.random() < 0.4 else legal))
    if variant == "chess":
        assert skipped_some  # where nothing but promotion transforms moves, quiet moves are skipped
