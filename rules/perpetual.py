"""Perpetual check, as Xiangqi and Shogi rule it (``perpetual_check = "loss"`` in
``[variant.<id>.outcomes]``).

Simplified as Fairy-Stockfish implements it (``perpetualCheckIllegal``): when repetition ends
the game (the position stands for the ``repetitions``th time), look at the stretch of the game
from the first of those occurrences to now. A side that gave check with every one of its
moves in that stretch loses; if both sides did, the game is drawn; if neither did, the
repetition's own result (a draw) stands. Xiangqi's chasing rules are not part of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .judge import Verdict
from .moves import Move
from .position import Position

if TYPE_CHECKING:
    from .ruleset import Rules


def perpetual_verdict(rules: Rules, pos: Position, keys: list[int], times: int) -> Verdict | None:
    """The perpetual-check result of the repetition just reached, or None where no side gave
    check with every move since the position first stood (of the last ``times`` occurrences).

    ``keys`` are the repetition keys of the game's positions, oldest first, ending with ``pos``'s.
    """
    seen = [i for i, key in enumerate(keys) if key == keys[-1]]
    if len(seen) < times or times < 2:
        return None
    plies = len(keys) - 1 - seen[-times]
    checked = [True, True]  # checked[s]: side s was in check whenever it was to move
    undone: list[Move] = []
    try:
        for _ in range(plies):
            side = pos.turn
            if checked[side] and not rules.in_check(pos, side):
                checked[side] = False
            undone.append(pos.pop())
    finally:
        for move in reversed(undone):
            pos.push(move)
    # The side that gave every check is the other one.
    perpetual = [checked[1], checked[0]]
    if perpetual[0] and perpetual[1]:
        return (None, "perpetual check by both sides")
    for side in (0, 1):
        if perpetual[side]:
            return (1 - side, "perpetual check")
    return None
