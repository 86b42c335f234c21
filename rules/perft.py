"""Perft: count the leaf nodes of the legal move tree, the standard generator check.

A position whose game is over has no moves: the rules judged after every move (goal,
checks, extinction, bare king) are applied by ``Rules.legal_moves`` itself, and the loss of
every royal piece here, for the sides that had royal pieces at the root (as a Game does).
"""

from __future__ import annotations

from .judge import lost_all_royals
from .moves import Move
from .position import Position


def perft(pos: Position, depth: int) -> int:
    """Leaf nodes ``depth`` plies below ``pos``."""
    royal_sides = (bool(pos.royals[0]), bool(pos.royals[1]))
    return _perft(pos, depth, royal_sides)


def _legal(pos: Position, royal_sides: tuple[bool, bool]) -> list[Move]:
    rules = pos.rules
    if lost_all_royals(rules, pos, pos.turn, royal_sides):
        return []
    return rules.legal_moves(pos)


def _perft(pos: Position, depth: int, royal_sides: tuple[bool, bool]) -> int:
    if depth == 0:
        return 1
    moves = _legal(pos, royal_sides)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        pos.push(m)
        total += _perft(pos, depth - 1, royal_sides)
        pos.pop()
    return total


def divide(pos: Position, depth: int) -> dict[str, int]:
    """Each legal move's leaf count ``depth - 1`` plies below it."""
    royal_sides = (bool(pos.royals[0]), bool(pos.royals[1]))
    out: dict[str, int] = {}
    for m in _legal(pos, royal_sides):
        pos.push(m)
        out[str(m)] = _perft(pos, depth - 1, royal_sides) if depth > 1 else 1
        pos.pop()
    return out
