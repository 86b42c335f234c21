"""The Friendly set's own pieces, and the fairy pawns that play beside them."""

from __future__ import annotations

from .chess import pawn_base, rook_shape
from .parts import pedestal, stem
from .pen import Pen
from .svg import star_points


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
