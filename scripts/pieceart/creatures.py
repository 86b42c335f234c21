"""Animal and beast pieces: camels, giraffes, antelopes, rodents, birds, griffon, manticore, dragons."""

from __future__ import annotations

import math

from .compounds import hat_tower
from .parts import pedestal, rider
from .pen import COPPER, GOLD, WHITE, Pen
from .svg import group, mirror, num, scale_about


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
        p.body("M35 18 L33 8 M45 16 L45 7", w=4.0),
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
