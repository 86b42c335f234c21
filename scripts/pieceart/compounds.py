"""Compounds of the orthodox pieces: the horse wearing a hat, horse riders, and winged pieces."""

from __future__ import annotations

from collections.abc import Callable

from .chess import bishop_shape, crown_shape, rook_shape
from .parts import HORSE, horse, pedestal, rider, small_horse
from .pen import Pen
from .svg import mirror, star_points

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
