"""End rules of the rule-keys round that need more than one value: Makruk's counting.

``[variant.<id>.outcomes]`` with ``counting = true`` switches on the counting rules as
Fairy-Stockfish implements Makruk's (``countingRule = makruk``), simplified:

* counting starts once no pawn is left on the board, for the side about to move, if the
  other side has more than its king; it restarts when a capture or a promotion leaves the
  side to move with its king alone;
* **board's honour**: while the counting side has more than its king, the limit is
  ``counting_board`` moves (64);
* **pieces' honour**: once the counting side has only its king, the limit comes from the
  other side's pieces: the first row of ``counting_pieces`` (``[piece id, at least how many,
  moves]``) that the other side has enough of, else ``counting_board``; the count then starts
  from the number of pieces on the board (so 2 x pieces plies are already gone);
* the game is drawn once the count (in plies) passes twice the limit, unless the side to
  move is checkmated.

The count lives in the position as ``counting=(limit,plies)`` (both in plies). This module
reads the keys; the ``counting`` power (rules/powers/counting.py) keeps and judges the count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .datafields import short_repr

#: Makruk's pieces' honour: the other side's rooks, khons (id ``silver``) and knights set the limit.
MAKRUK_PIECE_MOVES: tuple[tuple[str, int, int], ...] = (
    ("rook", 2, 8), ("rook", 1, 16), ("silver", 2, 22), ("knight", 2, 32), ("silver", 1, 44),
)
#: The most moves a counting limit may be.
MAX_COUNTING_MOVES = 1000


@dataclass(frozen=True)
class CountingRule:
    """Makruk-style counting: the board's honour limit and the pieces' honour table."""

    board_moves: int = 64
    #: (piece id, at least how many the stronger side has, the limit in moves), first match counts.
    piece_moves: tuple[tuple[str, int, int], ...] = ()

    def limit_moves(self, counting_pieces: int, other_kinds: dict[str, int], other_pieces: int, pawns: int) -> int:
        """The limit in moves for a side with ``counting_pieces`` pieces against a side with
        ``other_pieces`` pieces (``other_kinds``: how many of each kind); 0: no counting."""
        if pawns or other_pieces <= 1:
            return 0
        if counting_pieces > 1:
            return self.board_moves
        for kind, at_least, moves in self.piece_moves:
            if other_kinds.get(kind, 0) >= at_least:
                return moves
        return self.board_moves


def read_counting(table: dict[str, Any], piece_ids: set[str], faults: list[tuple[str, str]]) -> CountingRule | None:
    """The counting rule of an outcomes table, or None; appends (key, message) for each fault
    the schema cannot see (unknown piece ids, malformed rows)."""
    if table.get("counting") is not True:
        return None
    board = table.get("counting_board", 64)
    if not isinstance(board, int) or isinstance(board, bool) or not 1 <= board <= MAX_COUNTING_MOVES:
        board = 64  # the schema reports the range
    rows = table.get("counting_pieces", [list(r) for r in MAKRUK_PIECE_MOVES if r[0] in piece_ids])
    piece_moves: list[tuple[str, int, int]] = []
    if not isinstance(rows, list):
        faults.append(("counting_pieces", f"outcomes.counting_pieces must be a list of [piece id, count, moves] "
                                          f"rows, not {short_repr(rows)}"))
        rows = []
    for row in rows:
        if (
            not isinstance(row, list) or len(row) != 3 or not isinstance(row[0], str)
            or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in row[1:])
            or row[2] > MAX_COUNTING_MOVES
        ):
            faults.append(("counting_pieces", f"outcomes.counting_pieces rows are [piece id, count, moves] "
                                              f"with counts from 1 and moves up to {MAX_COUNTING_MOVES}, "
                                              f"not {short_repr(row)}"))
            continue
        if row[0] not in piece_ids:
            faults.append(("counting_pieces", f"outcomes.counting_pieces names {short_repr(row[0])}, "
                                              "which is not a piece of this variant"))
            continue
        piece_moves.append((row[0], row[1], row[2]))
    return CountingRule(board, tuple(piece_moves))
