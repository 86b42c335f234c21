"""Separating: a compound sends one of its parts away by that part's own ordinary
move, and the rest of the compound stays on the square.

Which parts a compound can release, and what stays, comes from the recipe book
(:mod:`rules.powers.recipes`). The leaving part moves to an empty square,
captures an enemy piece, or lands on a friendly piece and merges with it by the
book (where the book offers several results, the mover chooses).

Move kind ``separate``; the text names the leaving part, because the whole
compound may be able to make the same move: ``d4d6/rook``; with a choice of
merge result at the destination, ``d4e5/ferz>alfil``. Both pieces that come out
of a separation count as moved (a Rook that separated has lost its castling
right). Pieces flagged ``original`` never separate.

This is a piece-level power: list it in the ``powers`` of every piece that can
release a part. A separation that captures is an attack like any other (it
gives check); where a part's move reaches squares the compound itself cannot,
the compound is marked in the context so attack tests generate its moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import VariantFileError
from ..moves import Move
from ..pieces import COLOR_NAMES, Piece
from . import Power, register
from .merge import fresh_piece
from .reach import ordinary_atoms
from .recipes import ORIGINAL, Split, book_for, is_original

if TYPE_CHECKING:
    from ..context import Context
    from ..position import Position
    from ..ruleset import GenAtom, Rules

MERGE_MARK = ">"


@register("separate")
class SeparatePower(Power):
    kinds = ("separate",)
    description = "A compound may send one of its parts away by that part's own move, leaving the rest."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.book = book_for(rules)
        missing = [
            kind for kind in sorted(self.book.releases)
            if self.name not in rules.types[kind].powers
        ]
        if missing:
            raise VariantFileError(
                rules.variant.source,
                [(None, f"piece {kind!r} can release a part by the recipes but lacks the 'separate' power")
                 for kind in missing],
            )
        self._escaping: frozenset[str] | None = None
        self._plan_cache: dict[tuple[str, int], tuple[tuple[str, tuple[GenAtom, ...]], ...]] = {}

    @property
    def escaping(self) -> frozenset[str]:
        """Kinds with a part whose captures reach beyond the compound's own."""
        if self._escaping is None:
            # Built on first use: the rules' atom tables do not exist while powers are made.
            self._escaping = frozenset(
                kind for kind, splits in self.book.releases.items()
                if any(not self._covered(kind, s.leaves) for s in splits)
            )
        return self._escaping

    def _covered(self, kind: str, part: str) -> bool:
        """Does every capture of ``part`` from a square lie among ``kind``'s own captures?"""

        def captures(k: str) -> set[tuple[Any, ...]]:
            out = set()
            for g in ordinary_atoms(self.rules, k, 0):
                if g.can_capture:
                    out.add((g.vector, g.max_range, g.hop, g.paths is not None, g.initial))
            return out

        own = captures(kind)
        for vector, rng, hop, lame, initial in captures(part):
            if hop or lame or initial:
                if (vector, rng, hop, lame, initial) not in own:
                    return False
                continue
            if not any(v == vector and r >= rng and not h and not lm for v, r, h, lm, _ in own):
                return False
        return True

    # ------------------------------------------------------------ board-wide

    def prepare(self, pos: Position, ctx: Context) -> None:
        escaping = self.escaping
        if not escaping:
            return
        forward = ctx.forward
        for sq, p in enumerate(pos.board[: self.rules.geo.board_size]):
            if p is not None and p.kind in escaping and ORIGINAL not in p.flags:
                forward.add(sq)

    # ------------------------------------------------------------ moves

    def splits_of(self, p: Piece) -> tuple[Split, ...]:
        if is_original(p):
            return ()
        return self.book.releases.get(p.kind, ())

    def _plans(self, kind: str, color: int) -> tuple[tuple[str, tuple[GenAtom, ...]], ...]:
        """Per part ``kind`` can release: the part's id and its movement atoms."""
        key = (kind, color)
        found = self._plan_cache.get(key)
        if found is None:
            found = tuple(
                (s.leaves, ordinary_atoms(self.rules, s.leaves, color))
                for s in self.book.releases.get(kind, ())
            )
            self._plan_cache[key] = found
        return found

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        # Also run for every attack test on a compound whose parts reach further than
        # it does, so this walks the rays directly rather than through reach().
        if ORIGINAL in piece.flags:
            return
        names = self.rules.geo.names
        board = pos.board
        color = piece.color
        origin = names[sq]
        append = out.append
        for leaves, atoms in self._plans(piece.kind, color):
            for g in atoms:
                ray = g.rays[sq]
                if not ray or g.initial:
                    continue
                if g.paths is not None:
                    path = g.paths[sq]
                    if path is None or any(board[x] is not None for x in path):
                        continue
                screened = not g.hop
                for t in ray:
                    occ = board[t]
                    if not screened:
                        screened = occ is not None
                        continue
                    if occ is None:
                        if g.can_move:
                            append(Move("separate", origin, names[t], (), None, leaves, sq, t, ()))
                        continue
                    if not g.can_capture:
                        break
                    name = names[t]
                    if occ.color != color:
                        append(Move("separate", origin, name, (name,), None, leaves, sq, t, (t,)))
                    elif ORIGINAL not in occ.flags:
                        results = self.book.results(leaves, occ.kind)
                        for result in results:
                            choice = leaves if len(results) == 1 else leaves + MERGE_MARK + result
                            append(Move("separate", origin, name, (), None, choice, sq, t, ()))
                    break

    def parts_of(self, pos: Position, move: Move) -> tuple[str, str, str]:
        """(leaving part, part that stays, piece that arrives) of a separation move."""
        compound = pos.board[move.o]
        assert compound is not None and move.choice, f"{move} is not a separation here"
        leaves, _, chosen = move.choice.partition(MERGE_MARK)
        stays = self.book.stays(compound.kind, leaves)
        assert stays is not None, f"a {compound.kind} cannot release a {leaves}"
        arrives = leaves
        friend = pos.board[move.d]
        if friend is not None and friend.color == compound.color:
            arrives = chosen or self.book.results(leaves, friend.kind)[0]
        return leaves, stays, arrives

    def apply(self, pos: Position, move: Move) -> None:
        compound = pos.board[move.o]
        assert compound is not None
        _, stays, arrives = self.parts_of(pos, move)
        for c in move.caps:
            pos.capture(c)
        pos.put(move.o, fresh_piece(self.rules, compound.color, stays))
        pos.put(move.d, fresh_piece(self.rules, compound.color, arrives))

    # ------------------------------------------------------------ explanations

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        if move.kind != "separate":
            return
        compound = pos.board[move.o]
        friend = pos.board[move.d]
        if compound is None:
            return
        leaves, stays, arrives = self.parts_of(pos, move)
        merges_with = friend.kind if friend is not None and friend.color == compound.color else None
        out["separate"] = {
            "piece": compound.kind,
            "leaves": leaves,
            "stays": stays,
            "arrives": arrives,
            "merges_with": merges_with,
        }

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        """Every compound on the board: its parts, whether it is original, and for
        each part it can release, where that part could go now (legal moves only)."""
        rules = self.rules
        names = rules.geo.names
        legal: dict[tuple[int, str], list[str]] = {}
        for m in rules.legal_moves(pos):
            if m.kind == "separate" and m.choice:
                legal.setdefault((m.o, m.choice.partition(MERGE_MARK)[0]), []).append(str(m))
        compounds = []
        for sq in range(rules.geo.board_size):
            p = pos.board[sq]
            if p is None or not (p.components or p.kind in self.book.releases):
                continue
            compounds.append({
                "square": names[sq],
                "color": COLOR_NAMES[p.color],
                "piece": p.kind,
                "components": list(p.components),
                "original": is_original(p),
                "releases": [
                    {"leaves": s.leaves, "stays": s.stays, "moves": legal.get((sq, s.leaves), [])}
                    for s in self.splits_of(p)
                ],
            })
        return {"compounds": compounds}
