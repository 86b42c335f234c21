"""Parts shared by many pieces: the pedestal, the stem and medallion, the horse, and rider echoes."""

from __future__ import annotations

from collections.abc import Callable

from .pen import Palette, Pen
from .svg import group, num, scale_about

PEDESTAL = "M20 90 C20 83 26 80 34 80 H66 C74 80 80 83 80 90 Z"


def pedestal(p: Pen) -> list[str]:
    return [p.body(PEDESTAL)]


def stem(p: Pen, top: float = 66.0, half: float = 7.0) -> str:
    return p.body(f"M{num(50 - half - 4)} 82 L{num(50 - half)} {num(top)} H{num(50 + half)} L{num(50 + half + 4)} 82 Z")


HORSE = (
    "M28 82 C28 70 34 63 42 59 C36 60 30 61 25 59 C18 57 15 50 19 45 "
    "L35 25 C38 21 43 17 48 15 L51 5 L58 15 C70 19 79 34 79 52 "
    "C79 64 74 72 74 82 Z"
)


def horse(p: Pen, mane: bool = True) -> list[str]:
    parts = [p.body(HORSE), p.dot(40, 30, 3.2), p.dot(23, 50, 2)]
    if mane:
        parts.append(p.line("M60 21 C69 27 73 38 73 52 C73 62 70 70 69 78"))
    parts.append(p.line("M42 59 C46 54 47 48 45 43", 2.5))
    return parts


HS = 0.8  # scale of the horse when it wears a hat


def small_horse(p: Pen, extra: Callable[[Pen], list[str]] | None = None) -> str:
    q = p.scaled(HS)
    parts = horse(q)
    if extra is not None:
        parts += extra(q)
    return group(parts, scale_about(HS, 56, 82))


def echo(p: Pen, draw: Callable[[Pen], list[str]], dx: float, dy: float) -> str:
    """A shaded copy of ``draw`` offset behind a rider."""
    shade_pen = Pen(
        Palette(p.pal.name, p.pal.shade, p.pal.line, p.pal.detail, p.pal.shade),
        p.k,
    )
    return group(draw(shade_pen), f"translate({num(dx)} {num(dy)})")


def rider(
    p: Pen,
    draw: Callable[[Pen], list[str]],
    s: float = 0.86,
    dx: float = 9.0,
    dy: float | None = None,
) -> list[str]:
    """Parent silhouette doubled: a shaded echo up-right, then the piece."""
    q = p.scaled(s)
    up = dx if dy is None else dy
    back = group([echo(q, draw, dx / s, -up / s)], scale_about(s, 44, 84))
    front = group(draw(q), scale_about(s, 44, 84))
    return [back, front, *pedestal(p)]


# The leapers' emblem disc on a stem; the grasshopper shows its move on one too.
def medallion(p: Pen) -> list[str]:
    return [stem(p, 64), p.disc(50, 42, 25)]
