"""Merging: a piece moves by its ordinary move onto a friendly piece, and the two
become the piece the recipe book names (see :mod:`rules.powers.recipes`).

Move kind ``merge``; text ``b1d2``, or ``e4f5/alfil`` where the recipe offers a
choice of result (the choice names the new piece). Nothing is captured; the new
piece counts as moved (so a Rook that merged has lost its castling right).
Pieces flagged ``original`` (the original Queen; in Blender 100 also the
original Archbishop and Chancellor) never merge, as mover or as target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..moves import Move, build_move
from ..pieces import COLOR_NAMES, Piece, piece
from . import Power, register
from .reach import ordinary_atoms, reach
from .recipes import book_for, is_original

if TYPE_CHECKING:
    from ..context import Context
    from ..position import Position
    from ..ruleset import Rules


def fresh_piece(rules: Rules, color: int, kind: str) -> Piece:
    """A piece made by merging or left by separating: never original, and moved."""
    t = rules.types[kind]
    return piece(color, kind, t.tracks_moved, (), t.components)


@register("merge")
class MergePower(Power):
    kinds = ("merge",)
    description = "A piece may move onto a friendly piece and merge with it into a compound."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.book = book_for(rules)

    def can_merge(self, p: Piece) -> bool:
        return p.kind in self.book.mergeable and not is_original(p)

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        rules = self.rules
        names = rules.geo.names
        board = pos.board
        color = pos.turn
        book = self.book
        for sq in range(rules.geo.board_size):
            p = board[sq]
            if p is None or p.color != color or sq in ctx.frozen or not self.can_merge(p):
                continue
            for t, occ in reach(pos, sq, p.moved, ordinary_atoms(rules, p.kind, color)):
                if occ is None or occ.color != color or is_original(occ):
                    continue
                results = book.results(p.kind, occ.kind)
                for result in results:
                    choice = result if len(results) > 1 else None
                    out.append(build_move(("merge", names[sq], names[t], (), None, choice, sq, t, (), ())))

    def result_of(self, pos: Position, move: Move) -> str:
        """The piece a merge move makes."""
        mover, target = pos.board[move.o], pos.board[move.d]
        assert mover is not None and target is not None, f"{move} needs two pieces"
        return move.choice or self.book.results(mover.kind, target.kind)[0]

    def apply(self, pos: Position, move: Move) -> None:
        mover = pos.board[move.o]
        assert mover is not None
        new = fresh_piece(self.rules, mover.color, self.result_of(pos, move))
        pos.put(move.o, None)
        pos.put(move.d, new)

    # ------------------------------------------------------------ explanations

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if move.kind != "merge":
            return
        mover, target = pos.board[move.o], pos.board[move.d]
        if mover is None or target is None:
            return
        out["merge"] = {
            "mover": mover.kind,
            "target": target.kind,
            "result": self.result_of(pos, move),
            "choices": list(self.book.results(mover.kind, target.kind)),
        }

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        board = pos.board
        mover, target = board[origin], board[destination]
        if mover is None or target is None or mover.color != target.color or origin == destination:
            return None
        return self.merge_refusal(mover, target)

    def merge_refusal(self, mover: Piece, target: Piece) -> str | None:
        """Why ``mover`` may never merge onto ``target`` whatever the board, or None."""
        types = self.rules.types
        m_name, t_name = types[mover.kind].name, types[target.kind].name
        for p, name in ((mover, m_name), (target, t_name)):
            if p.kind in self.book.never:
                return f"the {name} never merges"
            if is_original(p):
                return f"the original {name} never merges or separates"
        if self.book.results(mover.kind, target.kind):
            return None
        if self.book.results(target.kind, mover.kind):
            return f"a {m_name} does not move onto a {t_name}; the {t_name} may join the {m_name} instead"
        return f"a {m_name} and a {t_name} make no piece of this variant"

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        names = self.rules.geo.names
        grouped: dict[tuple[int, int], dict[str, Any]] = {}
        for m in self.rules.legal_moves(pos):
            if m.kind != "merge":
                continue
            entry = grouped.get((m.o, m.d))
            if entry is None:
                mover, target = pos.board[m.o], pos.board[m.d]
                assert mover is not None and target is not None
                entry = {
                    "origin": names[m.o],
                    "destination": names[m.d],
                    "color": COLOR_NAMES[mover.color],
                    "mover": mover.kind,
                    "target": target.kind,
                    "results": [],
                    "moves": [],
                }
                grouped[(m.o, m.d)] = entry
            entry["results"].append(self.result_of(pos, m))
            entry["moves"].append(str(m))
        return {"merges": list(grouped.values()), "recipes": self.book.table()}

