"""Fire-breath: a dragon's quiet diagonal-forward move burns a Ferry's passenger.

The piece's breath moves are given as a Betza string in its data (``breath =
"fmB"``) and are generated here rather than in its Betza row. Each is a
non-capturing slide; after it, the first piece beyond the destination on the
same line is removed if it stands on a Ferry, ally or enemy alike. If that
first piece is on plain ground nothing burns (so of two Ferry passengers on the
line only the nearer burns). The breath is not a move, so it reaches over the
water, unless the ``breath_crosses_water`` option is off (then it stops at the
water power's line). A move that would burn the mover's own royal piece is
illegal (the engine's last-royal rule refuses it).

Moves that burn have kind ``fire-breath`` and list the burnt square:
``a3c5xd6``. A burnt enemy goes to its owner's pool of captured pieces; a burnt
ally does so only with the ``burnt_allies_pooled`` option (otherwise it is simply
lost: the enemy did not capture it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..betza import parse_betza
from ..errors import BetzaError, VariantFileError
from ..moves import Move, build_move
from . import Power, register
from .ferry import ferry_line_reach, ferry_squares
from .water import Water

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

KIND = "fire-breath"
POOL_OPTION = "burnt_allies_pooled"
WATER_OPTION = "breath_crosses_water"


@register("fire-breath")
class FireBreath(Power):
    kinds = (KIND,)
    description = "Its quiet diagonal-forward moves burn the first piece beyond if it rides a Ferry."
    # Burning is on no Betza ray, so attacks are found by generating moves.
    attacks_forward = True

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.breath: dict[tuple[str, int], tuple[GenAtom, ...]] = {}
        for kind, t in rules.types.items():
            if self.name not in t.powers:
                continue
            text = t.data.get("breath")
            if not isinstance(text, str) or not text:
                raise VariantFileError(
                    rules.variant.source, [(None, f"piece {kind!r} has fire-breath but no data.breath Betza string")]
                )
            try:
                atoms = parse_betza(text)
            except BetzaError as exc:
                raise VariantFileError(
                    rules.variant.source, [(None, f"piece {kind!r}: data.breath: {exc.args[0].splitlines()[0]}")]
                ) from None
            for color in (0, 1):
                self.breath[(kind, color)] = rules.compile(atoms, color)
        self._reach: list[tuple[frozenset[int], ...] | None] = [None, None]
        self.pool_allies = bool(rules.options.get(POOL_OPTION, False))
        self.stops_at_water = not rules.options.get(WATER_OPTION, True)

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        # What burns stands on a Ferry further along the line of a breath move.
        found = self._reach[color]
        if found is None:
            atoms = [g for (_, c), breath in self.breath.items() if c == color for g in breath]
            found = self._reach[color] = ferry_line_reach(self.rules, atoms)
        return found

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        geo = self.rules.geo
        names = geo.names
        ferries = ferry_squares(pos)
        origin = names[sq]
        for g in self.breath.get((piece.kind, piece.color), ()):
            dx, dy = g.vector
            for t in g.rays[sq]:
                if board[t] is not None:
                    break
                victim = self.victim(board, ferries, t, dx, dy)
                if victim < 0:
                    out.append(build_move(("normal", origin, names[t], (), None, None, sq, t, (), ())))
                else:
                    out.append(build_move((KIND, origin, names[t], (names[victim],), None, None, sq, t, (victim,), ())))

    def victim(self, board: list[Piece | None], ferries: tuple[int, ...], dest: int, dx: int, dy: int) -> int:
        """The square whose piece the breath burns after a move to ``dest``, or -1."""
        # With the option off, the water power's own test says where the breath must stop.
        water = self.rules.power_of(Water) if self.stops_at_water else None
        for s in self.rules.geo.ray(dest, dx, dy):
            if water is not None and water.crosses(dest, s):  # type: ignore[attr-defined]
                return -1
            if board[s] is not None:
                return s if s in ferries else -1
        return -1

    def apply(self, pos: Position, move: Move) -> None:
        mover = pos.board[move.o]
        assert mover is not None, f"no dragon on {move.origin} for {move}"
        for s in move.caps:
            burnt = pos.board[s]
            if burnt is not None and burnt.color == mover.color and not self.pool_allies:
                pos.put(s, None)
            else:
                pos.capture(s)
        pos.put(move.o, None)
        pos.put(move.d, self.rules.moved_piece(mover))

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        p = pos.board[origin] if 0 <= origin < len(pos.board) else None
        if p is None or (p.kind, p.color) not in self.breath:
            return None
        found: list[Move] = []
        self.piece_moves(pos, ctx, origin, p, found)
        for m in found:
            if m.d == destination and m.kind == KIND:
                burnt = pos.board[m.caps[0]]
                if burnt is not None and burnt.color == p.color and burnt.kind in self.rules.royal_kinds:
                    name, royal = self.rules.types[p.kind].name, self.rules.types[burnt.kind].name
                    return f"the {name}'s breath would burn your own {royal} on {m.captures[0]}"
        return None

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any]:
        """Every breath move on the board that would burn someone, by dragon square."""
        threats: dict[str, list[dict[str, str]]] = {}
        names = self.rules.geo.names
        for sq, p in pos.pieces():
            if (p.kind, p.color) not in self.breath:
                continue
            found: list[Move] = []
            self.piece_moves(pos, ctx, sq, p, found)
            filters = self.rules.attack_filter_powers
            burns = [
                {"move": str(m), "burns": m.captures[0], "victim": str(pos.board[m.caps[0]])}
                for m in found
                if m.kind == KIND and all(f.allows_attack(pos, ctx, m) for f in filters)
            ]
            if burns:
                threats[names[sq]] = burns
        return {"burns": threats, "allies_pooled": self.pool_allies}

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if move.kind != KIND:
            return
        mover = pos.board[move.o]
        victim = pos.board[move.caps[0]]
        out["dragon_capture"] = {
            "kind": KIND,
            "captures": list(move.captures),
            "victims": [str(victim)] if victim is not None else [],
            "ally": victim is not None and mover is not None and victim.color == mover.color,
        }
