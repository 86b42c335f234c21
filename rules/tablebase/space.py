"""The positions of one material and their compact index.

A material is a list of *slots*, one per piece: a colour and a family of forms. A slot's value
is one (square, form) pair of its domain; a placement is one value per slot, numbered in mixed
radix, and a position's index is ``turn * placements + placement``. Slots of one colour and
family are interchangeable: the table is solved on the sorted order and on one representative
of each board symmetry (``canonical``), and the other indices copy their representative's value.
Indices whose slots share a square are no position; nor are positions whose side not to move
could take a royal piece (``valid`` is decided while expanding).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..pieces import Piece
from ..position import Position
from ..ruleset import Rules
from .pieces import MaterialError, PieceFacts, empty_position, fresh_piece


@dataclass(frozen=True)
class Slot:
    color: int
    family: tuple[str, ...]
    #: (square, kind) of each domain value
    domain: tuple[tuple[int, str], ...]


class Space:
    """The index of one material's positions in one Rules (see the module docstring)."""

    def __init__(self, rules: Rules, facts: PieceFacts, material: str) -> None:
        self.rules = rules
        self.facts = facts
        parsed = facts.parse_material(material)
        parsed.sort(key=lambda cf: (cf[0], cf[1][0] not in rules.royal_kinds, facts.order.index(cf[1][0])))
        self.slots: tuple[Slot, ...] = tuple(
            Slot(color, family, tuple((sq, k) for k in family for sq in facts.squares(color, family)))
            for color, family in parsed
        )
        self.material = facts.material_name(fresh_piece(rules, s.color, s.family[0]) for s in self.slots)
        self.sizes = [len(s.domain) for s in self.slots]
        if any(size == 0 for size in self.sizes):
            raise MaterialError(f"material {material!r}: a piece of it can stand on no square")
        strides = []
        acc = 1
        for size in reversed(self.sizes):
            strides.append(acc)
            acc *= size
        self.strides = list(reversed(strides))
        self.placements = acc
        self.size = 2 * acc
        self._lookup = [{v: i for i, v in enumerate(s.domain)} for s in self.slots]
        #: (colour, kind) -> the slots a piece of it may fill, in order (found on first use)
        self._candidates: dict[tuple[int, str], list[int]] = {}
        #: runs of interchangeable slots (same colour and family), as (first, end) pairs
        self.groups: list[tuple[int, int]] = []
        start = 0
        for i in range(1, len(self.slots) + 1):
            if i == len(self.slots) or (self.slots[i].color, self.slots[i].family) != (
                self.slots[start].color, self.slots[start].family
            ):
                if i - start > 1:
                    self.groups.append((start, i))
                start = i
        #: slots with interchangeable partners (their values are sorted after a move)
        self._grouped = {i for a, b in self.groups for i in range(a, b)}
        self.domain_squares = [np.array([sq for sq, _ in s.domain], dtype=np.int64) for s in self.slots]
        self.symmetries: list[list[np.ndarray]] = []  # per symmetry, per slot: value -> value
        self.symmetry_names: list[str] = []

    # ------------------------------------------------------------ one position

    def family_key(self, color: int, kind: str) -> tuple[int, tuple[str, ...]]:
        return (color, self.facts.family(kind))

    def encode(self, pieces: Sequence[tuple[int, Piece]], turn: int) -> int:
        """The index of a placement of exactly this material (-1 if a piece stands off its domain)."""
        values = [-1] * len(self.slots)
        for sq, p in pieces:
            if self._fill_free_slot(values, sq, p) < 0:
                return -1
        return self._index_of(values, turn)

    def _fill_free_slot(self, values: list[int], sq: int, p: Piece) -> int:
        """Put ``p`` on ``sq`` into the first free slot (value -1) of its colour and family:
        1 when placed, 0 when no such slot is free, -1 when the square is off that slot's domain."""
        key = (p.color, p.kind)
        slots = self._candidates.get(key)
        if slots is None:
            slots = self._candidates[key] = [
                i for i, s in enumerate(self.slots) if s.color == p.color and p.kind in s.family
            ]
        for i in slots:
            if values[i] < 0:
                v = self._lookup[i].get((sq, p.kind))
                if v is None:
                    return -1
                values[i] = v
                return 1
        return 0

    def _index_of(self, values: list[int], turn: int) -> int:
        """The index of a full set of slot values (interchangeable slots sorted here)."""
        for a, b in self.groups:
            values[a:b] = sorted(values[a:b])
        index = 0
        for v, stride in zip(values, self.strides, strict=True):
            index += v * stride
        return turn * self.placements + index

    def slot_values(self, index: int) -> list[int]:
        """Each slot's domain value in ``index``."""
        placement = index % self.placements
        return [(placement // st) % sz for st, sz in zip(self.strides, self.sizes, strict=True)]

    def moved_index(self, board: Sequence[Piece | None], values: Sequence[int], slot_at: dict[int, int],
                    changed: Sequence[int], turn: int) -> int:
        """The index after a move that kept this material, from the parent's slot ``values``
        (``slot_at``: the slot standing on each occupied square) and the squares the move changed;
        -1 if the move changed the material or put a piece off its domain (:meth:`encode` says which).
        With the parent's paired slots in sorted order (a canonical index) the child's are too."""
        if len(changed) == 2:  # most moves: one piece from one square to an empty one
            a, b = changed
            i = slot_at.get(a)
            if i is not None and b not in slot_at and board[a] is None:
                p = board[b]
                if p is not None and i not in self._grouped and p.color == self.slots[i].color:
                    v = self._lookup[i].get((b, p.kind))
                    if v is not None:
                        code = 0
                        for w, stride in zip(values, self.strides, strict=True):
                            code += w * stride
                        return turn * self.placements + code + (v - values[i]) * self.strides[i]
        new = list(values)
        squares = dict.fromkeys(changed)  # a square may be written more than once by one move
        for sq in squares:
            i = slot_at.get(sq)
            if i is not None:
                new[i] = -1
        for sq in squares:
            p = board[sq]
            # off its domain, or a piece more of a family (a promotion, a merge...)
            if p is not None and self._fill_free_slot(new, sq, p) <= 0:
                return -1
        if -1 in new:
            return -1  # a piece less (a capture...)
        return self._index_of(new, turn)

    def canonical(self, index: int) -> int:
        """The representative of ``index`` among its symmetric images (and interchangeable slots)."""
        if not self.symmetries:
            return index
        turn, placement = divmod(index, self.placements)
        values = [(placement // st) % sz for st, sz in zip(self.strides, self.sizes, strict=True)]
        best = placement
        for perm in self.symmetries:
            mapped = [int(p[v]) for p, v in zip(perm, values, strict=True)]
            for a, b in self.groups:
                mapped[a:b] = sorted(mapped[a:b])
            code = 0
            for v, stride in zip(mapped, self.strides, strict=True):
                code += v * stride
            if code < best:
                best = code
        return turn * self.placements + best

    def decode(self, index: int) -> tuple[list[tuple[int, str]], int]:
        """(square, kind) of each slot, and the side to move."""
        turn, placement = divmod(index, self.placements)
        values = [(placement // st) % sz for st, sz in zip(self.strides, self.sizes, strict=True)]
        return [s.domain[v] for s, v in zip(self.slots, values, strict=True)], turn

    def place(self, pos: Position, index: int) -> list[int]:
        """Put the position ``index`` on an empty ``pos``; returns the squares used (to empty them again)."""
        cells, turn = self.decode(index)
        rules = self.rules
        used = []
        for (sq, kind), s in zip(cells, self.slots, strict=True):
            pos.put(sq, fresh_piece(rules, s.color, kind))
            used.append(sq)
        pos.turn = turn
        return used

    # ------------------------------------------------------------ many positions (numpy)

    def values_of(self, indices: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
        placement = indices % self.placements
        values = [(placement // st) % sz for st, sz in zip(self.strides, self.sizes, strict=True)]
        return values, indices // self.placements

    def _code(self, values: list[np.ndarray]) -> np.ndarray:
        code = np.zeros_like(values[0])
        for v, stride in zip(values, self.strides, strict=True):
            code += v * stride
        return code

    def _sorted_groups(self, values: list[np.ndarray]) -> list[np.ndarray]:
        values = list(values)
        for a, b in self.groups:
            stacked = np.sort(np.stack(values[a:b]), axis=0)
            values[a:b] = list(stacked)
        return values

    def canonical_many(self, indices: np.ndarray) -> np.ndarray:
        values, turn = self.values_of(indices)
        best = self._code(self._sorted_groups(values))
        for perm in self.symmetries:
            mapped = [p[v] for p, v in zip(perm, values, strict=True)]
            best = np.minimum(best, self._code(self._sorted_groups(mapped)))
        return turn * self.placements + best

    def to_expand(self, indices: np.ndarray) -> np.ndarray:
        """True where an index is a position to expand: its pieces on distinct squares, and the
        representative of its symmetric set."""
        return self.apart_many(indices) & (self.canonical_many(indices) == indices)

    def apart_many(self, indices: np.ndarray) -> np.ndarray:
        """True where no two slots share a square."""
        values, _ = self.values_of(indices)
        squares = [d[v] for d, v in zip(self.domain_squares, values, strict=True)]
        ok = np.ones(len(indices), dtype=bool)
        for i in range(len(squares)):
            for j in range(i + 1, len(squares)):
                ok &= squares[i] != squares[j]
        return ok

    # ------------------------------------------------------------ symmetry

    def find_symmetries(self, samples: int = 40) -> None:
        """Keep the board symmetries under which the rules commute, checked on sample positions:
        the same moves (mapped), the same positions after them (mapped), the same verdicts."""
        geo = self.rules.geo
        files, ranks = geo.files, geo.ranks
        candidates: dict[str, Callable[[int, int], tuple[int, int]]] = {
            "mirror files": lambda f, r: (files - 1 - f, r),
            "mirror ranks": lambda f, r: (f, ranks - 1 - r),
            "half turn": lambda f, r: (files - 1 - f, ranks - 1 - r),
        }
        if files == ranks:
            candidates.update({
                "diagonal": lambda f, r: (r, f),
                "antidiagonal": lambda f, r: (files - 1 - r, files - 1 - f),
                "quarter turn": lambda f, r: (ranks - 1 - r, f),
                "three-quarter turn": lambda f, r: (r, files - 1 - f),
            })
        rnd = random.Random(52)
        sample = self._sample_indices(rnd, samples)
        for name, fn in candidates.items():
            square_map = [geo.square(*fn(geo.file_of(sq), geo.rank_of(sq))) for sq in range(geo.board_size)]
            square_map += list(range(geo.board_size, geo.size))
            perms = []
            for i, s in enumerate(self.slots):
                perm = [self._lookup[i].get((square_map[sq], k), -1) for sq, k in s.domain]
                if min(perm) < 0:
                    break
                perms.append(np.array(perm, dtype=np.int64))
            else:
                if all(self._commutes(index, square_map) for index in sample):
                    self.symmetries.append(perms)
                    self.symmetry_names.append(name)

    def _sample_indices(self, rnd: random.Random, count: int) -> list[int]:
        out: list[int] = []
        tries = 0
        while len(out) < count and tries < 50 * count:
            tries += 1
            index = rnd.randrange(self.size)
            if bool(self.apart_many(np.array([index], dtype=np.int64))[0]):
                out.append(index)
        return out

    def _commutes(self, index: int, square_map: list[int]) -> bool:
        rules = self.rules
        pos = empty_position(rules)
        used = self.place(pos, index)
        here = _moves_and_results(rules, pos, square_map)
        for sq in used:
            pos.put(sq, None)
        cells, turn = self.decode(index)
        for (sq, kind), s in zip(cells, self.slots, strict=True):
            pos.put(square_map[sq], fresh_piece(rules, s.color, kind))
        pos.turn = turn
        there = _moves_and_results(rules, pos, None)
        return here == there


def _moves_and_results(
    rules: Rules, pos: Position, square_map: list[int] | None
) -> tuple[bool, frozenset[tuple[object, ...]], object]:
    """What a position leads to, with squares mapped (None: as they are): whether the side not
    to move is attacked, each move's squares and the placement after it, and the verdict."""
    def m(sq: int) -> int:
        return sq if square_map is None or sq < 0 else square_map[sq]

    attacked = rules.in_check(pos, 1 - pos.turn)
    if attacked:
        return (True, frozenset(), None)
    legal = rules.legal_moves(pos)
    verdict = rules.outcome(pos, legal)
    results = set()
    for move in legal:
        pos.push(move)
        after = tuple(sorted((m(sq), p.color, p.kind) for sq, p in pos.pieces()))
        results.add((m(move.o), m(move.d), move.promotion, tuple(sorted(m(c) for c in move.caps)), after))
        pos.pop()
    return (False, frozenset(results), verdict[0] if verdict else "none")
