"""Generate the chess-piece artwork in ``resources/pieces/``.

Every drawing is hand-written SVG path data in a 100 x 100 view box. The
output is deterministic, so the generated files can be committed and
regenerated at will::

    python scripts/draw_pieces.py                 # write resources/pieces/*.svg
    python scripts/draw_pieces.py --sheet docs/img/pieces-sheet.png
    python scripts/draw_pieces.py --sheet big.png --size 120

Writing the SVGs needs only the standard library; ``--sheet`` renders a
contact sheet with PySide6 (``QT_QPA_PLATFORM=offscreen`` is set for you).

Style: bold outlined silhouette standing on a shared round pedestal,
outline stroke 4 units. White pieces are cream with a near-black outline
and dark details; Black pieces are charcoal with light inner details.
Fairy pieces are a silhouette plus an emblem; riders carry a shaded
"echo" copy of their parent behind them.
"""

from __future__ import annotations

import argparse
import math
import os
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "resources" / "pieces"

GOLD = "#e2ad1d"
COPPER = "#c4642c"


@dataclass(frozen=True)
class Palette:
    """Colours of one side."""

    name: str
    fill: str  # main body
    line: str  # outline
    detail: str  # inner lines, dots and emblems
    shade: str  # echo copies behind riders, secondary surfaces


WHITE = Palette("white", "#f7f3ea", "#1d1d1d", "#1d1d1d", "#cfc6b2")
BLACK = Palette("black", "#2b2b2b", "#111111", "#ece6d6", "#6b6b6b")


def num(v: float) -> str:
    """Format a coordinate compactly and deterministically."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class Pen:
    """Emits SVG elements in the house style for one palette.

    ``k`` compensates stroke widths inside a scaled group so that the
    line weight stays the same on screen.
    """

    def __init__(self, pal: Palette, k: float = 1.0) -> None:
        self.pal = pal
        self.k = k

    def scaled(self, s: float) -> Pen:
        return Pen(self.pal, self.k / s)

    def _w(self, w: float) -> str:
        return num(w * self.k)

    def body(self, d: str, fill: str | None = None, w: float = 4.0) -> str:
        return f'<path d="{d}" fill="{fill or self.pal.fill}" stroke="{self.pal.line}" stroke-width="{self._w(w)}"/>'

    def shade(self, d: str) -> str:
        return self.body(d, self.pal.shade)

    def accent(self, d: str, colour: str) -> str:
        return self.body(d, colour, 3.0)

    def line(self, d: str, w: float = 3.0) -> str:
        return f'<path d="{d}" fill="none" stroke="{self.pal.detail}" stroke-width="{self._w(w)}"/>'

    def ink(self, d: str, w: float = 3.0) -> str:
        """An unfilled line in the outline colour (strings, legs)."""
        return f'<path d="{d}" fill="none" stroke="{self.pal.line}" stroke-width="{self._w(w)}"/>'

    def solid(self, d: str, colour: str | None = None) -> str:
        """A filled emblem shape without outline (detail colour by default)."""
        return f'<path d="{d}" fill="{colour or self.pal.detail}"/>'

    def dot(self, cx: float, cy: float, r: float) -> str:
        return f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" fill="{self.pal.detail}"/>'

    def disc(self, cx: float, cy: float, r: float, fill: str | None = None) -> str:
        return (
            f'<circle cx="{num(cx)}" cy="{num(cy)}" r="{num(r)}" '
            f'fill="{fill or self.pal.fill}" stroke="{self.pal.line}" '
            f'stroke-width="{self._w(4)}"/>'
        )

    def rope(self, d: str, w: float, fill: str | None = None) -> list[str]:
        """An outlined stroke: a band of width ``w`` with an outline."""
        outer = raw(d, "none", self.pal.line, self._w(w + 4))
        inner = raw(d, "none", fill or self.pal.fill, self._w(w))
        return [outer, inner]


def raw(d: str, fill: str, stroke: str, width: str) -> str:
    """A path with explicit colours."""
    return f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'


def group(parts: Iterable[str], transform: str) -> str:
    return f'<g transform="{transform}">' + "".join(parts) + "</g>"


def scale_about(s: float, cx: float = 50.0, by: float = 90.0) -> str:
    """Transform scaling by ``s`` about the point (cx, by)."""
    return f"translate({num(cx - s * cx)} {num(by - s * by)}) scale({num(s)})"


def mirror(d: str) -> str:
    """Mirror absolute path data about x = 50 (only M L H V C Q Z A)."""
    out: list[str] = []
    tokens = re.findall(r"[A-Za-z]|-?\d*\.?\d+", d)
    cmd = ""
    idx = 0  # index of the coordinate within the current command
    for tok in tokens:
        if tok[0].isalpha():
            cmd = tok
            idx = 0
            out.append(tok)
            continue
        v = float(tok)
        if cmd == "H":
            v = 100 - v
        elif cmd == "A":
            # rx ry rot large sweep x y
            pos = idx % 7
            if pos == 4:
                v = 1 - v
            elif pos == 5:
                v = 100 - v
        elif cmd != "V" and idx % 2 == 0:
            v = 100 - v
        idx += 1
        out.append(num(v))
    return " ".join(out)


# ---------------------------------------------------------------------------
# Shared parts
# ---------------------------------------------------------------------------

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


def star_points(cx: float, cy: float, r1: float, r2: float, n: int, rot: float = -90.0) -> str:
    pts: list[str] = []
    for i in range(2 * n):
        r = r1 if i % 2 == 0 else r2
        a = math.radians(rot + i * 180.0 / n)
        pts.append(f"{num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}")
    return "M" + " L".join(pts) + " Z"


def rotate_pts(pts: list[tuple[float, float]], deg: float, cx: float, cy: float) -> str:
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    out = []
    for x, y in pts:
        out.append(f"{num(cx + x * c - y * s)} {num(cy + x * s + y * c)}")
    return "M" + " L".join(out) + " Z"


# ---------------------------------------------------------------------------
# Standard chess
# ---------------------------------------------------------------------------


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
# Horse compounds
# ---------------------------------------------------------------------------


def hat_tower(p: Pen) -> list[str]:
    return [
        p.body("M36 27 L39 16 V5 H45 V10 H49 V5 H55 V10 H59 V5 H65 V16 L68 27 Z"),
        p.line("M39 16 H65"),
    ]


def hat_mitre(p: Pen) -> list[str]:
    return [
        p.body("M38 28 C36 18 43 11 52 5 C61 11 68 18 66 28 Z"),
        p.line("M56 13 L50 22"),
    ]


def hat_crown(p: Pen) -> list[str]:
    return [
        p.body("M38 28 L33 13 L43 20 L52 9 L61 20 L71 13 L66 28 Z"),
        p.disc(33, 12, 3.5),
        p.disc(52, 8, 3.5),
        p.disc(71, 12, 3.5),
    ]


def hat_cross(p: Pen) -> list[str]:
    return [p.body("M48 5 H56 V11 H63 V18 H56 V28 H48 V18 H41 V11 H48 Z")]


def hat_tiara(p: Pen) -> list[str]:
    return [
        *p.rope("M62 22 C70 16 78 20 88 12", 3),
        *p.rope("M64 27 C72 26 80 32 90 28", 3),
        p.body("M37 28 C38 20 45 15 52 15 C59 15 66 20 67 28 Z"),
        p.body(star_points(52, 11, 7, 3, 5), w=3.0),
    ]


def hat_siege(p: Pen) -> list[str]:
    """The Dabbaba's siege engine as a cap: ram forward, wheels at the brim."""
    return [
        p.body("M20 17 L27 11 H46 V23 H27 Z", w=3.0),
        p.body("M37 28 L44 6 H62 L69 28 Z"),
        p.line("M50 10 V25 M56 10 V25", 2.5),
        p.disc(41, 28, 4.5),
        p.disc(65, 28, 4.5),
    ]


def horse_hat(hat: Callable[[Pen], list[str]]) -> Callable[[Pen], list[str]]:
    def draw(p: Pen) -> list[str]:
        return [small_horse(p), *hat(p), *pedestal(p)]

    return draw


chancellor = horse_hat(hat_tower)
archbishop = horse_hat(hat_mitre)
amazon = horse_hat(hat_crown)
centaur = horse_hat(hat_cross)
centauride = horse_hat(hat_tiara)
carpenter = horse_hat(hat_siege)


def nightrider(p: Pen) -> list[str]:
    return rider(p, horse)


def unicorn(p: Pen) -> list[str]:
    return [
        *horse(p),
        p.body("M36 25 L20 4 L44 19 Z", w=3.5),
        p.line("M29 12 L36 17 M25 8 L31 12", 2.5),
        *pedestal(p),
    ]


def zebra_shape(p: Pen) -> list[str]:
    return [
        p.body(HORSE),
        p.solid("M78 40 C70 40 64 44 60 50 C66 48 72 46 78 46 Z"),
        p.solid("M79 55 C70 55 63 59 58 66 C65 63 72 61 79 61 Z"),
        p.solid("M76 69 C69 69 63 72 59 78 C64 76 70 75 75 75 Z"),
        p.solid("M66 25 C60 27 56 32 54 38 C59 34 64 31 70 30 Z"),
        p.solid("M48 22 C45 26 45 30 47 34 C49 30 51 27 55 25 Z"),
        p.solid("M30 34 C32 37 32 41 30 44 C34 42 36 40 37 37 Z"),
        p.dot(40, 30, 3.2),
        p.dot(23, 50, 2),
    ]


def zebra(p: Pen) -> list[str]:
    return [*zebra_shape(p), *pedestal(p)]


def zebrarider(p: Pen) -> list[str]:
    return rider(p, zebra_shape)


# ---------------------------------------------------------------------------
# Leaper emblems and their riders
# ---------------------------------------------------------------------------


def medallion(p: Pen) -> list[str]:
    return [stem(p, 64), p.disc(50, 42, 25)]


def ferz(p: Pen) -> list[str]:
    parts = medallion(p)
    parts.append(p.line("M38 30 L62 54 M62 30 L38 54", 3.5))
    parts += [p.dot(50 + dx, 42 + dy, 5) for dx, dy in ((-13, -13), (13, -13), (-13, 13), (13, 13))]
    return [*parts, *pedestal(p)]


def wazir(p: Pen) -> list[str]:
    parts = medallion(p)
    parts.append(p.line("M50 24 V60 M32 42 H68", 3.5))
    parts += [p.dot(50 + dx, 42 + dy, 5) for dx, dy in ((0, -16), (0, 16), (-16, 0), (16, 0))]
    return [*parts, *pedestal(p)]


def man(p: Pen) -> list[str]:
    return [
        p.body("M24 82 C24 62 34 54 50 54 C66 54 76 62 76 82 Z"),
        p.disc(50, 34, 15),
        p.line("M40 64 L50 74 L60 64", 3.5),
        *pedestal(p),
    ]


def alfil_shape(p: Pen) -> list[str]:
    return [
        p.body("M38 26 C26 16 10 22 11 40 C12 56 24 62 36 54 Z"),
        p.body("M62 26 C74 16 90 22 89 40 C88 56 76 62 64 54 Z"),
        p.body("M33 36 C31 22 39 13 50 13 C61 13 69 22 67 36 C66 44 61 50 57 54 V82 H43 V54 C39 50 34 44 33 36 Z"),
        p.body("M43 58 C35 60 30 66 30 74 C34 69 39 66 43 66 Z", w=3.0),
        p.body("M57 58 C65 60 70 66 70 74 C66 69 61 66 57 66 Z", w=3.0),
        p.dot(42, 33, 3),
        p.dot(58, 33, 3),
        p.line("M45 64 H55 M45 72 H55", 2.5),
    ]


def alfil(p: Pen) -> list[str]:
    return [*alfil_shape(p), *pedestal(p)]


def dabbaba_shape(p: Pen) -> list[str]:
    return [
        p.body("M8 50 L18 43 H74 V57 H18 Z"),
        p.body("M24 66 L36 30 H64 L76 66 Z"),
        p.line("M44 34 V62 M56 34 V62", 2.5),
        p.body("M20 64 H80 V73 H20 Z"),
        p.disc(34, 76, 8),
        p.disc(66, 76, 8),
        p.dot(34, 76, 2.5),
        p.dot(66, 76, 2.5),
    ]


def dabbaba(p: Pen) -> list[str]:
    return [*pedestal(p), *dabbaba_shape(p)]


def alfilrider(p: Pen) -> list[str]:
    return rider(p, alfil_shape, 0.78, 10)


def dabbabarider(p: Pen) -> list[str]:
    def shape(q: Pen) -> list[str]:
        return dabbaba_shape(q)

    return rider(p, shape, 0.72, 12, 14)


# ---------------------------------------------------------------------------
# Winged compounds
# ---------------------------------------------------------------------------

WING_L = "M36 52 C26 38 15 33 5 35 C9 41 9 47 7 53 C13 51 17 54 18 60 C23 56 29 56 34 61 Z"


def wings(p: Pen) -> list[str]:
    rib = "M34 53 C26 47 17 44 7 42 M34 56 C27 53 22 53 15 56"
    return [
        p.body(WING_L),
        p.body(mirror(WING_L)),
        p.line(rib, 2.2),
        p.line(mirror(rib), 2.2),
    ]


def dragon_horse(p: Pen) -> list[str]:
    return [*wings(p), *bishop_shape(p), *pedestal(p)]


def dragon_king(p: Pen) -> list[str]:
    return [*wings(p), *rook_shape(p), *pedestal(p)]


def queenfiler(p: Pen) -> list[str]:
    return [
        *crown_shape(p, centre_ball=False),
        p.body("M50 5 L58 17 H42 Z", w=3.0),
        p.line("M50 40 V76 M44 70 L50 76 L56 70", 3.5),
        *pedestal(p),
    ]


# ---------------------------------------------------------------------------
# Creatures
# ---------------------------------------------------------------------------


def camel_shape(p: Pen) -> list[str]:
    return [
        p.body(
            "M30 82 C31 68 30 56 27 46 C25 40 24 36 24 33 C18 33 12 32 10 28 "
            "C8 24 10 20 14 19 C20 16 26 14 32 15 L35 9 L38 16 "
            "C42 19 42 26 40 34 C41 44 44 50 49 50 C52 30 70 20 76 38 "
            "C80 50 80 66 78 82 Z"
        ),
        p.dot(30, 21, 2.8),
        p.line("M10 25 H15", 2.5),
        p.line("M53 46 C58 36 66 32 72 36", 2.5),
    ]


def camel(p: Pen) -> list[str]:
    return [*camel_shape(p), *pedestal(p)]


def giraffe_shape(p: Pen) -> list[str]:
    return [
        p.body("M35 18 L33 8 M45 16 L45 7", 4.0),
        p.disc(33, 8, 3),
        p.disc(45, 7, 3),
        p.body(
            "M34 82 C36 66 37 50 38 38 C34 36 28 38 22 38 C16 38 14 31 18 27 "
            "C24 20 32 15 40 15 C47 15 52 20 52 27 C55 42 62 58 72 68 "
            "C76 72 77 77 77 82 Z"
        ),
        p.body("M51 23 C56 20 60 20 64 21 C61 25 57 28 52 29 Z", w=3.0),
        p.dot(38, 24, 2.8),
        p.solid("M42 42 C46 40 49 44 47 48 C44 50 40 47 42 42 Z"),
        p.solid("M45 56 C50 53 55 57 52 62 C48 64 43 61 45 56 Z"),
        p.solid("M56 66 C61 64 65 68 62 72 C58 74 54 71 56 66 Z"),
        p.solid("M40 62 C43 61 45 64 43 67 C40 68 38 65 40 62 Z"),
        p.solid("M42 74 C46 72 49 76 46 79 C43 80 40 77 42 74 Z"),
        p.solid("M64 76 C67 75 70 78 67 80 C65 81 62 79 64 76 Z"),
    ]


def giraffe(p: Pen) -> list[str]:
    return [*giraffe_shape(p), *pedestal(p)]


CS = 0.86  # scale of the camel when it wears a hat


def canvasser(p: Pen) -> list[str]:
    """Rook + Camel: the camel wearing the rook's tower, as the horse does."""
    hs = 0.85  # the tower sits on the back of the head, clear of the eye
    return [
        group(camel_shape(p.scaled(CS)), scale_about(CS, 64, 82)),
        group(hat_tower(p.scaled(hs)), f"translate({num(40 - hs * 52)} {num(26 - hs * 27)}) scale({num(hs)})"),
        *pedestal(p),
    ]


def camelrider(p: Pen) -> list[str]:
    return rider(p, camel_shape, 0.82, 13, 8)


def giraffe_rider(p: Pen) -> list[str]:
    return rider(p, giraffe_shape, 0.84, 12, 7)


def gnu(p: Pen) -> list[str]:
    horn = "M42 30 C32 32 22 30 18 22 C16 16 18 10 22 8 C22 16 28 22 42 24 Z"
    ear = "M41 37 C34 38 28 37 24 34 C30 31 36 31 42 32 Z"
    return [
        p.body("M30 82 C32 66 38 56 44 50 H56 C62 56 68 66 70 82 Z"),
        p.body(horn),
        p.body(mirror(horn)),
        p.body(ear, w=3.0),
        p.body(mirror(ear), w=3.0),
        p.body("M41 28 C39 42 40 56 42 64 C44 70 56 70 58 64 C60 56 61 42 59 28 C56 22 44 22 41 28 Z"),
        p.body("M43 67 L41 75 L46 72 L50 80 L54 72 L59 75 L57 67 Z", w=3.0),
        p.dot(45, 38, 2.8),
        p.dot(55, 38, 2.8),
        p.dot(46, 60, 2),
        p.dot(54, 60, 2),
        *pedestal(p),
    ]


def buffalo(p: Pen) -> list[str]:
    horn = "M42 28 C30 26 22 32 18 38 C15 42 11 36 9 26 C6 38 10 50 22 50 C30 50 34 42 40 41 Z"
    return [
        p.body("M28 82 C30 66 38 58 44 54 H56 C62 58 70 66 72 82 Z"),
        p.body(horn),
        p.body(mirror(horn)),
        p.body("M36 32 C34 46 38 58 42 66 C45 72 55 72 58 66 C62 58 66 46 64 32 C58 26 42 26 36 32 Z"),
        p.body("M34 34 C38 22 62 22 66 34 C58 30 42 30 34 34 Z", w=3.0),
        p.dot(43, 44, 3),
        p.dot(57, 44, 3),
        p.line("M44 64 C48 68 52 68 56 64", 2.5),
        p.dot(45, 60, 2),
        p.dot(55, 60, 2),
        *pedestal(p),
    ]


def impala(p: Pen) -> list[str]:
    return [
        *p.rope("M46 24 C40 17 40 12 46 7", 3.5),
        *p.rope("M53 24 C50 17 53 11 60 7", 3.5),
        p.body(
            "M36 82 C36 70 40 60 42 52 C38 52 30 53 24 51 C18 49 14 45 16 41 "
            "C22 35 30 29 38 25 C42 23 47 22 50 22 C56 22 61 28 61 36 "
            "C63 50 67 64 71 82 Z"
        ),
        p.body("M57 29 C64 23 71 22 77 24 C73 29 66 33 59 35 Z", w=3.0),
        p.dot(40, 33, 2.8),
        p.dot(19, 43, 1.8),
        p.line("M45 52 C52 56 58 62 61 70", 2.5),
        *pedestal(p),
    ]


def squirrel_shape(p: Pen) -> list[str]:
    return [
        p.body("M55 82 C76 82 90 68 84 50 C80 40 88 28 82 18 C76 8 60 8 58 20 C57 28 64 32 66 42 C68 54 60 66 52 72 Z"),
        p.line("M74 22 C70 26 72 34 76 40 M78 54 C76 62 70 70 62 74", 2.5),
        p.body(
            "M30 82 C26 72 28 58 36 50 C30 48 24 43 25 36 C26 28 33 22 40 23 "
            "L42 14 L47 24 C51 30 51 38 47 44 C56 50 62 64 58 82 Z"
        ),
        p.dot(37, 32, 2.8),
        p.dot(25, 38, 2),
        p.line("M36 58 C40 60 44 60 46 58", 2.5),
    ]


def squirrel(p: Pen) -> list[str]:
    return [*squirrel_shape(p), *pedestal(p)]


def displacer_squirrel(p: Pen) -> list[str]:
    s = 0.84
    q = p.scaled(s)
    arrows = "M8 18 H30 M24 12 L30 18 L24 24 M30 32 H8 M14 26 L8 32 L14 38"
    return [
        group(squirrel_shape(q), scale_about(s, 80, 84)),
        *p.rope(arrows, 2.5),
        *pedestal(p),
    ]


def gerbil(p: Pen) -> list[str]:
    return [
        *p.rope("M72 68 C86 66 90 52 84 38 C80 30 84 22 90 20", 2.5),
        p.body(
            "M26 82 C22 72 24 62 30 56 C24 56 14 52 12 48 C16 40 24 36 32 36 "
            "C40 36 46 42 48 46 C60 44 74 52 76 66 C78 74 74 80 68 82 Z"
        ),
        p.disc(36, 32, 7),
        p.dot(36, 32, 3),
        p.dot(26, 44, 2.6),
        p.dot(13, 48, 2),
        p.line("M42 70 C46 76 52 78 56 78", 2.5),
        *pedestal(p),
    ]


def raven(p: Pen) -> list[str]:
    return [
        p.ink("M48 70 L46 82 M58 70 L58 82", 4),
        p.body(
            "M12 32 L28 22 C32 14 44 12 50 20 C56 28 58 36 64 44 "
            "C72 54 80 64 88 72 L78 76 C70 72 62 72 54 72 "
            "C42 72 32 62 32 50 C32 44 34 40 32 37 Z"
        ),
        p.line("M40 48 C48 46 58 52 66 62 C70 66 74 70 78 72", 2.5),
        p.line("M14 32 L32 33", 2),
        p.dot(36, 25, 3),
        *pedestal(p),
    ]


def falcon(p: Pen) -> list[str]:
    return [
        p.body(
            "M28 82 C26 68 30 58 34 52 C30 50 27 48 26 45 L21 47 "
            "C18 43 18 37 22 34 C27 22 40 14 52 16 C64 19 70 32 68 46 "
            "C74 56 79 68 78 82 Z"
        ),
        p.solid(
            "M27 29 C32 21 42 17 52 18 C62 20 67 30 66 38 C58 34 50 34 45 38 "
            "C43 44 41 48 37 51 C35 45 35 40 33 35 C31 32 29 30 27 29 Z",
            p.pal.detail if p.pal is WHITE else p.pal.shade,
        ),
        p.disc(39, 30, 4.5),
        p.dot(39, 30, 2),
        p.line("M50 54 C58 52 66 58 70 68 M52 64 C58 64 64 70 66 78", 2.5),
        *pedestal(p),
    ]


def griffon(p: Pen) -> list[str]:
    return [
        p.body(
            "M54 72 C58 50 66 28 88 10 C90 22 88 32 84 38 C89 42 86 50 80 53 C84 58 80 64 73 66 C74 70 70 74 64 74 Z"
        ),
        p.line("M66 52 C72 46 78 40 84 38 M68 62 C72 58 76 55 80 53", 2.5),
        p.body(
            "M26 82 C24 68 28 58 32 52 C27 50 23 48 21 45 L16 48 "
            "C11 42 13 32 22 28 C26 20 32 16 38 15 L42 5 L47 15 "
            "C57 17 64 28 63 40 C68 54 70 68 68 82 Z"
        ),
        p.dot(36, 29, 3),
        p.line("M34 56 L38 62 L42 56 L46 62 L50 56", 2.5),
        *pedestal(p),
    ]


def manticore(p: Pen) -> list[str]:
    bumps = 14
    cx, cy, r1, r2 = 44.0, 48.0, 28.0, 23.0
    segs: list[str] = []
    for i in range(bumps):
        a0 = math.radians(-90 + i * 360 / bumps)
        a1 = math.radians(-90 + (i + 0.5) * 360 / bumps)
        a2 = math.radians(-90 + (i + 1) * 360 / bumps)
        p0 = (cx + r2 * math.cos(a0), cy + r2 * math.sin(a0))
        c1 = (cx + r1 * 1.05 * math.cos(a1), cy + r1 * 1.05 * math.sin(a1))
        p2 = (cx + r2 * math.cos(a2), cy + r2 * math.sin(a2))
        if i == 0:
            segs.append(f"M{num(p0[0])} {num(p0[1])}")
        segs.append(f"Q{num(c1[0])} {num(c1[1])} {num(p2[0])} {num(p2[1])}")
    mane = " ".join(segs) + " Z"
    return [
        *p.rope("M62 74 C84 72 92 44 86 26 C82 16 74 12 66 12", 5),
        p.body("M68 5 C58 4 50 9 50 17 C54 14 58 16 60 21 C66 19 71 11 68 5 Z", w=3),
        p.body("M30 82 C30 72 36 66 44 66 C52 66 58 72 58 82 Z"),
        p.body(mane),
        p.disc(44, 50, 14),
        p.dot(39, 46, 2.6),
        p.dot(49, 46, 2.6),
        p.solid("M40 53 H48 L44 58 Z"),
        p.line("M44 58 V61 M40 63 C42 62 46 62 48 63", 2),
        *pedestal(p),
    ]


def dragon(p: Pen, colour: str, kind: str) -> list[str]:
    parts: list[str] = []
    if kind == "gold":
        parts += [
            p.accent("M48 21 L44 6 L56 19 Z", colour),
            p.accent("M56 20 L62 5 L64 22 Z", colour),
            p.accent("M63 23 L78 8 L70 28 Z", colour),
        ]
    else:
        parts += [
            p.accent("M52 20 C60 6 76 2 90 6 C80 8 70 14 64 26 Z", colour),
        ]
    parts.append(
        p.body(
            "M32 82 C32 70 36 62 42 58 L30 56 L14 52 L26 47 L10 42 L12 34 "
            "L33 28 C39 22 47 18 56 20 C66 22 74 32 76 44 "
            "C78 58 74 70 74 82 Z"
        )
    )
    spikes = [(76, 40), (78, 53), (77, 66)]
    for x, y in spikes:
        parts.append(p.accent(f"M{x - 1} {y - 4} L{x + 11} {y + 1} L{x} {y + 6} Z", colour))
    parts += [
        p.accent("M38 31 C40 27 46 27 48 31 C46 35 40 35 38 31 Z", colour),
        p.dot(43, 31, 1.8),
        p.dot(15, 37, 2),
        p.line("M26 47 L37 49", 2.5),
        p.line("M48 44 C52 50 52 56 48 60", 2.5),
        *pedestal(p),
    ]
    return parts


def golddragon(p: Pen) -> list[str]:
    return dragon(p, GOLD, "gold")


def copperdragon(p: Pen) -> list[str]:
    return dragon(p, COPPER, "copper")


# ---------------------------------------------------------------------------
# Friendly
# ---------------------------------------------------------------------------


def friend(p: Pen) -> list[str]:
    return [
        stem(p, 70, 5),
        p.body(
            "M50 76 C40 66 16 56 16 36 C16 24 26 17 35 17 C42 17 47 21 50 27 "
            "C53 21 58 17 65 17 C74 17 84 24 84 36 C84 56 60 66 50 76 Z"
        ),
        p.line("M28 32 C28 27 32 25 35 25", 3),
        *pedestal(p),
    ]


def caliph(p: Pen) -> list[str]:
    return [
        p.body("M41 7 A10 10 0 1 0 59 7 A9.5 9.5 0 0 1 41 7 Z", w=3.0),
        p.body("M27 70 C22 56 28 44 40 38 C46 35 48 30 50 25 C52 30 54 35 60 38 C72 44 78 56 73 70 Z"),
        p.body("M27 82 V70 C36 66 64 66 73 70 V82 Z"),
        p.line("M32 56 C42 48 56 46 66 50 M30 64 C42 56 60 56 70 60", 2.5),
        *pedestal(p),
    ]


def dayrider(p: Pen) -> list[str]:
    return [
        stem(p, 66),
        p.body(star_points(50, 40, 34, 20, 10)),
        p.disc(50, 40, 16),
        p.line("M50 40 m-9 0 a9 9 0 1 0 18 0 a9 9 0 1 0 -18 0", 2.5),
        *pedestal(p),
    ]


def midnighter(p: Pen) -> list[str]:
    return [
        stem(p, 64),
        p.body("M62 14 A29 29 0 1 0 62 70 A36 36 0 0 1 62 14 Z"),
        p.body(star_points(66, 36, 11, 4.5, 5)),
        p.body(star_points(78, 56, 7, 3, 5), w=3.0),
        *pedestal(p),
    ]


def mtawala(p: Pen) -> list[str]:
    return [
        *rook_shape(p),
        p.solid("M35 46 C42 44 52 50 65 46 V52 C52 56 42 50 35 52 Z"),
        p.solid("M35 58 C42 56 52 62 66 58 V64 C52 68 42 62 35 64 Z"),
        p.solid("M29 25 C34 24 36 28 39 28 V32 C35 32 33 29 29 30 Z"),
        p.solid("M61 28 C65 28 67 25 71 25 V30 C67 29 65 32 61 32 Z"),
        *pedestal(p),
    ]


def hangman(p: Pen) -> list[str]:
    return [
        p.body("M56 82 V20 H66 V82 Z"),
        p.body("M20 12 H70 V22 H20 Z"),
        p.body("M44 22 L56 34 V44 L38 22 Z", w=3.0),
        *p.rope("M28 22 V40", 3),
        *p.rope("M28 50 m-7 0 a7 10 0 1 0 14 0 a7 10 0 1 0 -14 0", 3),
        p.body("M24 38 H32 V44 H24 Z", w=2.5),
        *pedestal(p),
    ]


def poison(p: Pen) -> list[str]:
    return [
        p.body("M43 14 V34 C30 38 24 48 24 58 C24 72 36 80 50 80 C64 80 76 72 76 58 C76 48 70 38 57 34 V14 Z"),
        p.body("M39 8 H61 V16 H39 Z", w=3.0),
        p.solid("M50 46 C57 46 61 50 61 56 C61 60 58 62 57 63 V67 H43 V63 C42 62 39 60 39 56 C39 50 43 46 50 46 Z"),
        p.solid("M42 56 A3 3 0 1 0 48 56 A3 3 0 1 0 42 56 Z", p.pal.fill),
        p.solid("M52 56 A3 3 0 1 0 58 56 A3 3 0 1 0 52 56 Z", p.pal.fill),
        p.line("M30 64 L70 74 M30 74 L70 64", 3),
        *pedestal(p),
    ]


def bodyguard(p: Pen) -> list[str]:
    return [
        stem(p, 70, 6),
        p.body("M24 14 H76 V42 C76 60 64 70 50 78 C36 70 24 60 24 42 Z"),
        p.line("M50 18 V73 M28 38 H72", 3.5),
        *pedestal(p),
    ]


def archer(p: Pen) -> list[str]:
    return [
        p.ink("M44 10 V78", 2.5),
        *p.rope("M44 8 C18 24 18 62 44 80", 5),
        *p.rope("M12 44 H80", 2.5),
        p.body("M8 44 L20 37 V51 Z", w=3.0),
        p.body("M72 44 L84 36 L90 38 L80 44 L90 50 L84 52 Z", w=3.0),
        *pedestal(p),
    ]


def lady_in_waiting(p: Pen) -> list[str]:
    return [
        *p.rope("M63 6 C76 14 80 30 72 46", 3),
        p.body("M20 82 C22 66 34 56 42 50 H58 C66 56 78 66 80 82 Z"),
        p.line("M28 74 C34 78 40 74 45 78 M55 78 C60 74 66 78 72 74", 2.5),
        p.body("M42 52 C41 44 44 40 50 40 C56 40 59 44 58 52 Z"),
        p.disc(50, 30, 9),
        p.body("M42 26 L64 4 L59 28 C54 24 47 23 42 26 Z", w=3.0),
        p.body("M37 52 L20 40 C18 46 20 54 26 58 Z", w=3.0),
        p.line("M37 52 L21 46 M37 52 L23 53", 2),
        *pedestal(p),
    ]


def ghost(p: Pen) -> list[str]:
    return [
        *pedestal(p),
        p.body("M25 82 V42 C25 24 36 13 50 13 C64 13 75 24 75 42 V82 L67 74 L59 82 L50 74 L41 82 L33 74 Z"),
        p.solid("M37 34 C40 32 44 34 44 40 C44 45 38 46 37 42 Z"),
        p.solid("M63 34 C60 32 56 34 56 40 C56 45 62 46 63 42 Z"),
        p.solid("M45 54 C45 50 55 50 55 54 C55 60 45 60 45 54 Z"),
    ]


def jellyfish(p: Pen) -> list[str]:
    return [
        *p.rope("M32 46 C28 56 36 64 30 74 C28 78 30 80 32 82", 3),
        *p.rope("M44 48 C40 58 48 66 42 82", 3),
        *p.rope("M56 48 C60 58 52 66 58 82", 3),
        *p.rope("M68 46 C72 56 64 64 70 74 C72 78 70 80 68 82", 3),
        p.body(
            "M20 46 C20 26 34 14 50 14 C66 14 80 26 80 46 "
            "C75 50 71 46 66 50 C61 46 55 50 50 46 C45 50 39 46 34 50 "
            "C29 46 25 50 20 46 Z"
        ),
        p.line("M30 36 C34 28 40 24 46 23", 2.5),
        p.dot(42, 36, 2.5),
        p.dot(58, 36, 2.5),
        *pedestal(p),
    ]


# --- pawn family ------------------------------------------------------------


def berolina_pawn(p: Pen) -> list[str]:
    return [*pawn_base(p, 15, 33), p.line("M41 24 L59 42 M59 24 L41 42", 4)]


def chicken_pawn(p: Pen) -> list[str]:
    return [
        p.body("M40 22 C38 14 44 11 47 16 C47 9 55 9 55 16 C58 11 64 14 61 22 Z", w=3.0),
        *pawn_base(p, 15, 33),
        p.body("M36 31 L26 35 L36 39 Z", w=3.0),
        p.body("M38 40 C34 44 36 49 40 48 C42 46 42 43 41 41 Z", w=2.5),
        p.dot(44, 29, 2.6),
    ]


def mecklenbeck_pawn(p: Pen) -> list[str]:
    return [*pawn_base(p, 15, 33), p.solid("M37 30 H63 V36 H37 Z")]


def patient_pawn(p: Pen) -> list[str]:
    return [
        *pawn_base(p, 15, 33),
        p.solid("M42 22 H58 L52 33 L58 44 H42 L48 33 Z"),
        p.solid("M46 39 L50 35 L54 39 Z", p.pal.fill),
    ]


def scorpion_pawn(p: Pen) -> list[str]:
    beads = [(68, 71, 6), (77, 60, 5.6), (81, 47, 5.3), (79, 34, 5), (72, 23, 4.6)]
    return [
        *pawn_base(p, 14, 37),
        *[p.disc(x, y, r) for x, y, r in beads],
        p.body(
            "M73 14 C73 8 65 5 60 9 C57 12 57 17 59 20 C54 20 50 23 47 29 C53 26 58 25 62 24 C69 23 73 20 73 14 Z",
            w=3,
        ),
    ]


# ---------------------------------------------------------------------------
# Pocket 4x3 extras
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# Neutral markers
# ---------------------------------------------------------------------------


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


def ferry_svg() -> str:
    """A low teal hull with a wooden gunwale, drawn under a piece."""
    edge, plank = "#123c39", "#1a5f5a"
    return svg_doc(
        [
            raw(
                "M5 70 H95 C93 80 88 88 80 92 H20 C12 88 7 80 5 70 Z",
                "#2c8a84",
                edge,
                "3",
            ),
            raw("M12 80 H88 M17 87 H83", "none", plank, "2.5"),
            raw("M30 73 V90 M50 73 V92 M70 73 V90", "none", plank, "2"),
            raw("M3 66 H97 V72 H3 Z", "#b07a43", edge, "3"),
        ]
    )


def pocket_svg() -> str:
    """A drawstring pouch for an off-board (pocket) square."""
    ink = "#3b2d1e"
    return svg_doc(
        [
            raw(
                "M30 34 C16 46 14 76 30 84 C42 90 58 90 70 84 C86 76 84 46 70 34 Z",
                "#b59a74",
                ink,
                "4",
            ),
            raw(
                "M30 34 C28 26 34 20 40 24 C44 20 56 20 60 24 C66 20 72 26 70 34 Z",
                "#c9b08a",
                ink,
                "4",
            ),
            raw("M32 36 C44 40 56 40 68 36", "none", ink, "3"),
            raw("M50 39 C46 46 40 48 36 46 M50 39 C54 46 60 48 64 46", "none", ink, "3"),
            raw("M32 62 C44 68 56 68 68 62", "none", "#8c7352", "3"),
        ]
    )


# ---------------------------------------------------------------------------
# Registry and output
# ---------------------------------------------------------------------------

Drawer = Callable[[Pen], list[str]]

PIECES: dict[str, Drawer] = {
    "king": king,
    "queen": queen,
    "rook": rook,
    "bishop": bishop,
    "knight": knight,
    "pawn": pawn,
    "friend": friend,
    "caliph": caliph,
    "dayrider": dayrider,
    "midnighter": midnighter,
    "mtawala": mtawala,
    "hangman": hangman,
    "impala": impala,
    "poison": poison,
    "buffalo": buffalo,
    "displacer-squirrel": displacer_squirrel,
    "bodyguard": bodyguard,
    "archer": archer,
    "lady-in-waiting": lady_in_waiting,
    "gerbil": gerbil,
    "ghost": ghost,
    "jellyfish": jellyfish,
    "berolina-pawn": berolina_pawn,
    "chicken-pawn": chicken_pawn,
    "mecklenbeck-pawn": mecklenbeck_pawn,
    "patient-pawn": patient_pawn,
    "scorpion-pawn": scorpion_pawn,
    "alibaba": alibaba,
    "falcon": falcon,
    "windmill": windmill,
    "chancellor": chancellor,
    "archbishop": archbishop,
    "amazon": amazon,
    "nightrider": nightrider,
    "unicorn": unicorn,
    "raven": raven,
    "centauride": centauride,
    "ferz": ferz,
    "wazir": wazir,
    "alfil": alfil,
    "dabbaba": dabbaba,
    "man": man,
    "alfilrider": alfilrider,
    "dabbabarider": dabbabarider,
    "dragon-horse": dragon_horse,
    "dragon-king": dragon_king,
    "manticore": manticore,
    "zebra": zebra,
    "griffon": griffon,
    "camel": camel,
    "giraffe": giraffe,
    "squirrel": squirrel,
    "gnu": gnu,
    "centaur": centaur,
    "carpenter": carpenter,
    "canvasser": canvasser,
    "zebrarider": zebrarider,
    "camelrider": camelrider,
    "giraffe-rider": giraffe_rider,
    "queenfiler": queenfiler,
    "golddragon": golddragon,
    "copperdragon": copperdragon,
    "cannon": cannon,
    "grasshopper": grasshopper,
    # Xiangqi's pieces in the western style: each drawn as the chess piece it moves most like.
    "general": king,
    "advisor": ferz,
    "elephant": alfil,
    "horse": knight,
    "chariot": rook,
    "soldier": pawn,
}

# Groups shown together on the contact sheet (pieces that meet in a game).
GROUPS: dict[str, list[str]] = {
    "chess": ["king", "queen", "rook", "bishop", "knight", "pawn"],
    "friendly": [
        "friend", "caliph", "dayrider", "midnighter", "mtawala", "hangman",
        "impala", "poison", "buffalo", "displacer-squirrel", "bodyguard",
        "archer", "lady-in-waiting", "gerbil", "ghost", "jellyfish", "knight",
        "pawn", "berolina-pawn", "chicken-pawn", "mecklenbeck-pawn",
        "patient-pawn", "scorpion-pawn",
    ],
    "pocket43": ["alibaba", "falcon", "windmill", "berolina-pawn"],
    "blender": [
        "chancellor", "archbishop", "amazon", "nightrider", "unicorn", "raven",
        "centauride", "ferz", "wazir", "alfil", "dabbaba", "man", "alfilrider",
        "dabbabarider", "dragon-horse", "dragon-king", "manticore", "zebra",
        "griffon", "camel", "giraffe", "squirrel", "gnu", "centaur",
        "carpenter", "canvasser", "zebrarider", "camelrider", "giraffe-rider",
    ],
    "flight-and-ferry": ["queenfiler", "golddragon", "copperdragon"],
    "classic": ["general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier", "grasshopper"],
}  # fmt: skip


def svg_doc(parts: Iterable[str]) -> str:
    body = "".join(parts)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        'width="100" height="100">'
        f'<g stroke-linejoin="round" stroke-linecap="round">{body}</g></svg>\n'
    )


def render_all() -> dict[str, str]:
    """Return {file name: svg text} for every generated file."""
    files: dict[str, str] = {}
    for pid, draw in PIECES.items():
        for pal in (WHITE, BLACK):
            files[f"{pal.name}-{pid}.svg"] = svg_doc(draw(Pen(pal)))
    files["ferry.svg"] = ferry_svg()
    files["pocket.svg"] = pocket_svg()
    return files


def write_svgs(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, text in sorted(render_all().items()):
        path = out_dir / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written


# ---------------------------------------------------------------------------
# Contact sheet (PySide6)
# ---------------------------------------------------------------------------


def make_sheet(out_png: Path, size: int, svg_dir: Path) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QByteArray, QRectF, Qt
    from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    light, dark = QColor("#eeeed2"), QColor("#769656")
    pad = 6
    label_h = max(14, size // 4)
    cell_w = 4 * size + pad
    cols = max(1, 1100 // cell_w)
    title_h = 22

    rows: list[tuple[str, list[str]]] = []
    for gname, ids in GROUPS.items():
        rows.append((gname, ids))
    rows.append(("markers", ["ferry", "pocket", "ferry+white-rook", "ferry+black-knight"]))

    height = pad
    for _, ids in rows:
        n_rows = (len(ids) + cols - 1) // cols
        height += title_h + n_rows * (size + label_h + pad)
    width = cols * cell_w + pad

    img = QImage(width, height, QImage.Format.Format_ARGB32)
    img.fill(QColor("#fafafa"))
    painter = QPainter(img)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont("DejaVu Sans")
    font.setPixelSize(max(10, min(14, label_h - 3)))

    cache: dict[str, QSvgRenderer] = {}

    def renderer(name: str) -> QSvgRenderer:
        if name not in cache:
            data = (svg_dir / f"{name}.svg").read_bytes()
            r = QSvgRenderer(QByteArray(data))
            if not r.isValid():
                raise SystemExit(f"invalid SVG: {name}")
            cache[name] = r
        return cache[name]

    y = pad
    for gname, ids in rows:
        tfont = QFont(font)
        tfont.setBold(True)
        painter.setFont(tfont)
        painter.setPen(QColor("#202020"))
        painter.drawText(QRectF(pad, y, width, title_h), Qt.AlignmentFlag.AlignVCenter, gname)
        y += title_h
        painter.setFont(font)
        for i, pid in enumerate(ids):
            cx = pad + (i % cols) * cell_w
            cy = y + (i // cols) * (size + label_h + pad)
            if pid in ("ferry", "pocket"):
                layers = [[pid]] * 4
            elif pid.startswith("ferry+"):
                layers = [["ferry", pid[6:]]] * 4
            else:
                w, b = f"white-{pid}", f"black-{pid}"
                layers = [[w], [w], [b], [b]]
            for j, names in enumerate(layers):
                rect = QRectF(cx + j * size, cy, size, size)
                painter.fillRect(rect, light if j % 2 == 0 else dark)
                for name in names:
                    renderer(name).render(painter, rect)
            painter.setPen(QColor("#202020"))
            painter.drawText(
                QRectF(cx, cy + size, 4 * size, label_h),
                Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                pid,
            )
        y += ((len(ids) + cols - 1) // cols) * (size + label_h + pad)
    painter.end()
    out_png.parent.mkdir(parents=True, exist_ok=True)
    if not img.save(str(out_png)):
        raise SystemExit(f"could not write {out_png}")
    del app


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate the chess-piece SVG artwork.")
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="SVG output directory")
    ap.add_argument("--sheet", type=Path, help="also render a contact sheet PNG")
    ap.add_argument("--size", type=int, default=40, help="square size on the sheet")
    args = ap.parse_args(argv)
    written = write_svgs(args.out)
    print(f"wrote {len(written)} SVG files to {args.out}")
    if args.sheet is not None:
        make_sheet(args.sheet, args.size, args.out)
        print(f"wrote {args.sheet}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
