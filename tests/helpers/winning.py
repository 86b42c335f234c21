"""Brute force over the rules, for checking the engine's wins: who has lost, which moves win at once."""

from __future__ import annotations

from rules.moves import Move
from rules.position import Position


def lost(pos: Position) -> bool:
    """The game is over and the side to move has lost (mate, or the variant's own rule)."""
    r = pos.rules
    found = r.outcome(pos, r.legal_moves(pos))
    return found is not None and found[0] == 1 - pos.turn


def winning_moves(pos: Position) -> list[Move]:
    """The legal moves after which the opponent has lost, in the rules' order."""
    r = pos.rules
    out = []
    for m in r.legal_moves(pos):
        pos.push(m)
        if lost(pos):
            out.append(m)
        pos.pop()
    return out
