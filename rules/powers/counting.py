"""Makruk's counting rules, switched on by ``counting = true`` in ``[variant.<id>.outcomes]``
(rules/endrules.py describes the rule and reads its keys).

The count is position state ``counting=(limit,plies)``, both in plies: absent until counting
starts; once the plies pass the limit the game is drawn (a checkmate on that move still
counts as checkmate, since mate is judged first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..endrules import CountingRule
from ..errors import FenError
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

COUNTING_KEY = "counting"


@register("counting")
class Counting(Power):
    state_keys = (COUNTING_KEY,)
    counter_state_keys = (COUNTING_KEY,)
    description = (
        "Counting rules: once the pawns are gone, the weaker side counts the moves, and the game is drawn "
        "at the limit."
    )

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.rule = rules.outcomes.counting or CountingRule()

    def count(self, pos: Position) -> tuple[int, int] | None:
        """(limit, plies counted) while counting runs, else None."""
        value = pos.state.get(COUNTING_KEY)
        if not value:
            return None
        return (int(value[0]), int(value[1]))

    def _limit(self, pieces: list[list[str]], side: int, pawns: int) -> int:
        other: dict[str, int] = {}
        for kind in pieces[1 - side]:
            other[kind] = other.get(kind, 0) + 1
        return self.rule.limit_moves(len(pieces[side]), other, len(pieces[1 - side]), pawns)

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        before = self.count(pos)
        limit, plies = before if before is not None else (0, 0)
        if limit:
            plies += 1
        pieces: list[list[str]] = [[], []]
        pawns = 0
        pawn_kinds = self.rules.pawn_kinds
        for p in pos.board:
            if p is not None:
                pieces[p.color].append(p.kind)
                pawns += p.kind in pawn_kinds
        total = len(pieces[0]) + len(pieces[1])
        us, them = mover.color, 1 - mover.color  # them: the side to move now
        captured = bool(move.caps)
        # A bare king that takes the last pawn starts counting for itself (no count ran before,
        # as none runs while pawns stand, so the victim was a pawn unless the move promoted).
        if before is None and captured and not move.promotion and not pawns and len(pieces[us]) == 1:
            mine = self._limit(pieces, us, pawns)
            if mine:
                limit, plies = 2 * mine, 2 * total - 1
        bare = len(pieces[them]) == 1
        if not limit or ((captured or move.promotion) and bare):
            theirs = self._limit(pieces, them, pawns)
            if theirs:
                limit, plies = 2 * theirs, (2 * total if bare else 0)
        pos.set_state(COUNTING_KEY, (str(limit), str(plies)) if limit else None)

    def outcome(self, pos: Position, legal: list[Move]) -> tuple[int | None, str] | None:
        count = self.count(pos)
        if count is not None and count[1] > count[0]:
            return (None, f"counting rule ({count[0] // 2} moves)")
        return None

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(COUNTING_KEY)
        if value is None:
            return
        if (
            not isinstance(value, tuple) or len(value) != 2
            or not all(isinstance(v, str) and v.isascii() and v.isdigit() and len(v) <= 5 for v in value)
        ):
            raise FenError(
                f"{COUNTING_KEY}= must be the counting limit and the plies counted, in plies, such as "
                f"{COUNTING_KEY}=(128,3)"
            )

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        count = self.count(pos)
        if count is None:
            return None
        return {"limit_moves": count[0] // 2, "plies_counted": count[1]}
