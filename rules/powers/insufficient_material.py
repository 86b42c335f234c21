"""Draw by insufficient material, as in chess: neither side can ever mate.

Applies the orthodox test: a side can mate only with a pawn, rook or queen, with
two pieces besides the king, or with minor pieces that could force a self-mate
on the other side. Uses the standard ids king, knight, bishop.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import Power, register

if TYPE_CHECKING:
    from ..moves import Move
    from ..position import Position


_KING_AND_MINORS = frozenset(("king", "knight", "bishop"))


@register("insufficient-material")
class InsufficientMaterial(Power):
    pin_safe = True
    description = "The game is drawn when neither side has enough material to mate."

    def outcome(self, pos: Position, legal: list[Move]) -> tuple[int | None, str] | None:
        if self._cannot_mate(pos, 0) and self._cannot_mate(pos, 1):
            return (None, "insufficient material")
        return None

    def cannot_mate(self, pos: Position, color: int) -> bool:
        return self._cannot_mate(pos, color)

    def _cannot_mate(self, pos: Position, color: int) -> bool:
        # Asked after every capture and pawn move the engine searches: one look for a pawn,
        # rook, queen or other mating piece settles almost every position at once.
        for p in pos.board:
            if p is not None and p.color == color and p.kind not in _KING_AND_MINORS:
                return False
        geo = self.rules.geo
        own = [(sq, p.kind) for sq, p in pos.pieces(color)]
        other = [p.kind for _, p in pos.pieces(1 - color)]
        kinds = {k for _, k in own}
        if kinds - {"king", "knight", "bishop"}:
            return False
        if "knight" in kinds:
            return len(own) <= 2 and all(k in ("king", "queen") for k in other)
        if "bishop" in kinds:
            shades = {
                (geo.file_of(sq) + geo.rank_of(sq)) % 2
                for sq, p in pos.pieces()
                if p.kind == "bishop"
            }
            return len(shades) == 1 and "pawn" not in other and "knight" not in other and not any(
                p.kind in ("pawn", "knight") for _, p in pos.pieces(color)
            )
        return True
