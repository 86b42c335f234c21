"""Below the horizon: captures until the position is quiet, evasions from check, lean recaptures.

Quiescence stands pat on the static score, plus counted mobility (the moves it
lists against the opponent's count one ply up) where most of the army has powers.
"""

from __future__ import annotations

from ..moves import Move
from .limits import INFINITY, MAX_PLY
from .state import DELTA_MARGIN, SearchState, mobility_count

#: Quiescence stops following captures this many plies below the horizon.
MAX_QUIESCENCE_PLY = 8
#: From this quiescence ply on, only recaptures on the square of the last move are tried.
QUIESCENCE_RECAPTURE_PLY = 3
#: In its first plies, quiescence answers a check with every legal move, so a capture
#: that mates is seen as mate; deeper, checks are ignored to keep it small.
QUIESCENCE_CHECK_PLY = 2
#: A capture by a piece worth this much more than its victim, onto a guarded square,
#: is taken to lose the exchange and not tried.
SEE_SLACK = 50


class QuiescenceSearch(SearchState):
    """The searches below the horizon, on the state a whole search shares."""

    def _quiesce(self, alpha: int, beta: int, ply: int, qply: int) -> int:
        """The score at ``ply``, ``qply`` plies below the horizon: stand pat, or capture on till quiet."""
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
        for m in self.ordering.order(pos, captures, None, ply):
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
                early = self.endings.early(pos, ply + 1)
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
        for m in self.ordering.order(pos, replies, None, ply):
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
        for m in self.ordering.order(pos, moves, None, ply):
            self.nodes += 1
            self._check_limits()
            pos.push(m)
            try:
                if rules.problem_after(pos, m, mover, royal_count) is not None:
                    continue
                legal += 1
                early = self.endings.early(pos, ply + 1)
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
            return self.endings.without_moves(pos, ply)
        return best
