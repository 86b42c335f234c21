"""Swap (the Displacer Squirrel): trade places with a friendly piece standing on a
square the swap leaps reach (variant data ``swap``, Betza, default ``NAD``).

Move kind ``swap``, text ``e2g4/swap``. Never with a frozen piece (and a frozen
swapper cannot move at all). Both pieces count as moved, so a swapped pawn loses
its initial moves. A pawn swapped onto its promotion zone must promote (text
``e11g12=caliph/swap``); with nothing to promote to, the swap is impossible under
``empty_pool_promotion = no-advance`` and leaves a pawn under ``stay-pawn``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import variant_fields
from ..moves import Move, build_move
from . import Power, register
from .promotion import Promotion

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

CHOICE = "swap"


@register("swap")
class Swap(Power):
    kinds = ("swap",)
    description = "Trades places with a friendly piece two squares away."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self._nowhere: tuple[frozenset[int], ...] = (frozenset(),) * rules.geo.board_size
        geo = rules.geo
        vectors = [v for a in variant_fields(rules.variant, "data").betza("swap", "NAD") for v in a.vectors]
        self.targets = tuple(
            tuple(t for t in (geo.offset(sq, dx, dy) for dx, dy in vectors) if t >= 0)
            for sq in range(geo.board_size)
        )
        self._promotion: Promotion | None | bool = False

    def promotion(self) -> Promotion | None:
        if self._promotion is False:
            self._promotion = next(
                (p for p in self.rules.power_objects.values() if isinstance(p, Promotion)), None
            )
        return self._promotion  # type: ignore[return-value]

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        return self._nowhere  # its moves never capture

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        names = self.rules.geo.names
        origin = names[sq]
        color = piece.color
        frozen = ctx.frozen
        promo = self.promotion()
        if promo is not None and sq not in promo.any_zone[color]:
            promo = None  # no piece of this colour promotes on the swapper's square
        for t in self.targets[sq]:
            occ = board[t]
            if occ is None or occ.color != color or t in frozen:
                continue
            plain = build_move(("swap", origin, names[t], (), None, CHOICE, sq, t, (), ()))
            if promo is None or sq not in promo.zone(occ.kind, color):
                out.append(plain)
                continue
            choices = promo.options_for(pos, color)
            if not choices:
                if self.rules.options.get("empty_pool_promotion", "no-advance") == "stay-pawn":
                    out.append(plain)
                continue
            out.extend(plain._replace(promotion=kind) for kind in choices)

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if move.kind != "swap":
            return
        # The other piece lands on the origin: a square the plain fields do not name as changed.
        out["swapped"] = {"from": move.destination, "to": move.origin}
        affects = out.setdefault("affects", [])
        if move.origin not in affects:
            affects.append(move.origin)

    def apply(self, pos: Position, move: Move) -> None:
        rules = self.rules
        mover, other = pos.board[move.o], pos.board[move.d]
        assert mover is not None and other is not None, f"swap {move} needs two pieces"
        arriving = rules.promoted_piece(pos, other, move.promotion) if move.promotion else rules.moved_piece(other)
        pos.put(move.o, arriving)
        pos.put(move.d, rules.moved_piece(mover))
