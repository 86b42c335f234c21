"""What a table's pieces are, found by asking the rules: each kind's forms and the squares it
can stand on, and a material's name.

Nothing here knows a variant. A kind's *forms* are the kinds a piece of it turns into by a move
that is not a promotion (a Pocket43 Bishop becomes a Rook when its family flips); a table slot
covers all of them. The *squares* a form can stand on are those its moves reach (a pawn never
stands on its promotion rank, a King never in the Pocket) plus its squares in the setups.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..errors import RulesError
from ..pieces import Piece, piece
from ..placement import start_squares
from ..position import Position
from ..ruleset import Rules


class MaterialError(RulesError, ValueError):
    """A material text that names no pieces of the variant."""


#: Seeded, so every process finds the same forms and squares.
_PROBE_SEED = 52


def fresh_piece(rules: Rules, color: int, kind: str) -> Piece:
    """The piece a table places: no castling or first-move rights left (``moved`` where tracked)."""
    t = rules.types[kind]
    return piece(color, kind, t.tracks_moved, (), t.components)


def empty_position(rules: Rules) -> Position:
    """The variant's start position emptied: its power state (Ferries...) kept, no pools, no clocks."""
    pos = rules.start_position()
    for sq in range(rules.geo.size):
        pos.put(sq, None)
    pos.pools = ((), ())
    pos.ep = -1
    pos.ep_victim = -1
    pos.halfmove = 0
    pos.fullmove = 1
    return pos


def _royal_kind(rules: Rules) -> str | None:
    return min(rules.royal_kinds, key=list(rules.types).index) if rules.royal_kinds else None


def _king_placements(rules: Rules) -> list[tuple[int, int]]:
    """Pairs of squares for the two royal pieces of a probe, spread over the board."""
    rnd = random.Random(_PROBE_SEED)
    n = rules.geo.board_size
    pairs: list[tuple[int, int]] = []
    while len(pairs) < 16:
        a, b = rnd.randrange(n), rnd.randrange(n)
        if rules.geo.distance(a, b) > 1:
            pairs.append((a, b))
    return pairs


class PieceFacts:
    """Forms, family and standing squares of every kind of one Rules (worked out on demand)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.order = list(rules.types)
        self._turns_into: dict[tuple[int, str], set[str]] = {}
        self._reach: dict[tuple[int, str], set[int]] = {}
        self._families: dict[str, tuple[str, ...]] = {}

    def _probe(self, color: int, kind: str) -> None:
        """Play every non-promoting move of ``kind`` from every square beside two royals."""
        if (color, kind) in self._reach:
            return
        rules = self.rules
        pos = empty_position(rules)
        royal = _royal_kind(rules)
        reach: set[int] = set()
        turns: set[str] = set()
        is_royal = royal is not None and kind == royal
        for a, b in _king_placements(rules):
            placed = []
            if royal is not None and not is_royal:
                placed = [(a, fresh_piece(rules, color, royal)), (b, fresh_piece(rules, 1 - color, royal))]
            elif royal is not None:  # the royal itself walks the board beside the other side's royal
                placed = [(b, fresh_piece(rules, 1 - color, royal))]
            for sq, p in placed:
                pos.put(sq, p)
            for sq in range(rules.geo.size):
                if pos.board[sq] is not None:
                    continue
                pos.put(sq, fresh_piece(rules, color, kind))
                pos.turn = color
                if not rules.in_check(pos, 1 - color):
                    for move in rules.legal_moves(pos):
                        if move.o != sq or move.promotion:
                            continue
                        count = len(pos.pieces(color))
                        pos.push(move)
                        landed = pos.board[move.d] if move.d >= 0 else None
                        # the same piece moved (a separation leaves a part behind: more pieces)
                        if landed is not None and landed.color == color and len(pos.pieces(color)) == count:
                            reach.add(move.d)
                            turns.add(landed.kind)
                        pos.pop()
                pos.put(sq, None)
            for sq, _ in placed:
                pos.put(sq, None)
        for sq, (kind_here, color_here) in _setup_squares(rules).items():
            if kind_here == kind and color_here == color:
                reach.add(sq)
        self._reach[(color, kind)] = reach
        self._turns_into[(color, kind)] = turns

    def family(self, kind: str) -> tuple[str, ...]:
        """The kinds a piece of ``kind`` can turn into without promoting, ``kind`` included,
        in the variant's piece order."""
        found = self._families.get(kind)
        if found is not None:
            return found
        seen = {kind}
        todo = [kind]
        while todo:
            k = todo.pop()
            for color in (0, 1):
                self._probe(color, k)
                for other in self._turns_into[(color, k)]:
                    if other not in seen:
                        seen.add(other)
                        todo.append(other)
        family = tuple(sorted(seen, key=self.order.index))
        for k in family:
            self._families[k] = family
        return family

    def squares(self, color: int, family: tuple[str, ...]) -> tuple[int, ...]:
        """The squares a piece of ``family`` of ``color`` can stand on (flips keep a square)."""
        out: set[int] = set()
        for k in family:
            self._probe(color, k)
            out |= self._reach[(color, k)]
        return tuple(sorted(out))

    def letter(self, family: tuple[str, ...]) -> str:
        return self.rules.types[family[0]].letter.upper()

    def material_name(self, pieces: Iterable[Piece]) -> str:
        """``KQvK``: each side's families by their first form's letter, royal first, in piece order."""
        sides: list[list[str]] = [[], []]
        for p in pieces:
            sides[p.color].append(self.family(p.kind)[0])
        royal = self.rules.royal_kinds
        key = self.order.index
        return "v".join(
            "".join(self.rules.types[k].letter.upper() for k in sorted(side, key=lambda k: (k not in royal, key(k))))
            for side in sides
        )

    def parse_material(self, text: str) -> list[tuple[int, tuple[str, ...]]]:
        """The (colour, family) of each piece of a material text such as ``KQvK`` (longest letters first)."""
        if not isinstance(text, str):
            raise TypeError("material must be a string such as 'KQvK'")
        halves = text.strip().split("v")
        if len(halves) != 2 or not text.strip():
            raise MaterialError(f"material {text[:40]!r}: write the two sides' letters joined by 'v', such as KQvK")
        by_letter: dict[str, str] = {}
        for kind, t in self.rules.types.items():
            by_letter.setdefault(t.letter.upper(), kind)
        letters = sorted(by_letter, key=len, reverse=True)
        out: list[tuple[int, tuple[str, ...]]] = []
        for color, half in enumerate(halves):
            rest = half.upper()
            while rest:
                found = next((letter for letter in letters if letter and rest.startswith(letter)), None)
                if found is None:
                    known = ", ".join(sorted(by_letter))
                    raise MaterialError(
                        f"material {text[:40]!r}: no piece of this variant has the letter {rest[0]!r}"
                        f" (letters: {known})"
                    )
                out.append((color, self.family(by_letter[found])))
                rest = rest[len(found):]
        if not out:
            raise MaterialError(f"material {text[:40]!r} names no pieces")
        return out


def _setup_squares(rules: Rules) -> dict[int, tuple[str, int]]:
    """Every square a setup puts a piece on, with its kind and colour (pawns' first ranks)."""
    return start_squares(rules)
