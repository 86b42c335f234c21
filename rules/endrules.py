"""End rules of the rule-keys round that need more than one value: the counting rules of
Makruk and Sittuyin.

``[variant.<id>.outcomes]`` with ``counting`` switches on the counting rules as
Fairy-Stockfish implements them (its ``countingRule``), in one of two styles:

* ``"makruk"`` (also ``true``): counting starts once no pawn is left on the board, for the
  side about to move, if the other side has more than its king; it restarts when a capture or
  a promotion leaves the side to move with its king alone.
  **Board's honour**: while the counting side has more than its king, the limit is
  ``counting_board`` moves (64), counted from 0. **Pieces' honour**: once the counting side
  has only its king, the limit comes from the other side's pieces: the first row of
  ``counting_pieces`` the other side has enough for, else ``counting_board``; the count then
  starts from the number of pieces on the board (so 2 x pieces plies are already gone). A bare
  king that takes the last pawn starts the pieces' honour count for itself.
* ``"asean"`` (Sittuyin, ASEAN chess): only a lone king counts, once no pawn is left, and only
  while the other side has a piece a row of ``counting_pieces`` names; the count starts from 0;
  no board's honour (``counting_board`` defaults to 0) and no limit when no row matches.

Either way the game is drawn once the count (in plies) passes twice the limit, unless the
side to move is checkmated. A row of ``counting_pieces`` is ``[piece id, at least how many,
moves]``, or ``[[piece id, ...], at least how many, moves]`` for a combination: the stronger
side needs that many of each listed id (an id listed twice needs twice as many).

The count lives in the position as (limit, plies), both in plies. This module reads the keys;
the ``counting`` power (rules/powers/counting.py) keeps and judges the count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .datafields import short_repr

#: Fairy-Stockfish's counting rules by its ``countingRule`` name.
COUNTING_STYLES = ("makruk", "asean")
#: Makruk's pieces' honour: the other side's rooks, khons (id ``silver``) and knights set the limit.
MAKRUK_PIECE_MOVES: tuple[tuple[str, int, int], ...] = (
    ("rook", 2, 8), ("rook", 1, 16), ("silver", 2, 22), ("knight", 2, 32), ("silver", 1, 44),
)
#: ASEAN counting (Sittuyin): a lone king against any rook, else any khon (Sittuyin's
#: Elephant, id ``silver``), else any knight; against nothing else no count runs.
ASEAN_PIECE_MOVES: tuple[tuple[str, int, int], ...] = (("rook", 1, 16), ("silver", 1, 44), ("knight", 1, 64))
#: The board's honour limit in moves of each style (0: none).
BOARD_MOVES = {"makruk": 64, "asean": 0}
#: The most moves a counting limit may be.
MAX_COUNTING_MOVES = 1000

#: One row of the pieces' honour: ((piece id, at least how many), ...) and the limit in moves.
PieceRow = tuple[tuple[tuple[str, int], ...], int]


@dataclass(frozen=True)
class CountingRule:
    """Counting rules of one style: the board's honour limit and the pieces' honour table."""

    style: str = "makruk"
    #: The board's honour limit in moves while the counting side has more than its king (0: none).
    board_moves: int = 64
    #: The pieces' honour rows, first match counts.
    piece_moves: tuple[PieceRow, ...] = ()

    @property
    def pieces_count_from_zero(self) -> bool:
        """Does a lone king's count start from 0 (ASEAN), or from the pieces on the board (Makruk)?"""
        return self.style == "asean"

    @property
    def lone_king_takes_last_pawn(self) -> bool:
        """Does a bare king that takes the last pawn start a count for itself (Makruk)?"""
        return self.style == "makruk"

    def limit_moves(self, counting_pieces: int, other_kinds: dict[str, int], other_pieces: int, pawns: int) -> int:
        """The limit in moves for a side with ``counting_pieces`` pieces against a side with
        ``other_pieces`` pieces (``other_kinds``: how many of each kind); 0: no counting."""
        if pawns or other_pieces <= 1:
            return 0
        if counting_pieces > 1:
            return self.board_moves
        for needs, moves in self.piece_moves:
            if all(other_kinds.get(kind, 0) >= at_least for kind, at_least in needs):
                return moves
        return self.board_moves if self.style == "makruk" else 0


def counting_style(value: object) -> str | None:
    """The style an ``outcomes.counting`` value names: None for no counting (``false``, absent),
    the style name for ``true`` ("makruk") or a known name; raises ValueError otherwise."""
    if value is None or value is False:
        return None
    if value is True:
        return "makruk"
    if isinstance(value, str) and value in COUNTING_STYLES:
        return value
    raise ValueError(value)


def read_counting(table: dict[str, Any], piece_ids: set[str], faults: list[tuple[str, str]]) -> CountingRule | None:
    """The counting rule of an outcomes table, or None; appends (key, message) for each fault
    the schema cannot see (an unknown style, unknown piece ids, malformed rows)."""
    try:
        style = counting_style(table.get("counting"))
    except ValueError:
        faults.append(("counting", f"outcomes.counting must be true, false, \"makruk\" or \"asean\", "
                                   f"not {short_repr(table.get('counting'))}"))
        return None
    if style is None:
        return None
    board = table.get("counting_board", BOARD_MOVES[style])
    if not isinstance(board, int) or isinstance(board, bool) or not 0 <= board <= MAX_COUNTING_MOVES:
        board = BOARD_MOVES[style]  # the schema reports the range
    defaults = MAKRUK_PIECE_MOVES if style == "makruk" else ASEAN_PIECE_MOVES
    rows = table.get("counting_pieces", [list(r) for r in defaults if r[0] in piece_ids])
    piece_moves: list[PieceRow] = []
    if not isinstance(rows, list):
        faults.append(("counting_pieces", f"outcomes.counting_pieces must be a list of [piece id, count, moves] "
                                          f"rows, not {short_repr(rows)}"))
        rows = []
    for row in rows:
        parsed = _piece_row(row, piece_ids, faults)
        if parsed is not None:
            piece_moves.append(parsed)
    return CountingRule(style, board, tuple(piece_moves))


def _piece_row(row: object, piece_ids: set[str], faults: list[tuple[str, str]]) -> PieceRow | None:
    """One pieces' honour row, or None after appending its fault."""
    names = row[0] if isinstance(row, list) and row else None
    listed = [names] if isinstance(names, str) else names
    if (
        not isinstance(row, list) or len(row) != 3 or not isinstance(listed, list) or not listed
        or not all(isinstance(n, str) for n in listed)
        or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in row[1:])
        or row[2] > MAX_COUNTING_MOVES
    ):
        faults.append(("counting_pieces", f"outcomes.counting_pieces rows are [piece id, count, moves] (or "
                                          f"[[piece id, ...], count, moves] for a combination) with counts "
                                          f"from 1 and moves up to {MAX_COUNTING_MOVES}, not {short_repr(row)}"))
        return None
    unknown = [n for n in listed if n not in piece_ids]
    if unknown:
        faults.append(("counting_pieces", f"outcomes.counting_pieces names {short_repr(unknown[0])}, "
                                          "which is not a piece of this variant"))
        return None
    needs: dict[str, int] = {}
    for name in listed:
        needs[name] = needs.get(name, 0) + row[1]
    return (tuple(needs.items()), row[2])
