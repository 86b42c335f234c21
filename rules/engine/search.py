"""Iterative-deepening negamax with alpha-beta, a transposition table and quiescence.

The search works on its own copy of the position with the rules' own make and
unmake (``Position.push``/``pop``). Legality is judged lazily: a pseudo-legal
move is made, the rules say whether the position reached may stand
(``Rules.problem_after``, the same test ``Rules.legal_moves`` applies), and only
then is it searched. Moves that a cutoff makes unnecessary are never judged.

Move order: the transposition table's move (the previous iteration's line),
captures by victim and attacker value, promotions, two killer moves per ply,
then quiet moves by history. A position that repeats one seen before, in the
game or on the current line, counts as a draw.

Quiescence stands pat on the static score, plus counted mobility (the moves it
lists against the opponent's count one ply up) where most of the army has powers.

Lean leaves: where working out a position's Context (borrowings, freezes) costs
far more than anything else in a node, the horizon nodes are evaluated with their
parent's Context and without quiescence, which buys a ply of full-width search;
a leaf reached by a capture still weighs the cheapest recapture.

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

from ..context import EMPTY, Context
from ..moves import Move
from ..position import SIDE_KEY
from .evaluate import Evaluator, Facts
from .limits import MATE, MATE_BOUND, MAX_LINES, Limits, PrincipalLine, SearchResult, mate_in
from .table import EXACT, LOWER, UPPER, TranspositionTable

if TYPE_CHECKING:
    from ..position import Position
    from ..ruleset import Rules

INFINITY = MATE + 1
MAX_PLY = 128
#: Quiescence stops following captures this many plies below the horizon.
MAX_QUIESCENCE_PLY = 8
#: From this quiescence ply on, only recaptures on the square of the last move are tried.
QUIESCENCE_RECAPTURE_PLY = 3
#: In its first plies, quiescence answers a check with every legal move, so a capture
#: that mates is seen as mate; deeper, checks are ignored to keep it small.
QUIESCENCE_CHECK_PLY = 2
#: A further iteration is started while less than this share of the time limit is spent.
#: The time limit is a time per move: a deeper iteration cut short by it still answers
#: with its best root move proven so far, so stopping early only throws time away
#: (stopping after half, as until the ninth round of issue 15, the engine used 0.78 s of
#: 1 s on average over ten Flight and Ferry middle games).
ITERATION_TIME_SHARE = 1.0
#: Late quiet moves at this depth or more are first searched one ply shallower
#: (two plies from REDUCTION_MORE_DEPTH on, after REDUCTION_MORE_AFTER legal moves).
REDUCTION_DEPTH = 3
REDUCTION_AFTER = 3
REDUCTION_MORE_DEPTH = 5
REDUCTION_MORE_AFTER = 8
#: In a node with more than LATE_MOVE_BRANCHING moves on a board of more than
#: WIDE_BOARD_SQUARES squares, reductions start a ply earlier (on 8x8 a chess middle game
#: can pass 40 moves: chess against Stockfish 1600 scored 18 / 40 with that, 11 / 20 before).
REDUCTION_WIDE_DEPTH = 2
#: A quiet check is not reduced at this depth or less. Reduced, it loses only the ply its
#: reply gets back from the check extension; that ply counts only where the reduction drops
#: the reply to the horizon (no extension there, and quiescence never tries the quiet mate
#: after it) or to depth 1 (late-move pruning skips that mate). Deeper, it is reduced.
CHECK_UNREDUCED_DEPTH = 3
WIDE_BOARD_SQUARES = 64
#: Null-move pruning from this depth, searching the passed position this much shallower
#: (a ply more from NULL_MOVE_DEEPER on).
NULL_MOVE_DEPTH = 3
NULL_MOVE_REDUCTION = 2
NULL_MOVE_DEEPER = 6
#: Reverse futility: at this depth or less, a static score this far (per ply) above beta cuts.
REVERSE_FUTILITY_DEPTH = 3
REVERSE_FUTILITY_MARGIN = 120
#: Futility: by remaining depth, how far below alpha the static score makes quiet moves hopeless.
FUTILITY_MARGIN = (0, 150, 350)
#: Late-move pruning: by remaining depth, quiet moves searched at most in a null-window node,
#: for a node with LATE_MOVE_BRANCHING moves or fewer; a node with more moves (a big board
#: of long-range fairy pieces has a hundred and more) searches proportionally more.
LATE_MOVE_LIMIT = (0, 8, 14, 22)
LATE_MOVE_BRANCHING = 40
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
CONTEMPT_CP = 25
#: Where the armies differ, the side whose army the piece values rate higher adds its lead
#: (what the army-balance term scaled away) to that cost: the evaluation takes the
#: designer's word that the armies are level, but the stronger army should not settle.
#: Quiescence: a capture whose gain plus this cannot reach alpha is not tried.
DELTA_MARGIN = 200
#: Quiescence: a capture by a piece worth this much more than its victim, onto a guarded
#: square, is taken to lose the exchange and not tried.
SEE_SLACK = 50

#: A ply's move count not yet made from its listed moves (see Search._listed).
UNCOUNTED = -2

#: History scores stay within plus or minus this (below the killers' rank in the move order).
HISTORY_LIMIT = 1 << 23

Progress = Callable[[SearchResult], None]
#: What the history table credits a quiet move's cutoff to (see :func:`history_key`).
HistoryKey = tuple[int, int, tuple[int, ...]]


class SearchStopped(Exception):
    """Raised inside the tree when a limit is reached or a stop is requested."""


def position_key(pos: Position) -> int:
    """Hash of everything that makes two positions the same for the search.

    The board's Zobrist hash with the side to move, plus en passant, pools and
    power state where there are any. Like ``Position.key()`` but it does not ask
    whether an en passant capture is legal (that would cost a move generation).
    """
    key = pos.zhash ^ (SIDE_KEY if pos.turn else 0)
    if pos.ep >= 0 or pos.state or pos.pools[0] or pos.pools[1]:
        key ^= hash((pos.ep, pos.pools, tuple(sorted(pos.state.items()))))
    return key


def makes_progress(pos: Position, m: Move, pawn_kinds: frozenset[str]) -> bool:
    """Was ``m`` (just made on ``pos``) progress: a capture, a promotion, or a pawn's own step nearer promotion?

    The move-count rule's clock also restarts when a power moves a pawn (a Flight and Ferry
    pawn riding its Ferry along the bank or over the water and back, or sending it under
    another pawn). An engine that faded its lead by that clock played such moves to reset it
    instead of making progress (see the Evaluator's ``idle``).
    """
    if m.caps or m.promotion:
        return True
    if m.kind != "normal":
        return False
    geo = pos.geo
    # A move to or from an extra square (a pocket) is no step on the board.
    if not (0 <= m.o < geo.board_size and 0 <= m.d < geo.board_size):
        return False
    p = pos.board[m.d]
    if p is None or p.kind not in pawn_kinds:
        return False
    rise = geo.rank_of(m.d) - geo.rank_of(m.o)
    return rise > 0 if p.color == 0 else rise < 0


def plies_since_progress(before: int, pos: Position, m: Move, pawn_kinds: frozenset[str]) -> int:
    """The plies since progress once ``m`` is made on ``pos``, from the count before it."""
    return 0 if makes_progress(pos, m, pawn_kinds) else before + 1


class Search:
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
        self.rules = rules
        self.evaluator = evaluator
        self.values = evaluator.values
        self.table = table
        self.limits = limits
        self.stop = stop or threading.Event()
        self.on_progress = on_progress
        self.seen = set(seen)
        self.quiescence = quiescence
        #: Leaves are judged without working out their own Context (see _negamax).
        self.lean = lean
        #: How many best lines each iteration finds (see run); the first is the answer.
        self.lines = max(1, min(lines, MAX_LINES))
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
        #: Where leaves lag (lean) or their stand-pat counts moves, the root moves of each
        #: iteration after the first go in the order of the last one's scores: lean leaves
        #: made late root moves fail high in the null window and then low in full (Friendly,
        #: depth 4 from the start: 37,617 nodes before, 26,622 with). Elsewhere the order
        #: stays as it was: in matches the sort helped Pocket 43 and cost the Blender.
        self.sort_root = lean or self.count_mobility
        self.has_royals = bool(rules.royal_kinds)
        self.after_null = False
        self.nodes = 0
        self.started = 0.0
        self.deadline: float | None = None
        self.node_limit = limits.nodes
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 2)]
        self.history: dict[HistoryKey, int] = {}
        self.path: set[int] = set()
        self.lose_without_royals = bool(rules.variant.lose_without_royals and rules.royal_kinds)
        #: Plies of the move-count rule (0: none), and whether outcome rules need judging each node.
        self.fifty = rules.move_rule_plies
        self.judged = rules.outcomes.judged_each_move
        #: Quiescence: how much the best capture can gain at most (for delta pruning).
        self.delta_margin = 2 * self.values.strongest + DELTA_MARGIN
        self.pos: Position | None = None
        #: A draw's score for the side to move, by colour (see CONTEMPT_CP; set per root).
        self.draw = [0, 0]
        self._iteration_best: tuple[Move, int] | None = None
        #: Each root move's latest score (exact or a bound), to order the next iteration.
        self.root_move_scores: dict[Move, int] = {}

    # ------------------------------------------------------------ driver

    def run(self, pos: Position) -> SearchResult:
        """Search ``pos`` (which it pushes and pops moves on) within the limits."""
        self.pos = pos
        self._set_contempt(pos.turn)
        self._start_idle(pos)
        self.started = time.monotonic()
        if self.limits.time is not None:
            self.deadline = self.started + self.limits.time
        legal = self.rules.legal_moves(pos)
        if not legal:
            return self._game_over_result(pos)
        root_key = position_key(pos)
        entry = self.table.get(root_key, 0)
        root_moves = self._order(pos, legal, entry.move if entry else None, 0)
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

    # ------------------------------------------------------------ limits

    def _check_limits(self) -> None:
        if self.stop.is_set():
            raise SearchStopped
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise SearchStopped
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchStopped

    # ------------------------------------------------------------ tree

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
        legal = rules.legal_moves(pos)
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

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.nodes += 1
        self._check_limits()
        # Two passes in a row would prove nothing: a node reached by a pass may not pass.
        passed = self.after_null
        self.after_null = False
        pos = self.pos
        assert pos is not None
        self._note_idle(pos, ply, passed)
        rules = self.rules
        key = position_key(pos)
        if key in self.seen or key in self.path:
            return self.draw[pos.turn]
        early = self._early_outcome(pos, ply)
        if early is not None:
            return early
        # Check is asked only above the horizon: at a lean leaf it would cost a Context.
        in_check = depth > 0 and self.has_royals and rules.in_check(pos)
        if in_check and ply < MAX_PLY // 2:
            depth += 1  # a check is answered in full: its consequences are not left at the horizon
        if depth <= 0 or ply >= MAX_PLY:
            if self.lean:
                last = pos.last_move()
                if last is not None and last.caps and ply < MAX_PLY:
                    return self._recapture(alpha, beta, ply, last)
                # The parent's board-wide facts stand in for this position's, which
                # would cost more to work out than the rest of the node together.
                return self.evaluator.evaluate_carried(pos, self.facts[ply - 1], last, self.idle[ply])
            if self.quiescence:
                return self._quiesce(alpha, beta, ply, 0)
            return self.evaluator.evaluate(pos, rules.context(pos), None, self.idle[ply])
        entry = self.table.get(key, ply)
        tt_move = None
        if entry is not None:
            tt_move = entry.move
            if entry.depth >= depth:
                score = entry.score
                if entry.bound == EXACT:
                    return score
                if entry.bound == LOWER and score >= beta:
                    return score
                if entry.bound == UPPER and score <= alpha:
                    return score
        scout = beta - alpha == 1
        futile = False
        if scout and not in_check and -MATE_BOUND < beta < MATE_BOUND:
            if self.lean:
                # Judged with the parent's facts, so that a node cut here never works out its Context.
                static = self.evaluator.evaluate_carried(pos, self.facts[ply - 1], pos.last_move(), self.idle[ply])
            else:
                static = self.evaluator.evaluate(pos, rules.context(pos), None, self.idle[ply])
            if depth <= REVERSE_FUTILITY_DEPTH and static - REVERSE_FUTILITY_MARGIN * depth >= beta:
                return static  # so far ahead that no reply of the opponent's at this depth will matter
            null_depth = depth - 1 - (NULL_MOVE_REDUCTION + (depth >= NULL_MOVE_DEEPER))
            if (
                depth >= NULL_MOVE_DEPTH and not passed and static >= beta
                # With lean leaves the passed position must be searched with its own Context.
                and (not self.lean or null_depth >= 1)
                and self._may_pass(pos)
            ):
                score = -self._null_move(null_depth, -beta, -beta + 1, ply)
                if score >= beta:
                    return beta
            futile = depth < len(FUTILITY_MARGIN) and static + FUTILITY_MARGIN[depth] <= alpha
        ctx = rules.context(pos)
        if self.lean:
            self.facts[ply] = self.evaluator.context_facts(pos, ctx)
            self.contexts[ply] = ctx
        moves = rules.pseudo_moves(pos, ctx)
        if self.count_mobility:
            self._listed(ply, moves)
        ordered = self._order(pos, moves, tt_move, ply)
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        alpha0 = alpha
        best = -INFINITY
        best_move: Move | None = None
        legal = 0
        quiet_limit = 1 << 30
        if scout and not in_check and depth < len(LATE_MOVE_LIMIT):
            quiet_limit = LATE_MOVE_LIMIT[depth] * max(LATE_MOVE_BRANCHING, len(moves)) // LATE_MOVE_BRANCHING
        killers = self.killers[ply]
        quiets_tried: list[Move] = []
        reduce_from = REDUCTION_WIDE_DEPTH if self.wide_board and len(moves) > LATE_MOVE_BRANCHING else REDUCTION_DEPTH
        self.path.add(key)
        try:
            for m in ordered:
                quiet = not m.caps and not m.promotion
                # Quiet moves that come so late in the order that they are almost never
                # best are skipped; so are those that cannot bring the score up to alpha
                # at this depth, unless they give check (a quiet mate is still a mate).
                prunable = legal and quiet and m != tt_move
                if prunable and legal >= quiet_limit:
                    continue  # late: not even made, so that pruning costs nothing
                prunable = prunable and futile
                pos.push(m)
                try:
                    if rules.problem_after(pos, m, mover, royal_count) is not None:
                        continue
                    legal += 1
                    reducible = depth >= reduce_from and legal > REDUCTION_AFTER and quiet and not in_check
                    # A check is never pruned, and not reduced up to CHECK_UNREDUCED_DEPTH (see there).
                    horizon_check = reducible and depth <= CHECK_UNREDUCED_DEPTH
                    gives_check = (prunable or horizon_check) and self.has_royals and rules.in_check(pos)
                    if prunable and not gives_check:
                        continue
                    if legal == 1:
                        score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
                    else:
                        reduce = 0
                        if reducible and not gives_check:
                            reduce = 1 if legal <= REDUCTION_MORE_AFTER or depth < REDUCTION_MORE_DEPTH else 2
                            if m == killers[0] or m == killers[1]:
                                reduce -= 1
                        score = -self._negamax(depth - 1 - reduce, -alpha - 1, -alpha, ply + 1)
                        if score > alpha and (reduce or score < beta):
                            score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
                finally:
                    pos.pop()
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if score >= beta:
                            if quiet:
                                self._remember_quiet(m, depth, ply, quiets_tried)
                            break
                if quiet:
                    quiets_tried.append(m)
        finally:
            self.path.discard(key)
        if legal == 0:
            return self._no_moves_score(pos, ply)
        bound = EXACT
        if best <= alpha0:
            bound = UPPER
        elif best >= beta:
            bound = LOWER
        # A node whose moves all failed low still stores the best of them: with fail-soft
        # scores it is a fair guess (keeping the older move instead cost chess 25% more
        # nodes to depth 7 and Friendly 48% more to depth 3).
        self.table.put(key, ply, depth, best, bound, best_move)
        return best

    def _may_pass(self, pos: Position) -> bool:
        """Is passing a fair test here: with pieces beyond pawns and royals to move?

        (The caller knows the side to move is not in check.)
        """
        mover = pos.turn
        pawns = self.rules.pawn_kinds
        royal = self.rules.royal_kinds
        # Few pieces: zugzwang is likely, and passing would hide it.
        return any(
            p is not None and p.color == mover and p.kind not in pawns and p.kind not in royal
            for p in pos.board
        )

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

    def _null_move(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Search the position with the turn passed (no move in the rules does that)."""
        pos = self.pos
        assert pos is not None
        saved = (pos.turn, pos.ep, pos.ep_victim)
        self.mobility[ply] = -1
        pos.turn ^= 1
        pos.ep = pos.ep_victim = -1
        self.after_null = True
        try:
            return self._negamax(depth, alpha, beta, ply + 1)
        finally:
            pos.turn, pos.ep, pos.ep_victim = saved

    def _quiesce(self, alpha: int, beta: int, ply: int, qply: int) -> int:
        pos = self.pos
        assert pos is not None
        if qply:
            self._note_idle(pos, ply, False)
        rules = self.rules
        if self.has_royals and qply < QUIESCENCE_CHECK_PLY and rules.in_check(pos):
            return self._evasions(alpha, beta, ply, qply)
        ctx = rules.context(pos)
        evaluator = self.evaluator
        stand = evaluator.evaluate(pos, ctx, None, self.idle[ply])
        moves: list[Move] | None = None
        theirs = self.mobility[ply - 1]
        if self.count_mobility and theirs != -1 and stand - evaluator.mobility_margin < beta:
            theirs = self._mobility_of(ply - 1)
            moves = rules.pseudo_moves(pos, ctx)
            self.mobility[ply] = mobility_count(moves)
            stand += evaluator.mobility_score(self.mobility[ply], theirs)
        if stand >= beta or qply >= MAX_QUIESCENCE_PLY or ply >= MAX_PLY:
            return stand
        if stand + self.delta_margin <= alpha:
            return stand  # not even taking the strongest piece would bring it up to alpha
        if stand > alpha:
            alpha = stand
        if moves is None:
            moves = rules.pseudo_moves(pos, ctx, quiet=self.count_mobility)
            if self.count_mobility:
                self._listed(ply, moves)
            else:
                self.mobility[ply] = -1
        captures = [m for m in moves if m.caps or m.promotion]
        if qply >= QUIESCENCE_RECAPTURE_PLY:
            # Deep in quiescence only the exchange on the last square goes on: on a
            # crowded board every capture invites three more, and the tree explodes.
            last = pos.last_move()
            target = last.d if last is not None else -1
            captures = [m for m in captures if m.d == target]
        if not captures:
            return stand
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        board = pos.board
        piece_cp = self.values.piece_cp
        best = stand
        for m in self._order(pos, captures, None, ply):
            gain = 0
            for c in m.caps:
                victim = board[c]
                if victim is not None:
                    gain += piece_cp(victim) if victim.color != mover else -piece_cp(victim)
            if not m.promotion and stand + gain + DELTA_MARGIN <= alpha:
                continue  # this capture cannot bring the score up to alpha
            attacker = board[m.o] if 0 <= m.o < len(board) else None
            risky = not m.promotion and attacker is not None and piece_cp(attacker) > gain + SEE_SLACK
            self.nodes += 1
            self._check_limits()
            pos.push(m)
            try:
                if rules.problem_after(pos, m, mover, royal_count) is not None:
                    continue
                landed = board[m.d] if 0 <= m.d < len(board) else None
                if risky and landed is not None and landed.color == mover and rules.is_attacked(pos, m.d, 1 - mover):
                    continue  # a bigger piece takes a guarded smaller one: it loses the exchange
                early = self._early_outcome(pos, ply + 1)
                if early is not None:
                    score = -early
                else:
                    score = -self._quiesce(-beta, -alpha, ply + 1, qply + 1)
            finally:
                pos.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    def _recapture(self, alpha: int, beta: int, ply: int, last: Move) -> int:
        """A lean leaf reached by a capture: may the side to move take back?

        A lean leaf has no quiescence, so a capture at the horizon looked like a clean
        gain (Friendly's scores swung by ten pawns from one depth to the next). Here the
        cheapest capture of the piece that just captured is made, found with the
        parent's Context and judged lean with the parent's facts; standing pat is the
        other choice.
        """
        pos = self.pos
        assert pos is not None
        rules = self.rules
        evaluator = self.evaluator
        facts = self.facts[ply - 1]
        stand = evaluator.evaluate_carried(pos, facts, last, self.idle[ply])
        if stand >= beta:
            return stand
        target = last.d
        taker = pos.board[target] if 0 <= target < len(pos.board) else None
        if taker is None:
            return stand
        # What taking it back could gain at most: the taker's worth, with what its Context
        # added (a Friend's borrowed moves), and a margin for the squares.
        worth = self.values.piece_cp(taker) + sum(cp for sq, p, cp in facts if sq == last.o and cp > 0)
        if stand + worth + DELTA_MARGIN <= alpha:
            return stand  # not even taking it back would bring the score up to alpha
        # The parent's Context stands in for this position's: the side to move has not
        # moved since, so its pieces' borrowed moves are still where that Context put them.
        ctx = self.contexts[ply - 1]
        replies = rules.captures_on(pos, ctx, target)
        if not replies:
            return stand
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        # The cheapest capturer takes back (the first in the order): an exchange goes on
        # with the least valuable piece, and each further try would cost a make and unmake.
        for m in self._order(pos, replies, None, ply):
            self.nodes += 1
            self._check_limits()
            pos.push(m)
            # Only the loss of the last royal is judged here: the full test would work out a Context.
            legal = not (royal_count and not pos.royals[mover])
            # A capture: the clock of progress starts again.
            score = -evaluator.evaluate_carried(pos, facts, m, 0) if legal else -INFINITY
            pos.pop()
            if legal:
                return max(stand, score)
        return stand

    def _evasions(self, alpha: int, beta: int, ply: int, qply: int) -> int:
        """Quiescence in check: standing pat is no option, every legal move is tried.

        This is what lets a capture that mates at the horizon be seen as mate.
        """
        pos = self.pos
        assert pos is not None
        rules = self.rules
        moves = rules.pseudo_moves(pos, rules.context(pos))
        if self.count_mobility:
            self._listed(ply, moves)
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        best = -INFINITY
        legal = 0
        for m in self._order(pos, moves, None, ply):
            self.nodes += 1
            self._check_limits()
            pos.push(m)
            try:
                if rules.problem_after(pos, m, mover, royal_count) is not None:
                    continue
                legal += 1
                early = self._early_outcome(pos, ply + 1)
                score = -early if early is not None else -self._quiesce(-beta, -alpha, ply + 1, qply + 1)
            finally:
                pos.pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        if legal == 0:
            return self._no_moves_score(pos, ply)
        return best

    def evaluate_leaf(self, pos: Position) -> int:
        return self.evaluator.evaluate(pos, self.rules.context(pos), None, self.idle[0])

    def _start_idle(self, pos: Position) -> None:
        """The root's plies since progress: as given, else the move-count clock."""
        self.idle[0] = pos.halfmove if self.root_idle is None else self.root_idle

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

    # ------------------------------------------------------------ results inside the tree

    def _early_outcome(self, pos: Position, ply: int) -> int | None:
        """Score of a finished game found without generating moves, else None."""
        if self.lose_without_royals and not pos.royals[pos.turn]:
            return -(MATE - ply)
        powers = self.rules.outcome_powers
        # Results that powers declare (insufficient material) follow a capture or a
        # pawn move; asking only then spares most nodes the question.
        if powers and pos.halfmove == 0:
            for power in powers:
                # Powers are asked before the legal moves are known; should one
                # declare a result, the rules' full verdict (with them) decides.
                if power.outcome(pos, _UNKNOWN_MOVES) is not None:
                    found = self.rules.outcome(pos, self.rules.legal_moves(pos))
                    if found is not None:
                        return self._outcome_score(found[0], pos.turn, ply)
                    break
        if self.judged:
            from ..outcomes import judge

            judged = judge(self.rules, pos)
            if judged is not None:
                return self._outcome_score(judged[0], pos.turn, ply)
        if self.fifty and pos.halfmove >= self.fifty:
            return 0
        return None

    def _no_moves_score(self, pos: Position, ply: int) -> int:
        found = self.rules.outcome(pos, [])
        if found is None:  # pragma: no cover - the rules always judge a position without moves
            return 0
        return self._outcome_score(found[0], pos.turn, ply)

    @staticmethod
    def _outcome_score(winner: int | None, mover: int, ply: int) -> int:
        if winner is None:
            return 0
        return MATE - ply if winner == mover else -(MATE - ply)

    # ------------------------------------------------------------ ordering

    def _order(self, pos: Position, moves: list[Move], tt_move: Move | None, ply: int) -> list[Move]:
        board = pos.board
        piece_cp = self.values.piece_cp
        killers = self.killers[ply] if ply < len(self.killers) else [None, None]
        history = self.history
        mover = pos.turn
        keyed: list[tuple[int, int, Move]] = []
        for i, m in enumerate(moves):
            if m == tt_move:
                rank = 1 << 30
            elif m.caps:
                gain = 0
                for c in m.caps:
                    victim = board[c]
                    if victim is not None:
                        gain += piece_cp(victim) if victim.color != mover else -piece_cp(victim)
                attacker = board[m.o] if 0 <= m.o < len(board) else None
                cost = piece_cp(attacker) if attacker is not None else 0
                rank = (1 << 26) + 16 * gain - cost // 16
            elif m.promotion:
                rank = (1 << 25) + self.values.kind_cp.get(m.promotion, 0)
            elif m == killers[0] or m == killers[1]:
                rank = 1 << 24
            else:
                rank = history.get(history_key(m), 0)
            keyed.append((-rank, i, m))
        keyed.sort()
        return [m for _, _, m in keyed]

    def _remember_quiet(self, m: Move, depth: int, ply: int, tried: Iterable[Move] = ()) -> None:
        """Credit the quiet move that cut off, and debit the quiet ones searched before it in vain."""
        if ply < len(self.killers):
            killers = self.killers[ply]
            if killers[0] != m:
                killers[1] = killers[0]
                killers[0] = m
        history = self.history
        bonus = depth * depth
        key = history_key(m)
        history[key] = min(history.get(key, 0) + bonus, HISTORY_LIMIT)
        for other in tried:
            key = history_key(other)
            history[key] = max(history.get(key, 0) - bonus, -HISTORY_LIMIT)


def history_key(m: Move) -> HistoryKey:
    """What the history table credits a quiet move's cutoff to: its squares, and its extra ones.

    The extra squares tell apart moves that share origin and destination: each of a
    passenger's Ferry sends (origin = destination, the Ferry's new square extra). Keyed by
    the two squares alone, one lucky send lifted all thirty of them ahead of every other
    quiet move. Elsewhere the extra squares follow from the two (a castling rook's).
    """
    return (m.o, m.d, m.extra)


def mobility_count(moves: list[Move]) -> int:
    """How many ways the side to move can go: moves told apart by their squares alone.

    Moves that differ only in a choice count once: a promotion's pieces, and a Ferry
    passenger's sends (origin = destination, one per square the Ferry could go to: two
    passengers' 28 sends added over a pawn to a side's score, and the engine kept
    its pieces riding where dragons burn them).
    """
    return len({(m.o, m.d) for m in moves})


#: Stand-in for "some legal moves, not yet listed" when asking powers for a result.
_UNKNOWN_MOVES: list[Move] = []
