"""The orthodox six, and the pieces the classic variants add (Xiangqi's cannon, the grasshopper).

Xiangqi's other pieces are drawn as the chess piece they move most like; the piece table
maps them onto the drawings here.
"""

from __future__ import annotations

from .parts import horse, medallion, pedestal
from .pen import Pen


def pawn_base(p: Pen, r: float = 14.0, cy: float = 34.0) -> list[str]:
    return [
        p.body("M33 82 C35 68 40 60 43 52 H57 C60 60 65 68 67 82 Z"),
        p.body("M36 54 C36 48 40 47 50 47 C60 47 64 48 64 54 Z"),
        p.disc(50, cy, r),
        *pedestal(p),
    ]


def pawn(p: Pen) -> list[str]:
    return pawn_base(p)


def rook_shape(p: Pen) -> list[str]:
    return [
        p.body("M27 82 L33 71 L35 41 L29 35 V16 H39 V23 H45 V16 H55 V23 H61 V16 H71 V35 L65 41 L67 71 L73 82 Z"),
        p.line("M31 35 H69"),
        p.line("M35 71 H65"),
    ]


def rook(p: Pen) -> list[str]:
    return [*rook_shape(p), *pedestal(p)]


def bishop_shape(p: Pen) -> list[str]:
    return [
        p.body("M38 82 L42 64 H58 L62 82 Z"),
        p.disc(50, 11, 5),
        p.body("M50 15 C62 26 68 38 67 50 C66 60 60 66 50 66 C40 66 34 60 33 50 C32 38 38 26 50 15 Z"),
        p.body("M35 70 C35 64 40 63 50 63 C60 63 65 64 65 70 Z"),
        p.line("M57 29 L47 45", 3.5),
    ]


def bishop(p: Pen) -> list[str]:
    return [*bishop_shape(p), *pedestal(p)]


def crown_shape(p: Pen, centre_ball: bool = True) -> list[str]:
    tips = [(19, 30), (33, 21), (67, 21), (81, 30)]
    if centre_ball:
        tips.insert(2, (50, 15))
    return [
        p.body("M30 76 L19 30 L31 52 L33 21 L43 49 L50 15 L57 49 L67 21 L69 52 L81 30 L70 76 Z"),
        *[p.disc(x, y, 4.5) for x, y in tips],
        p.body("M29 82 C29 74 34 71 50 71 C66 71 71 74 71 82 Z"),
        p.line("M33 64 C44 61 56 61 67 64"),
    ]


def queen(p: Pen) -> list[str]:
    return [*crown_shape(p), *pedestal(p)]


CROSS = "M46 5 H54 V12 H61 V20 H54 V33 H46 V20 H39 V12 H46 Z"


def king(p: Pen) -> list[str]:
    return [
        p.body(CROSS),
        p.body("M29 77 C20 62 20 44 33 40 C41 38 47 42 50 48 C53 42 59 38 67 40 C80 44 80 62 71 77 Z"),
        p.body("M29 82 C29 74 34 71 50 71 C66 71 71 74 71 82 Z"),
        p.line("M50 49 V66"),
        p.line("M30 64 C42 60 58 60 70 64"),
        *pedestal(p),
    ]


def knight(p: Pen) -> list[str]:
    return [*horse(p), *pedestal(p)]


# ---------------------------------------------------------------------------
# Classic variants (Xiangqi in the western style, Shako, Grasshopper chess)
# ---------------------------------------------------------------------------


def cannon(p: Pen) -> list[str]:
    """A field gun: barrel raised to the right on a carriage, one wheel in front."""
    return [
        p.body("M28 82 L36 68 H64 L72 82 Z"),
        p.body("M22 52 L70 28 C75 26 80 28 81 33 C82 37 80 40 76 42 L30 68 C25 70 20 66 19 60 C18 56 19 54 22 52 Z"),
        p.line("M66 31 L72 44", 3.0),
        p.disc(40, 66, 13),
        p.dot(40, 66, 4),
        *pedestal(p),
    ]


def grasshopper(p: Pen) -> list[str]:
    """A medallion showing the grasshopper's move: a hop over a piece, landing just beyond it."""
    parts = medallion(p)
    parts.append(p.dot(48, 52, 6))
    parts.append(p.line("M32 56 C34 30 56 26 62 48", 3.5))
    parts.append(p.line("M55 44 L62 49 L66 41", 3.0))
    return [*parts, *pedestal(p)]
