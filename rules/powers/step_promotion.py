"""Promotion as a move of its own (Sittuyin's), a variant power: a pawn named in
``[variant.<id>.data.step-promotion]`` ``pieces`` may, instead of moving as a pawn, become the
kind ``to`` either where it stands or by one of that kind's own moves onto an empty square.

* ``region``: a region (each side its own squares) where the pawn must stand to promote, unless
  it is its side's only pawn (then it may promote anywhere); no region: anywhere;
* ``limit``: the promotion is offered only while its side has fewer than this many of ``to``
  (default 1: Sittuyin's one General);
* ``no_attack`` (default true): the promoted piece may not land where it would attack an enemy
  piece, and the promotion may not give check by uncovering a line either (so a promotion never
  gives check nor threatens anything), as Fairy-Stockfish rules it.

The move is written like any promotion: ``d5=ferz`` where the pawn stands, ``d5c6=ferz`` with the
step. It never captures. The promoted piece's Betza must be plain leaps and slides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..atoms import GenAtom
from ..betza import parse_betza
from ..datafields import variant_fields
from ..moves import Move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("step-promotion")
class StepPromotion(Power):
    description = (
        "A pawn may turn into the promoted piece where it stands or by one of that piece's moves onto an "
        "empty square, on the squares the variant names (anywhere if it is its side's last pawn)."
    )

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "data.step-promotion")
        self.promoting = frozenset(data.piece_ids("pieces"))
        if not self.promoting:
            raise data.error("pieces", "data.step-promotion.pieces must name the pieces that promote")
        self.to = data.piece_id("to", "")
        if not self.to:
            raise data.error("to", "data.step-promotion.to must name the kind they promote to")
        self.region_name = data.text("region", "")
        if self.region_name and self.region_name not in rules.variant.regions:
            raise data.error("region", f"data.step-promotion.region names no region: {self.region_name!r}")
        self.limit = data.integer("limit", 1, 1, 64)
        self.no_attack = data.flag("no_attack", True)
        atoms = parse_betza(rules.types[self.to].betza)
        self.moves_of: tuple[tuple[GenAtom, ...], tuple[GenAtom, ...]] = (
            rules.compile(atoms, 0), rules.compile(atoms, 1))
        for compiled in self.moves_of:
            if any(g.hop or g.paths is not None or g.legs is not None for g in compiled):
                raise data.error("to", "data.step-promotion.to must move by plain leaps and slides")
        self.pieces = self.promoting

    def _region(self, color: int) -> frozenset[int] | None:
        return self.rules.region(self.region_name, color) if self.region_name else None

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        color = pos.turn
        own = list(pos.pieces(color))
        if sum(1 for _, p in own if p.kind == self.to) >= self.limit:
            return
        pawns = [(sq, p) for sq, p in own if p.kind in self.promoting and self.rules.geo.is_board(sq)]
        region = self._region(color)
        if region is not None and len(pawns) > 1:
            pawns = [(sq, p) for sq, p in pawns if sq in region]
        board = pos.board
        names = self.rules.geo.names
        for sq, _ in pawns:
            landings = [sq] + [t for t in self._reach(board, sq, sq, color, moving=True) if board[t] is None]
            for t in landings:
                if self.no_attack and self._attacks_enemy(board, t, sq, color):
                    continue
                out.append(Move("normal", names[sq], names[t], (), self.to, None, sq, t, (), ()))

    def illegal_reason(self, pos: Position, move: Move, mover: int) -> str | None:
        # The landing square was vetted in extra_moves; a check the pawn's leaving uncovers is not.
        if (
            self.no_attack and move.promotion == self.to and not move.caps
            and pos.board[move.d] is not None and self.rules.in_check(pos)
        ):
            return "a promotion may not give check"
        return None

    def _reach(self, board: list[Piece | None], start: int, vacated: int, color: int, moving: bool) -> list[int]:
        """Squares the promoted kind reaches from ``start`` by moves (``moving``) or by captures,
        with ``vacated`` counted empty; each slide stops at its first piece (included)."""
        found: list[int] = []
        for g in self.moves_of[color]:
            if not (g.can_move if moving else g.can_capture):
                continue
            for t in g.rays[start]:
                found.append(t)
                if board[t] is not None and t != vacated:
                    break
        return found

    def _attacks_enemy(self, board: list[Piece | None], at: int, vacated: int, color: int) -> bool:
        for t in self._reach(board, at, vacated, color, moving=False):
            occ = board[t]
            if t != vacated and occ is not None and occ.color != color:
                return True
        return False
