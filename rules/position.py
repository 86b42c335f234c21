"""The position: board contents, side to move, clocks, pools and power state.

Every change goes through :meth:`Position.put`, :meth:`Position.capture`,
:meth:`Position.take_from_pool` or :meth:`Position.set_state`; each records what
it replaced, so :meth:`Position.pop` undoes a move exactly, whatever the move did.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .pieces import Piece, piece

if TYPE_CHECKING:
    from .moves import Move
    from .ruleset import Rules

_ZOBRIST_RANDOM = random.Random(0x5EED)
_ZOBRIST: dict[int, int] = {}
SIDE_KEY = _ZOBRIST_RANDOM.getrandbits(64)


def zobrist(sq: int, p: Piece) -> int:
    key = (p.zid << 10) | sq
    value = _ZOBRIST.get(key)
    if value is None:
        value = _ZOBRIST_RANDOM.getrandbits(64)
        _ZOBRIST[key] = value
    return value


def _pool_key(p: Piece) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return (p.kind, p.components, tuple(sorted(p.flags)))


class Position:
    """Mutable game state with an exact undo stack."""

    __slots__ = (
        "rules", "geo", "board", "turn", "ep", "ep_victim", "halfmove", "fullmove",
        "pools", "state", "zhash", "royals", "_frame", "_stack",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.geo = rules.geo
        self.board: list[Piece | None] = [None] * self.geo.size
        self.turn = 0
        self.ep = -1
        self.ep_victim = -1
        self.halfmove = 0
        self.fullmove = 1
        self.pools: tuple[tuple[Piece, ...], tuple[Piece, ...]] = ((), ())
        self.state: dict[str, Any] = {}
        self.zhash = 0
        self.royals: tuple[set[int], set[int]] = (set(), set())
        self._frame: list[tuple[int, Piece | None]] | None = None
        self._stack: list[tuple[Any, ...]] = []

    # ------------------------------------------------------------ edits

    def put(self, sq: int, p: Piece | None) -> None:
        """Set a square's contents (None empties it), recording the old contents."""
        board = self.board
        old = board[sq]
        if old is p:
            return
        if self._frame is not None:
            self._frame.append((sq, old))
        royal = self.rules.royal_kinds
        if old is not None:
            self.zhash ^= zobrist(sq, old)
            if old.kind in royal:
                self.royals[old.color].discard(sq)
        if p is not None:
            self.zhash ^= zobrist(sq, p)
            if p.kind in royal:
                self.royals[p.color].add(sq)
        board[sq] = p

    def capture(self, sq: int) -> Piece | None:
        """Remove the piece on ``sq`` and add it to its owner's pool of captured pieces
        (in a variant with drops: to the capturer's hand, as the rules' ``to_hand`` makes it)."""
        victim = self.board[sq]
        if victim is None:
            return None
        self.put(sq, None)
        to_hand = self.rules.to_hand
        kept = victim if to_hand is None else to_hand(victim)
        if kept is not None:  # a hand that takes no captures (gating, drops not from captures)
            self.add_to_pool(kept)
        return victim

    def add_to_pool(self, p: Piece) -> None:
        clean = piece(p.color, p.kind, False, p.flags, p.components)
        pools = list(self.pools)
        pools[p.color] = tuple(sorted((*pools[p.color], clean), key=_pool_key))
        self.pools = (pools[0], pools[1])

    def take_from_pool(self, color: int, p: Piece) -> None:
        pool = list(self.pools[color])
        pool.remove(p)
        pools = list(self.pools)
        pools[color] = tuple(pool)
        self.pools = (pools[0], pools[1])

    def set_state(self, key: str, value: Any) -> None:
        """Set a power's position state (values must be immutable)."""
        if value is None:
            if key in self.state:
                self.state = {k: v for k, v in self.state.items() if k != key}
        elif self.state.get(key) != value:
            self.state = {**self.state, key: value}

    # ------------------------------------------------------------ make / unmake

    def push(self, move: Move) -> None:
        """Play a move (legal or not: legality is the rules' business)."""
        self._stack.append(
            (move, self._frame, self.turn, self.ep, self.ep_victim, self.halfmove,
             self.fullmove, self.pools, self.state)
        )
        frame: list[tuple[int, Piece | None]] = []
        self._frame = frame
        self.rules.apply(self, move)
        self._stack[-1] = (*self._stack[-1], frame)
        self._frame = None

    def pop(self) -> Move:
        """Undo the last move pushed."""
        (move, _outer, turn, ep, ep_victim, halfmove, fullmove, pools, state, frame) = self._stack.pop()
        board = self.board
        royal = self.rules.royal_kinds
        for sq, old in reversed(frame):
            cur = board[sq]
            if cur is not None:
                self.zhash ^= zobrist(sq, cur)
                if cur.kind in royal:
                    self.royals[cur.color].discard(sq)
            if old is not None:
                self.zhash ^= zobrist(sq, old)
                if old.kind in royal:
                    self.royals[old.color].add(sq)
            board[sq] = old
        self.turn = turn
        self.ep = ep
        self.ep_victim = ep_victim
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.pools = pools
        self.state = state
        return move

    @property
    def depth(self) -> int:
        return len(self._stack)

    def last_move(self) -> Move | None:
        return self._stack[-1][0] if self._stack else None

    def replaced(self, sq: int) -> Piece | None:
        """While a move is being made (inside :meth:`push`): what stood on ``sq`` before it,
        such as the piece a capture removed; otherwise what stands there now."""
        for changed, old in self._frame or ():
            if changed == sq:
                return old
        return self.board[sq]

    def changed_squares(self) -> list[int]:
        """The squares the last pushed move changed (every edit goes through ``put``), so a
        caller that knows where the pieces stood before need not scan the board."""
        frame: list[tuple[int, Piece | None]] = self._stack[-1][-1]
        return [sq for sq, _ in frame]

    # ------------------------------------------------------------ queries

    def key(self) -> int:
        """Hash of everything that makes two positions the same for repetition."""
        counters = self.rules.counter_state_keys  # counts of moves, not part of what repeats
        state = self.state.items() if not counters else [(k, v) for k, v in self.state.items() if k not in counters]
        extra = hash((self.rules.ep_key(self), self.pools, tuple(sorted(state))))
        return self.zhash ^ (SIDE_KEY if self.turn else 0) ^ extra

    def pieces(self, color: int | None = None) -> list[tuple[int, Piece]]:
        return [
            (sq, p) for sq, p in enumerate(self.board)
            if p is not None and (color is None or p.color == color)
        ]

    def copy(self) -> Position:
        """An independent copy without undo history."""
        other = Position(self.rules)
        other.board = list(self.board)
        other.turn = self.turn
        other.ep = self.ep
        other.ep_victim = self.ep_victim
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other.pools = self.pools
        other.state = dict(self.state)
        other.zhash = self.zhash
        other.royals = (set(self.royals[0]), set(self.royals[1]))
        return other
