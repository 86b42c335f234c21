"""Which pieces a move chases (``perpetual_chase = "loss"``): Xiangqi's chasing rule as
Fairy-Stockfish plays it (``chasingRule = axf``, its ``Position::chased``), in our own terms.

A move chases an enemy piece when, after it, a piece of the mover newly attacks that piece
and the piece is worth more than its attacker (``chase_values``) or has no real protector.
In detail, for the side that has just moved (the chaser) and the other side (the victim):

* **Never chased:** royal pieces (an attack on them is a check) and a ``chase_immune`` kind in
  its region (Xiangqi's soldier before it crosses the river). **Never chasing:** royal pieces
  and the ``chase_free`` kinds (the soldier).
* **New attacks:** the moved piece's attacks, except, for a piece that moved along a line it
  rides (a chariot, a cannon), those on the line through its two squares; and every attack
  of a chaser's piece that it did not have with the board as it stood before the move (a line
  opened, a screen put in place), the moved piece counted from its new square.
* For each new attack: a victim worth more than the attacker is chased; a victim of the
  attacker's own kind that attacks it back (and is not pinned) is not; any other victim is
  chased when no victim piece protects it (with the attacker taken off the board, pinned
  protectors not counted, and a protecting royal not counted where taking would bring it face to
  face with the enemy royal on a line, where royals may not face).
* A victim piece newly pinned leaves the pieces it protected unprotected: those the chaser
  attacks (with pieces that are not themselves pinned) are chased. A chaser's piece that now
  shields a line to the victim's royal (a discovered check in waiting) chases every victim
  piece it attacks, except one beside the royal that no other chaser's piece attacks.

Attacks are counted as the pieces' moves reach (captures), but ignoring the regions that
confine a piece (a palace, the own half): Fairy-Stockfish counts them so. "Pinned" means standing
so that taking the piece away would expose its own side's royal piece to a new attack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .atoms import GenAtom
from .chaserules import EVERYWHERE, ChaseRule
from .moves import Move
from .pieces import Piece, piece
from .position import Position

if TYPE_CHECKING:
    from .ruleset import Rules


class _Board:
    """Attack questions about one position, on a private copy (bare writes: no hash kept)."""

    def __init__(self, rules: Rules, pos: Position) -> None:
        self.rules = rules
        self.pos = pos.copy()
        self.board = self.pos.board
        self.ctx = rules.uncached_context(self.pos)

    def captures(self, sq: int) -> set[int]:
        """Squares the piece on ``sq`` could capture on now (its region ignored)."""
        p = self.board[sq]
        if p is None:
            return set()
        moves: list[Move] = []
        self.rules.piece_moves(self.pos, self.ctx, sq, p, moves, atoms=free_atoms(self.rules, p.kind, p.color),
                               with_powers=False)
        return {c for m in moves for c in m.caps}

    def reach(self, sq: int) -> set[int]:
        """Occupied squares the piece on ``sq`` attacks, own pieces included (they stand in as enemies)."""
        p = self.board[sq]
        if p is None:
            return set()
        saved = [(s, q) for s, q in self.pieces() if q.color == p.color and s != sq]
        for s, q in saved:
            self.board[s] = _flipped(q)
        try:
            return self.captures(sq)
        finally:
            for s, q in saved:
                self.board[s] = q

    def attackers(self, target: int, by: int) -> set[int]:
        """Squares of ``by``'s pieces that attack the piece on ``target`` (any colour)."""
        occupant = self.board[target]
        if occupant is not None and occupant.color == by:
            self.board[target] = _flipped(occupant)
        try:
            return {sq for sq, p in self.pieces() if p.color == by and sq != target and target in self.captures(sq)}
        finally:
            self.board[target] = occupant

    def pieces(self) -> list[tuple[int, Piece]]:
        """The pieces on the board's squares (not on squares off the board)."""
        board = self.board
        return [(sq, p) for sq in range(self.rules.geo.board_size) if (p := board[sq]) is not None]

    def without(self, *squares: int) -> _Board:
        """A copy with ``squares`` emptied."""
        other = _Board(self.rules, self.pos)
        for sq in squares:
            other.board[sq] = None
        return other

    def royal(self, color: int) -> int | None:
        royals = [sq for sq, p in self.pieces() if p.color == color and p.kind in self.rules.royal_kinds]
        return royals[0] if len(royals) == 1 else None

    def blockers(self, color: int) -> set[int]:
        """Pieces (of either side) whose removal alone would let a new enemy piece attack
        ``color``'s royal piece (Fairy-Stockfish's blockers for the king)."""
        king = self.royal(color)
        if king is None:
            return set()
        now = self.attackers(king, 1 - color)
        geo = self.rules.geo
        kf, kr = geo.file_of(king), geo.rank_of(king)
        found: set[int] = set()
        for sq, _p in self.pieces():
            if sq == king:
                continue
            df, dr = abs(geo.file_of(sq) - kf), abs(geo.rank_of(sq) - kr)
            if max(df, dr) > 2 and df and dr and df != dr:
                continue  # neither on a line from the royal nor near it: removing it opens nothing
            if self.without(sq).attackers(king, 1 - color) - now - {sq}:
                found.add(sq)
        return found


def _flipped(p: Piece) -> Piece:
    return piece(1 - p.color, p.kind, p.moved, p.flags, p.components)


def free_atoms(rules: Rules, kind: str, color: int) -> tuple[GenAtom, ...]:
    """A kind's compiled atoms with its region confinement left out (``betza_in`` kept)."""
    key = f"chase-atoms:{kind}:{color}"
    found = rules.memo.get(key)
    if found is None:
        from .movement import restricted

        t = rules.types[kind]
        if t.movement.plain or not t.movement.region:
            found = rules.atoms_of(kind, color)
        else:
            claimed: frozenset[int] = frozenset()
            out: list[GenAtom] = []
            for name, _text, atoms in t.movement.betza_in:
                squares = rules.region(name, color) - claimed
                out.extend(restricted(rules.compile(atoms, color), squares, None, t.movement))
                claimed |= squares
            elsewhere = frozenset(range(rules.geo.size)) - claimed if claimed else None
            out.extend(restricted(rules.compile(t.atoms, color), elsewhere, None, t.movement))
            found = tuple(out)
        rules.memo[key] = found
    return found  # type: ignore[no-any-return]


def _rides_along(rules: Rules, kind: str, color: int, origin: int, destination: int) -> bool:
    """Did a piece of ``kind`` go from ``origin`` to ``destination`` along a line it rides
    (a slide or hop of more than one square in that direction)?"""
    geo = rules.geo
    dx = geo.file_of(destination) - geo.file_of(origin)
    dy = geo.rank_of(destination) - geo.rank_of(origin)
    if dx and dy and abs(dx) != abs(dy):
        return False
    step = (_sign(dx), _sign(dy))
    for g in free_atoms(rules, kind, color):
        if g.max_range > 1 and g.vector == step:
            return True
    return False


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def _line(rules: Rules, a: int, b: int) -> set[int]:
    """Every square of the board's line through ``a`` and ``b`` (a rank, file or diagonal)."""
    geo = rules.geo
    dx = _sign(geo.file_of(b) - geo.file_of(a))
    dy = _sign(geo.rank_of(b) - geo.rank_of(a))
    squares = {a}
    for sx, sy in ((dx, dy), (-dx, -dy)):
        squares.update(geo.rays_for(sx, sy)[a])
    return squares


def chased(rules: Rules, chase: ChaseRule, before: Position, after: Position, move: Move) -> set[int]:
    """Squares (in ``after``) of the pieces of the side to move that ``move`` chases."""
    if move.o < 0 or move.d < 0 or after.board[move.d] is None:
        return set()
    victim = after.turn
    chaser = 1 - victim
    royal = rules.royal_kinds
    now = _Board(rules, after)
    old = _Board(rules, before)
    board = now.board
    victims = {sq for sq, p in now.pieces() if p.color == victim}
    new_blockers = now.blockers(victim)
    pins = new_blockers & victims
    if rules.no_facing:
        _add_facing_pins(rules, now, victim, pins)
    chaser_king = now.royal(chaser)
    found: set[int] = set()

    def immune(sq: int) -> bool:
        p = board[sq]
        assert p is not None
        if p.kind in royal:
            return True
        where = chase.immune_region(p.kind)
        return where is not None and (where == EVERYWHERE or sq in rules.region(where, victim))

    def add(attacker_sq: int, kind: str, attacks: set[int]) -> None:
        if not attacks - found:
            return
        attacks = {s for s in attacks if not immune(s)}
        worth = chase.value(kind)
        found.update(s for s in attacks if chase.value(board[s].kind) > worth)  # type: ignore[union-attr]
        for s in sorted(attacks):
            target = board[s]
            assert target is not None
            if target.kind == kind and s not in pins and attacker_sq in now.captures(s):
                continue  # a mutual attack
            roots = now.without(attacker_sq).attackers(s, victim) - pins
            if not roots or _king_cannot_take(rules, now, roots, s, attacker_sq, chaser_king):
                found.add(s)

    to, origin = move.d, move.o
    moved = board[to]
    assert moved is not None
    if moved.kind not in royal and moved.kind not in chase.free:
        direct = now.captures(to) & victims
        if _rides_along(rules, moved.kind, chaser, origin, to):
            direct -= _line(rules, origin, to)
        add(to, moved.kind, direct)

    # Discovered attacks: what a chaser's piece attacks now and did not with the old board.
    for sq, p in now.pieces():
        if p.color != chaser or p.kind in royal or p.kind in chase.free:
            continue
        if sq == to:
            old_board = _Board(rules, before)
            old_board.board[to] = moved
            before_attacks = old_board.captures(to)
        else:
            before_attacks = old.captures(sq) if old.board[sq] == p else set()
        add(sq, p.kind, (now.captures(sq) & victims) - before_attacks)

    old_blockers = old.blockers(victim)
    # Fake protectors: a newly pinned victim piece no longer protects what it did.
    chaser_blockers = now.blockers(chaser)
    for s in sorted((new_blockers - old_blockers) & victims):
        for s2 in sorted(now.reach(s) & victims):
            if immune(s2):
                continue
            if now.attackers(s2, chaser) - chaser_blockers:
                found.add(s2)
    # Discovered checks in waiting: the shielding piece's attacks are chases.
    victim_king = now.royal(victim)
    if victim_king is not None:
        king_reach = now.reach(victim_king)
        for s in sorted((new_blockers - old_blockers) - victims):
            attacks = now.captures(s) & victims
            found.update(attacks - king_reach)
            for s2 in sorted(attacks & king_reach):
                if now.without(s, victim_king).attackers(s2, chaser) - {s}:
                    found.add(s2)
    return found


def _add_facing_pins(rules: Rules, now: _Board, victim: int, pins: set[int]) -> None:
    """Where royals may not face: a lone victim piece on the enemy royal's file, with the victim's
    royal on that file too, is pinned (moving it away would let the royals face)."""
    enemy_king = now.royal(1 - victim)
    if enemy_king is None:
        return
    geo = rules.geo
    file = geo.file_of(enemy_king)
    on_file = [sq for sq, p in now.pieces() if p.color == victim and geo.file_of(sq) == file]
    kings = [sq for sq in on_file if now.board[sq].kind in rules.royal_kinds]  # type: ignore[union-attr]
    others = [sq for sq in on_file if sq not in kings]
    if kings and len(others) <= 1:
        pins.update(others)


def _king_cannot_take(
    rules: Rules, now: _Board, roots: set[int], target: int, attacker_sq: int, chaser_king: int | None
) -> bool:
    """Where royals may not face: is the only protector the victim's royal, which taking on
    ``target`` would bring onto an open line (rank or file) with the chaser's royal?"""
    if not rules.no_facing or chaser_king is None or len(roots) != 1:
        return False
    (only,) = roots
    p = now.board[only]
    if p is None or p.kind not in rules.royal_kinds:
        return False
    geo = rules.geo
    if geo.file_of(target) != geo.file_of(chaser_king) and geo.rank_of(target) != geo.rank_of(chaser_king):
        return False
    between = _between(rules, chaser_king, target)
    return all(now.board[sq] is None or sq == attacker_sq for sq in between)


def _between(rules: Rules, a: int, b: int) -> list[int]:
    geo = rules.geo
    dx = _sign(geo.file_of(b) - geo.file_of(a))
    dy = _sign(geo.rank_of(b) - geo.rank_of(a))
    out: list[int] = []
    for sq in geo.rays_for(dx, dy)[a]:
        if sq == b:
            return out
        out.append(sq)
    return []
