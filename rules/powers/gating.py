"""Gating (Seirawan chess): on a piece's first move, a piece from the hand may be set down
on the square it leaves.

Every square of the gating ranks (``[variant.<id>.data.gating] ranks``, counted from each
side; default the first) that holds a piece at the start is a gate while that piece stands
there unmoved: the piece's move may leave one piece of the hand on it. A gate closes when
anything leaves it or is captured on it (Fairy-Stockfish's gates); the open gates are
position state, ``gates=(a1,b1,...)``. Castling opens two
gates, the king's square and the rook's, and may fill either. Captured pieces do not go to a
hand (unless the ``drops`` power keeps the hands and takes them); the hands start as the setup
gives them (``[HEhe]`` after its placement) and are written so in position text.

Move text: the gated piece's id after ``/``: ``b1c3/hawk`` (gate on b1), ``e1g1/hawk`` (on the
king's square), ``e1g1/hawk-h1`` (on the rook's square, named after the id).
"""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING, Any

from ..datafields import variant_fields
from ..errors import FenError
from ..pieces import Piece, piece
from . import HandPolicy, Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..position import Position
    from ..ruleset import Rules

#: Move kinds whose piece leaves its square and may open a gate.
_GATING_KINDS = ("normal", "castle", "en-passant")
#: The position-state key of the open gates.
GATES_KEY = "gates"


def gate_of(choice: str, origin: str, piece_ids: Container[str]) -> tuple[str, str]:
    """(gated piece id, square) of a gating move's choice: the id alone gates on ``origin``,
    ``<id>-<square>`` on that square (the rook's, in castling)."""
    if choice in piece_ids:
        return choice, origin
    kind, _, square = choice.rpartition("-")
    return kind, square


def _leaves_hand(victim: Piece) -> None:
    return None


def _no_flags(old_kind: str, new_kind: str) -> frozenset[str]:
    return frozenset()


@register("gating")
class Gating(Power):
    state_keys = (GATES_KEY,)
    description = "On a piece's first move from its home rank, a piece from the hand may enter on the square it leaves."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        data = variant_fields(rules.variant, "data.gating")
        self.gated = frozenset(data.piece_ids("pieces", tuple(rules.types)))
        ranks = data.integers("ranks", 1, rules.geo.ranks) if "ranks" in data else (1,)
        geo = rules.geo
        #: Per colour, the squares of its gating ranks (a gate while its first piece stands there).
        self.gate_squares = tuple(
            frozenset(
                sq for sq in range(geo.board_size)
                if geo.rank_of(sq) in {r - 1 if color == 0 else geo.ranks - r for r in ranks}
            )
            for color in (0, 1)
        )

    def setup(self, pos: Position) -> None:
        names = self.rules.geo.names
        board = pos.board
        both = self.gate_squares[0] | self.gate_squares[1]
        pos.set_state(GATES_KEY, tuple(names[sq] for sq in sorted(both) if board[sq] is not None))

    def open_gates(self, pos: Position) -> frozenset[int]:
        value = pos.state.get(GATES_KEY, ())
        parse = self.rules.geo.parse
        return frozenset(parse(name) for name in value)

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(GATES_KEY)
        if value is None:
            return
        names = set(self.rules.geo.names[: self.rules.geo.board_size])
        items = (value,) if isinstance(value, str) else value
        bad = [v for v in items if v not in names]
        if bad:
            raise FenError(f"{GATES_KEY}= must list board squares, such as {GATES_KEY}=(b1,g1); {bad[0]!r} is not one")
        if isinstance(value, str):
            pos.state[GATES_KEY] = (value,)

    def hand_policy(self) -> HandPolicy:
        return HandPolicy(_leaves_hand, _no_flags)

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        color = pos.turn
        kinds = sorted({p.kind for p in pos.pools[color] if p.kind in self.gated})
        if not kinds:
            return moves
        gates = self.gate_squares[color] & self.open_gates(pos)
        board = pos.board
        names = self.rules.geo.names
        out: list[Move] = []
        for m in moves:
            out.append(m)
            if m.o not in gates or m.kind not in _GATING_KINDS or m.choice:
                continue
            if board[m.o] is None:
                continue
            for kind in kinds:
                out.append(m._replace(choice=kind))
            if m.kind == "castle":
                rook_sq, rook_dest = m.extra
                if rook_sq not in (m.d, rook_dest):
                    for kind in kinds:
                        out.append(m._replace(choice=f"{kind}-{names[rook_sq]}"))
        return out

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        gates = self.open_gates(pos)
        closed = {move.o, move.d, *move.caps, *(move.extra if move.kind == "castle" else ())}
        if not gates.isdisjoint(closed):
            names = self.rules.geo.names
            pos.set_state(GATES_KEY, tuple(names[sq] for sq in sorted(gates - closed)))
        if not move.choice or move.kind not in _GATING_KINDS or move.o not in gates:
            return
        kind, square = gate_of(move.choice, move.origin, self.rules.types)
        color = mover.color
        found = next((p for p in pos.pools[color] if p.kind == kind), None)
        if found is None or kind not in self.gated:
            return
        sq = self.rules.geo.parse(square)
        pos.take_from_pool(color, found)
        t = self.rules.types[kind]
        pos.put(sq, piece(color, kind, t.tracks_moved, (), t.components))

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        """``gates``: the piece brought in from the hand and its square."""
        if move.choice and move.kind in _GATING_KINDS:
            kind, square = gate_of(str(move.choice), move.origin, self.rules.types)
            if kind in self.gated:
                out["gates"] = {"piece": kind, "square": square}
