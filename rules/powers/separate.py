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
gives check). Where a part captures on squares the compound itself cannot (a
Cuisinart Knight's Ferz), the ``attacks`` hook finds it: backwards from the
target square along each such step, or, for parts with hops or lame paths (none
in the built-in games), forwards from each such compound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import VariantFileError
from ..moves import Move, build_move
from ..pieces import COLOR_NAMES, Piece
from . import Power, register
from .merge import fresh_piece
from .reach import ordinary_atoms
from .recipes import ORIGINAL, Split, book_for, is_original

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..context import Context
    from ..position import Position
    from ..ruleset import Rules

MERGE_MARK = ">"
ReverseRow = tuple[tuple[tuple[int, ...], ...], int, frozenset[str]]
AttackTable = tuple[list[ReverseRow], dict[str, tuple["GenAtom", ...]]]


def _hits(board: list[Piece | None], sq: int, g: GenAtom, target: int) -> bool:
    """Could atom ``g`` of a piece on ``sq`` capture on ``target`` (occupied or not)?"""
    ray = g.rays[sq]
    if target not in ray:
        return False
    if g.paths is not None:
        path = g.paths[sq]
        if path is None or any(board[x] is not None for x in path):
            return False
    screened = not g.hop
    for t in ray:
        if t == target:
            return screened
        occ = board[t]
        if not screened:
            screened = occ is not None
        elif occ is not None:
            return False
    return False


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
        self._plan_cache: dict[tuple[str, int], tuple[tuple[str, tuple[GenAtom, ...]], ...]] = {}
        self._attack_tables: tuple[AttackTable, AttackTable] | None = None

    # ------------------------------------------------------------ attacks

    def _uncovered(self, kind: str, part: str, color: int) -> list[GenAtom]:
        """The capturing atoms of ``part`` that reach where ``kind`` itself cannot (a part
        counts as moved, so moves for unmoved pieces never apply)."""
        own = [g for g in ordinary_atoms(self.rules, kind, color) if g.can_capture]

        def covered(g: GenAtom) -> bool:
            if g.hop or g.paths is not None:
                return any(o.rays == g.rays and o.hop == g.hop and o.paths == g.paths for o in own)
            return any(
                o.vector == g.vector and o.max_range >= g.max_range and not o.hop and o.paths is None
                and not o.initial for o in own
            )

        return [
            g for g in ordinary_atoms(self.rules, part, color)
            if g.can_capture and not g.initial and not covered(g)
        ]

    def _tables(self) -> tuple[AttackTable, AttackTable]:
        """Per colour: for each step and reach, the compounds whose parts capture that way
        beyond their own moves (looked up backwards from the target square); and per
        compound, part moves too odd for that (hops, lame paths), tried forwards."""
        if self._attack_tables is None:
            # Built on first use: the rules' atom tables do not exist while powers are made.
            geo = self.rules.geo
            tables: list[AttackTable] = []
            for color in (0, 1):
                rows: dict[tuple[tuple[int, int], int], set[str]] = {}
                odd: dict[str, list[GenAtom]] = {}
                for kind, splits in self.book.releases.items():
                    for split in splits:
                        for g in self._uncovered(kind, split.leaves, color):
                            if g.hop or g.paths is not None:
                                odd.setdefault(kind, []).append(g)
                            else:
                                rows.setdefault((g.vector, g.max_range), set()).add(kind)
                reverse = [
                    (geo.rays_for(-dx, -dy), rng, frozenset(kinds)) for ((dx, dy), rng), kinds in rows.items()
                ]
                tables.append((reverse, {k: tuple(v) for k, v in odd.items()}))
            self._attack_tables = (tables[0], tables[1])
        return self._attack_tables

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        board = pos.board
        frozen = ctx.frozen
        reverse, odd = self._tables()[by]
        for rays, reach, kinds in reverse:
            k = 0
            for s in rays[target]:
                k += 1
                occ = board[s]
                if occ is not None:
                    if occ.color == by and occ.kind in kinds and ORIGINAL not in occ.flags and s not in frozen:
                        return True
                    break
                if k >= reach:
                    break
        if odd:
            for sq, p in enumerate(board[: self.rules.geo.board_size]):
                if p is None or p.color != by or p.kind not in odd or ORIGINAL in p.flags or sq in frozen:
                    continue
                if any(_hits(board, sq, g, target) for g in odd[p.kind]):
                    return True
        return False

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
                            append(build_move(("separate", origin, names[t], (), None, leaves, sq, t, (), ())))
                        continue
                    if not g.can_capture:
                        break
                    name = names[t]
                    if occ.color != color:
                        append(build_move(("separate", origin, name, (name,), None, leaves, sq, t, (t,), ())))
                    elif ORIGINAL not in occ.flags:
                        results = self.book.results(leaves, occ.kind)
                        for result in results:
                            choice = leaves if len(results) == 1 else leaves + MERGE_MARK + result
                            append(build_move(("separate", origin, name, (), None, choice, sq, t, (), ())))
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
