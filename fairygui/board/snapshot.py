"""The plain data a board picture is drawn from: no rules objects, no Qt objects.

The controller fills a :class:`Snapshot` from the rules package's answers; the
painter, the headless renderer and every overlay layer read only this.
"""

from __future__ import annotations

from dataclasses import dataclass, field

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Glyph:
    """One piece as the board shows it."""

    color: str  # "white" or "black"
    kind: str  # piece id, e.g. "displacer-squirrel"
    letter: str  # the variant's letter, for the fallback disc and the move list
    name: str  # the variant's display name, for tooltips and choosers
    flags: frozenset[str] = frozenset()
    #: The letters of a compound's parts (Blender), sorted: ("B", "R") for a Queen.
    parts: tuple[str, ...] = ()


@dataclass(frozen=True)
class BoardShape:
    files: int
    ranks: int
    extras: tuple[str, ...] = ()
    #: Ranks with water between them and the next rank up (Flight and Ferry).
    water_after: tuple[int, ...] = ()

    def board_squares(self) -> list[str]:
        return [f"{FILE_LETTERS[f]}{r + 1}" for r in range(self.ranks) for f in range(self.files)]

    def all_squares(self) -> list[str]:
        return [*self.board_squares(), *self.extras]


@dataclass
class Snapshot:
    """Everything needed to draw one position."""

    shape: BoardShape
    pieces: dict[str, Glyph] = field(default_factory=dict)
    to_move: str = "white"
    #: The last move's origin and destination (equal for a shot or a switch) and what it removed.
    last_move: tuple[str, str] | None = None
    last_captures: tuple[str, ...] = ()
    #: Royal pieces that stand attacked now.
    checks: tuple[str, ...] = ()
    #: Artwork drawn under a square's piece, by square (a Ferry): square -> artwork name.
    decorations: dict[str, str] = field(default_factory=dict)
    #: Pieces royal only because each is its side's last royal piece (Friendly's last Friend).
    lone_royals: tuple[str, ...] = ()
    #: The announced result ("White wins: checkmate"), or None while the game goes on.
    result: str | None = None
