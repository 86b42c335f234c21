"""How games end: one judge for :class:`~rules.ruleset.Rules`, the game and the search.

The variant's end rules are data (:class:`~rules.outcomes.Outcomes`); this module applies
them to a position: the loss of every royal piece, the rules judged after every move (goal,
checks, extinction, bare king), mate and stalemate, the powers' own results, the move-count
rule, and repetition (whose count the caller keeps, as only it knows the history). Where a
variant says so, the move-count rule and repetition give the side to move the right to claim a
draw (:func:`move_rule_claim`, :func:`repetition_claim`) instead of ending the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .moves import Move
from .outcomes import DEFAULT_OUTCOMES, Outcomes
from .position import Position

if TYPE_CHECKING:
    from .ruleset import Rules

#: (winner colour or None for a draw, reason in words)
Verdict = tuple[int | None, str]


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
    for power in rules.final_powers:  # decided whatever moves are left (bikjang)
        found = power.outcome(pos, legal)
        if found is not None:
            return found
    if not legal and not actions_open_moves(rules, pos, len(rules.legal_actions(pos))):
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
    """The draw the move-count rule makes by itself, if the position has reached it.

    Where the variant lets the draw be claimed (:func:`move_rule_claim`), only its
    automatic limit (FIDE's seventy-five moves) ends the game."""
    if not rules.move_rule_plies:
        return None
    out = rules.outcomes
    moves = out.move_rule_automatic if out.move_rule_claimed else out.move_rule
    if moves and pos.halfmove >= 2 * moves:
        return (None, move_rule_words(moves))
    return None


def move_rule_claim(rules: Rules, pos: Position) -> str | None:
    """The move-count rule's reason, if the side to move may now claim a draw by it."""
    out = rules.outcomes
    if out.move_rule_claimed and rules.move_rule_plies and pos.halfmove >= rules.move_rule_plies:
        return move_rule_words(out.move_rule)
    return None


def move_rule_words(moves: int) -> str:
    """The rule's name in words: "fifty-move rule", "seventy-five-move rule", "70-move rule"."""
    return f"{_MOVE_COUNT_WORDS.get(moves, str(moves))}-move rule"


_MOVE_COUNT_WORDS = {50: "fifty", 75: "seventy-five"}


def repetition(times_seen: int, outcomes: Outcomes = DEFAULT_OUTCOMES) -> Verdict | None:
    """The draw repetition makes by itself, when the position has now stood ``times_seen`` times.

    Where the variant lets the draw be claimed (:func:`repetition_claim`), only its
    automatic count (FIDE's fivefold repetition) ends the game."""
    times = outcomes.repetition_automatic if outcomes.repetition_claimed else outcomes.repetitions
    if times and times_seen >= times:
        return (None, repetition_words(times))
    return None


def repetition_claim(times_seen: int, outcomes: Outcomes) -> str | None:
    """Repetition's reason, if the side to move may claim a draw now that the position has stood
    ``times_seen`` times."""
    if outcomes.repetition_claimed and times_seen >= outcomes.repetitions:
        return repetition_words(outcomes.repetitions)
    return None


def repetition_words(times: int) -> str:
    """"threefold repetition", "fivefold repetition", "7-fold repetition"."""
    return f"{_FOLD_WORDS.get(times, f'{times}-fold')} repetition"


_FOLD_WORDS = {2: "twofold", 3: "threefold", 4: "fourfold", 5: "fivefold", 6: "sixfold"}


def actions_open_moves(rules: Rules, pos: Position, depth: int) -> bool:
    """Could actions that do not pass the turn (switches) give the side to move a legal move?"""
    if depth <= 0 or not rules.action_powers:
        return False
    for action in rules.legal_actions(pos):
        pos.push(action)
        try:
            if rules.legal_moves(pos) or actions_open_moves(rules, pos, depth - 1):
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
        reached = goal_result(rules, pos)
        if reached is not None:
            return reached
    if out.check_limit:
        counts = check_counts(pos)
        for side in (last, mover):
            if counts[side] >= out.check_limit:
                return (side, f"{out.check_limit} checks")
    if out.extinction:
        for side in (last, mover):
            reason = extinct(rules, pos, side)
            if reason:
                return (_result_for(out.extinction_result, side), reason)
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


def goal_result(rules: Rules, pos: Position) -> Verdict | None:
    """The result of the goal rule: a side with a goal piece on its goal squares has won.

    With ``goal_reply`` (racing kings), White's arrival gives Black one more move: the game
    goes on while Black has a legal move that brings a goal piece onto its goal, and Black's
    arrival on that move draws. With ``goal_safe`` (Dobutsu's try), a goal piece counts only
    while no enemy piece attacks it there, and both sides arrived draws."""
    out = rules.outcomes
    mover = pos.turn
    last = 1 - mover  # the side that has just moved
    reached = [_on_goal(rules, pos, side) for side in (0, 1)]
    names = _kind_names(rules, out.goal_pieces)
    if out.goal_reply:
        if reached[0] and reached[1]:
            return (None, f"both sides' {names} reached {out.goal}")
        if reached[1]:
            return (1, f"{names} reached {out.goal}")
        if reached[0] and not (mover == 1 and _can_reach_goal(rules, pos)):
            return (0, f"{names} reached {out.goal}")
        return None
    if out.goal_safe and reached[0] and reached[1]:
        return (None, f"both sides' {names} reached {out.goal}")
    for side in (last, mover):
        if reached[side]:
            return (side, f"{names} reached {out.goal}")
    return None


def _on_goal(rules: Rules, pos: Position, side: int) -> bool:
    """Does a goal piece of ``side`` stand on its goal (with ``goal_safe``: unattacked there)?"""
    goal = rules.region(rules.outcomes.goal, side)
    pieces = rules.outcomes.goal_pieces
    board = pos.board
    if rules.royal_kinds.issuperset(pieces):
        # Royal goal pieces (King of the Hill) are found among the royal squares: asked at every
        # node of the legal move tree, this test must not walk the whole board.
        arrived = [sq for sq in pos.royals[side] if sq in goal and board[sq].kind in pieces]  # type: ignore[union-attr]
    else:
        arrived = [sq for sq, p in pos.pieces(side) if sq in goal and p.kind in pieces]
    if not rules.outcomes.goal_safe:
        return bool(arrived)
    return any(not rules.is_attacked(pos, sq, 1 - side) for sq in arrived)


def _can_reach_goal(rules: Rules, pos: Position) -> bool:
    """Has the side to move a legal move that leaves one of its goal pieces on its goal?"""
    side = pos.turn
    for move in rules.moves_by_movement(pos):
        pos.push(move)
        try:
            if _on_goal(rules, pos, side):
                return True
        finally:
            pos.pop()
    return False


def extinct(rules: Rules, pos: Position, side: int) -> str:
    """Why ``side`` has reached extinction (its pieces of an extinction kind down to
    ``extinction_count``, each kind alone or all together), in words; "" if it has not."""
    out = rules.outcomes
    limit = out.extinction_count
    counts: dict[str, int] = {}
    for _, p in pos.pieces(side):
        counts[p.kind] = counts.get(p.kind, 0) + 1
    if out.extinction_together:
        if sum(counts.get(k, 0) for k in out.extinction) <= limit:
            return "every piece lost" if not limit else f"down to {limit} piece{'s' if limit > 1 else ''}"
        return ""
    for kind in out.extinction:
        if counts.get(kind, 0) <= limit:
            name = rules.types[kind].name
            return f"every {name} captured" if not limit else f"down to {limit} {name} piece{'s' if limit > 1 else ''}"
    return ""


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
