"""The extra pieces of the pocket 4x3 variant (the falcon lives with the other birds)."""

from __future__ import annotations

from .parts import pedestal
from .pen import Pen
from .svg import rotate_pts


def alibaba(p: Pen) -> list[str]:
    return [
        *p.rope("M33 40 C22 40 20 52 28 56", 3),
        *p.rope("M67 40 C78 40 80 52 72 56", 3),
        p.body(
            "M37 14 H63 V22 C58 24 57 28 60 33 C73 40 78 52 74 64 C71 74 62 82 50 82 "
            "C38 82 29 74 26 64 C22 52 27 40 40 33 C43 28 42 24 37 22 Z"
        ),
        p.line("M30 50 H70 M30 58 L36 54 L42 58 L48 54 L54 58 L60 54 L66 58 L70 56", 2.5),
        p.solid("M44 14 C44 8 56 8 56 14 Z"),
        *pedestal(p),
    ]


def windmill(p: Pen) -> list[str]:
    cx, cy = 50.0, 36.0
    blades: list[str] = []
    for ang in (45, 135, 225, 315):
        blades.append(p.body(rotate_pts([(0, -2), (30, -2), (30, 2), (0, 2)], ang, cx, cy), w=3.0))
        blades.append(p.body(rotate_pts([(10, 2), (32, 2), (32, 11), (10, 11)], ang, cx, cy), w=3.0))
    return [
        p.body("M36 82 L41 40 H59 L64 82 Z"),
        p.body("M38 42 C38 32 44 28 50 28 C56 28 62 32 62 42 Z"),
        p.body("M46 82 V72 C46 68 54 68 54 72 V82 Z", w=3.0),
        *blades,
        p.disc(cx, cy, 4),
        *pedestal(p),
    ]
