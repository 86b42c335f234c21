"""The counting rules of Makruk and Sittuyin, switched on by ``counting`` in
``[variant.<id>.outcomes]`` (rules/endrules.py describes the two styles and reads the keys).

The count is position state under ``counting``: (limit, plies counted), both in plies, absent
until counting starts; once the plies pass the limit the game is drawn (a checkmate on that
move still counts as checkmate, since mate is judged first). Once started, a count runs to
the end of the game, restarted only as the rules say, as Fairy-Stockfish keeps it.

Position text writes the count as Fairy-Stockfish does (:func:`counting_fields`): the limit in
place of the en passant square and the plies counted in place of the halfmove clock,
``4k3/8/8/8/8/8/R7/4K3 b - 32 6 40``; reading that form sets the halfmove clock to 0, as
Fairy-Stockfish does. The older form, an extra field ``counting=(32,6)``, is still read.
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
#: The most digits a limit or a count may have in position text.
MAX_COUNT_DIGITS = 5


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
        rule = self.rule
        # Makruk: a bare king that takes the last pawn starts counting for itself.
        if rule.lone_king_takes_last_pawn and not pawns and len(pieces[us]) == 1 and self._took_a_pawn(pos, move, us):
            mine = self._limit(pieces, us, pawns)
            if mine:
                limit, plies = 2 * mine, 2 * total - 1
        bare = len(pieces[them]) == 1
        if not limit or ((captured or move.promotion) and bare):
            theirs = self._limit(pieces, them, pawns)
            if theirs:
                limit, plies = 2 * theirs, (2 * total if bare and not rule.pieces_count_from_zero else 0)
        pos.set_state(COUNTING_KEY, (str(limit), str(plies)) if limit else None)

    def _took_a_pawn(self, pos: Position, move: Move, us: int) -> bool:
        pawn_kinds = self.rules.pawn_kinds
        for sq in move.caps:
            victim = pos.replaced(sq)
            if victim is not None and victim.color != us and victim.kind in pawn_kinds:
                return True
        return False

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
            or not all(isinstance(v, str) and v.isascii() and v.isdigit() and len(v) <= MAX_COUNT_DIGITS
                       for v in value)
        ):
            raise FenError(
                f"the count of the counting rules must be the limit and the plies counted, both in plies "
                f"and of up to {MAX_COUNT_DIGITS} digits, such as 32 6 in place of the en passant square "
                f"and the halfmove clock (or {COUNTING_KEY}=(32,6))"
            )

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        count = self.count(pos)
        if count is None:
            return None
        return {"limit_moves": count[0] // 2, "plies_counted": count[1]}


def counting_fields(pos: Position) -> tuple[str, str] | None:
    """The count as Fairy-Stockfish writes it, (limit, plies) for the en passant and halfmove
    fields, while a count runs; None otherwise (and while an en passant square must be written,
    which only drops bringing pawns back could make: the count then stays an extra field)."""
    value = pos.state.get(COUNTING_KEY)
    if not value or pos.ep >= 0 or "counting" not in pos.rules.power_objects:
        return None
    return (str(value[0]), str(value[1]))


def read_counting_fields(pos: Position, limit_text: str) -> None:
    """Read Fairy-Stockfish's form: ``limit_text`` (the en passant field) is the limit and the
    halfmove clock already read is the count, after which the clock is 0; a limit of 0 is no
    count, and the clock stays."""
    if len(limit_text) > MAX_COUNT_DIGITS:
        raise FenError(f"the counting limit {limit_text} in place of the en passant square has more than "
                       f"{MAX_COUNT_DIGITS} digits")
    limit = int(limit_text)
    if limit:
        pos.state[COUNTING_KEY] = (str(limit), str(pos.halfmove))
        pos.halfmove = 0
