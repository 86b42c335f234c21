"""XBoard's ``setup`` and ``piece`` commands for a variant XBoard does not know.

The CECP specification (protocol 2, XBoard 4.8 and later) lets an engine answer ``variant X``
for an engine-defined variant with ``setup (PIECETOCHAR) WxH+S_PARENT FEN``: the piece-to-char
table (white pieces in XBoard's order of piece types, the King last, then the same for black;
``.`` for a type not used), board width, height and holdings size, the variant whose other
rules XBoard applies, and the start position; and with ``piece ID& BETZA`` for each piece whose
moves XBoard can then show and judge.

XBoard reads one character per piece, so each of our piece kinds is given one letter: its own
where it has a one-letter name, otherwise the first free letter of its name, then of the
alphabet (Friendly's Berolina pawn ``PB`` is so ``R``). A ``setboard`` position XBoard sends back
in those letters is read with the same table (:meth:`CecpBoard.our_fen`).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, replace

from ..game import Game

#: Variants XBoard knows itself (its own names): they are never set up.
XBOARD_KNOWS = frozenset({"normal", "3check", "xiangqi", "shogi", "crazyhouse", "capablanca", "grand",
                          "janus", "shatranj"})
#: XBoard's piece types in its order, by the letter it gives each when told nothing: a piece is
#: placed in the type of its own letter where there is one, so it is drawn as that piece.
XBOARD_TYPE_LETTERS = "PNBRQFEACWMOHIJGDVLSU"
#: Types XBoard has before its King (pieceToChar holds at most that many per side, King apart).
XBOARD_TYPES = 65
#: The shortest table XBoard accepts has six entries per side (so five before the King).
FEWEST_TYPES = 5
#: The Betza atoms XBoard's move generator reads (moves.c: one letter each, no "(x,y)" leaps).
XBOARD_ATOMS = frozenset("ABCDFGHJKLNOQRWZ")
XBOARD_MODIFIERS = frozenset("fblrvshmcinpj")
#: Our FEN's board field: a piece's braced name, a bracket (flags, or the hand at the end),
#: a count of empty squares, a rank separator, or one letter.
_TOKEN = re.compile(r"\{[^}]*\}|\[[^\]]*\]|\d+|/|[A-Za-z+~']")
#: A promotion in move text (two squares, then the piece's letters) and a drop (``P@e4``).
_PROMOTION_TEXT = re.compile(r"([a-z][0-9]+[a-z][0-9]+)([a-z]+)")
_DROP_TEXT = re.compile(r"([A-Za-z]+)@([a-z][0-9]+)")


def xboard_betza(betza: str) -> str | None:
    """Our Betza as XBoard reads it (a doubled atom is a rider: ``NN`` is ``N0``), or None where
    XBoard could not read it."""
    if not betza or "(" in betza:
        return None
    text = re.sub(r"([A-Z])\1", r"\g<1>0", betza)
    for char in text:
        if char.isupper() and char not in XBOARD_ATOMS:
            return None
        if char.islower() and char not in XBOARD_MODIFIERS:
            return None
    return text


def _letters(game: Game) -> dict[str, str] | None:
    """One capital letter for each piece kind of the variant (see the module's text); None
    where the variant has more kinds than the alphabet has letters."""
    pieces = game.rules.variant.pieces
    chosen: dict[str, str] = {}
    taken: set[str] = set()
    single = [kind for kind, piece in pieces.items() if len(piece.letter or "") == 1]
    royal = set(game.rules.variant.royal)
    for kind in single + [kind for kind in pieces if kind not in single]:
        piece = pieces[kind]
        wishes = (piece.letter or "") + piece.name + kind + string.ascii_uppercase
        # "K" is XBoard's King (its last type, which castles): no other piece is given it.
        free = [c.upper() for c in wishes if c.upper() in string.ascii_uppercase and c.upper() not in taken
                and (c.upper() != "K" or kind in royal or piece.letter == "K")]
        if not free:
            return None
        chosen[kind] = free[0]
        taken.add(free[0])
    return chosen


def _types(letters: dict[str, str]) -> tuple[list[str], str]:
    """The white half of the table before the King, and the King's letter (``.`` for none)."""
    slots = ["."] * XBOARD_TYPES
    king = "."
    others: list[str] = []
    for letter in letters.values():
        if letter == "K":
            king = letter
        elif letter in XBOARD_TYPE_LETTERS and slots[XBOARD_TYPE_LETTERS.index(letter)] == ".":
            slots[XBOARD_TYPE_LETTERS.index(letter)] = letter
        else:
            others.append(letter)
    for letter in others:
        slots[slots.index(".", 1)] = letter  # a pawn's type (the first) stays for pawns
    used = max([i + 1 for i, slot in enumerate(slots) if slot != "."] + [FEWEST_TYPES])
    return slots[:used], king


@dataclass(frozen=True)
class CecpBoard:
    """How XBoard is told about one of our variants, and how its positions read back."""

    table: str
    files: int
    ranks: int
    holdings: int
    parent: str
    start_fen: str
    #: Our token for each of XBoard's letters (both cases), and XBoard's letter for each of ours.
    ours: dict[str, str]
    theirs: dict[str, str]
    #: (letter, Betza) for each piece XBoard can be told the moves of.
    moves: tuple[tuple[str, str], ...]
    #: Our start position, given back where XBoard's position is that start (it keeps our flags).
    our_start: str

    def lines(self) -> list[str]:
        """``setup`` and then the ``piece`` commands, as sent after ``variant``."""
        setup = f"setup ({self.table}) {self.files}x{self.ranks}+{self.holdings}_{self.parent} {self.start_fen}"
        return [setup] + [f"piece {letter}& {betza}" for letter, betza in self.moves]

    def xboard_fen(self, fen: str) -> str:
        """Our position text in XBoard's letters (piece flags such as ``[original]`` left out)."""
        board, _, rest = fen.partition(" ")
        return " ".join(filter(None, (_translate(board, self.theirs, self.holdings > 0), rest)))

    def xboard_move(self, text: str) -> str:
        """Our move text with the piece letter of a promotion (``e11e12pb``) or a drop
        (``PB@e4``) in XBoard's one letter (``e11e12r``, ``R@e4``); other texts as they are."""
        return _relettered(text, self.theirs)

    def our_move(self, text: str) -> str:
        """XBoard's move text with its promotion or drop letter in ours (``e11e12r`` is
        ``e11e12pb``); a letter that is none of XBoard's is left as it is."""
        return _relettered(text, self.ours)

    def our_fen(self, fen: str) -> str:
        """XBoard's position text in ours."""
        board, _, rest = fen.strip().partition(" ")
        if board == self.start_fen.partition(" ")[0]:
            board = self.our_start.partition(" ")[0]
        else:
            board = _translate(board, self.ours, self.holdings > 0)
        return " ".join(filter(None, (board, rest)))


def _translate(board: str, letters: dict[str, str], hand_at_end: bool) -> str:
    """A board field with each piece token replaced through ``letters`` (unknown ones kept);
    a bracket after a piece holds its flags and is dropped, except the hand at the end."""
    tokens = _TOKEN.findall(board)
    out: list[str] = []
    for index, token in enumerate(tokens):
        if token.startswith("["):
            if hand_at_end and index == len(tokens) - 1:
                out.append("[" + "".join(letters.get(c, c) for c in _TOKEN.findall(token[1:-1])) + "]")
            continue
        out.append(letters.get(token, token))
    return "".join(out)


def _relettered(text: str, letters: dict[str, str]) -> str:
    """``text`` with the letter of its promotion or drop looked up (as a white piece) in ``letters``."""
    promotion = _PROMOTION_TEXT.fullmatch(text)
    drop = _DROP_TEXT.fullmatch(text)
    if promotion is not None:
        squares, letter = promotion.groups()
    elif drop is not None:
        letter, squares = drop.groups()
    else:
        return text
    found = letters.get(_our_token(letter.upper(), True))
    if found is None:
        return text
    plain = found.strip("{}")
    return squares + plain.lower() if promotion is not None else plain.upper() + "@" + squares


def _our_token(letter: str, white: bool) -> str:
    token = letter if len(letter) == 1 else "{" + letter + "}"
    return token.upper() if white else token.lower()


def cecp_board(game: Game) -> CecpBoard | None:
    """XBoard's description of ``game``'s variant, from its start position ``game``; None where
    its pieces cannot each have a letter of their own."""
    variant = game.rules.variant
    start = game.fen()
    hand_variant = start.partition(" ")[0].endswith("]")  # the hand is a bracket after the last rank
    letters = _letters(game)
    if letters is None:
        return None
    types, king = _types(letters)
    table = "".join(types) + king + "".join(types).lower() + king.lower()
    ours: dict[str, str] = {}
    theirs: dict[str, str] = {}
    for kind, letter in letters.items():
        own = variant.pieces[kind].letter or kind
        for white in (True, False):
            xb = letter if white else letter.lower()
            ours[xb] = _our_token(own, white)
            theirs[_our_token(own, white)] = xb
    moves = []
    for kind, piece in variant.pieces.items():
        betza = xboard_betza(piece.betza)
        if betza is not None and not piece.powers:
            moves.append((letters[kind], betza))
    promoted = set((variant.promotion.get("promoted_form") or {}).values())
    in_hand = [k for k in variant.pieces if k not in variant.royal and k not in promoted]
    holdings = len(in_hand) if hand_variant else 0
    parent = ("shogi" if promoted else "crazyhouse") if hand_variant else "fairy"
    board = CecpBoard(table, variant.files, variant.ranks, holdings, parent, "", ours, theirs, tuple(moves), start)
    return replace(board, start_fen=board.xboard_fen(start))
