"""Placements: the pieces of a position as text, and what a setup implies about them.

A placement lists the ranks from the top, ``/`` between them; a piece is its letter
(capital for White) or, for letters longer than one character, the letter in braces
(``{DH}``, ``{dh}``); digits count empty squares. A piece may carry state in brackets:
``m`` moved, ``u`` unmoved, ``c=bishop+rook`` components, any other word a flag
(``Q[original]``). Pieces of the kinds that track moving are taken as unmoved on their
starting squares and moved elsewhere (:func:`infer_moved`); a bracket is written only
where that guess is wrong. In a variant with drops the hands follow in brackets
(:func:`split_hands`, :func:`hand_pieces`).

Setups, the powers that read or rewrite the start array, and the position text
(:mod:`rules.fen`) all read and write placements through this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .errors import FenError
from .limits import MAX_POOL_PIECES, excerpt
from .pieces import Piece, piece
from .placementcheck import PLACEMENT_TOKEN

if TYPE_CHECKING:
    from .ruleset import Rules

#: Digits in a run of empty squares: more than any board's width could need.
_MAX_RUN_DIGITS = 3

PlacedPiece = tuple[Piece, bool]  # the piece, and whether its moved state was written out


def piece_token(rules: Rules, p: Piece) -> str:
    letter = rules.types[p.kind].letter
    text = letter if p.color == 0 else letter.lower()
    return text if len(letter) == 1 else "{" + text + "}"


def piece_state_suffix(rules: Rules, p: Piece, moved_default: bool | None) -> str:
    """The bracketed state written after a piece's token: what a reader could not assume."""
    parts: list[str] = []
    if moved_default is not None and p.moved != moved_default:
        parts.append("m" if p.moved else "u")
    parts.extend(sorted(p.flags))
    default_components = rules.types[p.kind].components
    if p.components and p.components != default_components:
        parts.append("c=" + "+".join(p.components))
    return "[" + ",".join(parts) + "]" if parts else ""


def parse_piece_tokens(rules: Rules, text: str, where: str) -> list[PlacedPiece | int]:
    """Pieces and runs of empty squares (as ints) in a placement-like string."""
    by_letter = rules.variant.piece_by_letter()
    out: list[PlacedPiece | int] = []
    pos = 0
    while pos < len(text):
        m = PLACEMENT_TOKEN.match(text, pos)
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


def start_squares(rules: Rules) -> dict[int, tuple[str, int]]:
    """Each square of the start array to the (kind, colour) standing on it."""
    # Remembered on the Rules (not in a global cache, which would keep every Rules alive).
    found: dict[int, tuple[str, int]] | None = rules.memo.get("start_squares")
    if found is None:
        setup = rules.setup_placement()
        found = {sq: (p.kind, p.color) for sq, (p, _) in parse_placement(rules, setup).items()}
        rules.memo["start_squares"] = found
    return found


def castling_sides(rules: Rules, color: int) -> dict[str, tuple[int, int]]:
    """Letter -> (king start square, rook start square) for each castling side."""
    pieces = next((found for p in rules.power_objects.values() if (found := p.castling_pieces())), None)
    if pieces is None:
        return {}
    start = start_squares(rules)
    king_kind, rook_kind = pieces
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
    start = start_squares(rules)
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


def check_pool_size(count: int) -> None:
    if count > MAX_POOL_PIECES:
        raise FenError(
            f"captured= holds {count:,} pieces for one side; the limit is {MAX_POOL_PIECES:,}"
        )


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
