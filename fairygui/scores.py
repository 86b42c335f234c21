"""One sign convention for every score the app shows: from White's side, whoever is to move.

The engines report a score from the side to move's view; every panel (analysis, the thinking
indicator, hints, the status bar, the evaluation graph) turns it into a :class:`WhiteScore`
here and writes it the same way: ``+1.14 (White better)``, ``-0.40 (Black slightly better)``,
``0.00 (about equal)``, ``White mates in 3``. Plus means White stands better. No Qt here.
"""

from __future__ import annotations

from dataclasses import dataclass

#: What a mate counts as in pawns, where a number is needed (the graph clips it anyway).
MATE_PAWNS = 100.0
#: Below this many pawns either way the position is "about equal"; then "slightly better",
#: "better" and from the last one "winning".
EQUAL_BELOW = 0.3
SLIGHTLY_BELOW = 0.8
BETTER_BELOW = 2.5


@dataclass(frozen=True)
class WhiteScore:
    """``pawns`` from White's side; ``mate`` the moves to mate, positive where White mates."""

    pawns: float
    mate: int | None = None

    def words(self) -> str:
        """Who stands better, in words."""
        if self.mate is not None:
            return f"{'White' if self.mate > 0 else 'Black'} mates in {abs(self.mate)}"
        size = abs(self.pawns)
        if size < EQUAL_BELOW:
            return "about equal"
        side = "White" if self.pawns > 0 else "Black"
        if size < SLIGHTLY_BELOW:
            return f"{side} slightly better"
        if size < BETTER_BELOW:
            return f"{side} better"
        return f"{side} winning"

    def number(self) -> str:
        """The score alone: ``+1.14``, ``-0.40``, ``0.00``."""
        if round(self.pawns, 2) == 0:
            return "0.00"
        return f"{self.pawns:+.2f}"

    def text(self) -> str:
        """How every panel writes it: ``+1.14 (White better)``, ``White mates in 3``."""
        if self.mate is not None:
            return self.words()
        return f"{self.number()} ({self.words()})"

    def short(self) -> str:
        """What fits on the evaluation bar: ``+1.1``, ``M3`` (a mate for White), ``-M3``."""
        if self.mate is not None:
            return f"{'' if self.mate > 0 else '-'}M{abs(self.mate)}"
        return "0.0" if round(self.pawns, 1) == 0 else f"{self.pawns:+.1f}"


def white_score(score: int, mate_in: int | None, white_to_move: bool) -> WhiteScore:
    """A search's ``score`` (centipawns) and ``mate_in`` (moves, positive where the side to move
    mates), both from the side to move's view, as White's side sees them."""
    sign = 1 if white_to_move else -1
    if mate_in is not None:
        mate = mate_in * sign
        return WhiteScore(MATE_PAWNS if mate > 0 else -MATE_PAWNS, mate)
    return WhiteScore(sign * score / 100)
