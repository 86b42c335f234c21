"""Leaper emblems (ferz, wazir, man, alfil, dabbaba) and the riders built from them."""

from __future__ import annotations

from .parts import medallion, pedestal, rider
from .pen import Pen


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
