"""The Chicken Pawn's retreat: while an enemy piece attacks it, it may also move
straight or diagonally backward like a Rook or Bishop, capturing too (variant data
``chicken_retreat``, Betza in White's view, default ``bRbB``). The retreat slides,
so Hia zones stop it.

"Attacks" means an enemy piece could capture it now; frozen pieces attack nothing.
Retreats themselves never count when deciding whether a Chicken is attacked
(otherwise two Chickens could each be attacked only because the other is).
While Friends' borrowings are being worked out (stage b), enemy Friends attack
nothing; afterwards their borrowed moves count.

A Chicken's retreat has kind ``retreat`` (so it is never a double step for en
passant, nor a promotion); a Friend's borrowed retreat is an ordinary move.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING

from ..betza import parse_betza
from . import Power, register
from .guarding import atoms_reach

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import GenAtom, Rules

STAGE_B = "b"


@register("chicken-retreat")
class ChickenRetreat(Power):
    kinds = ()
    slides = True
    description = "While attacked, may retreat straight or diagonally backward like a Rook or Bishop."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        atoms = parse_betza(rules.variant.data.get("chicken_retreat", "bRbB"))
        self.atoms: tuple[tuple[GenAtom, ...], ...] = (rules.compile(atoms, 0), rules.compile(atoms, 1))
        self._local = threading.local()
        self.holders = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        # per colour: for each retreat line, the rays read back from the target
        geo = rules.geo
        self.back_rays = tuple(
            tuple((geo.rays_for(-g.vector[0], -g.vector[1]), g.max_range) for g in self.atoms[color])
            for color in (0, 1)
        )

    def under_attack(self, pos: Position, ctx: Context, sq: int, piece: Piece) -> bool:
        """Could an enemy piece capture the piece on ``sq`` now (retreats not counted)?"""
        stage = ctx.info.get("stage")
        key = "chicken-attacked" if stage is None else f"chicken-attacked-{stage}"
        cache = ctx.info.setdefault(key, {})
        found = cache.get((sq, piece))
        if found is None:
            self._local.busy = True
            try:
                found = self.rules.is_attacked(pos, sq, 1 - piece.color, ctx)
            finally:
                self._local.busy = False
            cache[(sq, piece)] = found
        return found

    def _active(self, pos: Position, ctx: Context, sq: int, piece: Piece) -> bool:
        if ctx.info.get("superset"):
            return True  # an upper bound of attacks (borrowing's may_attack) assumes the worst
        return not getattr(self._local, "busy", False) and self.under_attack(pos, ctx, sq, piece)

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        if not self._active(pos, ctx, sq, piece):
            return
        rules = self.rules
        if piece.kind not in rules.pawn_kinds:
            rules.betza_moves(pos, sq, piece, self.atoms[piece.color], out, ctx.stops.get(sq))
            return
        found: list[Move] = []
        rules.betza_moves(pos, sq, piece, self.atoms[piece.color], found, ctx.stops.get(sq))
        out.extend(m._replace(kind="retreat") for m in found)

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        # Walk from the target back along each retreat line to the first piece: a Chicken
        # of ``by`` there attacks the target if its slide gets through and it is attacked.
        # Friends that borrowed the power are found by the engine from their moves.
        if getattr(self._local, "busy", False):
            return False
        board = pos.board
        for rays, reach in self.back_rays[by]:
            ray = rays[target]
            k = 0
            for s in ray:
                k += 1
                if k > reach:
                    break
                p = board[s]
                if p is None:
                    continue
                if p.color == by and p.kind in self.holders and s not in ctx.frozen:
                    zone = ctx.stops.get(s)
                    if zone and k > 1 and (s in zone or any(x in zone for x in ray[: k - 1])):
                        break
                    if self._active(pos, ctx, s, p):
                        return True
                break
        return False

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        if not atoms_reach(pos.board, self.atoms[piece.color], sq, True, target, ctx.stops.get(sq)):
            return False
        return self._active(pos, ctx, sq, piece)
