"""Scores of finished games inside the search: wins and losses by plies from the root, draws 0.

Draws the rules declare (stalemate, the move-count rule, bare material) score 0: they
are results, not a choice to stop playing (a repetition is that choice, and the search
scores it with contempt). A move-count draw that is claimed rather than automatic counts
as a draw too: the engine would claim it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..judge import each_move_result
from ..moves import Move
from .limits import MATE

if TYPE_CHECKING:
    from ..position import Position
    from ..ruleset import Rules

#: Stand-in for "some legal moves, not yet listed" when asking powers for a result.
_UNKNOWN_MOVES: list[Move] = []


def outcome_score(winner: int | None, mover: int, ply: int) -> int:
    """The score for ``mover`` of a game that ``winner`` (None: nobody) won ``ply`` plies from the root."""
    if winner is None:
        return 0
    return MATE - ply if winner == mover else -(MATE - ply)


class Endings:
    """Which of a variant's ways to end a game the search must look for, and their scores."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.lose_without_royals = bool(rules.variant.lose_without_royals and rules.royal_kinds)
        #: Plies of the move-count rule (0: none), and whether outcome rules need judging each node.
        self.fifty = rules.move_rule_plies
        self.judged = rules.outcomes.judged_each_move

    def start(self, root: Position) -> None:
        """Set the move-count limit the search scores as a draw, from the root.

        Where the draw is claimed, the search counts it as a draw (the engine would claim);
        but once the root is past the claim and nobody claimed, only the limit that ends
        the game by itself (FIDE's seventy-five moves) is one."""
        plies = self.rules.move_rule_plies
        out = self.rules.outcomes
        if plies and out.move_rule_claimed and root.halfmove >= plies:
            plies = 2 * out.move_rule_automatic
        self.fifty = plies

    def early(self, pos: Position, ply: int) -> int | None:
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
                        return outcome_score(found[0], pos.turn, ply)
                    break
        if self.judged:
            judged = each_move_result(self.rules, pos)
            if judged is not None:
                return outcome_score(judged[0], pos.turn, ply)
        if self.fifty and pos.halfmove >= self.fifty:
            return 0
        return None

    def without_moves(self, pos: Position, ply: int) -> int:
        """Score of a position where the side to move has no legal move (mate, stalemate...)."""
        found = self.rules.outcome(pos, [])
        if found is None:
            # A switch would give the side a move (a Hia switch stopping the checking slider):
            # not mated. The tree plays no switches (the root does, Engine._switch_first), so
            # the position is scored as level.
            return 0
        return outcome_score(found[0], pos.turn, ply)
