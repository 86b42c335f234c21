"""Position text: a FEN-like line that describes a position exactly.

Fields, separated by spaces::

    placement side castling en-passant halfmove fullmove [key=value ...]

* placement: ranks from the top, ``/`` between them; a piece is its letter
  (capital for White) or, for letters longer than one character, the letter in
  braces (``{DH}``, ``{dh}``); digits count empty squares. A piece may carry
  state in brackets: ``m`` moved, ``u`` unmoved, ``c=bishop+rook`` components,
  any other word a flag (``Q[original]``). Pieces of the kinds that track
  moving are taken as unmoved on their starting squares and moved elsewhere;
  a bracket is written only where that guess is wrong.
  In a variant with drops the placement ends with the hands in brackets, White's
  pieces in capitals then Black's (``.../RNBQKBNR[QPn]``; ``[]`` or ``[-]`` for none).
* castling: ``KQkq`` as in chess, ``-`` for none.
* en-passant: the square a pawn skipped, ``-`` for none.
* extras: ``@pocket=R`` for an extra square's piece; ``captured=QN/rb`` for the
  pools of captured pieces (White's, then Black's); ``epv=e5`` for an en passant
  victim not directly beyond the skipped square; other keys hold power state
  (a value in parentheses is a list: ``hia-off=(f2,g2)``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .errors import FenError
from .limits import (
    MAX_COUNTER,
    MAX_EXTRA_FIELDS,
    MAX_POOL_PIECES,
    MAX_POSITION_TEXT_CHARS,
    MAX_STATE_VALUE_CHARS,
    excerpt,
)
from .pieces import Piece, piece

if TYPE_CHECKING:
    from .position import Position
    from .ruleset import Rules

# ASCII digits only: ``str.isdigit`` and ``\d`` accept digits (``'²'``, ``'٣'``) that ``int`` refuses.
_TOKEN = re.compile(r"([0-9]+)|([A-Za-z])|\{([A-Za-z][A-Za-z0-9]*)\}|(\[[^\]]*\])")
_COUNTER = re.compile(r"[0-9]+")
#: One word of a power's state (a square name, a colour letter, a switch name).
_STATE_WORD = re.compile(r"[A-Za-z0-9@_-]{1,24}")
#: Digits in a run of empty squares: more than any board's width could need.
_MAX_RUN_DIGITS = 3


def piece_token(rules: Rules, p: Piece) -> str:
    letter = rules.types[p.kind].letter
    text = letter if p.color == 0 else letter.lower()
    return text if len(letter) == 1 else "{" + text + "}"


def _state_suffix(rules: Rules, p: Piece, moved_default: bool | None) -> str:
    parts: list[str] = []
    if moved_default is not None and p.moved != moved_default:
        parts.append("m" if p.moved else "u")
    parts.extend(sorted(p.flags))
    default_components = rules.types[p.kind].components
    if p.components and p.components != default_components:
        parts.append("c=" + "+".join(p.components))
    return "[" + ",".join(parts) + "]" if parts else ""


PlacedPiece = tuple[Piece, bool]  # the piece, and whether its moved state was written out


def parse_piece_tokens(rules: Rules, text: str, where: str) -> list[PlacedPiece | int]:
    """Pieces and runs of empty squares (as ints) in a placement-like string."""
    by_letter = rules.variant.piece_by_letter()
    out: list[PlacedPiece | int] = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise FenError(f"{where}: unexpected character {text[pos]!r} in {excerpt(text)}")
        pos = m.end()
        digits, letter, long_letter, state = m.groups()
        if digits:
            if len(digits) > _MAX_RUN_DIGITS:
                raise FenError(f"{where}: {excerpt(digits)} empty squares is more than any board has")
            out.append(int(digits))
            continue
        if state:
            last = out[-1] if out else None
            if not isinstance(last, tuple):
                raise FenError(f"{where}: state {excerpt(state)} must follow a piece in {excerpt(text)}")
            out[-1] = _apply_state(rules, last[0], state[1:-1], where)
            continue
        token = letter or long_letter
        color = 0 if token[0].isupper() else 1
        kind = by_letter.get(token.upper())
        if kind is None or token not in (token.upper(), token.lower()):
            known = " ".join(sorted(by_letter))
            raise FenError(f"{where}: unknown piece letter {excerpt(token)}; this variant uses: {known}")
        out.append((piece(color, kind, False, (), rules.types[kind].components), False))
    return out


def pieces_only(items: list[PlacedPiece | int]) -> list[Piece]:
    return [item[0] for item in items if isinstance(item, tuple)]


def _apply_state(rules: Rules, p: Piece, text: str, where: str) -> PlacedPiece:
    moved = p.moved
    explicit = False
    flags = set(p.flags)
    components = p.components
    for part in filter(None, (x.strip() for x in text.split(","))):
        if part in ("m", "u"):
            moved = part == "m"
            explicit = True
        elif part.startswith("c="):
            components = tuple(x for x in part[2:].split("+") if x)
            for c in components:
                if c not in rules.types:
                    raise FenError(f"{where}: unknown component {excerpt(c)} in [{excerpt(text)}]")
        elif re.fullmatch(r"[a-z][a-z0-9-]*", part):
            flags.add(part)
        else:
            raise FenError(f"{where}: cannot read piece state {excerpt(part)} in [{excerpt(text)}]")
    return p.replace(moved=moved, flags=frozenset(flags), components=components), explicit


def parse_placement(rules: Rules, text: str) -> dict[int, tuple[Piece, bool]]:
    """Board squares to (piece, moved-state-was-explicit)."""
    geo = rules.geo
    rows = text.split("/")
    if len(rows) != geo.ranks:
        raise FenError(
            f"placement {excerpt(text)} has {len(rows)} ranks; this {geo.files}x{geo.ranks} board needs {geo.ranks}"
        )
    out: dict[int, tuple[Piece, bool]] = {}
    for i, row in enumerate(rows):
        rank = geo.ranks - 1 - i
        f = 0
        for item in parse_piece_tokens(rules, row, f"rank {rank + 1}"):
            if isinstance(item, int):
                f += item
                continue
            if f >= geo.files:
                raise FenError(f"rank {rank + 1} of {excerpt(text)} has more than {geo.files} squares")
            out[geo.square(f, rank)] = item
            f += 1
        if f != geo.files:
            raise FenError(f"rank {rank + 1} of {excerpt(text)} has {f} squares; it needs {geo.files}")
    return out


def _start_squares(rules: Rules) -> dict[int, tuple[str, int]]:
    # Remembered on the Rules (not in a global cache, which would keep every Rules alive).
    found: dict[int, tuple[str, int]] | None = rules.memo.get("start_squares")
    if found is None:
        setup = rules.setup_placement()
        found = {sq: (p.kind, p.color) for sq, (p, _) in parse_placement(rules, setup).items()}
        rules.memo["start_squares"] = found
    return found


def castling_sides(rules: Rules, color: int) -> dict[str, tuple[int, int]]:
    """Letter -> (king start square, rook start square) for each castling side."""
    power = rules.power_objects.get("castling")
    if power is None:
        return {}
    start = _start_squares(rules)
    king_kind = getattr(power, "king", "king")
    rook_kind = getattr(power, "rook", "rook")
    out: dict[str, tuple[int, int]] = {}
    geo = rules.geo
    for k, (kind, c) in start.items():
        if kind != king_kind or c != color:
            continue
        rank = geo.rank_of(k)
        rooks = [s for s, (kd, cc) in start.items() if kd == rook_kind and cc == color and geo.rank_of(s) == rank]
        right = [s for s in rooks if s > k]
        left = [s for s in rooks if s < k]
        if right:
            out["K" if color == 0 else "k"] = (k, max(right))
        if left:
            out["Q" if color == 0 else "q"] = (k, min(left))
    return out


def infer_moved(rules: Rules, board: dict[int, Piece], castling: str) -> dict[int, bool]:
    """The moved state a reader assumes for each tracking piece when no marker says otherwise."""
    start = _start_squares(rules)
    out: dict[int, bool] = {}
    pawns = rules.pawn_kinds
    for sq, p in board.items():
        if rules.types[p.kind].tracks_moved:
            home = start.get(sq)
            # A pawn counts as unmoved on any square where the array has a pawn of its side
            # (variants with several pawn types start them side by side on one rank).
            out[sq] = home != (p.kind, p.color) and not (
                p.kind in pawns and home is not None and home[0] in pawns and home[1] == p.color
            )
    for color in (0, 1):
        sides = castling_sides(rules, color)
        kings_with_rights: set[int] = set()
        for letter, (k, r) in sides.items():
            has = letter in castling
            if r in out and board[r].kind == start[r][0]:
                out[r] = not has
            if has:
                kings_with_rights.add(k)
        for k, _ in sides.values():
            if k in out and board[k].kind == start[k][0]:
                out[k] = k not in kings_with_rights
    return out


def castling_field(rules: Rules, pos: Position) -> str:
    text = ""
    for color in (0, 1):
        for letter, (k, r) in sorted(castling_sides(rules, color).items(), key=lambda x: x[0].upper() != "K"):
            king, rook = pos.board[k], pos.board[r]
            start = _start_squares(rules)
            if (
                king is not None and rook is not None
                and (king.kind, king.color) == start[k] and (rook.kind, rook.color) == start[r]
                and not king.moved and not rook.moved
            ):
                text += letter
    return text or "-"


def placement_text(
    rules: Rules,
    piece_at: Callable[[int], Piece | None],
    suffix: Callable[[int, Piece], str] = lambda sq, p: "",
) -> str:
    """The placement field for the pieces ``piece_at`` gives per board square."""
    geo = rules.geo
    rows = []
    for rank in range(geo.ranks - 1, -1, -1):
        row = ""
        empty = 0
        for f in range(geo.files):
            sq = geo.square(f, rank)
            p = piece_at(sq)
            if p is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += piece_token(rules, p) + suffix(sq, p)
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def write_fen(pos: Position) -> str:
    rules = pos.rules
    geo = rules.geo
    castling = castling_field(rules, pos)
    on_board = {sq: p for sq, p in enumerate(pos.board[: geo.board_size]) if p is not None}
    defaults = infer_moved(rules, on_board, castling)
    placement = placement_text(
        rules, lambda sq: pos.board[sq], lambda sq, p: _state_suffix(rules, p, defaults.get(sq))
    )
    has_hands = rules.to_hand is not None
    if has_hands:
        placement += "[" + "".join(piece_token(rules, p) for pool in pos.pools for p in pool) + "]"
    fields = [
        placement,
        "w" if pos.turn == 0 else "b",
        castling,
        geo.names[pos.ep] if pos.ep >= 0 else "-",
        str(pos.halfmove),
        str(pos.fullmove),
    ]
    if pos.ep >= 0 and pos.ep_victim >= 0 and pos.ep_victim != _default_victim(pos, pos.ep):
        fields.append(f"epv={geo.names[pos.ep_victim]}")
    for i, name in enumerate(geo.extras):
        p = pos.board[geo.board_size + i]
        if p is not None:
            moved_default = False if rules.types[p.kind].tracks_moved else None
            fields.append(f"@{name}=" + piece_token(rules, p) + _state_suffix(rules, p, moved_default))
    if any(pos.pools) and not has_hands:
        pools = [
            "".join(piece_token(rules, p) + _state_suffix(rules, p, None) for p in pool)
            for pool in pos.pools
        ]
        fields.append("captured=" + "/".join(pools))
    for key in sorted(pos.state):
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
    from .position import Position

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
    if ep_text != "-":
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
            f"{MAX_POSITION_TEXT_CHARS:,} (MAX_POSITION_TEXT_CHARS)"
        )
    fields = text.split()
    if not fields:
        raise FenError("empty position text")
    if len(fields) < 2:
        raise FenError(f"position text {excerpt(text.strip())} needs at least the placement and the side to move")
    if len(fields) > 6 + MAX_EXTRA_FIELDS:
        raise FenError(
            f"position text has {len(fields) - 6} extra fields; the limit is {MAX_EXTRA_FIELDS} (MAX_EXTRA_FIELDS)"
        )
    return fields


def read_counters(fields: list[str]) -> tuple[int, int]:
    """The halfmove clock and the fullmove number (at least 1), with their defaults."""
    return _counter(fields, 4, "halfmove clock", 0), max(1, _counter(fields, 5, "fullmove number", 1))


def check_pool_size(count: int) -> None:
    if count > MAX_POOL_PIECES:
        raise FenError(
            f"captured= holds {count:,} pieces for one side; the limit is {MAX_POOL_PIECES:,} (MAX_POOL_PIECES)"
        )


def _counter(fields: list[str], index: int, label: str, default: int) -> int:
    if len(fields) <= index:
        return default
    text = fields[index]
    if not _COUNTER.fullmatch(text):
        raise FenError(f"{label} must be a whole number in digits 0-9, not {excerpt(text)}")
    # Compare by length first: int() refuses strings past Python's digit limit.
    if len(text.lstrip("0")) > len(str(MAX_COUNTER)) or int(text) > MAX_COUNTER:
        raise FenError(f"{label} {excerpt(text)} is larger than the limit of {MAX_COUNTER:,} (MAX_COUNTER)")
    return int(text)


def _read_pools(rules: Rules, pos: Position, value: str) -> None:
    """Both pools at once, sorted once: adding pieces one by one re-sorts each time."""
    from .position import _pool_key

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


def split_hands(rules: Rules, placement: str) -> tuple[str, str]:
    """(placement, hands text) of a placement field: in a variant with drops the field
    ends with the hands in brackets (``RNBQKBNR[Qp]``); elsewhere the hands are empty."""
    if rules.to_hand is None or not placement.endswith("]") or "[" not in placement:
        return placement, ""
    cut = placement.rindex("[")
    return placement[:cut], placement[cut + 1:-1]


def hand_pieces(rules: Rules, text: str) -> list[Piece]:
    """The pieces a hands text lists (``QPn``; ``-`` or nothing for none)."""
    if text in ("", "-"):
        return []
    items = parse_piece_tokens(rules, text, "hands")
    if any(isinstance(item, int) for item in items):
        raise FenError(f"hands [{excerpt(text)}] must list pieces only, one letter per piece")
    return pieces_only(items)


def _read_hands(rules: Rules, pos: Position, text: str) -> None:
    """The hands written after the placement: pieces only, White's in capitals."""
    from .position import _pool_key

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
            f"{key}= holds {len(value):,} characters; the limit is {MAX_STATE_VALUE_CHARS} (MAX_STATE_VALUE_CHARS)"
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
