"""How far a pawn on each square has come, counted in its own moves as the rules make them.

The evaluation's pawn terms (advance, passed pawns) grow with a pawn's progress. Measured
by rank alone, a Flight and Ferry pawn on the bank of the water would be half way home,
though no pawn move crosses the water: it is stuck there unless a Ferry takes it. Here
progress is ``1 - moves still needed to promote / (ranks - 1)``, where the moves are found
by the rules on an otherwise empty board of the variant (its water, Ferries at their start
squares, its board shape and promotion zone). On a chess board that is exactly the rank's
share of the way; a square from which the pawn can never promote by its own moves has
progress 0.

Where the position's power state moves what a pawn can do (a Flight and Ferry Ferry
sent in front of a pawn, or carrying one across), the progress is worked out for the
state at hand: :func:`progress_keys` finds which keys of the start's state matter, and
:func:`pawn_progress_in_state` keeps one table per value of those keys.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from ..pieces import piece

if TYPE_CHECKING:
    from ..position import Position
    from ..ruleset import Rules

#: Moves to promotion for a square from which the pawn never gets there.
NEVER = -1
#: Per-state tables kept (they are pure functions of the state, so emptying loses only time).
STATE_TABLES_KEPT = 1024

#: The values of the progress keys in one position (see :func:`progress_keys`).
StateKey = tuple[Any, ...]


def rank_progress(rules: Rules, color: int) -> list[float]:
    """Per square, the share of the ranks a pawn of ``color`` has come (the measure by rank alone)."""
    geo = rules.geo
    last = max(1, geo.ranks - 1)
    out = []
    for sq in range(geo.size):
        if not geo.is_board(sq):
            out.append(0.0)
            continue
        share = geo.rank_of(sq) / last
        out.append(share if color == 0 else 1.0 - share)
    return out


def pawn_progress(rules: Rules, color: int) -> list[float]:
    """Per square (extra squares included, at 0), the progress of ``color``'s pawns there.

    The best of the variant's pawn kinds counts. Where the rules let no pawn promote
    from any square (a variant without promotion), the measure by rank stands instead.
    Worked out once per Rules (kept in ``rules.memo``, so it goes with them).
    """
    per_rules: dict[int, list[float]] = rules.memo.setdefault("pawn_progress", {})
    found = per_rules.get(color)
    if found is None:
        found = per_rules[color] = _pawn_progress(rules, color)
    return found


def progress_keys(rules: Rules) -> tuple[str, ...]:
    """The keys of the start position's power state without which a lone pawn moves otherwise.

    Flight and Ferry's ``ferries``: without Ferries no pawn crosses the water. A key
    that changes nothing for pawns (a check count) is left out, so that the tables do
    not multiply with it. Kept in ``rules.memo``.
    """
    found: tuple[str, ...] | None = rules.memo.get("pawn_progress_keys")
    if found is None:
        start = rules.start_position().state
        keys = []
        for key in sorted(start):
            without = {k: v for k, v in start.items() if k != key}
            if any(_pawn_progress(rules, c, without) != pawn_progress(rules, c) for c in (0, 1)):
                keys.append(key)
        found = rules.memo["pawn_progress_keys"] = tuple(keys)
    return found


def state_key(rules: Rules, state: dict[str, Any]) -> StateKey:
    """What of ``state`` the pawns' progress depends on."""
    return tuple(state.get(k) for k in progress_keys(rules))


def pawn_progress_in_state(rules: Rules, color: int, key: StateKey) -> list[float]:
    """As :func:`pawn_progress`, for a position whose progress keys hold ``key``."""
    tables: dict[tuple[int, StateKey], list[float]] = rules.memo.setdefault("pawn_progress_states", {})
    found = tables.get((color, key))
    if found is None:
        if len(tables) >= STATE_TABLES_KEPT:
            tables.clear()
        state = {k: v for k, v in zip(progress_keys(rules), key, strict=True) if v is not None}
        start = rules.start_position().state
        state.update({k: v for k, v in start.items() if k not in progress_keys(rules)})
        found = tables[(color, key)] = _pawn_progress(rules, color, state)
    return found


def _pawn_progress(rules: Rules, color: int, state: dict[str, Any] | None = None) -> list[float]:
    geo = rules.geo
    best: list[int] = [NEVER] * geo.size
    for kind in sorted(rules.pawn_kinds):
        for sq, steps in enumerate(moves_to_promote(rules, kind, color, state)):
            if steps != NEVER and (best[sq] == NEVER or steps < best[sq]):
                best[sq] = steps
    if all(steps == NEVER for steps in best):
        return rank_progress(rules, color)
    last = max(1, geo.ranks - 1)
    return [0.0 if steps == NEVER else max(0.0, 1.0 - steps / last) for steps in best]


def moves_to_promote(rules: Rules, kind: str, color: int, state: dict[str, Any] | None = None) -> list[int]:
    """Per square, the fewest moves a lone pawn of this kind needs to promote (NEVER if it cannot).

    ``state`` is the power state of the board it moves on (by default the start's).
    """
    graph = _successors(rules, kind, color, state)
    size = rules.geo.size
    steps = [NEVER] * size
    # Backwards from the squares with a promoting move: one move from there.
    predecessors: list[list[int]] = [[] for _ in range(size)]
    queue: deque[int] = deque()
    for sq, (promotes, nexts) in enumerate(graph):
        for t in nexts:
            predecessors[t].append(sq)
        if promotes:
            steps[sq] = 1
            queue.append(sq)
    while queue:
        sq = queue.popleft()
        for before in predecessors[sq]:
            if steps[before] == NEVER:
                steps[before] = steps[sq] + 1
                queue.append(before)
    return steps


def _successors(rules: Rules, kind: str, color: int, state: dict[str, Any] | None) -> list[tuple[bool, list[int]]]:
    """Per square: does the pawn have a promoting move there, and which board squares it can reach."""
    pos = _empty_board(rules)
    if state is not None:
        pos.state = dict(state)
    pos.turn = color
    geo = rules.geo
    pawn = piece(color, kind, True)
    out: list[tuple[bool, list[int]]] = []
    for sq in range(geo.size):
        if not geo.is_board(sq):
            out.append((False, []))
            continue
        pos.put(sq, pawn)
        promotes = False
        reached: set[int] = set()
        # The pawn is alone on the board, so every move is its own or carries it (a Ferry's).
        for m in rules.pseudo_moves(pos, rules.uncached_context(pos)):
            if m.promotion:
                promotes = True
                continue
            pos.push(m)
            try:
                landed = _square_of(pos, geo.board_size, kind, color)
            finally:
                pos.pop()
            if landed is not None and landed != sq:
                reached.add(landed)
        pos.put(sq, None)
        out.append((promotes, sorted(reached)))
    return out


def _empty_board(rules: Rules) -> Position:
    """The start position with every piece taken off (power state such as Ferries stays)."""
    pos = rules.start_position()
    for sq in range(rules.geo.size):
        if pos.board[sq] is not None:
            pos.put(sq, None)
    return pos


def _square_of(pos: Position, board_size: int, kind: str, color: int) -> int | None:
    """Where the (only) pawn stands after a move; None if it left the board or changed."""
    for sq in range(board_size):
        p = pos.board[sq]
        if p is not None and p.kind == kind and p.color == color:
            return sq
    return None
