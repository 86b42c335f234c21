"""How games end: one judge for :class:`~rules.ruleset.Rules`, the game and the search.

The variant's end rules are data (:class:`~rules.outcomes.Outcomes`); this module applies
them to a position: the loss of every royal piece, the rules judged after every move (goal,
checks, extinction, bare king), mate and stalemate, the powers' own results, the move-count
rule, and repetition (whose count the caller keeps, as only it knows the history).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import Move
from .outcomes import Outcomes
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


def _result_for(word: str, side: int) -> int | None:
    """The winner when ``word`` ("win", "loss", "draw") is the result for ``side``."""
    return side if word == "win" else 1 - side if word == "loss" else None


def stalemate_result(outcomes: Outcomes, mover: int) -> tuple[int | None, str]:
    return (_result_for(outcomes.stalemate, mover), "stalemate")


def each_move_result(rules: Rules, pos: Position) -> tuple[int | None, str] | None:
    """A result of the rules judged after every move (goal, checks, extinction, bare king)."""
    out = rules.outcomes
    mover = pos.turn
    last = 1 - mover  # the side that has just moved
    if out.goal:
        for side in (last, mover):
            goal = rules.region(out.goal, side)
            if any(p.kind in out.goal_pieces for sq, p in pos.pieces(side) if sq in goal):
                return (side, f"{_kind_names(rules, out.goal_pieces)} reached {out.goal}")
    if out.check_limit:
        counts = check_counts(pos)
        for side in (last, mover):
            if counts[side] >= out.check_limit:
                return (side, f"{out.check_limit} checks")
    if out.extinction:
        for side in (last, mover):
            have = {p.kind for _, p in pos.pieces(side)}
            gone = [k for k in out.extinction if k not in have]
            if gone:
                return (1 - side, f"every {rules.types[gone[0]].name} captured")
    if out.bare_king:
        bare = (_bare(rules, pos, 0), _bare(rules, pos, 1))
        if bare[0] and bare[1]:
            return (None, "bare kings")
        if out.bare_king_reply:
            # The bared side has had its reply: it did not bare the other side in turn.
            if bare[last]:
                return (_result_for(out.bare_king, last), "bare king")
        elif bare[mover] or bare[last]:
            side = mover if bare[mover] else last
            return (_result_for(out.bare_king, side), "bare king")
    return None


def _bare(rules: Rules, pos: Position, side: int) -> bool:
    """Has ``side`` nothing left but royal pieces (or a single piece, without royals)?"""
    own = pos.pieces(side)
    if rules.royal_kinds:
        return all(p.kind in rules.royal_kinds for _, p in own)
    return len(own) <= 1


def _kind_names(rules: Rules, kinds: tuple[str, ...]) -> str:
    return " or ".join(rules.types[k].name for k in kinds if k in rules.types)


CHECKS_KEY = "checks"


def check_counts(pos: Position) -> tuple[int, int]:
    """Checks given so far by White and by Black (position state ``checks=(w,b)``)."""
    value = pos.state.get(CHECKS_KEY)
    if not value:
        return (0, 0)
    return (int(value[0]), int(value[1]))
