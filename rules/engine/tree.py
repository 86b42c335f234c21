"""The full-width search above the horizon: negamax with alpha-beta and its pruning.

Legality is judged lazily: a pseudo-legal move is made, the rules say whether the
position reached may stand (``Rules.problem_after``, the same test
``Rules.legal_moves`` applies), and only then is it searched. Moves that a cutoff
makes unnecessary are never judged. A position that repeats one seen before, in
the game or on the current line, counts as a draw.

Lean leaves: where working out a position's Context (borrowings, freezes) costs
far more than anything else in a node, the horizon nodes are evaluated with their
parent's Context and without quiescence, which buys a ply of full-width search;
a leaf reached by a capture still weighs the cheapest recapture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from .limits import INFINITY, MATE_BOUND, MAX_PLY
from .quiescence import QuiescenceSearch
from .table import EXACT, LOWER, UPPER, position_key
from .tables import table_score

if TYPE_CHECKING:
    from ..position import Position

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


class TreeSearch(QuiescenceSearch):
    """The search of the nodes below the root, down to the horizon and on into quiescence."""

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score for the side to move of the position at ``ply``, searched ``depth`` plies deeper."""
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
        early = self.endings.early(pos, ply)
        if early is not None:
            return early
        if self.tables is not None and (self.tables_everywhere or pos.halfmove == 0):
            found = self.tables.probe(pos)
            if found is not None:
                return table_score(found, ply, self.draw[pos.turn])
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
        ordered = self.ordering.order(pos, moves, tt_move, ply)
        mover = pos.turn
        royal_count = len(pos.royals[mover])
        alpha0 = alpha
        best = -INFINITY
        best_move: Move | None = None
        legal = 0
        quiet_limit = 1 << 30
        if scout and not in_check and depth < len(LATE_MOVE_LIMIT):
            quiet_limit = LATE_MOVE_LIMIT[depth] * max(LATE_MOVE_BRANCHING, len(moves)) // LATE_MOVE_BRANCHING
        killers = self.ordering.killers[ply]
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
                                self.ordering.remember_quiet(m, depth, ply, quiets_tried)
                            break
                if quiet:
                    quiets_tried.append(m)
        finally:
            self.path.discard(key)
        if legal == 0:
            return self.endings.without_moves(pos, ply)
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
