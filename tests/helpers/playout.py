"""Seeded random play for tests that check a rule position by position along a game."""

from __future__ import annotations

import random

import rules
from rules.position import Position


def play_on(r: rules.Rules, pos: Position, rng: random.Random) -> bool:
    """Make one random legal move on ``pos`` (a capture two times in five where there is
    one, so that games come to exchanges); False, and no move, once the game is over."""
    legal = r.legal_moves(pos)
    if not legal or r.outcome(pos, legal) is not None:
        return False
    tactical = [m for m in legal if m.caps]
    pos.push(rng.choice(tactical if tactical and rng.random() < 0.4 else legal))
    return True
