"""What a repetition means: perpetual check, perpetual chase, and the repetition's own result,
as Fairy-Stockfish judges them (its ``Position::is_optional_game_end``).

When repetition ends the game (the position stands for the ``repetitions``th time), the
stretch of the game from the first of those occurrences to now is looked at, in this order:

1. **Perpetual check** (``perpetual_check = "loss"``): a side that gave check with every one
   of its moves in the stretch loses; if both sides did, the game is drawn.
2. **Perpetual chase** (``perpetual_chase = "loss"``, rules/chasing.py): a side whose every
   move chased one same enemy piece (followed as it moves) loses; both sides so: a draw. The
   side that completed the repetition is judged over one move more than the other, the move
   that led to the first occurrence (as Fairy-Stockfish counts).
3. Otherwise the repetition's own result (``repetition_result``): a draw, a loss or a win for
   the side whose move completed it, or a loss for a fixed side.

A draw is then left to the variant's powers (Janggi's material count).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .chasing import chased
from .judge import Verdict, repetition
from .moves import Move
from .outcomes import Outcomes
from .position import Position

if TYPE_CHECKING:
    from .ruleset import Rules


def repetition_verdict(rules: Rules, pos: Position, keys: list[int], times_seen: int) -> Verdict | None:
    """The result of the repetition ``pos`` stands in (None: the game goes on).

    ``keys`` are the repetition keys of the game's positions, oldest first, ending with
    ``pos``'s; the position has stood ``times_seen`` times."""
    out = rules.outcomes
    found = repetition(times_seen, out)
    if found is None:
        return None
    times = out.repetition_automatic if out.repetition_claimed else out.repetitions
    decided = perpetual_verdict(rules, pos, keys, times)
    if decided is None:
        decided = _plain_result(out, pos.turn, found[1])
    if decided[0] is None:  # a drawn repetition a power may decide
        for power in rules.repetition_powers:
            decided = power.repetition_verdict(pos, decided[1]) or decided
    return decided


def _plain_result(out: Outcomes, mover: int, reason: str) -> Verdict:
    """``repetition_result`` applied: ``mover`` is the side to move (the other completed it)."""
    completer = 1 - mover
    word = out.repetition_result
    if word == "loss":
        return (mover, reason)
    if word == "win":
        return (completer, reason)
    if word == "white-loses":
        return (1, reason)
    if word == "black-loses":
        return (0, reason)
    return (None, reason)


def perpetual_verdict(rules: Rules, pos: Position, keys: list[int], times: int) -> Verdict | None:
    """The perpetual check or chase result of the repetition just reached, or None where
    neither rule decides it (of the last ``times`` occurrences)."""
    out = rules.outcomes
    if out.perpetual_check != "loss" and out.chasing is None:
        return None
    seen = [i for i, key in enumerate(keys) if key == keys[-1]]
    if len(seen) < times or times < 2:
        return None
    plies = len(keys) - 1 - seen[-times]
    first_is_start = seen[-times] == 0
    checked = [True, True]  # checked[s]: side s was in check whenever it was to move
    # chases[k]: what the move into the position k plies back chased (squares in that position),
    # with that move; one more than the stretch for the side that completed the repetition.
    chases: list[tuple[set[int], Move]] = []
    chase = out.chasing
    undone: list[Move] = []
    try:
        for k in range(plies + 1):
            side = pos.turn
            if k < plies and checked[side] and not rules.in_check(pos, side):
                checked[side] = False
            if k == plies and (first_is_start or chase is None):
                break
            after = pos.copy() if chase is not None else None
            move = pos.pop()
            undone.append(move)
            if chase is not None and after is not None:
                chases.append((chased(rules, chase, pos, after, move), move))
    finally:
        for move in reversed(undone):
            pos.push(move)
    mover = pos.turn  # "us": the side to move; "them" completed the repetition
    # The side that gave every check is the other one.
    perpetual = [checked[1], checked[0]]
    if out.perpetual_check == "loss" and (perpetual[0] or perpetual[1]):
        if perpetual[0] and perpetual[1]:
            return (None, "perpetual check by both sides")
        return (1 - next(side for side in (0, 1) if perpetual[side]), "perpetual check")
    if chase is None:
        return None
    them = _followed(chases, 0)
    us = _followed(chases, 1)
    if not them and not us:
        return None
    if them and us:
        return (None, "perpetual chase by both sides")
    chaser = 1 - mover if them else mover
    return (1 - chaser, "perpetual chase")


def _followed(chases: list[tuple[set[int], Move]], start: int) -> set[int]:
    """The pieces chased by every move of one side, oldest move last: ``chases[start]``,
    ``chases[start + 2]``...; each set is followed back through the other side's move between
    (a chased piece that moved is looked for where it stood before)."""
    if start >= len(chases):
        return set()
    found = set(chases[start][0])
    for k in range(start + 2, len(chases), 2):
        found = _undo(found, chases[k - 1][1]) & chases[k][0]
        if not found:
            break
    return found


def _undo(squares: set[int], move: Move) -> set[int]:
    """``squares`` as they stood before ``move`` (a piece that it moved is back on its origin)."""
    if move.o >= 0 and move.d in squares:
        return (squares - {move.d}) | {move.o}
    return squares
