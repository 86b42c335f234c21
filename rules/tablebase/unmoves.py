"""Un-moves: the positions a table position can be reached from by a move that stays in the
table, and whether a material's moves allow finding them that way (docs/tablebase.md, *How a
table is built*).

A move that stays in a table captures nothing and promotes nothing. Where every such move only
carries its piece from one square to another (no flip, no merge, no state of the position
changed) and the piece could move straight back (its moves are symmetric: leapers and riders
without direction limits, not pawns), the positions before P are found from P itself: the side
that just moved moves one of its pieces back along its own non-capturing moves. Whether that
holds is decided from the rules on sample positions, as the board symmetries are: every move of
a sample must be undone by an un-move, and every un-move of a sample must be undone by a move.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..moves import Move
from ..pieces import Piece
from ..position import Position
from .expand import Workshop, layer_key, workshop, workshop_of
from .space import Space
from .values import Job

#: Seeded, so every process and every run decides the same way.
_SAMPLE_SEED = 5252


def unmove_indices(workshop_: Workshop, space: Space, pos: Position, used: list[int]) -> list[int]:
    """The indices (not canonical) of the positions before ``pos`` found by un-moves (see
    :func:`unmoves`)."""
    return [index for _, index in unmoves(workshop_, space, pos, used)]


def unmoves(workshop_: Workshop, space: Space, pos: Position, used: list[int]) -> list[tuple[Move, int]]:
    """Each un-move (the move back) with the index (not canonical) of the position it leads to:
    the positions with the other side to move whose non-capturing, non-promoting moves lead to
    ``pos`` (placed on squares ``used``), as far as un-moves find them: the moved piece goes
    back along its own quiet moves. Positions where the side now to move would be in check are
    included (they are no positions of the table)."""
    rules = workshop_.rules
    board = pos.board
    stays = pos.turn
    moved = 1 - stays
    royal_count = len(pos.royals[moved])
    # Could the side that moved have left this position? (The rules' own test after a move;
    # it looks at the move only through the variant's powers that forbid moves.)
    per_move = bool(rules.illegal_powers)
    if not per_move and rules.problem_after(pos, _NO_MOVE, moved, royal_count) is not None:
        return []
    pos.turn = moved
    try:
        candidates = rules.pseudo_moves(pos, rules.context(pos))
    finally:
        pos.turn = stays
    out: list[tuple[Move, int]] = []
    # The position before differs from this one in one slot's value: its index is this one's
    # moved by that value's difference, except where the slot's piece has interchangeable twins
    # (their sorted order may change: encoded afresh).
    pieces = [(sq, p) for sq in used if (p := board[sq]) is not None]
    here = space.encode(pieces, stays)
    cells, _ = space.decode(here)
    slot_of = {sq: i for i, (sq, _) in enumerate(cells)}
    base = here - stays * space.placements + moved * space.placements
    lookup = space._lookup  # (square, kind) -> value, per slot: the index's own digits
    values = [lookup[i][cell] for i, cell in enumerate(cells)]
    twins = {i for a, b in space.groups for i in range(a, b)}
    for back in candidates:
        if back.caps or back.promotion or back.o < 0 or back.d < 0 or back.o == back.d or board[back.d] is not None:
            continue
        if per_move and rules.problem_after(pos, _forward(back), moved, royal_count) is not None:
            continue
        i = slot_of[back.o]
        if i in twins:
            index = space.encode([(back.d if sq == back.o else sq, p) for sq, p in pieces], moved)
        else:
            value = lookup[i].get((back.d, cells[i][1]))
            index = -1 if value is None else base + (value - values[i]) * space.strides[i]
        if index >= 0:
            out.append((back, index))
    return out


#: The move handed to the rules' test of a position after a move where no power looks at it.
_NO_MOVE = Move("normal", "", "")


def _forward(back: Move) -> Move:
    """The move an un-move undoes: the same piece between the same squares, the other way."""
    return back._replace(origin=back.destination, destination=back.origin, o=back.d, d=back.o)


def predecessors(job: Job, layer: str, indices: np.ndarray, per_position: bool) -> np.ndarray:
    """The canonical indices of the positions that reach each of ``indices`` (canonical, valid
    positions of ``layer``) by a move inside the table: once per (predecessor, position) pair if
    ``per_position`` (each such pair is one open move of the predecessor), else each once."""
    shop = workshop(job.variant, job.options)
    space = shop.space(job.material, job.symmetric)
    pos = shop.position(layer)
    rows: list[int] = []
    found: list[int] = []
    for row, index in enumerate(indices.tolist()):
        used = space.place(pos, index)
        back = unmove_indices(shop, space, pos, used)
        found.extend(back)
        rows.extend([row] * len(back))
        for sq in used:
            pos.put(sq, None)
    canonical = space.canonical_many(np.array(found, dtype=np.int64))
    if not per_position:
        return np.unique(canonical)
    pairs = np.unique(np.array(rows, dtype=np.int64) * space.size + canonical)
    return pairs % space.size


def why_not_reversible(space: Space, layer: str, samples: int = 200) -> str | None:
    """None if un-moves find exactly the positions before a position of this material, checked
    on sample positions (half spread over the board, half with the pieces close together, where
    blocked and lame moves show); else what stops them, in words."""
    shop = workshop_of(space.rules)
    rules = shop.rules
    rnd = random.Random(_SAMPLE_SEED)
    pos = shop.position(layer)
    other = shop.position(layer)
    checked = 0
    for index in _samples(space, rnd, samples):
        used = space.place(pos, index)
        try:
            if rules.in_check(pos, 1 - pos.turn):
                continue
            checked += 1
            reason = _moves_are_undone(shop, space, pos, used, layer) or _unmoves_are_moves(
                shop, space, pos, used, other)
            if reason:
                return reason
        finally:
            for sq in used:
                pos.put(sq, None)
    if not checked:
        return "no sample position of it could be set up"
    return None


def _samples(space: Space, rnd: random.Random, count: int) -> list[int]:
    """Indices of placements with every piece on its own square: half anywhere, half with each
    piece that is not royal within two squares of another piece (where blocked and lame moves
    show), or anywhere when no such placement turns up."""
    geo = space.rules.geo
    royal = space.rules.royal_kinds
    out: list[int] = []
    tries = 0
    while len(out) < count and tries < 100 * count:
        tries += 1
        values = [rnd.randrange(size) for size in space.sizes]
        cells = [space.slots[i].domain[v] for i, v in enumerate(values)]
        squares = [sq for sq, _ in cells]
        if len(set(squares)) < len(squares):
            continue
        close = all(kind in royal or _near(geo, sq, squares) for sq, kind in cells)
        if len(out) % 2 == 1 and not close and tries % 200:
            continue
        tries -= tries % 200  # each sample gets its own 200 tries at standing close
        placement = sum(v * stride for v, stride in zip(values, space.strides, strict=True))
        out.append(rnd.randrange(2) * space.placements + placement)
    return out


def _near(geo: Any, sq: int, squares: list[int]) -> bool:
    """Does another of ``squares`` stand within two squares of ``sq`` (on the board)?"""
    return sq < geo.board_size and any(
        other != sq and other < geo.board_size and geo.distance(sq, other) <= 2 for other in squares
    )


def _pieces_at(pos: Position, used: list[int]) -> list[tuple[int, Piece]]:
    return [(sq, p) for sq in used if (p := pos.board[sq]) is not None]


def _moves_are_undone(shop: Workshop, space: Space, pos: Position, used: list[int], layer: str) -> str | None:
    """Each move of the sample that stays in the table carries one piece and nothing else, and
    an un-move of the position after it leads back to the sample."""
    rules = shop.rules
    here = space.encode(_pieces_at(pos, used), pos.turn)
    for move in rules.legal_moves(pos):
        mover = pos.board[move.o] if move.o >= 0 else None
        pos.push(move)
        try:
            after = sorted({*used, *pos.changed_squares()})
            pieces = [(sq, p) for sq in after if (p := pos.board[sq]) is not None]
            if shop.material_of(pieces) != space.material:
                continue  # a capture or a promotion: another table's position
            if layer_key(rules, pos) != layer:
                return f"the move {move} changes the position's state"
            if (set(pos.changed_squares()) != {move.o, move.d} or pos.board[move.o] is not None
                    or pos.board[move.d] != mover):
                return f"the move {move} changes more than its piece's square"
            now = [move.d if sq == move.o else sq for sq in used]
            if here not in unmove_indices(shop, space, pos, now):
                return f"the move {move} cannot be taken back by the piece's own moves"
        finally:
            pos.pop()
    return None


def _unmoves_are_moves(shop: Workshop, space: Space, pos: Position, used: list[int], other: Position) -> str | None:
    """Each un-move of the sample leads to a position (where the side to move could not take a
    royal piece) where the piece moved back has a legal move to the sample (``other``: an empty
    position of the sample's layer to set them up on)."""
    rules = shop.rules
    here = space.encode(_pieces_at(pos, used), pos.turn)
    for back, before in unmoves(shop, space, pos, used):
        placed = space.place(other, before)
        try:
            if not rules.in_check(other, 1 - other.turn) and not _reaches(shop, space, other, placed, back.d, here):
                return ("a piece's moves cannot all be taken back by its own moves (a move in one direction "
                        "only, or blocked one way and not the other)")
        finally:
            for sq in placed:
                other.put(sq, None)
    return None


def _reaches(shop: Workshop, space: Space, pos: Position, used: list[int], origin: int, target: int) -> bool:
    """Has the piece on ``origin`` a legal move to the position of index ``target`` (same layer)?"""
    rules = shop.rules
    layer = layer_key(rules, pos)
    mover = pos.turn
    royal_count = len(pos.royals[mover])
    for move in rules.pseudo_moves(pos, rules.context(pos)):
        if move.o != origin:
            continue
        pos.push(move)
        try:
            if rules.problem_after(pos, move, mover, royal_count) is not None:
                continue
            after = sorted({*used, *pos.changed_squares()})
            pieces = [(sq, p) for sq in after if (p := pos.board[sq]) is not None]
            if (shop.material_of(pieces) == space.material and space.encode(pieces, pos.turn) == target
                    and layer_key(rules, pos) == layer):
                return True
        finally:
            pos.pop()
    return False


def decide(space: Space, layer: str) -> str | None:
    """Why un-moves do not serve this material (None: they do), decided once per Rules."""
    key = f"tablebase-unmoves:{space.material}:{layer}"
    memo = space.rules.memo
    if key not in memo:
        memo[key] = why_not_reversible(space, layer)
    verdict = memo[key]
    return verdict if isinstance(verdict, str) else None
