"""Poison (the Poison and the Jellyfish, and Friends borrowing either): a piece that
captures a poisonous piece by any means except a rifle shot is removed too, after
landing, and goes to its owner's pool of captured pieces.

This power carries out the moving captures (kinds ``normal``, ``locust``,
``withdrawal``, ``retreat``): the plain lift-capture-place, then the poison. A
Friend's poison comes from the position before the move (the context), so the
effect matches what the board showed. Legality is judged afterwards by the core:
a move whose poison removes the mover's last Friend is illegal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import variant_fields
from . import Power, register
from .borrowing import Borrowing

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..position import Position
    from ..ruleset import Rules


@register("poison")
class Poison(Power):
    stage = 60
    kinds = ("normal", "locust", "withdrawal", "retreat")
    description = "Whatever captures it (except a rifle shot) is removed too."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.real = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        self.borrower = variant_fields(rules.variant, "data").piece_id("borrower", "") or None

    def prepare(self, pos: Position, ctx: Context) -> None:
        ctx.info["poison"] = frozenset(sq for sq, names in ctx.powers.items() if self.name in names)

    def poisonous(self, pos: Position, sq: int, ctx: Context | None = None) -> bool:
        p = pos.board[sq]
        if p is None:
            return False
        if p.kind in self.real:
            return True
        if p.kind != self.borrower:
            return False
        if ctx is None:
            if not self._may_lend_poison(pos, p.color):
                return False
            ctx = self.rules.cached_context(pos)
            if ctx is None:
                # The engine's leaves have no Context worked out: this Friend's lenders alone
                # cost a fraction of it.
                borrowing = self.rules.power_of(Borrowing)
                assert borrowing is not None, "a Friend's poison is borrowed"
                return self.name in borrowing.borrowed_powers(pos, sq)
        return self.name in ctx.powers.get(sq, ())

    def _may_lend_poison(self, pos: Position, color: int) -> bool:
        """Might a Friend of ``color`` borrow poison here (an upper bound)?

        Every lender, through however many Friends, guards some Friend directly, so a
        side none of whose poisonous pieces could capture on any of its Friends' squares
        on an empty board lends poison to none of them.
        """
        rules = self.rules
        board = pos.board
        size = rules.geo.board_size
        friends = [
            sq for sq in range(size)
            if (q := board[sq]) is not None and q.color == color and q.kind == self.borrower
        ]
        if not friends:
            return False
        borrowing = rules.power_of(Borrowing)
        if borrowing is None:
            return True  # someone else lends: no bound known here
        guard_powers = borrowing.guard_powers()
        for sq in range(size):
            q = board[sq]
            if q is None or q.color != color or q.kind not in self.real:
                continue
            if q.kind in guard_powers:
                return True  # it may guard by a power, beyond its atoms' reach
            reach = rules.capture_reach(q.kind, color)[sq]
            if any(f in reach for f in friends):
                return True
        return False

    def takes_poison(self, pos: Position, move: Move, ctx: Context | None = None) -> bool:
        """Would this move's capturer be removed by poison (judged before the move)?"""
        if not move.caps or move.kind not in self.kinds:
            return False
        return any(self.poisonous(pos, c, ctx) for c in move.caps)

    def apply(self, pos: Position, move: Move) -> None:
        poisoned = self.takes_poison(pos, move)
        self.rules.apply_plain(pos, move)
        if poisoned:
            pos.capture(move.d)

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if self.takes_poison(pos, move):
            out["poisoned"] = [move.destination]
            affects = out.setdefault("affects", [])
            if move.destination not in affects:
                affects.append(move.destination)

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin]
        if p is None or p.kind != self.borrower or origin in ctx.frozen:
            return None
        if len(pos.royals[p.color]) != 1 or p.kind not in self.rules.royal_kinds:
            return None
        moves: list[Move] = []
        self.rules.piece_moves(pos, ctx, origin, p, moves)
        moves = [m for m in moves if m.d == destination]
        if not moves or not all(self.takes_poison(pos, m, ctx) for m in moves):
            return None
        names = self.rules.geo.names
        victims = " and ".join(
            f"the poisonous {self.rules.types[pos.board[c].kind].name} on {names[c]}"  # type: ignore[union-attr]
            for c in moves[0].caps
        )
        return f"capturing {victims} would poison your last Friend on {names[origin]}"

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        names = self.rules.geo.names
        borrowed = ctx.info.get("poison", frozenset())
        squares = [
            sq for sq, p in enumerate(pos.board[: self.rules.geo.board_size])
            if p is not None and (p.kind in self.real or sq in borrowed)
        ]
        return {"pieces": [names[sq] for sq in squares], "borrowed": [names[sq] for sq in squares if sq in borrowed]}
