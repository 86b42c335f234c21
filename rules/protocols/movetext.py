"""Moves in the engine protocols' coordinate text, and back.

UCI and XBoard name a move by its squares and, for a promotion, a lowercase piece letter:
``e2e4``, ``e1g1`` (castling: the king's two squares), ``e5d6`` (en passant), ``e7e8q``; a
piece that turns into its own promoted form (Shogi) is written with ``+`` as Fairy-Stockfish and
XBoard write it (``b5f9+``), the same move without promotion with nothing. We
write that short form whenever it names one legal move of the position. When it does not (a
swap and a plain move between the same squares, a Ferry carried or not, a merge's result, a
locust capture that could take either of two pieces) or a move has no destination of its
own (a rifle shot ``b1xc3``, a switch ``f2/hia-off``), we write the rules' own move text,
which :meth:`rules.Game.play` reads (see :mod:`rules.moves`). A drop from the hand is
written as Fairy-Stockfish writes it, the piece's capital letter, ``@`` and the square
(``P@e4``, for either side). Reading accepts every form, in any letter case, so whatever we
write reads back to the same move.

XBoard (CECP) counts ranks from 0 on a board of exactly ten ranks (Xiangqi's ``h2e2`` is our
``h3e3``), so that every rank stays one digit; :func:`cecp_text` and :func:`text_of_cecp` move
every square of a text between that count and ours. UCI and every other board count from 1.
"""

from __future__ import annotations

import re

from ..errors import IllegalMoveError
from ..game import Game
from ..limits import excerpt
from ..moves import HAND, Move


def promotes_to_promoted_form(game: Game, move: Move) -> bool:
    """Whether ``move`` turns its piece into the piece's own promoted form (Shogi's way), which
    the protocols and Fairy-Stockfish write with ``+`` rather than a piece letter."""
    if not move.promotion or move.origin == HAND:
        return False
    forms = game.rules.variant.promotion.get("promoted_form") or {}
    piece = game.piece_at(move.origin)
    return piece is not None and forms.get(piece.kind) == move.promotion


def _letter_text(game: Game, move: Move) -> str:
    """Squares and the promoted piece's letter in lowercase (``e7e8q``)."""
    promoted = move.promotion or ""
    piece = game.rules.variant.pieces.get(promoted)
    letter = piece.letter if piece is not None and piece.letter else promoted
    return move.origin + move.destination + letter.lower()


def short_text(game: Game, move: Move) -> str | None:
    """The squares-and-letter form of ``move``, or None for a move that leaves no square."""
    if move.destination == move.origin:
        return None
    if move.origin == HAND and move.choice:
        dropped = game.rules.variant.pieces.get(move.choice)
        return (dropped.letter if dropped is not None else move.choice).upper() + "@" + move.destination
    if not move.promotion:
        return move.origin + move.destination
    if promotes_to_promoted_form(game, move):
        return move.origin + move.destination + "+"
    return _letter_text(game, move)


def _candidates(game: Game) -> list[Move]:
    return game.legal_moves() + game.legal_actions()


def _short_forms(game: Game, moves: list[Move]) -> dict[str, list[Move]]:
    forms: dict[str, list[Move]] = {}
    for move in moves:
        form = short_text(game, move)
        if form is not None:
            forms.setdefault(form.lower(), []).append(move)
    return forms


def protocol_text(game: Game, move: Move) -> str:
    """The text a protocol sends for ``move``, a legal move or action of ``game``'s position."""
    form = short_text(game, move)
    if form is not None and len(_short_forms(game, _candidates(game)).get(form.lower(), ())) == 1:
        return form
    return str(move)


def protocol_texts(game: Game, moves: list[Move]) -> list[str]:
    """The texts of a line of moves from ``game``'s position (``game`` itself is left as it was)."""
    line = game.copy()
    texts: list[str] = []
    for move in moves:
        texts.append(protocol_text(line, move))
        line.play(move)
    return texts


def parse_protocol_move(game: Game, text: str) -> Move:
    """The legal move or action of ``game`` that protocol text names (short form or the rules'
    own text); IllegalMoveError (or MoveParseError) names the text otherwise.

    A text is never read as a move it does not write: ``g6g7+`` is the promotion or refused,
    ``g6g7`` (or ``g6g7=``) the move without one or refused, and the refusal names the moves
    there are between those squares. A text two moves share is refused with both named."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    token = text.strip()
    candidates = _candidates(game)
    for move in candidates:
        if str(move) == token:
            return move
    if "," in token:
        return _move_of_legs(game, candidates, token)
    forms = _short_forms(game, candidates)
    wanted = token.lower()
    if wanted.endswith("=") and not wanted.endswith("=="):
        wanted = wanted[:-1]  # "does not promote", as XBoard's Shogi writes it
    found = forms.get(wanted, [])
    if not found:
        found = _letter_forms(game, candidates, forms).get(wanted, [])
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        choices = ", ".join(sorted(str(m) for m in found))
        raise IllegalMoveError(f"move {excerpt(token)} is ambiguous here; it could be: {choices}")
    squares = _SQUARE_PAIR.fullmatch(wanted)
    if squares is not None:
        between = [m for m in candidates if (m.origin, m.destination) == squares.groups()]
        if between:
            written = ", ".join(sorted(short_text(game, m) or str(m) for m in between))
            raise IllegalMoveError(f"move {excerpt(token)} is not legal here; between those squares "
                                   f"the legal moves are: {written}")
    return game.parse_move(token)


def _letter_forms(game: Game, moves: list[Move], written: dict[str, list[Move]]) -> dict[str, list[Move]]:
    """Shogi promotions with the promoted piece's letter (``b5f9h``, as we once wrote them),
    read where no written form is the same text."""
    forms: dict[str, list[Move]] = {}
    for move in moves:
        if promotes_to_promoted_form(game, move):
            form = _letter_text(game, move).lower()
            if form not in written:
                forms.setdefault(form, []).append(move)
    return forms


#: Moves that take a piece off their destination, which XBoard relays as two legs.
LEG_KINDS = frozenset({"rifle", "locust", "withdrawal"})
#: A move in two legs, as XBoard writes one: the first leg ends on the taken piece's square.
_LEGS = re.compile(r"([a-z][0-9]+)([a-z][0-9]+),([a-z][0-9]+)([a-z][0-9]+)")


def legs_text(move: Move) -> str | None:
    """XBoard's two-leg text for a move that takes one piece off its destination: the first leg
    goes to the taken piece, the second to where the mover ends (a rifle shot ``b1xc3`` is
    ``b1c3,c3b1``, a locust capture ``c3e5xd4`` is ``c3d4,d4e5``); None for any other move."""
    taken = [square for square in move.captures if square != move.destination]
    if move.kind not in LEG_KINDS or len(taken) != 1 or move.choice or move.promotion:
        return None
    return f"{move.origin}{taken[0]},{taken[0]}{move.destination}"


def _move_of_legs(game: Game, candidates: list[Move], token: str) -> Move:
    legs = _LEGS.fullmatch(token.lower())
    if legs is None or legs.group(2) != legs.group(3):
        raise IllegalMoveError(f"move {excerpt(token)} is no move in two legs (as b1c3,c3b1: the first leg "
                               "ends where the second begins)")
    found = [m for m in candidates if legs_text(m) == token.lower()]
    if len(found) != 1:
        raise IllegalMoveError(f"move {excerpt(token)} is not legal here: no move from {legs.group(1)} "
                               f"takes the piece on {legs.group(2)} and ends on {legs.group(4)}")
    return found[0]


def play_protocol_move(game: Game, text: str) -> Move:
    """Play the move that protocol text names on ``game``; returns the move played."""
    return game.play(parse_protocol_move(game, text))


#: A square in move text: one file letter and the rank's digits (piece letters never hold digits).
_SQUARE = re.compile(r"([a-zA-Z])([0-9]+)")
#: Two squares and an optional "promotes" sign: the text of a move between those squares.
_SQUARE_PAIR = re.compile(r"([a-z][0-9]+)([a-z][0-9]+)\+?")
#: The one board height on which XBoard numbers ranks from 0.
CECP_ZERO_RANK_HEIGHT = 10
#: Longer texts are no move; they are refused as they came (and not rewritten digit by digit).
MOST_CECP_CHARS = 80


def cecp_counts_from_zero(game: Game) -> bool:
    """Whether XBoard writes this board's ranks from 0 (exactly ten ranks)."""
    return game.rules.variant.ranks == CECP_ZERO_RANK_HEIGHT


def _shift_ranks(text: str, by: int) -> str:
    return _SQUARE.sub(lambda m: m.group(1) + str(int(m.group(2)) + by), text)


def cecp_text(game: Game, text: str) -> str:
    """Our move text as XBoard writes it for ``game``'s board."""
    return _shift_ranks(text, -1) if cecp_counts_from_zero(game) else text


def text_of_cecp(game: Game, text: str) -> str:
    """XBoard's move text for ``game``'s board as we write it."""
    if not cecp_counts_from_zero(game) or len(text) > MOST_CECP_CHARS:
        return text
    return _shift_ranks(text, +1)
