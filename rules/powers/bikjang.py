"""Bikjang (Janggi's facing generals) and the material count, a variant power.

* The royal pieces may face each other on an open file (unlike Xiangqi's generals). A side
  whose move finds them facing must break the facing (move its royal piece off the file, or
  put a piece between), or pass (the passing power): every other move is illegal.
* The game ends when the facing stands after two plies in a row (a pass in bikjang), and when
  both sides pass one after the other; a repetition that would draw is decided the same way.
* Such an end is decided by the material count of ``[variant.<id>.data.bikjang]``: ``values``
  (per piece id; pieces not listed count 0) summed per side, the second side adding
  ``second_side_bonus``; the higher total wins, equal totals draw. Without ``values`` it is a
  draw. Janggi's: chariot 13, cannon 7, horse 5, elephant 3, advisor 3, soldier 2, and 1.5 for
  the second side (Han), so totals are never equal; as Fairy-Stockfish counts them.

Position state: ``passes=1`` or ``2``, the passes in a row just played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from ..errors import FenError
from . import Power, register
from .passing import PASS

if TYPE_CHECKING:
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

PASSES_KEY = "passes"


@register("bikjang")
class Bikjang(Power):
    state_keys = (PASSES_KEY,)
    counter_state_keys = (PASSES_KEY,)  # a count of moves: positions repeat whatever it says
    ends_before_moves = True
    description = (
        "The generals may face each other; the side that finds them facing must break it or pass, and a pass "
        "then (or two passes in a row) ends the game by the material count."
    )

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "data.bikjang")
        values = data.table_of("values", (int, float))
        for pid in values:
            if pid not in rules.variant.pieces:
                raise data.error("values", f"data.bikjang.values names {pid!r}, which is not a piece of this variant")
        self.values: dict[str, float] = {k: float(v) for k, v in values.items()}
        bonus = data.value("second_side_bonus", (int, float), 0)
        self.bonus = float(bonus)

    def facing(self, pos: Position) -> bool:
        return self.rules.royals_face(pos, 0)

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        passes = pos.state.get(PASSES_KEY)  # position state is words: "1" or "2"
        count = (int(passes) if passes in ("1", "2") else 0) + 1 if move.kind == PASS else 0
        pos.set_state(PASSES_KEY, str(min(count, 2)) if count else None)

    def illegal_reason(self, pos: Position, move: Move, mover: int) -> str | None:
        if move.kind != PASS and self.facing(pos) and self._faced_before(pos, move):
            return "the generals would still face each other (bikjang): break the facing, or pass"
        return None

    def _faced_before(self, pos: Position, move: Move) -> bool:
        """Did the royals face each other before ``move`` (the position after it is ``pos``)?
        Only the move's squares changed: its origin was occupied, its captures too, and its
        destination only if it was captured on."""
        royals = [set(pos.royals[c]) for c in (0, 1)]
        moved = pos.board[move.d] if 0 <= move.d < len(pos.board) else None
        if moved is not None and move.d in royals[moved.color] and move.o >= 0:
            royals[moved.color].discard(move.d)
            royals[moved.color].add(move.o)
        if len(royals[0]) != 1 or len(royals[1]) != 1:
            return False
        (white,), (black,) = royals
        geo = self.rules.geo
        if geo.file_of(white) != geo.file_of(black):
            return False
        occupied_before = {move.o, *move.caps}
        emptied = {move.d} - occupied_before
        low, high = sorted((white, black))
        step = geo.files
        return not any(
            s in occupied_before or (pos.board[s] is not None and s not in emptied)
            for s in range(low + step, high, step)
        )

    def outcome(self, pos: Position, legal: list[Move]) -> tuple[int | None, str] | None:
        last = pos.last_move()
        if last is not None and last.kind == PASS and self.facing(pos):
            why = "bikjang"
        elif pos.state.get(PASSES_KEY) == "2":
            why = "both sides passed"
        else:
            return None
        return self._counted(pos, why)

    def repetition_verdict(self, pos: Position, reason: str) -> tuple[int | None, str] | None:
        return self._counted(pos, reason) if self.values else None

    def _counted(self, pos: Position, why: str) -> tuple[int | None, str]:
        """The material count's verdict (a draw without ``values``)."""
        if not self.values:
            return (None, why)
        totals = [sum(self.values.get(p.kind, 0.0) for _, p in pos.pieces(color)) for color in (0, 1)]
        totals[1] += self.bonus
        words = f"{why}: material count {_number(totals[0])} to {_number(totals[1])}"
        if totals[0] == totals[1]:
            return (None, words)
        return (0 if totals[0] > totals[1] else 1, words)

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(PASSES_KEY)
        if value is not None and value not in ("1", "2"):
            raise FenError(f"{PASSES_KEY}= must be 1 or 2")


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)
