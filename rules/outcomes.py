"""How games end besides checkmate, read from ``[variant.<id>.outcomes]``.

Keys (every one optional; see docs/variant-files.md):

* ``stalemate``: ``"draw"`` (default), ``"loss"`` or ``"win"`` for the side that cannot move;
* ``bare_king``: ``"loss"`` or ``"draw"``: a side left with nothing but its royal pieces;
  with ``bare_king_reply = true`` the bared side first gets its move, and baring the
  other side in turn makes the game a draw;
* ``extinction``: piece ids (or ``"all"``): a side with none left of one of them has lost;
* ``goal``: a region; a side whose ``goal_pieces`` (default: the royal pieces) stands in
  its own side's squares of it after its move has won;
* ``check_limit``: the side that gives this many checks has won (the counts are position
  state ``checks=(white,black)``, kept by the ``check-count`` power these rules switch on);
* ``move_rule``: moves by each side without a reset that draw the game (default 50, the
  ``fifty_move_rule`` option turns it off; 0 removes the rule and the option), and
  ``move_rule_resets``: what resets the count, ``"capture"``, ``"pawn"`` (a move of a piece
  with ``pawn = true``) or piece ids (a move of that kind);
* ``move_rule_claimed``: true where reaching ``move_rule`` lets the side to move claim a draw
  rather than ending the game (FIDE); ``move_rule_automatic`` is then the moves by each side
  that end it by themselves (FIDE's 75; 0: never);
* ``repetitions``: how often one position must stand for a draw (default 3);
  ``repetition_claimed`` and ``repetition_automatic`` (FIDE's 5) work as for the move rule.

The keys of the rule-keys round (rules/endrules.py reads the tables they need):

* ``extinction_count``: a side loses once it has this many or fewer of an extinction kind
  left (default 0: none left); ``extinction_together``: the kinds count together (all of a
  side's pieces, with ``extinction = "all"``); ``extinction_result``: ``"loss"`` (default) or
  ``"win"`` (antichess: losing every piece wins);
* ``goal_reply``: when White reaches the goal, Black gets one more move, and reaching the
  goal with it draws (racing kings); ``goal_safe``: a goal piece has arrived only while no
  enemy piece attacks it there (Dobutsu's try);
* ``perpetual_check``: ``"draw"`` (default) or ``"loss"``: the result, for the side that gave
  check with every move of the repeated stretch, when repetition ends the game;
* ``counting``: the counting rules of Makruk (``true`` or ``"makruk"``: board's honour,
  pieces' honour) or Sittuyin (``"asean"``), with ``counting_board`` and ``counting_pieces``.

The repetition keys (rules/perpetual.py judges them, rules/chaserules.py reads the chase's):

* ``repetition_result``: what a repetition that no perpetual check or chase decides means:
  ``"draw"`` (default), ``"loss"`` or ``"win"`` for the side whose move completes it, or
  ``"white-loses"`` / ``"black-loses"`` whoever completes it (Minishogi: White);
* ``perpetual_chase``: ``"draw"`` (default) or ``"loss"``: the result, for the side whose every
  move of the repeated stretch chased the same piece, when repetition ends the game (Xiangqi's
  chasing rule as Fairy-Stockfish plays it), with ``chase_values``, ``chase_free`` and
  ``chase_immune``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .chaserules import ChaseRule, read_chasing
from .datafields import short_repr
from .endrules import CountingRule, read_counting

RESULT_WORDS = ("draw", "loss", "win")
#: What a plain repetition means: for the side that completes it, or for a fixed side.
REPETITION_RESULTS = ("draw", "loss", "win", "white-loses", "black-loses")
#: The largest move_rule (moves by each side) and check_limit read.
MAX_MOVE_RULE = 1000
MAX_CHECK_LIMIT = 100
#: The most times one position may be asked to stand for a draw by repetition.
MAX_REPETITIONS = 100
#: The largest extinction_count read.
MAX_EXTINCTION_COUNT = 64


@dataclass(frozen=True)
class Outcomes:
    """A variant's end rules besides checkmate and the loss of every royal piece."""

    stalemate: str = "draw"
    bare_king: str = ""
    bare_king_reply: bool = False
    extinction: tuple[str, ...] = ()
    goal: str = ""
    goal_pieces: tuple[str, ...] = ()
    check_limit: int = 0
    move_rule: int = 50
    move_rule_resets: tuple[str, ...] = ("capture", "pawn")
    #: Reaching ``move_rule`` lets the side to move claim the draw; the game goes on.
    move_rule_claimed: bool = False
    #: With ``move_rule_claimed``: moves by each side that end the game by themselves (0: never).
    move_rule_automatic: int = 0
    #: How often one position must have stood for a draw by repetition.
    repetitions: int = 3
    #: Reaching ``repetitions`` lets the side to move claim the draw; the game goes on.
    repetition_claimed: bool = False
    #: With ``repetition_claimed``: how often a position must stand to end the game by itself (0: never).
    repetition_automatic: int = 0
    #: A side with this many or fewer of an extinction kind left has reached extinction.
    extinction_count: int = 0
    #: The extinction kinds count together (a side's pieces of all of them, summed).
    extinction_together: bool = False
    #: What extinction means for the side it reaches: "loss" or "win".
    extinction_result: str = "loss"
    #: White's arrival at the goal gives Black one more move; arriving too draws.
    goal_reply: bool = False
    #: A goal piece has arrived only while no enemy piece attacks it there (Dobutsu's try).
    goal_safe: bool = False
    #: The result for a side that checked with every move of the repeated stretch: "draw" or "loss".
    perpetual_check: str = "draw"
    #: The counting rules (Makruk's or ASEAN's), or None.
    counting: CountingRule | None = None
    #: A plain repetition's result: for the side completing it ("draw", "loss", "win"), or
    #: "white-loses" / "black-loses".
    repetition_result: str = "draw"
    #: The result for a side that chased with every move of the repeated stretch: "draw" or "loss".
    perpetual_chase: str = "draw"
    #: Who chases what (Xiangqi's chasing rule), or None.
    chasing: ChaseRule | None = None

    @property
    def judged_each_move(self) -> bool:
        """Is there a rule to judge before looking for mate?"""
        return bool(self.bare_king or self.extinction or self.goal or self.check_limit)


DEFAULT_OUTCOMES = Outcomes()


def read_outcomes(
    table: Any, regions: set[str], piece_ids: set[str], royal: tuple[str, ...]
) -> tuple[Outcomes, list[tuple[str, str]]]:
    """The outcomes table, and (key, message) for each fault.

    Keys, kinds, choices and ranges are checked by the schema (rules/schema.py), whose
    messages are not repeated here: a value it refuses falls back to its default. What
    the schema cannot know is checked here: regions, and the words beside piece ids."""
    faults: list[tuple[str, str]] = []
    if not isinstance(table, dict):
        return DEFAULT_OUTCOMES, []

    def word(key: str, choices: tuple[str, ...], default: str) -> str:
        value = table.get(key, default)
        return value if isinstance(value, str) and value in choices else default

    def kinds(key: str, default: tuple[str, ...], extra: tuple[str, ...] = (), report: bool = True) -> tuple[str, ...]:
        value = table.get(key, list(default))
        if value == "all" and "all" in extra:
            return tuple(sorted(piece_ids))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            if report:
                faults.append((key, f"outcomes.{key} must be a list of piece ids, not {short_repr(value)}"))
            return default
        for v in value:
            if report and v not in piece_ids and v not in extra:
                also = f", {' or '.join(extra)}" if extra else ""
                not_one = f"which is not a piece of this variant{also}"
                faults.append((key, f"outcomes.{key} names {short_repr(v)}, {not_one}"))
        return tuple(v for v in value if v in piece_ids or v in extra)

    def number(key: str, default: int, high: int, low: int = 0) -> int:
        value = table.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            return default
        return value

    def flag(key: str) -> bool:
        value = table.get(key, False)
        return value if isinstance(value, bool) else False

    stalemate = word("stalemate", RESULT_WORDS, "draw")
    bare_king = word("bare_king", ("loss", "draw"), "")
    move_rule = number("move_rule", 50, MAX_MOVE_RULE)
    move_rule_automatic = number("move_rule_automatic", 0, MAX_MOVE_RULE)
    if move_rule_automatic and move_rule_automatic <= move_rule:
        faults.append((
            "move_rule_automatic",
            f"outcomes.move_rule_automatic ({move_rule_automatic}) must be more moves than move_rule ({move_rule})",
        ))
        move_rule_automatic = 0
    repetitions = number("repetitions", 3, MAX_REPETITIONS, low=2)
    repetition_automatic = number("repetition_automatic", 0, MAX_REPETITIONS)
    if repetition_automatic and repetition_automatic <= repetitions:
        faults.append((
            "repetition_automatic",
            f"outcomes.repetition_automatic ({repetition_automatic}) must be more than repetitions ({repetitions})",
        ))
        repetition_automatic = 0
    goal = table.get("goal", "")
    if not isinstance(goal, str) or (goal and goal not in regions):
        faults.append(("goal", f"outcomes.goal must name a region, not {short_repr(goal)}"))
        goal = ""
    goal_pieces = kinds("goal_pieces", royal, report=False)  # a list of piece ids: the schema's check
    if goal and not goal_pieces:
        faults.append(("goal", "outcomes.goal needs goal_pieces (there are no royal pieces to reach it)"))
    outcomes = Outcomes(
        stalemate=stalemate,
        bare_king=bare_king,
        bare_king_reply=flag("bare_king_reply"),
        extinction=kinds("extinction", (), ("all",)),
        goal=goal,
        goal_pieces=goal_pieces,
        check_limit=number("check_limit", 0, MAX_CHECK_LIMIT),
        move_rule=move_rule,
        move_rule_resets=kinds("move_rule_resets", ("capture", "pawn"), ("capture", "pawn")),
        move_rule_claimed=flag("move_rule_claimed"),
        move_rule_automatic=move_rule_automatic,
        repetitions=repetitions,
        repetition_claimed=flag("repetition_claimed"),
        repetition_automatic=repetition_automatic,
        extinction_count=number("extinction_count", 0, MAX_EXTINCTION_COUNT),
        extinction_together=flag("extinction_together"),
        extinction_result=word("extinction_result", ("loss", "win"), "loss"),
        goal_reply=flag("goal_reply"),
        goal_safe=flag("goal_safe"),
        perpetual_check=word("perpetual_check", ("draw", "loss"), "draw"),
        counting=read_counting(table, piece_ids, faults),
        repetition_result=word("repetition_result", REPETITION_RESULTS, "draw"),
        perpetual_chase=word("perpetual_chase", ("draw", "loss"), "draw"),
        chasing=read_chasing(table, regions, piece_ids, faults),
    )
    return outcomes, faults
