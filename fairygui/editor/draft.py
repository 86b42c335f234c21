"""The position being edited, as plain data, and the edits the editor makes to it.

A :class:`Draft` holds what a position text says, field by field: pieces by square (board
and extra squares), side to move, castling letters, en passant square, clocks, both
captured-piece pools and every other state field (power state such as ``ferries=(c5,f5)``)
as written. It is not a rules object on purpose: a draft may be anything a player can
arrange, including positions the rules refuse (a King in the Pocket), so it can always be
saved and reopened; the rules package judges it before a game starts (``checks.py``).

Reading goes through the rules package's own placement and piece-token readers, so the
editor knows exactly the letters and piece states the rules know. Nothing here is Qt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

import rules
from rules.fen import read_counters, split_fields
from rules.limits import excerpt
from rules.placement import check_pool_size, hand_pieces, parse_piece_tokens, parse_placement, split_hands

COLORS = ("white", "black")
FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
SYMMETRIES = ("rotational", "mirror")


def other_color(color: str) -> str:
    return "black" if color == "white" else "white"


@dataclass(frozen=True)
class DraftPiece:
    color: str
    kind: str
    flags: frozenset[str] = frozenset()
    #: Parts of a merged piece, only where they differ from its type's own (Blender).
    components: tuple[str, ...] = ()
    #: A moved marker the text gave explicitly; None lets the rules infer it from the square.
    moved: bool | None = None

    def recoloured(self) -> DraftPiece:
        return replace(self, color=other_color(self.color))

    def with_flag(self, flag: str, on: bool) -> DraftPiece:
        flags = self.flags | {flag} if on else self.flags - {flag}
        return replace(self, flags=frozenset(flags))

    def placed(self) -> DraftPiece:
        """The piece after a hand moved it: where it now stands decides whether it has moved."""
        return replace(self, moved=None) if self.moved is not None else self


@dataclass
class Draft:
    variant: str
    #: Option values that differ from the variant's defaults, as the rules resolved them.
    options: dict[str, Any] = field(default_factory=dict)
    pieces: dict[str, DraftPiece] = field(default_factory=dict)
    turn: str = "white"
    castling: str = ""
    ep: str = ""
    halfmove: int = 0
    fullmove: int = 1
    pools: dict[str, tuple[DraftPiece, ...]] = field(default_factory=lambda: {"white": (), "black": ()})
    #: Any other ``key=value`` field (power state, ``epv``), value as written.
    state: dict[str, str] = field(default_factory=dict)

    # ------------------------------------------------------------ the board's shape

    @property
    def vdef(self) -> rules.VariantDef:
        return rules.variant(self.variant)

    def board_squares(self) -> list[str]:
        v = self.vdef
        return [f"{FILE_LETTERS[f]}{r + 1}" for r in range(v.ranks) for f in range(v.files)]

    def is_board_square(self, name: str) -> bool:
        v = self.vdef
        m = re.fullmatch(r"([a-z])(\d+)", name)
        return bool(m) and FILE_LETTERS.index(m.group(1)) < v.files and 1 <= int(m.group(2)) <= v.ranks

    def is_square(self, name: str) -> bool:
        return self.is_board_square(name) or name in self.vdef.extra_squares

    @property
    def has_hands(self) -> bool:
        """The pools are hands (a variant with drops): written after the placement in brackets."""
        return rules.make_rules(self.variant, self.options).to_hand is not None

    def copy(self) -> Draft:
        return replace(self, options=dict(self.options), pieces=dict(self.pieces), pools=dict(self.pools),
                       state=dict(self.state))

    # ------------------------------------------------------------ edits

    def put(self, square: str, piece: DraftPiece) -> None:
        if not self.is_square(square):
            raise ValueError(f"there is no square {square!r} on this board")
        self.pieces[square] = piece.placed()

    def remove(self, square: str) -> DraftPiece | None:
        return self.pieces.pop(square, None)

    def move(self, origin: str, target: str) -> None:
        """Move a piece by hand; whatever stood on the target goes."""
        piece = self.pieces.pop(origin)
        self.put(target, piece)

    def recolour(self, square: str) -> None:
        self.pieces[square] = self.pieces[square].recoloured()

    def clear(self) -> None:
        """An empty board: no pieces, no pools, no castling or en passant. Power state such as
        the Ferries' squares stays, because it belongs to the board rather than to pieces."""
        self.pieces.clear()
        self.pools = {"white": (), "black": ()}
        self.castling = ""
        self.ep = ""
        self.state.pop("epv", None)

    def mirror_square(self, square: str, symmetry: str) -> str:
        """The square ``square`` maps to when one side is copied onto the other."""
        v = self.vdef
        f = FILE_LETTERS.index(square[0])
        r = int(square[1:]) - 1
        if symmetry == "rotational":
            f = v.files - 1 - f
        return f"{FILE_LETTERS[f]}{v.ranks - r}"

    def copy_side(self, source: str, symmetry: str) -> None:
        """Replace the other side's board pieces by ``source``'s, by ``rotational`` or ``mirror``
        symmetry; castling letters follow. Extra squares and pools are left alone."""
        if symmetry not in SYMMETRIES:
            raise ValueError(f"symmetry must be one of {', '.join(SYMMETRIES)}, not {symmetry!r}")
        target = other_color(source)
        kept = {sq: p for sq, p in self.pieces.items() if not (self.is_board_square(sq) and p.color == target)}
        for square, piece in list(kept.items()):
            if piece.color == source and self.is_board_square(square):
                kept[self.mirror_square(square, symmetry)] = piece.recoloured().placed()
        self.pieces = kept
        letters = [c for c in self.castling if c.isupper() == (source == "white")]
        copied = [c.lower() if source == "white" else c.upper() for c in letters]
        self.castling = canonical_castling("".join(letters + copied))
        self.ep = ""
        self.state.pop("epv", None)

    # ------------------------------------------------------------ position text

    def token(self, piece: DraftPiece) -> str:
        letter = self.vdef.pieces[piece.kind].letter
        text = letter if piece.color == "white" else letter.lower()
        text = text if len(letter) == 1 else "{" + text + "}"
        parts: list[str] = []
        if piece.moved is not None:
            parts.append("m" if piece.moved else "u")
        parts.extend(sorted(piece.flags))
        if piece.components:
            parts.append("c=" + "+".join(piece.components))
        return text + ("[" + ",".join(parts) + "]" if parts else "")

    def text(self) -> str:
        """The position text (see ``rules/fen.py``), whether or not the rules accept it."""
        v = self.vdef
        rows = []
        for rank in range(v.ranks, 0, -1):
            row, empty = "", 0
            for f in range(v.files):
                piece = self.pieces.get(f"{FILE_LETTERS[f]}{rank}")
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row, empty = row + str(empty), 0
                row += self.token(piece)
            rows.append(row + (str(empty) if empty else ""))
        placement = "/".join(rows)
        hands = self.has_hands
        if hands:  # sorted as the rules sort a hand, so the text is the rules' own
            held = sorted(((p.color, p.kind) for c in COLORS for p in self.pools[c]), key=lambda cp: (
                COLORS.index(cp[0]), cp[1]))
            placement += "[" + "".join(self.token(DraftPiece(c, k)) for c, k in held) + "]"
        fields = [placement, self.turn[0], self.castling or "-", self.ep or "-", str(self.halfmove),
                  str(self.fullmove)]
        for name in v.extra_squares:
            if name in self.pieces:
                fields.append(f"@{name}={self.token(self.pieces[name])}")
        if any(self.pools.values()) and not hands:
            fields.append("captured=" + "/".join("".join(self.token(p) for p in self.pools[c]) for c in COLORS))
        fields.extend(f"{key}={value}" for key, value in self.state.items())
        return " ".join(fields)


def canonical_castling(letters: str) -> str:
    return "".join(c for c in "KQkq" if c in letters) + "".join(sorted(set(letters) - set("KQkq")))


def _draft_piece(rules_: rules.Rules, placed: tuple[Any, bool]) -> DraftPiece:
    p, explicit = placed
    own = rules_.types[p.kind].components
    return DraftPiece(
        COLORS[p.color], p.kind, frozenset(p.flags),
        tuple(p.components) if p.components and tuple(p.components) != tuple(own) else (),
        bool(p.moved) if explicit else None,
    )


def read_text(variant_id: str, options: dict[str, Any] | None, text: str) -> Draft:
    """A draft from a position text. Raises RulesError naming the fault; accepts positions the
    rules would refuse to start from (those are reported by the checks, not here)."""
    vdef = rules.variant(variant_id)
    resolved = vdef.resolve_options(options)
    given = {k: v for k, v in resolved.items() if v != vdef.options[k].default}
    rules_ = rules.make_rules(variant_id, given)
    fields = split_fields(text)
    draft = Draft(variant_id, given)
    names = rules_.geo.names
    placement, hands = split_hands(rules_, fields[0])
    for index, placed in parse_placement(rules_, placement).items():
        draft.pieces[names[index]] = _draft_piece(rules_, placed)
    for color in COLORS:  # a variant with drops writes the hands after the placement
        held = [p for p in hand_pieces(rules_, hands) if COLORS[p.color] == color]
        draft.pools[color] = tuple(_draft_piece(rules_, (p, False)) for p in held)
    if fields[1] not in ("w", "b"):
        raise rules.FenError(f"side to move must be 'w' or 'b', not {excerpt(fields[1])}")
    draft.turn = "white" if fields[1] == "w" else "black"
    castling = fields[2] if len(fields) > 2 else "-"
    if not re.fullmatch(r"-|[KQkq]+", castling):
        raise rules.FenError(f"castling field {excerpt(castling)} must be '-' or letters from KQkq")
    draft.castling = canonical_castling(castling.replace("-", ""))
    ep = fields[3] if len(fields) > 3 else "-"
    if ep != "-" and not draft.is_board_square(ep):
        raise rules.FenError(f"en passant square {excerpt(ep)} is not a square of this board")
    draft.ep = "" if ep == "-" else ep
    draft.halfmove, draft.fullmove = read_counters(fields)
    for extra in fields[6:]:
        key, eq, value = extra.partition("=")
        if not eq:
            raise rules.FenError(f"extra field {excerpt(extra)} must be key=value")
        if key.startswith("@"):
            if key[1:] not in vdef.extra_squares:
                raise rules.FenError(f"no extra square {excerpt(key[1:])} in this variant")
            items = [i for i in parse_piece_tokens(rules_, value, key) if isinstance(i, tuple)]
            if len(items) != 1:
                raise rules.FenError(f"{key} must hold exactly one piece, not {excerpt(value)}")
            draft.pieces[key[1:]] = _draft_piece(rules_, items[0])
        elif key == "captured":
            parts = value.split("/")
            if len(parts) != 2:
                raise rules.FenError(f"captured={excerpt(value)} must be White's pieces, '/', Black's pieces")
            for color, part in zip(COLORS, parts, strict=True):
                items = [_draft_piece(rules_, i) for i in parse_piece_tokens(rules_, part, "captured")
                         if isinstance(i, tuple)]
                check_pool_size(len(items))
                if any(p.color != color for p in items):
                    raise rules.FenError(f"captured={excerpt(value)}: White's pool comes first, in capitals")
                draft.pools[color] = tuple(items)
        else:
            draft.state[key] = value
    return draft
