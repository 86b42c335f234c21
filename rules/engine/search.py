"""Iterative deepening at the root: the driver of one search, and the answer it gives.

Each iteration searches the root one ply deeper (from ASPIRATION_DEPTH on, in a window
around the last iteration's score) and then, if asked, the further best lines. The tree
below the root is :class:`rules.engine.tree.TreeSearch`; move order, quiescence and the
scores of finished games have modules of their own.

Stopping: the search checks its stop event, the clock and the node budget at
every node and unwinds by exception; the last completed iteration's best move
(or a better one proven in the interrupted iteration) is the answer. The root's
legal moves are known before the first iteration, so there is always one.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..moves import Move
from .evaluate import Evaluator
from .limits import (
    INFINITY,
    MATE,
    MATE_BOUND,
    MAX_LINES,
    MAX_PLY,
    Limits,
    PrincipalLine,
    SearchResult,
    mate_in,
    root_choices,
)
from .state import SearchStopped, mobility_count
from .table import EXACT, LOWER, UPPER, TranspositionTable, position_key
from .tree import TreeSearch

if TYPE_CHECKING:
    from ..position import Position
    from ..ruleset import Rules

#: A further iteration is started while less than this share of the time limit is spent.
#: The time limit is a time per move: a deeper iteration cut short by it still answers
#: with its best root move proven so far, so stopping early only throws time away
#: (stopping after half, the engine used 0.78 s of 1 s on average over ten Flight and
#: Ferry middle games).
ITERATION_TIME_SHARE = 1.0
#: Aspiration windows from this depth: half-width, growth on failure, and when to give up.
ASPIRATION_DEPTH = 4
ASPIRATION_WINDOW = 40
ASPIRATION_GROWTH = 4
ASPIRATION_GIVE_UP = 1000
ASPIRATION_SWING = ASPIRATION_WINDOW * ASPIRATION_GROWTH
#: A repetition inside the tree costs the side that started the search this much (and gains
#: its opponent as much): an engine that thinks itself level should play on, not repeat.
#: Draws the rules declare (stalemate, the move-count rule, bare material) score 0: they
#: are results, not a choice to stop playing.
#: Where the armies differ, the side whose army the piece values rate higher adds its lead
#: (what the army-balance term scaled away) to that cost: the evaluation takes the
#: designer's word that the armies are level, but the stronger army should not settle.
CONTEMPT_CP = 25

Progress = Callable[[SearchResult], None]


class Search(TreeSearch):
    """One search of one position. Build one per move; it is not reusable."""

    def __init__(
        self,
        rules: Rules,
        evaluator: Evaluator,
        table: TranspositionTable,
        limits: Limits,
        stop: threading.Event | None = None,
        on_progress: Progress | None = None,
        seen: Iterable[int] = (),
        quiescence: bool = True,
        lean: bool = False,
        lines: int = 1,
        idle: int | None = None,
    ) -> None:
        super().__init__(rules, evaluator, table, limits, stop, seen, quiescence, lean, idle)
        self.on_progress = on_progress
        #: How many best lines each iteration finds (see run); the first is the answer.
        self.lines = max(1, min(lines, MAX_LINES))
        #: Where leaves lag (lean) or their stand-pat counts moves, the root moves of each
        #: iteration after the first go in the order of the last one's scores: lean leaves
        #: made late root moves fail high in the null window and then low in full (Friendly,
        #: depth 4 from the start: 37,617 nodes before, 26,622 with). Elsewhere the order
        #: stays as it was: in matches the sort helped Pocket 43 and cost the Blender.
        self.sort_root = lean or self.count_mobility
        self._iteration_best: tuple[Move, int] | None = None
        #: Each root move's latest score (exact or a bound), to order the next iteration.
        self.root_move_scores: dict[Move, int] = {}

    # ------------------------------------------------------------ driver

    def run(self, pos: Position) -> SearchResult:
        """Search ``pos`` (which it pushes and pops moves on) within the limits."""
        self.pos = pos
        self._set_contempt(pos.turn)
        self._start_idle(pos)
        if self.tables is not None:
            self.tables_everywhere = len(pos.pieces()) <= self.tables.most_pieces
        self.started = time.monotonic()
        if self.limits.time is not None:
            self.deadline = self.started + self.limits.time
        legal = root_choices(self.limits, self.rules.legal_moves(pos))
        if not legal:
            return self._game_over_result(pos)
        root_key = position_key(pos)
        entry = self.table.get(root_key, 0)
        root_moves = self.ordering.order(pos, legal, entry.move if entry else None, 0)
        best = root_moves[0]
        best_score = self.evaluate_leaf(pos)
        result = SearchResult(best, best_score, 0, 0, (best,), 0.0)
        max_depth = self.limits.depth if self.limits.depth is not None else MAX_PLY - 1
        swing = 0  # how far the last completed iteration's score moved from the one before
        for depth in range(1, max(1, max_depth) + 1):
            self._iteration_best = None
            try:
                score, move = self._root_in_window(pos, depth, root_moves, result.score, swing)
            except SearchStopped:
                if self._iteration_best is not None:
                    move, score = self._iteration_best
                    result = self._with_lines(self._result(pos, move, score, depth - 1), result.lines)
                break
            swing = abs(score - result.score) if depth > 1 else 0
            earlier = result.lines  # the lines to keep if the further lines are cut short
            result = self._result(pos, move, score, depth)
            if self.sort_root:
                # The next iteration tries the root moves best first by this one's scores.
                scores = self.root_move_scores
                root_moves.sort(key=lambda m: -scores.get(m, -INFINITY))
            root_moves.remove(move)
            root_moves.insert(0, move)
            if self.lines > 1:
                try:
                    result = self._with_lines(result, self._other_lines(pos, depth, root_moves[1:]))
                except SearchStopped:
                    result = self._with_lines(result, earlier)
                    break
            if self.on_progress is not None:
                self.on_progress(result)
            if len(legal) == 1 or self._should_not_deepen(score, depth):
                break
        return self._finish(result)

    def _other_lines(self, pos: Position, depth: int, candidates: list[Move]) -> list[PrincipalLine]:
        """The second best line and on (as many as asked), each the best root move not yet given."""
        found: list[PrincipalLine] = []
        rest = list(candidates)
        scores = self.root_move_scores
        while rest and len(found) + 1 < self.lines:
            # Like the first line, in a window around what the best of the rest scored before:
            # searched in the full window, a further line in Pocket 43 once took 6.5 million
            # nodes at depth 6, where its windowed search takes a fraction of that.
            guess = max(scores.get(m, -INFINITY) for m in rest)
            score, move = self._root_in_window(pos, depth, rest, guess, 0, store=False)
            found.append(PrincipalLine(score, self._principal_variation(pos, move, max(depth, 1)), mate_in(score)))
            rest.remove(move)
        found.sort(key=lambda line: -line.score)
        return found

    def _with_lines(self, result: SearchResult, others: Iterable[PrincipalLine]) -> SearchResult:
        """``result`` with its own line first and then ``others`` (less any that starts with its move)."""
        if self.lines <= 1:
            return result
        rest = [line for line in others if line.pv[:1] != result.pv[:1]]
        return replace(result, lines=(result.main_line(), *rest[: self.lines - 1]))

    def _set_contempt(self, root_turn: int) -> None:
        contempt = CONTEMPT_CP + self.evaluator.army_lead[root_turn]
        self.draw[root_turn] = -contempt
        self.draw[1 - root_turn] = contempt

    def _should_not_deepen(self, score: int, depth: int) -> bool:
        if abs(score) >= MATE_BOUND and MATE - abs(score) <= depth:
            return True  # a mate within the horizon: deeper search cannot change it
        if self.deadline is not None:
            spent = time.monotonic() - self.started
            if spent > ITERATION_TIME_SHARE * (self.deadline - self.started):
                return True
        return False

    def _result(self, pos: Position, move: Move, score: int, depth: int) -> SearchResult:
        pv = self._principal_variation(pos, move, max(depth, 1))
        return SearchResult(
            move, score, depth, self.nodes, pv, time.monotonic() - self.started, mate_in(score)
        )

    def _finish(self, result: SearchResult) -> SearchResult:
        return replace(result, nodes=self.nodes, seconds=time.monotonic() - self.started)

    def _game_over_result(self, pos: Position) -> SearchResult:
        found = self.rules.outcome(pos, [])
        score = 0
        if found is not None and found[0] is not None:
            score = MATE if found[0] == pos.turn else -MATE
        return SearchResult(None, score, 0, 0, (), time.monotonic() - self.started, mate_in(score))

    def _principal_variation(self, pos: Position, first: Move, length: int) -> tuple[Move, ...]:
        """The expected line: the best move, then the table's moves while they are legal."""
        line = [first]
        pos.push(first)
        seen = {position_key(pos)}
        try:
            while len(line) < length:
                entry = self.table.get(position_key(pos), 0)
                if entry is None or entry.move is None or entry.move not in self.rules.legal_moves(pos):
                    break
                pos.push(entry.move)
                line.append(entry.move)
                key = position_key(pos)
                if key in seen:
                    break
                seen.add(key)
        finally:
            for _ in line:
                pos.pop()
        return tuple(line)

    # ------------------------------------------------------------ root

    def _root(
        self, pos: Position, depth: int, moves: list[Move], alpha: int, beta: int, store: bool = True
    ) -> tuple[int, Move]:
        """The best of ``moves`` and its score. ``store``: record it as the root's table entry
        (not for a second line, whose best move is not the position's)."""
        rules = self.rules
        best_move = moves[0]
        best = -INFINITY
        alpha0 = alpha
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        key = position_key(pos)
        self.path.add(key)
        if self.lean:
            self.contexts[0] = rules.context(pos)
            self.facts[0] = self.evaluator.context_facts(pos, self.contexts[0])
        if self.count_mobility:
            self.mobility[0] = mobility_count(rules.pseudo_moves(pos, rules.context(pos)))
        try:
            for i, m in enumerate(moves):
                pos.push(m)
                try:
                    if rules.problem_after(pos, m, mover, royal_count) is not None:  # pragma: no cover
                        continue  # the root list is legal already; kept for safety
                    if i == 0:
                        score = -self._negamax(depth - 1, -beta, -alpha, 1)
                    else:
                        score = -self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                        if alpha < score < beta:
                            score = -self._negamax(depth - 1, -beta, -alpha, 1)
                finally:
                    pos.pop()
                self.root_move_scores[m] = score
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        self._iteration_best = (m, score)
                        if score >= beta:
                            break  # an aspiration window failed high: the caller widens it
        finally:
            self.path.discard(key)
        bound = EXACT
        if best <= alpha0:
            bound = UPPER  # a failed window: no move is known to be best
        elif best >= beta:
            bound = LOWER
        if store:
            self.table.put(key, 0, depth, best, bound, best_move if bound != UPPER else None)
        return best, best_move

    def _root_in_window(
        self, pos: Position, depth: int, moves: list[Move], guess: int, swing: int, store: bool = True
    ) -> tuple[int, Move]:
        """The root searched first in a window around the last iteration's score.

        Most iterations end near the score of the one before; a narrow window
        cuts more. A score on or outside the window is not exact: search again,
        wider, until it falls inside. Where the score swung by more than
        ASPIRATION_SWING from one iteration to the next (Friendly's lean leaves
        swing by pawns between odd and even depths), a window would fail and cost
        its searches for nothing: the full window is searched at once.
        """
        if depth < ASPIRATION_DEPTH or abs(guess) >= MATE_BOUND or swing > ASPIRATION_SWING:
            return self._root(pos, depth, moves, -INFINITY, INFINITY, store)
        below = above = ASPIRATION_WINDOW
        while True:
            alpha, beta = guess - below, guess + above
            score, move = self._root(pos, depth, moves, alpha, beta, store)
            if score <= alpha:
                below *= ASPIRATION_GROWTH
            elif score >= beta:
                above *= ASPIRATION_GROWTH
                moves.remove(move)
                moves.insert(0, move)
            else:
                return score, move
            if below > ASPIRATION_GIVE_UP or above > ASPIRATION_GIVE_UP:
                return self._root(pos, depth, moves, -INFINITY, INFINITY, store)

    def root_scores(self, pos: Position, depth: int) -> list[tuple[Move, int]]:
        """Legal moves with their exact scores at ``depth`` (for levels that choose loosely).

        If stopped, the moves scored so far.
        """
        self.pos = pos
        self.started = time.monotonic()
        if self.limits.time is not None:
            self.deadline = self.started + self.limits.time
        self._set_contempt(pos.turn)
        self._start_idle(pos)
        rules = self.rules
        legal = root_choices(self.limits, rules.legal_moves(pos))
        out: list[tuple[Move, int]] = []
        key = position_key(pos)
        self.path.add(key)
        if self.lean:
            self.contexts[0] = rules.context(pos)
            self.facts[0] = self.evaluator.context_facts(pos, self.contexts[0])
        try:
            for m in legal:
                pos.push(m)
                try:
                    score = -self._negamax(depth - 1, -INFINITY, INFINITY, 1)
                finally:
                    pos.pop()
                out.append((m, score))
        except SearchStopped:
            pass  # the moves scored so far are the answer
        finally:
            self.path.discard(key)
        return out
