"""Promotion under a flip mode: the promoted piece may not break the families' forms.

With mode ``same`` (synchronous) a pawn may promote into a family only in the form
every piece of that family has; with ``opposite`` (antisynchronous) only in the form
the promoting side's pieces of that family have, which is the form opposite to the
other side's. A family with no piece left (after the promoting move's capture)
takes either form. Pieces in the Pocket count. Where a position already mixes the
forms so that no form keeps the rule, both forms stay open: there is nothing left
to keep.

This power only narrows the list the ``promotion`` power made, so it must come
after it in the variant's ``powers``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import Power, register
from .polypieces import Families, Family

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..position import Position
    from ..ruleset import Rules


@register("polypiece-promotion")
class PolypiecePromotion(Power):
    reads_sections = ("promotion",)
    description = "In synchronous and antisynchronous play, promotion keeps every family's forms."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.families = Families(rules)

    def allowed_forms(self, pos: Position, family: Family, color: int, removed: tuple[int, ...] = ()) -> list[str]:
        """Forms of ``family`` a pawn of ``color`` may promote to, once ``removed`` squares are emptied."""
        mode = self.families.mode
        if mode is None:
            return list(family.forms)
        own: set[str] = set()
        other: set[str] = set()
        for sq, p in pos.pieces():
            if p.kind in family.forms and sq not in removed:
                (own if p.color == color else other).add(p.kind)
        fits = []
        for form in family.forms:
            wanted_other = form if mode == "same" else family.other(form)
            if own <= {form} and other <= {wanted_other}:
                fits.append(form)
        return fits or list(family.forms)

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        if self.families.mode is None:
            return moves
        out: list[Move] = []
        board = pos.board
        cache: dict[tuple[str, int, tuple[int, ...]], list[str]] = {}
        for m in moves:
            family = self.families.by_kind.get(m.promotion) if m.promotion else None
            mover = board[m.o] if family is not None and m.o >= 0 else None
            if family is None or mover is None:
                out.append(m)
                continue
            key = (family.name, mover.color, m.caps)
            allowed = cache.get(key)
            if allowed is None:
                allowed = cache[key] = self.allowed_forms(pos, family, mover.color, m.caps)
            if m.promotion in allowed:
                out.append(m)
        return out

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        if self.families.mode is None:
            return None
        return {
            "mode": self.families.mode,
            "promotion_forms": {
                word: {f.name: self.allowed_forms(pos, f, color) for f in self.families.families
                       if f.name in self._promotion_families()}
                for color, word in enumerate(("white", "black"))
            },
        }

    def _promotion_families(self) -> set[str]:
        choices = self.rules.variant.promotion.get("choices", [])
        return {f.name for f in self.families.families if any(c in f.forms for c in choices)}
