"""Position text: a FEN-like line that describes a position exactly.

Fields, separated by spaces::

    placement side castling en-passant halfmove fullmove [key=value ...]

* placement: ranks from the top, ``/`` between them; a piece is its letter
  (capital for White) or, for letters longer than one character, the letter in
  braces (``{DH}``, ``{dh}``); digits count empty squares. A piece may carry
  state in brackets: ``m`` moved, ``u`` unmoved, ``c=bishop+rook`` components,
  any other word a flag (``Q[original]``). Pieces of the kinds that track
  moving are taken as unmoved on their starting squares and moved elsewhere;
  a bracket is written only where that guess is wrong (see :mod:`rules.placement`).
  In a variant with drops the placement ends with the hands in brackets, White's
  pieces in capitals then Black's (``.../RNBQKBNR[QPn]``; ``[]`` or ``[-]`` for none).
* castling: ``KQkq`` as in chess, ``-`` for none.
* en-passant: the square a pawn skipped, ``-`` for none. Under counting rules (Makruk,
  Sittuyin), while a count runs, this field holds its limit and the halfmove field the plies
  counted, as Fairy-Stockfish writes them.
* extras: ``@pocket=R`` for an extra square's piece; ``captured=QN/rb`` for the
  pools of captured pieces (White's, then Black's); ``epv=e5`` for an en passant
  victim not directly beyond the skipped square; other keys hold power state
  (a value in parentheses is a list: ``hia-off=(f2,g2)``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .errors import FenError
from .limits import (
    MAX_COUNTER,
    MAX_EXTRA_FIELDS,
    MAX_POSITION_TEXT_CHARS,
    MAX_STATE_VALUE_CHARS,
    excerpt,
)
from .pieces import Piece, piece
from .placement import (
    castling_sides,
    check_pool_size,
    hand_pieces,
    infer_moved,
    parse_piece_tokens,
    parse_placement,
    piece_state_suffix,
    piece_token,
    pieces_only,
    placement_text,
    split_hands,
    start_squares,
)
from .position import Position, _pool_key
from .powers.counting import COUNTING_KEY, counting_fields, read_counting_fields

if TYPE_CHECKING:
    from .ruleset import Rules

# ASCII digits only: ``str.isdigit`` and ``\d`` accept digits (``'²'``, ``'٣'``) that ``int`` refuses.
_COUNTER = re.compile(r"[0-9]+")
#: One word of a power's state (a square name, a colour letter, a switch name).
_STATE_WORD = re.compile(r"[A-Za-z0-9@_-]{1,24}")


def castling_field(rules: Rules, pos: Position) -> str:
    text = ""
    for color in (0, 1):
        for letter, (k, r) in sorted(castling_sides(rules, color).items(), key=lambda x: x[0].upper() != "K"):
            king, rook = pos.board[k], pos.board[r]
            start = start_squares(rules)
            if (
                king is not None and rook is not None
                and (king.kind, king.color) == start[k] and (rook.kind, rook.color) == start[r]
                and not king.moved and not rook.moved
            ):
                text += letter
    return text or "-"


def write_fen(pos: Position) -> str:
    rules = pos.rules
    geo = rules.geo
    castling = castling_field(rules, pos)
    on_board = {sq: p for sq, p in enumerate(pos.board[: geo.board_size]) if p is not None}
    defaults = infer_moved(rules, on_board, castling)
    placement = placement_text(
        rules, lambda sq: pos.board[sq], lambda sq, p: piece_state_suffix(rules, p, defaults.get(sq))
    )
    has_hands = rules.to_hand is not None
    if has_hands:
        placement += "[" + "".join(piece_token(rules, p) for pool in pos.pools for p in pool) + "]"
    # Counting rules: the count stands where Fairy-Stockfish writes it (rules/powers/counting.py).
    counted = counting_fields(pos)
    ep_field = geo.names[pos.ep] if pos.ep >= 0 else "-"
    fields = [
        placement,
        "w" if pos.turn == 0 else "b",
        castling,
        counted[0] if counted else ep_field,
        counted[1] if counted else str(pos.halfmove),
        str(pos.fullmove),
    ]
    if pos.ep >= 0 and pos.ep_victim >= 0 and pos.ep_victim != _default_victim(pos, pos.ep):
        fields.append(f"epv={geo.names[pos.ep_victim]}")
    for i, name in enumerate(geo.extras):
        p = pos.board[geo.board_size + i]
        if p is not None:
            moved_default = False if rules.types[p.kind].tracks_moved else None
            fields.append(f"@{name}=" + piece_token(rules, p) + piece_state_suffix(rules, p, moved_default))
    if any(pos.pools) and not has_hands:
        pools = [
            "".join(piece_token(rules, p) + piece_state_suffix(rules, p, None) for p in pool)
            for pool in pos.pools
        ]
        fields.append("captured=" + "/".join(pools))
    for key in sorted(pos.state):
        if counted and key == COUNTING_KEY:
            continue
        fields.append(f"{key}={_state_text(pos.state[key])}")
    return " ".join(fields)


def _state_text(value: Any) -> str:
    if isinstance(value, tuple):
        return "(" + ",".join(str(v) for v in value) + ")"
    return str(value)


def _default_victim(pos: Position, ep: int) -> int:
    # The side that made the double step is the one not to move now.
    mover = 1 - pos.turn
    return pos.geo.offset(ep, 0, 1 if mover == 0 else -1)


def read_fen(rules: Rules, text: str) -> Position:
    """The position a position text describes; FenError names the field at fault."""
    fields = split_fields(text)
    geo = rules.geo
    fields[0], hands = split_hands(rules, fields[0])
    placed = parse_placement(rules, fields[0])
    side = fields[1]
    if side not in ("w", "b"):
        raise FenError(f"side to move must be 'w' or 'b', not {excerpt(side)}")
    castling = fields[2] if len(fields) > 2 else "-"
    if not re.fullmatch(r"-|[KQkq]+", castling):
        raise FenError(f"castling field {excerpt(castling)} must be '-' or letters from KQkq")
    ep_text = fields[3] if len(fields) > 3 else "-"
    pos = Position(rules)
    pos.turn = 0 if side == "w" else 1
    pos.halfmove, pos.fullmove = read_counters(fields)
    pieces = {sq: p for sq, (p, _) in placed.items()}
    defaults = infer_moved(rules, pieces, castling)
    for sq, (p, explicit) in placed.items():
        if not explicit and sq in defaults:
            p = p.replace(moved=defaults[sq])
        pos.put(sq, p)
    if _COUNTER.fullmatch(ep_text) and COUNTING_KEY in rules.state_keys:
        read_counting_fields(pos, ep_text)  # Fairy-Stockfish's counting limit
    elif ep_text != "-":
        if ep_text not in geo.index or not geo.is_board(geo.index[ep_text]):
            raise FenError(f"en passant square {excerpt(ep_text)} is not a square of this board")
        pos.ep = geo.index[ep_text]
        pos.ep_victim = _default_victim(pos, pos.ep)
    if hands not in ("", "-"):
        _read_hands(rules, pos, hands)
    seen: set[str] = set()
    for extra in fields[6:]:
        key, eq, value = extra.partition("=")
        if not eq:
            raise FenError(f"extra field {excerpt(extra)} must be key=value")
        if key in seen:
            raise FenError(f"field {excerpt(key)}= is given twice")
        seen.add(key)
        if key.startswith("@"):
            name = key[1:]
            if name not in geo.extras:
                raise FenError(f"no extra square {excerpt(name)} in this variant")
            items = pieces_only(parse_piece_tokens(rules, value, key))
            if len(items) != 1:
                raise FenError(f"{key} must hold exactly one piece, not {excerpt(value)}")
            pos.put(geo.index[name], items[0])
        elif key == "captured":
            _read_pools(rules, pos, value)
        elif key == "epv":
            if value not in geo.index or not geo.is_board(geo.index[value]):
                raise FenError(f"epv={excerpt(value)} is not a square of this board")
            pos.ep_victim = geo.index[value]
        elif _is_state_key(rules, key):
            if key in pos.state:  # the count, written also in place of the en passant square
                raise FenError(f"{excerpt(key)}= gives what the fields before it give already")
            pos.state[key] = _state_value(key, value)
        else:
            known = ", ".join(["captured", "epv", *(f"@{n}" for n in geo.extras), *_state_keys(rules)])
            raise FenError(f"unknown position text field {excerpt(key)}; this variant reads: {known}")
    rules.check_state(pos)
    return pos


def split_fields(text: str) -> list[str]:
    """The fields of a position text, refusing texts past the size limits."""
    if not isinstance(text, str):
        raise TypeError(f"position text must be a str, not {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT_CHARS:
        raise FenError(
            f"position text of {len(text):,} characters is longer than the limit of "
            f"{MAX_POSITION_TEXT_CHARS:,}"
        )
    fields = text.split()
    if not fields:
        raise FenError("empty position text")
    if len(fields) < 2:
        raise FenError(f"position text {excerpt(text.strip())} needs at least the placement and the side to move")
    if len(fields) > 6 + MAX_EXTRA_FIELDS:
        raise FenError(
            f"position text has {len(fields) - 6} extra fields; the limit is {MAX_EXTRA_FIELDS}"
        )
    return fields


def read_counters(fields: list[str]) -> tuple[int, int]:
    """The halfmove clock and the fullmove number (at least 1), with their defaults."""
    return _counter(fields, 4, "halfmove clock", 0), max(1, _counter(fields, 5, "fullmove number", 1))


def _counter(fields: list[str], index: int, label: str, default: int) -> int:
    if len(fields) <= index:
        return default
    text = fields[index]
    if not _COUNTER.fullmatch(text):
        raise FenError(f"{label} must be a whole number in digits 0-9, not {excerpt(text)}")
    # Compare by length first: int() refuses strings past Python's digit limit.
    if len(text.lstrip("0")) > len(str(MAX_COUNTER)) or int(text) > MAX_COUNTER:
        raise FenError(f"{label} {excerpt(text)} is larger than the limit of {MAX_COUNTER:,}")
    return int(text)


def _read_pools(rules: Rules, pos: Position, value: str) -> None:
    """Both pools at once, sorted once: adding pieces one by one re-sorts each time."""
    parts = value.split("/")
    if len(parts) != 2:
        raise FenError(f"captured={excerpt(value)} must be White's pieces, '/', Black's pieces")
    pools: list[tuple[Piece, ...]] = []
    for color, part in enumerate(parts):
        items = pieces_only(parse_piece_tokens(rules, part, "captured"))
        check_pool_size(len(items))
        if any(p.color != color for p in items):
            raise FenError(f"captured={excerpt(value)}: White's pool comes first, in capitals")
        clean = [piece(p.color, p.kind, False, p.flags, p.components) for p in items]
        pools.append(tuple(sorted(pos.pools[color] + tuple(clean), key=_pool_key)))
    pos.pools = (pools[0], pools[1])


def _read_hands(rules: Rules, pos: Position, text: str) -> None:
    """The hands written after the placement: pieces only, White's in capitals."""
    pieces = hand_pieces(rules, text)
    pools: list[tuple[Piece, ...]] = []
    for color in (0, 1):
        own = [piece(p.color, p.kind, False, (), p.components) for p in pieces if p.color == color]
        check_pool_size(len(own))
        pools.append(tuple(sorted(pos.pools[color] + tuple(own), key=_pool_key)))
    pos.pools = (pools[0], pools[1])


def _state_value(key: str, value: str) -> str | tuple[str, ...]:
    """A power's state: a word, or words in parentheses; short words, so a power's own
    message about a bad value stays short too."""
    if len(value) > MAX_STATE_VALUE_CHARS:
        raise FenError(
            f"{key}= holds {len(value):,} characters; the limit is {MAX_STATE_VALUE_CHARS}"
        )
    listed = value.startswith("(") and value.endswith(")")
    items = [v for v in value[1:-1].split(",") if v] if listed else ([value] if value else [])
    for item in items:
        if not _STATE_WORD.fullmatch(item):
            raise FenError(f"{key}={excerpt(value)}: {excerpt(item)} is not a square name or a short word")
    return tuple(items) if listed else value


def _state_keys(rules: Rules) -> tuple[str, ...]:
    """The power-state keys of this variant's start position (for the error message)."""
    return tuple(sorted(rules.start_position().state))


def _is_state_key(rules: Rules, key: str) -> bool:
    """Whether one of the variant's powers keeps its state under ``key`` (``Power.state_keys``)."""
    return bool(re.fullmatch(r"[a-z][a-z0-9-]*", key)) and key in rules.state_keys
