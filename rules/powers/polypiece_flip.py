"""Polypiece flip: after a family member's move from and to the board, every piece
of that family on the board, of both colours and the mover included, changes to
its other form. Pieces in the Pocket, and moves to or from it, do not flip, unless
a flip mode option (synchronous, antisynchronous) extends flips to the Pocket.

Families and modes come from the variant data (see :mod:`rules.powers.polypieces`).
The flip is an ``after_move`` effect, so the engine judges check and mate on the
position after the flip.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import Power, register
from .polypieces import Families

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("polypiece-flip")
class PolypieceFlip(Power):
    description = "After a two-form piece moves on the board, its whole family changes form."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.families = Families(rules)

    def _flips(self, move: Move) -> bool:
        geo = self.rules.geo
        return (geo.is_board(move.o) and geo.is_board(move.d)) or self.families.reach_pocket

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        family = self.families.by_kind.get(mover.kind)
        if family is None or not self._flips(move):
            return
        board = pos.board
        for sq in self.families.scope(self.rules.geo.board_size):
            p = board[sq]
            if p is not None and p.kind in family.forms:
                pos.put(sq, p.replace(kind=family.other(p.kind)))

    def lands_as(self, pos: Position, move: Move) -> str | None:
        """The form the mover of ``move`` (a move of ``pos``) stands in after the move's flip, if
        the flip turns it over; None if it keeps its form (no flip, or a promotion, which leaves
        the family)."""
        mover = pos.board[move.o] if move.o >= 0 else None
        if mover is None or move.promotion is not None or not self._flips(move):
            return None
        family = self.families.by_kind.get(mover.kind)
        if family is None or move.d not in self.families.scope(self.rules.geo.board_size):
            return None
        return family.other(mover.kind)

    def flipped_squares(self, pos: Position, move: Move) -> list[int]:
        """Squares (in the position after ``move``) whose pieces the move's flip changes."""
        mover = pos.board[move.o] if move.o >= 0 else None
        family = self.families.by_kind.get(mover.kind) if mover is not None else None
        if family is None or not self._flips(move):
            return []
        board = pos.board
        scope = self.families.scope(self.rules.geo.board_size)
        out = [
            sq for sq in scope
            if sq != move.o and sq not in move.caps
            and board[sq] is not None and board[sq].kind in family.forms  # type: ignore[union-attr]
        ]
        # A promoted pawn leaves its family, so it does not flip with it.
        if move.promotion is None and move.d in scope and move.d not in out:
            out.append(move.d)
        return sorted(out)

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        board = pos.board
        names = self.rules.geo.names
        squares = self.flipped_squares(pos, move)
        out["flips"] = [names[sq] for sq in squares]
        forms: dict[str, str] = {}
        for sq in squares:
            # The mover shows up at its destination, where the board still has whatever it captures.
            p = board[move.o] if sq == move.d else board[sq]
            assert p is not None
            family = self.families.by_kind[p.kind]
            forms[names[sq]] = family.other(p.kind)
        out["flip_forms"] = forms

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any]:
        names = self.rules.geo.names
        geo = self.rules.geo
        pieces = []
        for sq, p in pos.pieces():
            family = self.families.by_kind.get(p.kind)
            if family is None:
                continue
            pieces.append({
                "square": names[sq],
                "piece": str(p),
                "family": family.name,
                "form": p.kind,
                "other": family.other(p.kind),
                "flips": geo.is_board(sq) or self.families.reach_pocket,
            })
        return {
            "families": {f.name: list(f.forms) for f in self.families.families},
            "reach_pocket": self.families.reach_pocket,
            "mode": self.families.mode,
            "pieces": pieces,
        }
