"""The Patient Pawn's opening step-and-capture: while it has never moved, one step
straight forward onto an empty square and then a diagonal-forward capture, as one
move (kind ``normal``; its capture is the diagonal square, text ``e3f5``).

Both squares of the path are passed like a slide, so a Hia zone on the start or
the first square forbids it. A Friend that borrows the power uses its own forward
direction and only while neither it nor the lending pawn has moved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move, build_move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..geometry import Geometry
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("patient-step")
class PatientStep(Power):
    slides = True
    initial_only = True
    description = "On its first move, may step forward and then capture diagonally forward."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        geo = rules.geo
        self.geo = geo
        self.holders = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        # per colour and square: (first square, (capture squares...)) or None
        self.paths: tuple[tuple[tuple[int, tuple[int, ...]] | None, ...], ...] = tuple(
            tuple(self._path(geo, sq, 1 if color == 0 else -1) for sq in range(geo.board_size))
            for color in (0, 1)
        )
        self._reach = tuple(
            tuple(frozenset(found[1]) if found else frozenset() for found in self.paths[color])
            for color in (0, 1)
        )

    @staticmethod
    def _path(geo: Geometry, sq: int, fwd: int) -> tuple[int, tuple[int, ...]] | None:
        step = geo.offset(sq, 0, fwd)
        if step < 0:
            return None
        caps = tuple(t for t in (geo.offset(step, dx, fwd) for dx in (-1, 1)) if t >= 0)
        return (step, caps) if caps else None

    def _open(self, pos: Position, ctx: Context, sq: int, piece: Piece) -> tuple[int, ...]:
        if piece.moved:
            return ()
        found = self.paths[piece.color][sq]
        if found is None:
            return ()
        step, caps = found
        if pos.board[step] is not None:
            return ()
        stops = ctx.stops.get(sq)
        if stops and (sq in stops or step in stops):
            return ()
        return caps

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        return self._reach[color]

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        names = self.rules.geo.names
        for t in self._open(pos, ctx, sq, piece):
            occ = board[t]
            if occ is not None and occ.color != piece.color:
                out.append(build_move(("normal", names[sq], names[t], (names[t],), None, None, sq, t, (t,), ())))

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        # The pawn stands one file aside and two ranks behind the target (from its side).
        # Friends that borrowed the power are found by the engine from their moves.
        board = pos.board
        back = -2 if by == 0 else 2
        for dx in (-1, 1):
            s = self.geo.offset(target, dx, back)
            if s < 0 or s in ctx.frozen:
                continue
            p = board[s]
            if p is not None and p.color == by and p.kind in self.holders and target in self._open(pos, ctx, s, p):
                return True
        return False

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        return target in self._open(pos, ctx, sq, piece)
