"""How games end: one judge for :class:`~rules.ruleset.Rules`, the game and the search.

The variant's end rules are data (:class:`~rules.outcomes.Outcomes`); this module applies
them to a position: the loss of every royal piece, the rules judged after every move (goal,
checks, extinction, bare king), mate and stalemate, the powers' own results, the move-count
rule, and repetition (whose count the caller keeps, as only it knows the history).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import Move

# The rules judged after every move still live beside their data: the search imports them
# from there, and moves with them when it asks this module instead.
from .outcomes import Outcomes, stalemate_result
from .outcomes import judge as each_move_result
from .position import Position

if TYPE_CHECKING:
    from .ruleset import Rules

#: (winner colour or None for a draw, reason in words)
Verdict = tuple[int | None, str]
#: How often one position must have stood for the game to be drawn by repetition.
REPETITIONS_FOR_DRAW = 3


def outcome(
    rules: Rules, pos: Position, legal: list[Move], royal_sides: tuple[bool, bool] = (True, True)
) -> Verdict | None:
    """(winner colour or None for a draw, reason) if the game is over, else None.

    ``royal_sides`` says which sides started the game with royal pieces: a side
    set up without any (a study of a few pieces) cannot lose by having none.
    Repetition needs the game's history: see :func:`repetition`.
    """
    mover = pos.turn
    if lost_all_royals(rules, pos, mover, royal_sides):
        names = " and ".join(rules.types[k].name for k in sorted(rules.royal_kinds))
        return (1 - mover, f"all {names} pieces captured")
    if rules.outcomes.judged_each_move:
        judged = each_move_result(rules, pos)
        if judged is not None:
            return judged
    if not legal and not _actions_open_moves(rules, pos, len(rules.legal_actions(pos))):
        if rules.in_check(pos, mover):
            last = pos.last_move()
            losing = rules.drop_mate_loses
            if losing and last is not None and last.kind == "drop" and last.choice in losing:
                name = rules.types[str(last.choice)].name
                return (mover, f"checkmate by a dropped {name}, which loses")
            return (1 - mover, "checkmate")
        return stalemate_result(rules.outcomes, mover)
    for power in rules.outcome_powers:
        found = power.outcome(pos, legal)
        if found is not None:
            return found
    return move_rule_result(rules, pos)


def lost_all_royals(rules: Rules, pos: Position, color: int, royal_sides: tuple[bool, bool] = (True, True)) -> bool:
    """Has ``color`` lost by having no royal piece left (where the variant says so)?"""
    return bool(
        rules.variant.lose_without_royals and rules.royal_kinds and royal_sides[color] and not pos.royals[color]
    )


def move_rule_plies(outcomes: Outcomes, variant_options: dict[str, Any], options: dict[str, Any]) -> int:
    """Plies without a reset that draw the game (0: no such rule, or its option is off)."""
    if "fifty_move_rule" in variant_options and options.get("fifty_move_rule", True):
        return 2 * outcomes.move_rule
    return 0


def move_rule_result(rules: Rules, pos: Position) -> Verdict | None:
    """The draw by the move-count rule, if the position has reached it."""
    if rules.move_rule_plies and pos.halfmove >= rules.move_rule_plies:
        moves = rules.outcomes.move_rule
        return (None, "fifty-move rule" if moves == 50 else f"{moves}-move rule")
    return None


def repetition(times_seen: int) -> Verdict | None:
    """The draw by repetition, when the position has now stood ``times_seen`` times."""
    return (None, "threefold repetition") if times_seen >= REPETITIONS_FOR_DRAW else None


def _actions_open_moves(rules: Rules, pos: Position, depth: int) -> bool:
    """Could actions that do not pass the turn (switches) give the side to move a legal move?"""
    if depth <= 0 or not rules.action_powers:
        return False
    for action in rules.legal_actions(pos):
        pos.push(action)
        try:
            if rules.legal_moves(pos) or _actions_open_moves(rules, pos, depth - 1):
                return True
        finally:
            pos.pop()
    return False
