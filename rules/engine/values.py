"""Piece values for any variant, worked out from how far each piece can move.

A piece's base value comes from its average mobility over every square of an
empty board of the variant's size. Three corrections make the empty board tell
the truth about a real game: each further square of a slide counts for less
than the one before (lines get blocked in play), moves that only move or only
capture count half, and a piece confined to one square colour loses a share.
With one scale fitted to the chess Knight (three pawns) this gives Bishop 3.2,
Rook 5.4 and Queen 9, so a new piece gets a sensible value without tuning.

What Betza cannot say is measured on the variant's start position instead (a
Windmill needs neighbours to turn round), and a value written in the variant
file (``value`` of a piece) wins over both: its author knows best.

On top of the type's value, :meth:`PieceValues.piece_cp` adjusts for what the
piece itself says: a compound is worth at least most of its components, and a
two-form piece is valued between its current form and the one it will flip to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..atoms import compile_atoms
from ..context import EMPTY
from ..geometry import MAX_SIZE
from ..moves import Move
from ..pieces import Piece, piece
from ..powers.polypieces import Families

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..ruleset import Rules

#: Share of a slide's next square relative to the one before it.
SLIDE_DECAY = 0.8
#: Centipawns per unit of weighted mobility; fitted so the chess Knight is 300.
CP_PER_MOVE = 57
#: Weight of a move that can only move or only capture.
HALF_MOVE = 0.5
#: Weight of moves allowed only from the piece's first square.
INITIAL_MOVE = 0.15
#: A hopper needs a screen, which an empty board never offers; count half its line.
HOP_MOVE = 0.5
#: A lame leap can be blocked on its way.
LAME_MOVE = 0.8
#: Pieces that reach only one square colour.
COLOUR_BOUND = 0.85
#: Every pawn is worth at least this: the prospect of promotion.
PAWN_FLOOR = 100
#: A compound is worth at least this share of its components (it can come apart).
COMPONENT_SHARE = 0.85
#: A two-form piece's current form counts this much; the other form the rest.
CURRENT_FORM_SHARE = 2 / 3
#: Share of borrowed worth beyond the variant's strongest piece that still counts.
BEYOND_STRONGEST = 0.25
#: Lender sets whose worth is kept (by identity and by what they can do). An entry keeps its
#: tuple of compiled atoms alive, so entries beyond the sets compile_atoms keeps are mostly sets no
#: kit hands out again: at 20,000 a long Friendly analysis held some 400,000 dead GenAtoms, 100 MB
#: (bench/memory_soak.py --types).
IDENTITY_CACHE_SIZE = compile_atoms.cache_info().maxsize or 4096


_SLIDE_SUMS = [sum(SLIDE_DECAY**k for k in range(n)) for n in range(128)]


def atom_mobility(g: GenAtom, board_size: int) -> float:
    """Weighted average number of moves of one atom over an empty board."""
    weight = 1.0 if (g.can_move and g.can_capture) else HALF_MOVE
    if g.initial:
        weight *= INITIAL_MOVE
    if g.legs is not None:
        # XBetza legs: their rays are every square a move may reach, not a line that decays.
        return weight * sum(len(g.rays[sq]) for sq in range(board_size)) / board_size if board_size else 0.0
    if g.hop:
        weight *= HOP_MOVE
    if g.paths is not None:
        weight *= LAME_MOVE
    sums = _SLIDE_SUMS
    total = 0.0
    for sq in range(board_size):
        ray = g.rays[sq]
        if ray and (g.paths is None or g.paths[sq] is not None):
            n = len(ray)
            total += sums[n] if n < len(sums) else sums[-1]
    return weight * total / board_size if board_size else 0.0


def atom_square_mobility(g: GenAtom, sq: int) -> float:
    """Weighted number of moves of one atom from ``sq`` on an empty board (unweighted by kind)."""
    ray = g.rays[sq]
    if g.legs is not None:
        return float(len(ray))
    if not ray or (g.paths is not None and g.paths[sq] is None):
        return 0.0
    n = len(ray)
    return _SLIDE_SUMS[n] if n < len(_SLIDE_SUMS) else _SLIDE_SUMS[-1]


def square_mobility(atoms: tuple[GenAtom, ...], board_size: int) -> list[float]:
    """Per board square, the weighted number of moves these atoms make from it on an empty board.

    The same weights as :func:`atom_mobility`, so the board average of this list is
    the piece's mobility; how far a square is above or below that average is what
    standing there is worth (a Knight in the corner has two moves, in the centre eight).
    """
    out = [0.0] * board_size
    for g in atoms:
        weight = 1.0 if (g.can_move and g.can_capture) else HALF_MOVE
        if g.initial:
            continue  # a first-move-only step says nothing about where the piece stands well
        if g.hop and g.legs is None:
            weight *= HOP_MOVE
        if g.paths is not None:
            weight *= LAME_MOVE
        for sq in range(board_size):
            out[sq] += weight * atom_square_mobility(g, sq)
    return out


def atoms_mobility(atoms: tuple[GenAtom, ...], board_size: int) -> float:
    """Weighted average number of moves of these atoms over an empty board."""
    return sum(atom_mobility(g, board_size) for g in atoms)


def colour_bound(atoms: tuple[GenAtom, ...]) -> bool:
    """True if every step keeps the piece on its square colour."""
    return bool(atoms) and all(g.legs is None and (g.vector[0] + g.vector[1]) % 2 == 0 for g in atoms)


def atoms_cp(atoms: tuple[GenAtom, ...], board_size: int) -> int:
    value = atoms_mobility(atoms, board_size) * CP_PER_MOVE
    if colour_bound(atoms):
        value *= COLOUR_BOUND
    return round(value)


def _atom_signature(g: GenAtom) -> tuple[Any, ...]:
    # GenAtoms carry whole-board ray tables; these fields decide the mobility.
    return (g.vector, g.can_move, g.can_capture, g.hop, g.paths is not None, g.initial, g.max_range)


def _atoms_signature(atoms: tuple[GenAtom, ...]) -> tuple[Any, ...]:
    return tuple(_atom_signature(g) for g in atoms)


class PieceValues:
    """Centipawn values of a variant's piece types and of individual pieces."""

    def __init__(self, rules: Rules, power_bonus: dict[str, int] | None = None) -> None:
        self.rules = rules
        self.power_bonus = dict(power_bonus or {})
        size = rules.geo.board_size
        self.kind_cp: dict[str, int] = {}
        for kind, t in rules.types.items():
            if t.value is not None:
                cp = round(float(t.value) * 100)
            else:
                atoms = rules.atoms_of(kind, 0)
                cp = atoms_cp(atoms, size) + round(self._power_mobility(kind) * CP_PER_MOVE)
                if kind in rules.pawn_kinds:
                    cp = max(cp, PAWN_FLOOR)
            cp += sum(self.power_bonus.get(name, 0) for name in t.powers)
            self.kind_cp[kind] = cp
        self.other_form = _other_forms(rules)
        self.strongest = max(
            (cp for kind, cp in self.kind_cp.items() if kind not in rules.royal_kinds), default=0
        )
        self._piece_cp: dict[Piece, int] = {}
        self._atoms_cp: dict[tuple[Any, ...], int] = {}
        self._atom_mobility: dict[tuple[Any, ...], float] = {}
        self._by_identity: dict[int, tuple[tuple[GenAtom, ...], tuple[str, ...], int]] = {}

    def piece_cp(self, p: Piece) -> int:
        """The value of this piece in centipawns, before anything the position says."""
        found = self._piece_cp.get(p)
        if found is None:
            found = self._compute_piece_cp(p)
            self._piece_cp[p] = found
        return found

    def _compute_piece_cp(self, p: Piece) -> int:
        kind_cp = self.kind_cp
        value = kind_cp.get(p.kind, 0)
        if p.components:
            parts = sum(kind_cp.get(c, 0) for c in p.components)
            value = max(value, round(COMPONENT_SHARE * parts))
        other = self.other_form.get(p.kind)
        if other is not None:
            value = round(CURRENT_FORM_SHARE * value + (1 - CURRENT_FORM_SHARE) * kind_cp.get(other, value))
        return value

    def borrowed_cp(self, atoms: tuple[GenAtom, ...], powers: tuple[str, ...] = ()) -> int:
        """The value of a set of moves a piece holds only for now (a Friend's borrowings)."""
        # The rules hand out the same tuples for the same lenders: try identity first.
        known = self._by_identity.get(id(atoms))
        if known is not None and known[0] is atoms and known[1] == powers:
            return known[2]
        key = (_atoms_signature(atoms), powers)
        found = self._atoms_cp.get(key)
        if found is None:
            # Lenders overlap (a King's step and a Queen's slide share a line), so
            # each direction counts once, by its farthest-reaching atom.
            size = self.rules.geo.board_size
            by_vector: dict[tuple[int, int], float] = {}
            for i, g in enumerate(atoms):
                if g.legs is not None:  # XBetza legs: each its own move set (rules/legs.py)
                    by_vector[(MAX_SIZE + i, 0)] = atom_mobility(g, size)
                    continue
                one = _atom_signature(g)
                m = self._atom_mobility.get(one)
                if m is None:
                    m = self._atom_mobility[one] = atom_mobility(g, size)
                if m > by_vector.get(g.vector, 0.0):
                    by_vector[g.vector] = m
            value = sum(by_vector.values()) * CP_PER_MOVE
            if colour_bound(atoms):
                value *= COLOUR_BOUND
            if value > self.strongest:
                # A piece still makes one move a turn: choices beyond the strongest piece's add less.
                value = self.strongest + BEYOND_STRONGEST * (value - self.strongest)
            found = round(value) + sum(self.power_bonus.get(name, 0) for name in powers)
            # One entry per combination of lenders met, as the borrowing power's kits: bounded alike.
            if len(self._atoms_cp) >= IDENTITY_CACHE_SIZE:
                self._atoms_cp.clear()
            self._atoms_cp[key] = found
        if len(self._by_identity) >= IDENTITY_CACHE_SIZE:
            self._by_identity.clear()
        # Holding the tuple keeps its id from being reused by another object.
        self._by_identity[id(atoms)] = (atoms, powers, found)
        return found

    def _power_mobility(self, kind: str) -> float:
        """Average number of moves the piece's powers add, on the start position's empty squares.

        Powers are code, not geometry, so they are asked rather than computed: the
        piece is put on each empty board square of the start array in turn.
        """
        rules = self.rules
        t = rules.types[kind]
        movers = [rules.power_objects[n] for n in t.powers if rules.power_objects[n].overrides("piece_moves")]
        if not movers:
            return 0.0
        pos = rules.start_position()
        probe = piece(0, kind, False, (), t.components)
        empty = [sq for sq in range(rules.geo.board_size) if pos.board[sq] is None]
        if not empty:
            return 0.0
        atoms = rules.atoms_of(kind, 0)
        total = 0
        for sq in empty:
            pos.put(sq, probe)
            plain: list[Move] = []
            rules.betza_moves(pos, sq, probe, atoms, plain)
            out: list[Move] = []
            for power in movers:
                power.piece_moves(pos, EMPTY, sq, probe, out)
            # Only what the powers add beyond the plain moves counts again.
            total += len({(m.d, m.caps) for m in out} - {(m.d, m.caps) for m in plain})
            pos.put(sq, None)
        return total / len(empty)


def _other_forms(rules: Rules) -> dict[str, str]:
    """For two-form pieces (polypieces) in play, the form each kind flips to."""
    if "families" not in rules.variant.data:
        return {}
    families = Families(rules)
    return {kind: family.other(kind) for kind, family in families.by_kind.items()}


def shared_values(rules: Rules, power_bonus: dict[str, int] | None = None) -> PieceValues:
    """The PieceValues of these rules and bonuses, worked out once and shared.

    Sharing between threads is safe: its caches only ever gain entries, each
    computed the same way whoever computes it.
    """
    key = tuple(sorted((power_bonus or {}).items()))
    # Kept on the Rules, so the values go when the Rules does (a PieceValues refers to its
    # Rules: in a global weak-keyed table it would keep its key alive for ever).
    per_rules: dict[tuple[tuple[str, int], ...], PieceValues] = rules.memo.setdefault("piece_values", {})
    found = per_rules.get(key)
    if found is None:
        found = per_rules[key] = PieceValues(rules, dict(key))
    return found
