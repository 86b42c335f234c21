"""Moves as immutable values, and their text form.

Text grammar (every move prints in this form and ``Game.play`` reads it back)::

    origin [destination] {"x" captured-square} ["=" piece-id] ["/" choice]

* a plain move or capture is origin + destination, as in UCI: ``e2e4``, ``e4d5``;
* squares captured other than the destination follow with ``x``: en passant
  ``e5d6xd5``, a locust capture ``c3e5xd4``, a withdrawal ``e4e5xe3``;
* a move that leaves the mover where it stands omits the destination: a rifle shot
  ``b1xc3``, a switch ``f2/hia-off``;
* a promotion names the new piece: ``e7e8=queen``;
* a choice that tells apart moves with the same squares follows ``/``: a swap
  ``e2g4/swap``, a merge result, a Ferry's new square;
* a drop from the hand is the piece id, ``@`` and the square: ``pawn@e4`` (kind
  ``drop``, origin :data:`HAND`, the piece id as its choice).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import NamedTuple

from .errors import MoveParseError
from .limits import MAX_MOVE_TEXT_CHARS, excerpt

#: The origin of a drop: the mover's hand, which is not a square.
HAND = "hand"


class Move(NamedTuple):
    """A move: a kind tag, squares by name, and the same squares by index.

    ``captures`` lists the squares whose occupants the move removes by capture
    (for an ordinary capture that is the destination); ``o``, ``d`` and ``caps``
    are the same squares as board indices.
    """

    kind: str
    origin: str
    destination: str
    captures: tuple[str, ...] = ()
    promotion: str | None = None
    choice: str | None = None
    o: int = -1
    d: int = -1
    caps: tuple[int, ...] = ()
    #: Kind-specific square indices that the text form implies (a castling rook's
    #: squares, a Ferry's new square); not part of the text.
    extra: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind == "drop":
            return f"{self.choice}@{self.destination}"
        if self.destination == self.origin:
            text = self.origin
        else:
            text = self.origin + self.destination
        for sq in self.captures:
            if sq != self.destination:
                text += "x" + sq
        if self.promotion:
            text += "=" + self.promotion
        if self.choice:
            text += "/" + self.choice
        return text

    @property
    def text(self) -> str:
        return str(self)

    @property
    def is_capture(self) -> bool:
        return bool(self.captures)


#: A board square in move text: ASCII file letter, rank without a leading zero.
_BOARD_SQUARE = r"[a-z][1-9][0-9]?"


#: ``build_move((kind, origin, destination, captures, promotion, choice, o, d, caps, extra))``
#: makes a Move from all ten fields at once. The NamedTuple constructor passes its fields
#: through a Python function first; the move generators make millions of moves in a search,
#: and this way costs less than half as much (same value as ``Move(...)``).
build_move: Callable[[tuple[object, ...]], Move] = partial(tuple.__new__, Move)


class ParsedMove(NamedTuple):
    origin: str
    destination: str | None
    captures: tuple[str, ...]
    promotion: str | None
    choice: str | None


def parse_move_text(text: str, extra_squares: tuple[str, ...] = ()) -> ParsedMove:
    """Split move text into its parts; raises MoveParseError if it is not in the grammar.

    Board squares are a file letter ``a``-``z`` and a rank ``1``-``99``. The capture
    marker ``x`` is never ambiguous with the file ``x``: a capture marker is followed by
    a square, so by a letter, while the square ``x5`` has a digit after its ``x``."""
    if not isinstance(text, str):
        raise TypeError(f"move text must be a str, not {type(text).__name__}")
    raw = text
    text = text.strip()
    if not text:
        raise MoveParseError("empty move text")
    if len(text) > MAX_MOVE_TEXT_CHARS:
        raise MoveParseError(
            f"cannot read move {excerpt(raw)}: longer than the limit of {MAX_MOVE_TEXT_CHARS} characters"
        )
    dropped, at, target = text.partition("@")
    if at:
        if not re.fullmatch(r"[a-z][a-z0-9-]*", dropped) or not re.fullmatch(_BOARD_SQUARE, target):
            raise MoveParseError(
                f"cannot read drop {excerpt(raw)}: expected a piece id, '@' and a board square, such as 'pawn@e4'"
            )
        return ParsedMove(HAND, target, (), None, dropped)
    body, slash, choice = text.partition("/")
    body, _, promotion = body.partition("=")
    names = sorted(extra_squares, key=len, reverse=True)
    square = "(?:" + "|".join([*(re.escape(n) for n in names), _BOARD_SQUARE]) + ")"
    match = re.fullmatch(rf"({square})-?({square})?((?:x{square})*)", body)
    if not match:
        raise MoveParseError(
            f"cannot read move {excerpt(raw)}: expected origin and destination squares such as "
            f"'e2e4', optionally followed by 'x<square>', '=<piece>' or '/<choice>'"
        )
    origin, dest, caps = match.group(1), match.group(2), match.group(3)
    captures = tuple(re.findall("x(" + square + ")", caps)) if caps else ()
    if promotion and not re.fullmatch(r"[a-z][a-z0-9-]*", promotion):
        raise MoveParseError(f"cannot read move {excerpt(raw)}: {excerpt(promotion)} is not a piece id")
    if slash and not choice:
        raise MoveParseError(f"cannot read move {excerpt(raw)}: nothing after '/'")
    return ParsedMove(origin, dest, captures, promotion or None, choice or None)
