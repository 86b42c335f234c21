"""Standard algebraic notation (SAN) for the moves of every variant.

SAN names the moving piece by its letter, then where it goes: ``Nf3``, ``exd5``,
``e8=Q+``, ``O-O``. Chess moves come out exactly as python-chess writes them. For fairy
moves the conventions (docs/notation.md, *Moves in standard algebraic notation*) are:

* a piece letter longer than one character is written as its run of capitals, so the move
  stays one PGN symbol token: ``GRe4``; a promotion to it ``e8=NN`` (the letter is the whole
  run of capitals, since files are small letters). Records written with the older braces
  (``{GR}e4``) still read;
* a drop, or a piece leaving the Pocket, is written as Fairy-Stockfish writes drops:
  ``N@d4``; a piece entering the Pocket ``R-pocket`` (an extra square's name after ``-``);
* squares captured away from the destination follow it with ``x``: a locust jump
  ``Od6xc7``, a withdrawal ``Hl12xl10``, a fire breath ``Cg4xf5``;
* a capture without moving (a rifle shot): ``A^h7``;
* a polypiece turned over by its own move's flip: ``=`` and the form it lands as, ``Bg1=R``
  (records without the mark still read);
* a merge onto a friendly piece: ``N&e5``; with a choice of result ``N&e5/L``;
* a separation names the part that leaves after ``/``: ``Cc3/N``, ``Cxc3/N``, ``C&c3/N``;
  with a choice of merge result ``C&c3/F=L`` (``>``, which PGN reserves, in older records);
* a piece gated in from the hand (Seirawan) follows ``/``: ``Nc3/H``, ``O-O/He1``, ``O-O/Hh1``;
* moves the coordinate text tells apart by a word keep it: a swap ``Sf3/swap``, a Ferry
  carried ``Nd6/ferry``;
* a move that leaves the piece where it stands (a Ferry sent, a switch) has no
  destination: ``N/a5`` (sends its Ferry to a5), ``G/hia-off``;
* ``+`` after a move that leaves a royal piece attacked, ``#`` when that side has no move.

Disambiguation (file, else rank, else both; both where the letter and rank would read as a
square, ``Fh12i12``) is added only when another legal move would otherwise read the same.
Every SAN is unique among the position's moves and actions, and never equals another move's
coordinate text; where no notation above tells two moves apart, the move keeps its
coordinate text.

Public API: :func:`move_to_san`, :func:`san_table`, :func:`parse_san`, each given the rules
and a position (a game's moves go through ``Game.san`` and ``Game.parse_move``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .errors import IllegalMoveError, MoveParseError
from .judge import each_move_result
from .limits import MAX_MOVE_TEXT_CHARS, excerpt
from .moves import Move
from .powers.gating import gate_of
from .powers.polypiece_flip import PolypieceFlip
from .ruleset import Rules

if TYPE_CHECKING:
    from .position import Position

CASTLE_SHORT = "O-O"
CASTLE_LONG = "O-O-O"
#: Kinds whose move goes from one board square to another like an ordinary move.
_STAYING_CAPTURE = "^"
_MERGE_MARK = "&"
#: What may trail a move in other programs' text: check and mate signs, annotations.
_TRAILING = re.compile(r"(?:[+#!?]|e\.p\.)+$")
_LENIENT = re.compile(
    r"(?P<letter>[A-Z]+)?(?P<file>[a-z])?(?P<rank>[0-9]+)?(?P<cap>[x:])?-?"
    r"(?P<dest>[a-z][0-9]+)(?:=?(?P<promo>[A-Z]+|[a-z]))?"
)


def letter_text(letter: str) -> str:
    """A piece letter as SAN writes it: its capitals (``N``, ``GR``), never braces, which PGN
    reserves for comments."""
    return letter.upper()


#: What older records wrote: a multi-letter piece letter in braces (``{GR}e4``), a separation's
#: merge result after ``>`` (``C&c3/F>{GF}``).
_OLD_LETTER = re.compile(r"\{([A-Za-z]+)\}")
_OLD_RESULT_MARK = re.compile(r"(/[A-Z]+)>(?=[A-Z])")


def modern_spelling(text: str) -> str:
    """Move text with the older spellings of piece letters rewritten as SAN writes them now."""
    if "{" in text:
        text = _OLD_LETTER.sub(lambda m: m.group(1).upper(), text)
    if ">" in text:
        text = _OLD_RESULT_MARK.sub(r"\1=", text)
    return text


def san_letters(rules: Rules) -> dict[str, str]:
    """The letter SAN writes for each piece kind: the variant file's ``san_letters`` where it
    gives one (Fairy-Stockfish's: a Xiangqi Horse is ``H``), else the piece's own letter."""
    found: dict[str, str] | None = rules.memo.get("san_letters")
    if found is None:
        given = rules.variant.raw.get("san_letters") or {}
        found = {kind: letter_text(str(given.get(kind, t.letter))) for kind, t in rules.types.items()}
        rules.memo["san_letters"] = found
    return found


def _kind_letter(rules: Rules, kind: str) -> str:
    return san_letters(rules).get(kind, kind)


def _is_letterless_pawn(rules: Rules, kind: str) -> bool:
    """A piece SAN writes without a letter: the pawn whose letter is ``P``, unless the variant
    file's ``san_letters`` lists it (Fairy-Stockfish writes Shogi's pawns ``Pe4``)."""
    t = rules.types.get(kind)
    if t is None or kind not in rules.pawn_kinds or t.letter.upper() != "P":
        return False
    return kind not in (rules.variant.raw.get("san_letters") or {})


def _was_letterless_pawn(rules: Rules, kind: str) -> bool:
    """A piece other records write without a letter, still read so: a piece lettered ``P`` (a
    pawn, or a Xiangqi soldier, which XBoard writes ``c4``), whatever our SAN writes for it."""
    t = rules.types.get(kind)
    return t is not None and t.letter.upper() == "P"


def _letter_fits(rules: Rules, letter: str, kind: str) -> bool:
    """Whether a written piece letter names ``kind``: its SAN letter, or its own letter where
    that is no piece's SAN letter (records written before ``san_letters``: a Xiangqi ``N``)."""
    letters = san_letters(rules)
    if letters.get(kind) == letter:
        return True
    t = rules.types.get(kind)
    return t is not None and letter_text(t.letter) == letter and letter not in letters.values()


def _choice_letter(rules: Rules, word: str) -> str:
    """A choice that names a piece is written by its letter; other words stay as they are."""
    return _kind_letter(rules, word) if word in rules.types else word


class _Parts:
    """A move's SAN before disambiguation: ``lead`` + disambiguation + ``body``."""

    __slots__ = ("lead", "body", "file_given", "can_disambiguate")

    def __init__(self, lead: str, body: str, file_given: bool = False, can_disambiguate: bool = True) -> None:
        self.lead = lead
        self.body = body
        self.file_given = file_given  # a pawn capture already names its file
        self.can_disambiguate = can_disambiguate

    def text(self, extra: str = "") -> str:
        return self.lead + extra + self.body


def _parts(rules: Rules, pos: Position, move: Move) -> _Parts:
    geo = rules.geo
    if move.kind == "castle" and len(move.extra) == 2:
        rook_from = move.extra[0]
        short = geo.file_of(rook_from) > geo.file_of(move.o)
        gate = ""
        if move.choice:  # a piece gated on the king's or the rook's square: O-O/He1
            kind, square = gate_of(move.choice, move.origin, rules.types)
            gate = "/" + _kind_letter(rules, kind) + square
        return _Parts("", (CASTLE_SHORT if short else CASTLE_LONG) + gate, can_disambiguate=False)
    mover = pos.board[move.o] if 0 <= move.o < len(pos.board) else None
    kind = mover.kind if mover is not None else ""
    if move.kind == "drop":  # from the hand: the piece is the move's choice, a pawn's letter too
        return _Parts(_kind_letter(rules, str(move.choice)), "@" + move.destination, can_disambiguate=False)
    letter = _kind_letter(rules, kind) if mover is not None else ""
    on_board = geo.is_board(move.o) and geo.is_board(move.d)
    if move.kind == "pass":  # Fairy-Stockfish's: the royal piece "moving" to its own square, Ke2
        return _Parts(letter, move.destination, can_disambiguate=False)
    if (move.promotion and not move.captures and on_board and _is_letterless_pawn(rules, kind)
            and geo.file_of(move.o) != geo.file_of(move.d) or move.promotion and move.o == move.d):
        # A promotion as a move of its own (Sittuyin's: in place, or by a step off the pawn's
        # line): Fairy-Stockfish writes the pawn's square, ``d5=F`` and ``d5e6=F``.
        return _Parts("", move.origin + (move.destination if move.d != move.o else "") + _promotion(rules, move),
                      can_disambiguate=False)
    if move.destination == move.origin:
        if move.captures:
            body = "".join(_STAYING_CAPTURE + sq for sq in move.captures)
        else:
            body = "/" + _choice_letter(rules, move.choice) if move.choice else ""
        return _Parts(letter, body)
    if not geo.is_board(move.o):  # from the hand or the Pocket: Fairy-Stockfish's drop form
        body = "@" + move.destination + _promotion(rules, move) + _flip_mark(rules, pos, move)
        return _Parts(letter, body, can_disambiguate=False)
    if not geo.is_board(move.d):
        return _Parts(letter, "-" + move.destination + _flip_mark(rules, pos, move))
    target = pos.board[move.d]
    onto_own = target is not None and mover is not None and target.color == mover.color
    mark = ""
    if move.destination in move.captures or move.kind == "en-passant":
        mark = "x"
    elif onto_own and move.kind in ("merge", "separate"):
        mark = _MERGE_MARK
    body = mark + move.destination
    if move.kind != "en-passant":
        body += "".join("x" + sq for sq in move.captures if sq != move.destination)
    body += _promotion(rules, move)
    body += _flip_mark(rules, pos, move)
    if move.choice:
        if move.kind == "separate":
            part, _, result = move.choice.partition(">")
            body += "/" + _choice_letter(rules, part) + ("=" + _choice_letter(rules, result) if result else "")
        else:
            body += "/" + _choice_letter(rules, move.choice)
    if on_board and _is_letterless_pawn(rules, kind) and mark != _MERGE_MARK:
        if mark == "x":
            return _Parts(move.origin[0], body, file_given=True)
        return _Parts("", body)
    return _Parts(letter, body)


def _promotion(rules: Rules, move: Move) -> str:
    return "=" + _kind_letter(rules, move.promotion) if move.promotion else ""


def _flip_mark(rules: Rules, pos: Position, move: Move) -> str:
    """``=`` and the letter of the form a polypiece lands as where its own move's flip turns it
    over (Pocket43: ``Bg1=R``, the Bishop lands as a Rook), as Kyoto Shogi's turning over is
    written; empty for every other move."""
    flips: list[PolypieceFlip] | None = rules.memo.get("san_flip_powers")
    if flips is None:
        flips = [p for p in rules.power_objects.values() if isinstance(p, PolypieceFlip)]
        rules.memo["san_flip_powers"] = flips
    for power in flips:
        form = power.lands_as(pos, move)
        if form is not None:
            return "=" + _kind_letter(rules, form)
    return ""


_LETTER_RUN = re.compile(r"[A-Z]+")
_RANK_ONLY = re.compile(r"([A-Z]+)([0-9]+[a-z].*)")


def _older_rank_only(wanted: str, table: dict[Move, str]) -> Move | None:
    """A move disambiguated by its rank alone as records did before the file came with it
    (``F12i12`` for ``Fh12i12``): the one move written so with a file added."""
    m = _RANK_ONLY.fullmatch(wanted)
    if m is None:
        return None
    shape = re.compile(re.escape(m.group(1)) + "[a-z]+" + re.escape(m.group(2)))
    fits = [move for move, san in table.items() if shape.fullmatch(san)]
    return fits[0] if len(fits) == 1 else None


def _with_san_letters(rules: Rules, text: str) -> str:
    """SAN written with pieces' own letters where ``san_letters`` now gives others (older
    Cuisinart records: ``F&e5/G`` for ``F&e5/MN``), rewritten with the SAN letters; a letter
    that is some piece's SAN letter is left alone."""
    letters = san_letters(rules)
    taken = set(letters.values())
    renamed = {
        letter_text(t.letter): letters[kind] for kind, t in rules.types.items()
        if letters.get(kind, letter_text(t.letter)) != letter_text(t.letter) and letter_text(t.letter) not in taken
    }
    if not renamed:
        return text
    return _LETTER_RUN.sub(lambda m: renamed.get(m.group(), m.group()), text)


def _older_flip(rules: Rules, pos: Position, wanted: str, table: dict[Move, str]) -> Move | None:
    """A move written as records did before the flip mark (``Bg1`` for ``Bg1=R``): the SAN
    without its flip mark, which is unique, since moves differing only in that mark differ
    elsewhere too."""
    for m, san in table.items():
        mark = _flip_mark(rules, pos, m)
        if mark and san.endswith(mark) and san[: -len(mark)] == wanted:
            return m
    return None


def _split_square(name: str) -> tuple[str, str]:
    """File letters and rank digits of a board square name."""
    m = re.fullmatch(r"([a-z]+)([0-9]+)", name)
    return (m.group(1), m.group(2)) if m else (name, "")


def _disambiguation(move: Move, parts: _Parts, rivals: list[Move], squares: dict[str, int] | None = None) -> str:
    """python-chess's rule: the file if it tells the rivals apart, else the rank, else both.
    With ``squares`` (the board's square names), a rank that would read, after the piece
    letter, as a square of the board (``F12i12``: the square f12?) comes with its file."""
    others = [r for r in rivals if r.origin != move.origin]
    if not others:
        return ""
    file, rank = _split_square(move.origin)
    same_file = any(_split_square(r.origin)[0] == file for r in others)
    if parts.file_given:
        return rank if same_file else ""
    same_rank = any(_split_square(r.origin)[1] == rank for r in others)
    by_file = same_rank or not same_file
    if not by_file and squares is not None and parts.lead and parts.lead[-1].lower() + rank in squares:
        by_file = True
    return (file if by_file else "") + (rank if same_file else "")


def _reads_as_square_guard(rules: Rules) -> dict[str, int] | None:
    """The board's square names where a rank after a piece letter must not read as a square;
    None for a variant with a Fairy-Stockfish name, whose SAN stays Fairy-Stockfish's."""
    return None if rules.variant.raw.get("fairy_stockfish") else rules.geo.index


def san_table(rules: Rules, pos: Position, moves: list[Move]) -> dict[Move, str]:
    """The SAN, without check signs, of each of ``moves`` (all the legal moves and actions of
    ``pos``, so that disambiguation sees every rival)."""
    parts = {m: _parts(rules, pos, m) for m in moves}
    groups: dict[str, list[Move]] = {}
    for m, p in parts.items():
        groups.setdefault(p.text(), []).append(m)
    out: dict[Move, str] = {}
    squares = _reads_as_square_guard(rules)
    for plain, group in groups.items():
        if len(group) == 1:
            out[group[0]] = plain
            continue
        for m in group:
            p = parts[m]
            out[m] = p.text(_disambiguation(m, p, group, squares)) if p.can_disambiguate else plain
    coordinates = {str(m): m for m in moves}
    seen: dict[str, Move] = {}
    clashes: set[Move] = set()
    for m, text in out.items():
        other = coordinates.get(text)
        if other is not None and other != m:
            clashes.add(m)
        if text in seen:
            clashes.update((m, seen[text]))
        seen[text] = m
    for m in clashes:  # nothing above tells these apart: the coordinate text does
        out[m] = str(m)
    return out


def check_sign(rules: Rules, pos: Position, move: Move) -> str:
    """``+`` if ``move`` leaves the opponent's royal piece attacked, ``#`` if also the game is
    over: no move left, or a rule judged after every move ends it (Three-check's third check),
    as Fairy-Stockfish writes it."""
    if move.kind in rules.action_kinds:
        return ""
    pos.push(move)
    try:
        if not rules.in_check(pos):
            return ""
        if rules.outcomes.judged_each_move and each_move_result(rules, pos) is not None:
            return "#"
        return "+" if rules.legal_moves(pos) else "#"
    finally:
        pos.pop()


def move_to_san(rules: Rules, pos: Position, move: Move, with_check: bool = True) -> str:
    """The SAN of a legal move (or action) in ``pos`` (a game's is :meth:`rules.game.Game.san`)."""
    _require_rules(rules)
    candidates = rules.legal_actions(pos) if move.kind in rules.action_kinds else rules.legal_moves(pos)
    if move not in candidates:
        raise IllegalMoveError(f"move {move} is not legal in this position, so it has no SAN")
    text = san_table(rules, pos, candidates)[move]
    return text + check_sign(rules, pos, move) if with_check else text


def strip_annotations(text: str) -> str:
    """Move text without check and mate signs or annotations (``!?``), ``0-0`` read as ``O-O``,
    older letter spellings (``{GR}``) as SAN writes them now."""
    text = _TRAILING.sub("", modern_spelling(text.strip()))
    if text in ("0-0", "0-0-0"):
        text = text.replace("0", "O")
    return text


#: The shape of SAN of any of our conventions (piece letter or pawn file first).
_SAN_SHAPE = re.compile(r"[A-Z]*[a-z]?[0-9]*[x&^@-]?[a-z][0-9]+.*|[A-Z]+.*|O-O(?:-O)?")


def looks_like_san(text: str) -> bool:
    """Whether text has the shape of SAN (so a failure to find it says "not legal", not "unreadable")."""
    return bool(_SAN_SHAPE.fullmatch(strip_annotations(text)))


def unknown_letter(rules: Rules, text: str) -> str | None:
    """The piece letter SAN ``text`` starts with, if this variant has no piece of that letter."""
    m = re.match(r"[A-Z]+", modern_spelling(text.strip()))
    if m is None or m.group() in ("O",) and text.strip().startswith("O-O"):
        return None
    known = set(san_letters(rules).values()) | {letter_text(t.letter) for t in rules.types.values()}
    return None if m.group() in known else m.group()


def san_target(
    rules: Rules, pos: Position, text: str, disambiguated: bool = True
) -> tuple[list[str], str, str] | None:
    """For SAN of an ordinary move: the squares of the mover's pieces it could mean (with
    ``disambiguated`` False, of every piece written so, wherever it stands), the destination and
    the piece as written ("N", "pawn"); None if the text is not of that form."""
    m = _LENIENT.fullmatch(strip_annotations(text))
    if m is None:
        return None
    letter, file, rank, dest = (m.group(g) for g in ("letter", "file", "rank", "dest"))
    names = rules.geo.names
    origins: list[str] = []
    for sq in range(rules.geo.board_size):
        p = pos.board[sq]
        if p is None or p.color != pos.turn:
            continue
        if (letter is None and not _was_letterless_pawn(rules, p.kind)) or (
                letter is not None and not _letter_fits(rules, letter, p.kind)):
            continue
        o_file, o_rank = _split_square(names[sq])
        if disambiguated and ((file and file != o_file) or (rank and rank != o_rank)):
            continue
        origins.append(names[sq])
    return origins, dest, letter or "pawn"


def parse_san(rules: Rules, pos: Position, text: str, moves: list[Move] | None = None) -> Move:
    """The legal move (or action) of ``pos`` that SAN ``text`` names.

    Check signs and annotations are optional; over-specified SAN (``Ng1f3``, ``Pe4``,
    ``e8Q``) is read as long as one legal move fits. ``moves`` are the candidates (default:
    the position's legal moves and actions). IllegalMoveError if none or several fit."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    if len(text) > MAX_MOVE_TEXT_CHARS:
        raise MoveParseError(
            f"cannot read move {excerpt(text)}: longer than the limit of {MAX_MOVE_TEXT_CHARS} characters"
        )
    _require_rules(rules)
    if moves is None:
        moves = rules.legal_moves(pos) + rules.legal_actions(pos)
    found = find_san(rules, pos, text, moves)
    if found is None:
        raise IllegalMoveError(f"move {excerpt(text)} names no legal move here")
    return found


def find_san(
    rules: Rules, pos: Position, text: str, moves: list[Move], table: dict[Move, str] | None = None
) -> Move | None:
    """Like :func:`parse_san`, but None when no move fits; IllegalMoveError if several do.
    ``table`` is :func:`san_table` of ``moves`` where the caller has it already."""
    wanted = strip_annotations(text)
    if not wanted:
        return None
    if table is None:
        table = san_table(rules, pos, moves)
    declined = wanted.endswith("=") and len(wanted) > 1  # XBoard's Shogi SAN: "Bxh8=" does not promote
    if declined:
        wanted = wanted[:-1]
    found = _exact_or_lenient(rules, pos, wanted, moves, table)
    if found is None:
        found = _older_flip(rules, pos, wanted, table)
    if found is None:
        found = _older_rank_only(wanted, table)
    if found is None:
        renamed = _with_san_letters(rules, wanted)
        if renamed != wanted:
            found = _exact_or_lenient(rules, pos, renamed, moves, table)
    if found is None and not declined and _plus_sign(text):
        found = _xboard_promotion(wanted, moves, table)
    if found is None:
        return _older_drop(rules, wanted, moves, table)
    if found.promotion is None and not declined:
        _refuse_promotion_doubt(rules, pos, text, found, moves, table)
    return found


def _exact_or_lenient(
    rules: Rules, pos: Position, wanted: str, moves: list[Move], table: dict[Move, str]
) -> Move | None:
    for m, san in table.items():
        if san == wanted:
            return m
    return _lenient(rules, pos, wanted, moves, table)


_OLDER_DROP = re.compile(r"@[a-z][0-9]+")


def _older_drop(rules: Rules, wanted: str, moves: list[Move], table: dict[Move, str]) -> Move | None:
    """A drop written without the piece (``@a6``): python-chess's pawn drop, or the one drop
    there (our older records wrote it so only where no other piece could drop there)."""
    if not _OLDER_DROP.fullmatch(wanted):
        return None
    drops = [m for m in moves if m.kind == "drop" and m.destination == wanted[1:]]
    pawns = [m for m in drops if _was_letterless_pawn(rules, str(m.choice))]
    if len(pawns) == 1:
        return pawns[0]
    if len(drops) > 1:
        options = ", ".join(sorted(table[m] for m in drops))
        raise IllegalMoveError(
            f"move {excerpt(wanted)} is ambiguous here: it names no piece, and it could be: {options}"
        )
    return drops[0] if drops else None


_SIGNS = re.compile(r"[+#]+$")


def _plus_sign(text: str) -> bool:
    signs = _SIGNS.search(re.sub(r"[!?]+$", "", text.strip()))
    return signs is not None and signs.group().startswith("+")


def _xboard_promotion(wanted: str, moves: list[Move], table: dict[Move, str]) -> Move | None:
    """XBoard's Shogi promotion (``Lf9+``) where the move without promotion is not legal (a
    Lance onto the last rank): the one promotion written so without its ``=`` part."""
    found = [m for m in moves if m.promotion and re.sub(r"=[^=]*$", "", table[m]) == wanted]
    return found[0] if len(found) == 1 else None


def _refuse_promotion_doubt(
    rules: Rules, pos: Position, text: str, found: Move, moves: list[Move], table: dict[Move, str]
) -> None:
    """IllegalMoveError where a ``+`` after a move that does not promote could be XBoard's Shogi
    promotion mark (``Bxh8+``: promotes) rather than a check sign: the move can promote to one
    form, and the signs are not the ones that move itself would carry."""
    signs = _SIGNS.search(re.sub(r"[!?]+$", "", text.strip()))
    if signs is None or not signs.group().startswith("+"):
        return
    promoting = [m for m in moves if m.o == found.o and m.d == found.d and m.kind == found.kind and m.promotion]
    if len(promoting) != 1:
        return
    own_sign = check_sign(rules, pos, found)
    if signs.group() == own_sign:  # exactly as we and Fairy-Stockfish write the move
        return
    other = promoting[0]
    raise IllegalMoveError(
        f"move {excerpt(text)} could mean two moves here: {table[found] + own_sign} (no promotion, the "
        f"'+' a check sign) or {table[other] + check_sign(rules, pos, other)} (a promotion, the '+' as "
        f"XBoard writes it); write one of them"
    )


def _lenient(rules: Rules, pos: Position, text: str, moves: list[Move], table: dict[Move, str]) -> Move | None:
    """Standard-looking SAN written another way: more disambiguation than needed, no ``x``,
    a ``P`` for pawns, a promotion without ``=`` or in small letters."""
    m = _LENIENT.fullmatch(text)
    if not m:
        return None
    letter, file, rank, dest, promo = (m.group(g) for g in ("letter", "file", "rank", "dest", "promo"))
    fits: list[Move] = []
    for move in moves:
        if move.destination != dest or move.origin == move.destination or move.choice is not None:
            continue
        if not rules.geo.is_board(move.o) or move.kind == "castle":
            continue
        mover = pos.board[move.o]
        if mover is None:
            continue
        if letter is None and not _was_letterless_pawn(rules, mover.kind):
            continue
        if letter is not None and not _letter_fits(rules, letter, mover.kind):
            continue
        o_file, o_rank = _split_square(move.origin)
        if (file and file != o_file) or (rank and rank != o_rank):
            continue
        if (promo is None) != (move.promotion is None):
            continue
        if promo is not None and move.promotion is not None \
                and not _letter_fits(rules, letter_text(promo), move.promotion):
            continue
        if len(move.captures) > 1 or (move.captures and move.destination not in move.captures
                                      and move.kind != "en-passant"):
            continue
        fits.append(move)
    if len(fits) > 1:
        options = ", ".join(sorted(table[f] for f in fits))
        raise IllegalMoveError(f"move {excerpt(text)} is ambiguous here; it could be: {options}")
    return fits[0] if fits else None


def _require_rules(rules: Rules) -> None:
    """TypeError for a caller that passes something else (a variant id, a Game) as the rules."""
    if not isinstance(rules, Rules):
        raise TypeError(f"expected a Rules object, not {type(rules).__name__}")
