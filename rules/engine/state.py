"""What the nodes of one search share: the position, the node count and its limits, and per-ply notes.

The search works on its own copy of the position with the rules' own make and
unmake (``Position.push``/``pop``). It checks its stop event, the clock and the
node budget at every node and unwinds by exception (:class:`SearchStopped`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..context import EMPTY, Context
from ..moves import Move
from .endings import Endings
from .evaluate import Evaluator, Facts
from .limits import MAX_PLY, Limits
from .ordering import MoveOrder
from .progress_clock import plies_since_progress
from .table import TranspositionTable
from .tables import shelf_if_any

if TYPE_CHECKING:
    from ..position import Position
    from ..ruleset import Rules

#: Boards of more squares than this count as wide: more reductions where moves are many,
#: and quiescence lists every move where it counts mobility.
WIDE_BOARD_SQUARES = 64
#: Quiescence: a capture whose gain plus this cannot reach alpha is not tried.
DELTA_MARGIN = 200

#: A ply's move count not yet made from its listed moves (see SearchState._listed).
UNCOUNTED = -2


class SearchStopped(Exception):
    """Raised inside the tree when a limit is reached or a stop is requested."""


def mobility_count(moves: list[Move]) -> int:
    """How many ways the side to move can go: moves told apart by their squares alone.

    Moves that differ only in a choice count once: a promotion's pieces, and a Ferry
    passenger's sends (origin = destination, one per square the Ferry could go to: two
    passengers' 28 sends added over a pawn to a side's score, and the engine kept
    its pieces riding where dragons burn them).
    """
    return len({(m.o, m.d) for m in moves})


class SearchState:
    """One search's position, counters, limits and per-ply bookkeeping (no search of its own)."""

    def __init__(
        self,
        rules: Rules,
        evaluator: Evaluator,
        table: TranspositionTable,
        limits: Limits,
        stop: threading.Event | None,
        seen: Iterable[int],
        quiescence: bool,
        lean: bool,
        idle: int | None,
    ) -> None:
        self.rules = rules
        self.evaluator = evaluator
        self.values = evaluator.values
        self.table = table
        self.limits = limits
        self.stop = stop or threading.Event()
        self.seen = set(seen)
        self.quiescence = quiescence
        #: Leaves are judged without working out their own Context (see TreeSearch._negamax).
        self.lean = lean
        self.facts: list[Facts] = [()] * (MAX_PLY + 2)
        #: Plies since the last progress (makes_progress) by ply; the root's is given
        #: (worked out from the game's moves) or taken from the move-count clock.
        self.root_idle = idle
        self.idle: list[int] = [0] * (MAX_PLY + 2)
        self.pawn_kinds = rules.pawn_kinds
        #: With lean leaves, each node's Context by ply (its children's leaves borrow it).
        self.contexts: list[Context] = [EMPTY] * (MAX_PLY + 2)
        #: Where most of the army has powers, the quiescence search lists every move (skipping
        #: the few plain pieces' quiet moves saves little), and their number is the mobility
        #: term, against the opponent's count one ply up (-1: not known, as after a pass).
        self.wide_board = rules.geo.board_size > WIDE_BOARD_SQUARES
        self.count_mobility = evaluator.counts_moves
        self.mobility: list[int] = [-1] * (MAX_PLY + 2)
        #: Each ply's move list while its count is UNCOUNTED: most nodes above the horizon
        #: have no child that stands pat, so the count is made only when a child asks.
        self.listed: list[list[Move]] = [[] for _ in range(MAX_PLY + 2)]
        self.has_royals = bool(rules.royal_kinds)
        self.after_null = False
        self.nodes = 0
        self.started = 0.0
        self.deadline: float | None = None
        self.node_limit = limits.nodes
        self.ordering = MoveOrder(self.values)
        self.endings = Endings(rules)
        #: the variant's endgame tables, when any are built (rules/engine/tables.py)
        self.tables = shelf_if_any(rules)
        #: probe every node (the root is small enough for a table), or only those just after a
        #: capture or a pawn move, where the material can have dropped into a table
        self.tables_everywhere = False
        #: The keys of the positions on the line being searched (a return to one is a repetition).
        self.path: set[int] = set()
        #: Quiescence: how much the best capture can gain at most (for delta pruning).
        self.delta_margin = 2 * self.values.strongest + DELTA_MARGIN
        self.pos: Position | None = None
        #: A draw's score for the side to move, by colour (see search.CONTEMPT_CP; set per root).
        self.draw = [0, 0]

    def _check_limits(self) -> None:
        if self.stop.is_set():
            raise SearchStopped
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise SearchStopped
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchStopped

    def _listed(self, ply: int, moves: list[Move]) -> None:
        """Keep a node's moves, to be counted should a child's stand-pat need the count."""
        self.mobility[ply] = UNCOUNTED
        self.listed[ply] = moves

    def _mobility_of(self, ply: int) -> int:
        """The move count of the node at ``ply`` (-1: not known), counted on first asking."""
        count = self.mobility[ply]
        if count == UNCOUNTED:
            count = self.mobility[ply] = mobility_count(self.listed[ply])
        return count

    def evaluate_leaf(self, pos: Position) -> int:
        return self.evaluator.evaluate(pos, self.rules.context(pos), None, self.idle[0])

    def _start_idle(self, pos: Position) -> None:
        """The root's plies since progress (as given, else the move-count clock), and the
        move-count limit the search scores as a draw (see Endings.start)."""
        self.idle[0] = pos.halfmove if self.root_idle is None else self.root_idle
        self.endings.start(pos)

    def _note_idle(self, pos: Position, ply: int, passed: bool) -> None:
        """Set the node's plies since progress from its parent's and the move (or pass) that led here."""
        if ply <= 0:
            return
        before = self.idle[ply - 1]
        last = pos.last_move()
        if passed or last is None:
            self.idle[ply] = before + 1
        else:
            self.idle[ply] = plies_since_progress(before, pos, last, self.pawn_kinds)
