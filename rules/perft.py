"""Perft: count the leaf nodes of the legal move tree, the standard generator check."""

from __future__ import annotations

from .position import Position


def perft(pos: Position, depth: int) -> int:
    rules = pos.rules
    if depth == 0:
        return 1
    moves = rules.legal_moves(pos)
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        pos.push(m)
        total += perft(pos, depth - 1)
        pos.pop()
    return total


def divide(pos: Position, depth: int) -> dict[str, int]:
    out: dict[str, int] = {}
    for m in pos.rules.legal_moves(pos):
        pos.push(m)
        out[str(m)] = perft(pos, depth - 1) if depth > 1 else 1
        pos.pop()
    return out
