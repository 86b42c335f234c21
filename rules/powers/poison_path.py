"""The Poison's lame Knight move: a (1,2) leap that never captures and needs a square
on the way empty. Two options read the rulings' open points:

* ``poison_lame_path``: ``orthogonal-first`` (default) needs the orthogonal square
  next to the Poison empty; ``either`` accepts either that square or the diagonal
  square on the way;
* ``poison_knight_hia``: ``leap`` (default) lets Hia zones ignore the move, like
  every leap; ``slide`` treats its path as a slide, so the move is impossible from
  a square next to an active Hia source or through a square next to one.

The leaps are variant data ``poison_knight`` (Betza, default ``N``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from ..moves import Move, build_move
from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules


@register("poison-path")
class PoisonPath(Power):
    # Its path may count as a slide (option poison_knight_hia), so pieces with this
    # power get Hia stops; the option decides whether they are used.
    slides = True
    description = "Moves, never capturing, as a lame Knight."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self._nowhere: tuple[frozenset[int], ...] = (frozenset(),) * rules.geo.board_size
        self.either = rules.options.get("poison_lame_path", "orthogonal-first") == "either"
        self.hia = rules.options.get("poison_knight_hia", "leap") == "slide"
        geo = rules.geo
        vectors = [v for a in variant_fields(rules.variant, "data").betza("poison_knight", "N") for v in a.vectors]
        # per square: (target, orthogonal-first square, diagonal-first square)
        self.routes = tuple(
            tuple(
                (t, o, d)
                for t, o, d in (
                    (
                        geo.offset(sq, dx, dy),
                        geo.offset(sq, 0, (dy > 0) - (dy < 0)) if abs(dy) > abs(dx)
                        else geo.offset(sq, (dx > 0) - (dx < 0), 0),
                        geo.offset(sq, (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)),
                    )
                    for dx, dy in vectors
                )
                if t >= 0
            )
            for sq in range(geo.board_size)
        )

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        return self._nowhere  # its moves never capture

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        stops = ctx.stops.get(sq) if self.hia else None
        if stops and sq in stops:
            return
        names = self.rules.geo.names
        origin = names[sq]
        for t, ortho, diag in self.routes[sq]:
            if board[t] is not None:
                continue
            if self._open(board, ortho, stops) or (self.either and self._open(board, diag, stops)):
                out.append(build_move(("normal", origin, names[t], (), None, None, sq, t, (), ())))

    @staticmethod
    def _open(board: list[Piece | None], square: int, stops: frozenset[int] | None) -> bool:
        return board[square] is None and not (stops and square in stops)

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        """A lame Knight move the piece cannot make: its way blocked, or a capture it never makes."""
        board = pos.board
        p = board[origin] if 0 <= origin < len(self.routes) else None
        if p is None or origin in ctx.frozen:
            return None
        names = ctx.powers.get(origin) if ctx.powers else None
        if self.name not in (names if names is not None else self.rules.types[p.kind].powers):
            return None
        route = next((r for r in self.routes[origin] if r[0] == destination), None)
        if route is None:
            return None
        rules = self.rules
        geo = rules.geo
        here = f"the {rules.types[p.kind].name} on {geo.names[origin]}"
        target = board[destination]
        if target is not None:
            if target.color == p.color or any(m.d == destination for m in self._betza(pos, ctx, origin, p)):
                return None  # its own side (said generically), or a capture its Betza makes
            return f"{here} moves as a lame Knight without capturing, and {geo.names[destination]} is occupied"
        _, ortho, diag = route
        ways = [ortho, diag] if self.either else [ortho]
        blocked = [s for s in ways if board[s] is not None]
        if len(blocked) < len(ways):
            return None  # open, or closed by a Hia zone (said by the Hia power)
        where = " and ".join(
            f"{geo.names[s]} (your {rules.types[board[s].kind].name})" if board[s].color == p.color  # type: ignore[union-attr]
            else f"{geo.names[s]} (your opponent's {rules.types[board[s].kind].name})"  # type: ignore[union-attr]
            for s in blocked
        )
        return f"{here} moves as a lame Knight, and its way to {geo.names[destination]} is blocked on {where}"

    def _betza(self, pos: Position, ctx: Context, sq: int, p: Piece) -> list[Move]:
        found: list[Move] = []
        atoms = ctx.atoms.get(sq) if ctx.atoms else None
        self.rules.betza_moves(pos, sq, p, atoms if atoms is not None else self.rules.atoms_of(p.kind, p.color), found)
        return found
