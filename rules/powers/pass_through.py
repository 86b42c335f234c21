"""Pass-through capture: a dragon snatches an enemy off a Ferry on its way past.

Along each of its unlimited orthogonal slides, the piece may pass through the
first piece it meets if that piece is an enemy standing on a Ferry, capturing
it, and stop on any empty square beyond that holds no Ferry; nothing else may
stand on the way (empty Ferries may be flown over). It never passes an ally, a
second piece, or a piece on plain ground. Move text: ``c1c7xc5`` (kind
``pass-through``; the ordinary handler lifts, captures and sets down).

Which lines it uses comes from the piece's Betza row: a Golddragon (``R``)
along ranks and files, a Copperdragon (``vR``) along files only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..atoms import BIG
from ..moves import Move, build_move
from . import Power, register
from .ferry import ferry_line_reach, ferry_squares

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

KIND = "pass-through"


@register("pass-through")
class PassThrough(Power):
    description = "Flies through an enemy standing on a Ferry along a rank or file, capturing it."
    # The capture is on no Betza ray, so attacks are found by generating moves.
    attacks_forward = True

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self._cache: dict[tuple[str, int], list[GenAtom]] = {}
        self._reach: list[tuple[frozenset[int], ...] | None] = [None, None]

    def _lines(self, kind: str, color: int) -> list[GenAtom]:
        key = (kind, color)
        found = self._cache.get(key)
        if found is None:
            found = [
                g for g in self.rules.atoms_of(kind, color)
                if g.slide and g.max_range == BIG and not g.hop and 0 in g.vector and g.can_move
            ]
            self._cache[key] = found
        return found

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        # The piece it passes through stands on a Ferry on one of its lines.
        found = self._reach[color]
        if found is None:
            kinds = [k for k, t in self.rules.types.items() if self.name in t.powers]
            found = self._reach[color] = ferry_line_reach(self.rules, [g for k in kinds for g in self._lines(k, color)])
        return found

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        board = pos.board
        ferries = ferry_squares(pos)
        if not any(board[f] is not None and board[f].color != piece.color for f in ferries):  # type: ignore[union-attr]
            return
        names = self.rules.geo.names
        for g in self._lines(piece.kind, piece.color):
            ray = g.rays[sq]
            for i, s in enumerate(ray):
                victim = board[s]
                if victim is None:
                    continue
                if victim.color == piece.color or s not in ferries:
                    break
                for t in ray[i + 1:]:
                    if board[t] is not None:
                        break
                    if t in ferries:
                        continue
                    out.append(build_move((KIND, names[sq], names[t], (names[s],), None, None, sq, t, (s,), ())))
                break

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if move.kind != KIND:
            return
        victim = pos.board[move.caps[0]]
        out["dragon_capture"] = {
            "kind": KIND,
            "captures": list(move.captures),
            "victims": [str(victim)] if victim is not None else [],
        }
