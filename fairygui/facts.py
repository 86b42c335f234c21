"""What the app reads from the rules package, turned into plain view data.

Every rule fact the views show passes through here: legal moves grouped for the mouse,
the pieces on the board, pools, check, markers under squares and the result, each read
from the public ``Game`` API (``checked_squares``, ``pools``, ``square_markers``...).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import Game, Move
from rules.moves import HAND

from .board.markers import styles_for
from .board.overlays import TargetMark
from .board.snapshot import BoardShape, Glyph, Snapshot

COLORS = ("white", "black")


def target_of(move: Move, squares: Collection[str] = ()) -> str | None:
    """The square the mouse drops on for this move: its destination; the first square it
    captures on when the mover stays where it is (a rifle shot); the square its choice
    names when it stays and captures nothing (a Ferry sent to ``f6``); else None (a
    switch, offered from the piece's context menu)."""
    if move.destination != move.origin:
        return move.destination
    if move.captures:
        return move.captures[0]
    if move.choice and move.choice in squares and move.choice != move.origin:
        return move.choice
    return None


def drop_origin(kind: str) -> str:
    """Where the mouse picks up a piece of ``kind`` from the hand: the index's origin key
    for its drops (a drop has no origin square)."""
    return f"{HAND}:{kind}"


def dropped_kind(origin: str) -> str | None:
    """The piece kind a :func:`drop_origin` key holds, or None for a board square."""
    head, colon, kind = origin.partition(":")
    return kind if colon and head == HAND else None


def index_origin(move: Move) -> str:
    """The origin a move is indexed under: its origin square, or for a drop the hand's
    :func:`drop_origin` of the dropped kind."""
    return drop_origin(str(move.choice)) if move.kind == "drop" else move.origin


@dataclass
class MoveIndex:
    """One position's legal moves and actions, grouped by origin and target square."""

    by_origin: dict[str, dict[str, list[Move]]] = field(default_factory=dict)
    #: Moves and actions that leave the piece in place with no square to drop on, by square.
    stationary: dict[str, list[Move]] = field(default_factory=dict)
    #: Moves whose mover dies by them (it takes a poisonous piece), as the rules say.
    dying: frozenset[Move] = frozenset()
    _marks: dict[str, dict[str, TargetMark]] = field(default_factory=dict, repr=False)

    @classmethod
    def build(cls, moves: list[Move], actions: list[Move], squares: Collection[str] = (),
              dying: Collection[Move] = ()) -> MoveIndex:
        by_origin: dict[str, dict[str, list[Move]]] = defaultdict(lambda: defaultdict(list))
        stationary: dict[str, list[Move]] = defaultdict(list)
        for move in [*moves, *actions]:
            target = target_of(move, squares)
            origin = index_origin(move)
            if target is None:
                stationary[origin].append(move)
            else:
                by_origin[origin][target].append(move)
        return cls({o: dict(t) for o, t in by_origin.items()}, dict(stationary), frozenset(dying))

    def targets(self, origin: str) -> dict[str, list[Move]]:
        return self.by_origin.get(origin, {})

    def moves(self, origin: str, target: str) -> list[Move]:
        return list(self.by_origin.get(origin, {}).get(target, []))

    def marks(self, origin: str) -> dict[str, TargetMark]:
        """Marker data for a picked-up piece (computed once per origin and position)."""
        found = self._marks.get(origin)
        if found is None:
            found = {}
            for target, moves in self.targets(origin).items():
                mark = TargetMark(moves=len(moves))
                for m in moves:
                    mark.styles |= styles_for(m.kind, target in m.captures, m.promotion is not None, m in self.dying)
                    mark.victims.update(sq for sq in m.captures if sq != target)
                found[target] = mark
            self._marks[origin] = found
        return found


def glyph_of(vdef: rules.VariantDef, color: int | str, kind: str, flags: frozenset[str] = frozenset(),
             components: tuple[str, ...] = ()) -> Glyph:
    color_name = color if isinstance(color, str) else COLORS[color]
    ptype = vdef.pieces.get(kind)
    letter = ptype.letter if ptype else kind[:1].upper()
    name = ptype.name if ptype else kind.replace("-", " ").title()
    parts = tuple(sorted(_letter(vdef, part) for part in components))
    return Glyph(color_name, kind, letter, name, flags, parts)


def _letter(vdef: rules.VariantDef, kind: str) -> str:
    ptype = vdef.pieces.get(kind)
    return ptype.letter if ptype else kind[:1].upper()


def board_shape(vdef: rules.VariantDef) -> BoardShape:
    water: tuple[int, ...] = ()
    if "water" in vdef.powers:
        # The water power's variant data (docs/variant-files.md): the rank the water follows.
        after = vdef.data.get("water", {}).get("after_rank")
        if isinstance(after, int) and 1 <= after < vdef.ranks:
            water = (after,)
    return BoardShape(vdef.files, vdef.ranks, tuple(vdef.extra_squares), water)


def pieces_of(game: Game) -> dict[str, Glyph]:
    vdef = game.rules.variant
    out: dict[str, Glyph] = {}
    for square in game.board():
        p = game.piece_at(square)
        if p is not None:
            out[square] = glyph_of(vdef, p.color, p.kind, p.flags, p.components)
    return out


def has_hands(game: Game) -> bool:
    """Whether the pools are hands (a variant with drops) rather than captured pieces."""
    return game.hands() is not None


def pools_of(game: Game) -> tuple[list[Glyph], list[Glyph]]:
    """Captured pieces by owner: White's lost pieces, then Black's (``captured=`` in the
    position text). They are what each side may promote to where promotion uses pools.
    In a variant with drops they are the hands: the pieces each side may drop."""
    vdef = game.rules.variant
    white, black = game.pools()
    return [_pool_glyph(vdef, text) for text in white], [_pool_glyph(vdef, text) for text in black]


def _pool_glyph(vdef: rules.VariantDef, text: str) -> Glyph:
    # The rules name a pooled piece as "white rook": its colour, then its piece id.
    color, _, kind = text.partition(" ")
    return glyph_of(vdef, color, kind)


def check_squares(game: Game) -> tuple[str, ...]:
    """Royal pieces of the side to move that stand attacked, when the rules say it is in check."""
    return tuple(game.checked_squares())


def result_text(game: Game) -> str | None:
    return game.result.sentence() if game.result is not None else None


def decorations_of(game: Game) -> dict[str, str]:
    """Artwork drawn under pieces for position state that is not a piece (a Ferry), by square."""
    return dict(game.square_markers())


def index_of(game: Game) -> MoveIndex:
    squares = game.rules.geo.names
    moves = game.legal_moves()
    dying = [m for m in moves if m.captures and game.captor_dies(m)]
    return MoveIndex.build(moves, game.legal_actions(), frozenset(squares), dying)


def snapshot_of(game: Game, last: Move | None = None, checks: bool = True) -> Snapshot:
    vdef = game.rules.variant
    snap = Snapshot(board_shape(vdef), pieces_of(game), game.to_move, decorations=decorations_of(game))
    if last is not None and not game.is_action(last):
        origin = last.destination if last.kind == "drop" else last.origin
        snap.last_move = (origin, last.destination)
        snap.last_captures = tuple(last.captures)
    if checks:
        snap.checks = check_squares(game)
    snap.lone_royals = tuple(game.lone_royal_squares())
    snap.result = result_text(game)
    return snap


def last_move_of(game: Game) -> Move | None:
    """The last move that changed the board (actions are switches, not moves)."""
    for move in reversed(game.history):
        if not game.is_action(move):
            return move
    return None


def chosen_artwork(vdef: rules.VariantDef) -> dict[str, str]:
    """The pieces whose file names their picture (``artwork``), by piece id."""
    return chosen_artwork_of(vdef.raw if isinstance(vdef.raw, dict) else {})


def chosen_artwork_of(table: dict[str, Any]) -> dict[str, str]:
    """The same from a variant's table as read (the designer's draft, before it is a variant)."""
    pieces = table.get("pieces", {})
    if not isinstance(pieces, dict):
        return {}
    return {pid: row["artwork"] for pid, row in pieces.items()
            if isinstance(row, dict) and isinstance(row.get("artwork"), str) and row["artwork"]}
