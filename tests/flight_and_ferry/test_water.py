"""The water between ranks 5 and 6: who may cross it, and no attack across it.

Seed 004: "Normally, pieces crossing between the two middle ranks can do so only by using a
Ferry. Pieces can cross without a Ferry using a Rook move if they have the full forward and
backward components of that move ... and never by a Bishop or Knight move."
RULINGS flight-and-ferry 2: "Only rook moves with full forward and backward range cross
without a Ferry (Rook, Queen, the dragons' file moves); no diagonal, knight, king or pawn
move crosses on its own."

Every expected set below was worked out by hand from those sentences. The Ferries stand on
their default squares c5 and f5 unless a test says otherwise.
"""

from __future__ import annotations

from positions import moves_from

import rules

VARIANT = "flight-and-ferry"


def test_king_cannot_step_across_the_water() -> None:
    """A King is a "FIDE King barred from crossing between the middle two" ranks: from d5 it
    reaches c4 d4 e4 c5 e5 but none of c6 d6 e6, and two Kings may stand side by side across
    the water (neither attacks the other)."""
    g = rules.new_game(VARIANT, placement={"d5": "white king", "e6": "black king"})
    assert not g.in_check()
    assert moves_from(g, "d5") == {"d5c4", "d5d4", "d5e4", "d5c5", "d5e5"}


def test_bishop_gives_no_check_across_the_water() -> None:
    """A Bishop never crosses, so it cannot capture across the water: the White Bishop b4
    looks along b4-c5-d6 at the Black King but gives no check. The King's own steps stop at
    the water too, so it has c6 c7 d7 e6 e7."""
    g = rules.new_game(
        VARIANT, placement={"b4": "white bishop", "a1": "white king", "d6": "black king"}, to_move="black"
    )
    assert not g.in_check()
    assert moves_from(g, "d6") == {"d6c6", "d6c7", "d6d7", "d6e6", "d6e7"}


def test_bishop_checks_on_its_own_side_of_the_water() -> None:
    """The same diagonal line on one shore is an ordinary check (b8-c7-d6), so the previous
    test's "no check" comes from the water and nothing else."""
    g = rules.new_game(
        VARIANT, placement={"b8": "white bishop", "a1": "white king", "d6": "black king"}, to_move="black"
    )
    assert g.in_check()


def test_bishop_slides_stop_at_the_water() -> None:
    """Bishop c4: b5 and d5 are on its shore, a6 and e6 are across the water and barred; the
    backward diagonals run to a2 and f1."""
    g = rules.new_game(VARIANT, placement={"c4": "white bishop", "h2": "white king", "h10": "black king"})
    assert moves_from(g, "c4") == {"c4b5", "c4d5", "c4b3", "c4a2", "c4d3", "c4e2", "c4f1"}


def test_knight_cannot_leap_across_the_water() -> None:
    """Knight d4 (no Ferry): c6 and e6 lie across the water and are barred; f5, an empty
    Ferry's square, is an ordinary landing square."""
    g = rules.new_game(VARIANT, placement={"d4": "white knight", "a1": "white king", "h10": "black king"})
    assert moves_from(g, "d4") == {"d4b3", "d4b5", "d4c2", "d4e2", "d4f3", "d4f5"}


def test_knight_gives_no_check_across_the_water() -> None:
    """Knight e5 (plain ground) and Black King c6: a knight's distance, but across the water."""
    g = rules.new_game(
        VARIANT, placement={"e5": "white knight", "a1": "white king", "c6": "black king"}, to_move="black"
    )
    assert not g.in_check()


def test_pawn_cannot_step_across_without_a_ferry() -> None:
    """A Pawn is a "FIDE Pawn barred from crossing": on d5 (no Ferry) its step to d6 and its
    captures on c6 and e6 all cross the water, so it has no move at all."""
    g = rules.new_game(
        VARIANT,
        placement={"d5": "white pawn", "c6": "black knight", "e6": "black knight", "a1": "white king",
                   "h10": "black king"},
    )
    assert moves_from(g, "d5") == set()


def test_queen_flies_along_files_but_not_diagonals() -> None:
    """The Queen is "compound of Rook and F&F Bishop": from d4 its file move flies over the
    water to d10, while its diagonals stop at e5 and c5 (f6 and b6 are across)."""
    g = rules.new_game(VARIANT, placement={"d4": "white queen", "a1": "white king", "h10": "black king"})
    expected = {
        "d4a4", "d4b4", "d4c4", "d4e4", "d4f4", "d4g4", "d4h4",
        "d4d3", "d4d2", "d4d1",
        "d4d5", "d4d6", "d4d7", "d4d8", "d4d9", "d4d10",
        "d4e5", "d4c5",
        "d4e3", "d4f2", "d4g1",
        "d4c3", "d4b2",
    }
    assert moves_from(g, "d4") == expected


def test_rook_checks_across_the_water_along_a_file() -> None:
    """The Rook flies ("English name also means a bird"), so Rook d1 checks the King on d8."""
    g = rules.new_game(
        VARIANT, placement={"d1": "white rook", "a1": "white king", "d8": "black king"}, to_move="black"
    )
    assert g.in_check()


def test_queenfiler_never_uses_a_file_nor_crosses() -> None:
    """Queenfiler: "F&F Queen barred from moving along a file". Black's on d7 slides along
    rank 7 and along diagonals; towards White (down) it reaches c6 and e6, and b5 and f5 are
    across the water."""
    g = rules.new_game(
        VARIANT, placement={"d7": "black queenfiler", "h10": "black king", "a1": "white king"}, to_move="black"
    )
    expected = {
        "d7a7", "d7b7", "d7c7", "d7e7", "d7f7", "d7g7", "d7h7",
        "d7c6", "d7e6",
        "d7c8", "d7b9", "d7a10", "d7e8", "d7f9", "d7g10",
    }
    assert moves_from(g, "d7") == expected


def test_why_illegal_names_the_water() -> None:
    """Refusals say why: a Bishop needs a Ferry to cross, a flyer crosses only along a file."""
    g = rules.new_game(
        VARIANT, placement={"c4": "white bishop", "d4": "white queen", "a1": "white king", "h10": "black king"}
    )
    assert "cannot cross the water" in g.why_illegal("c4e6")
    assert "only along a file" in g.why_illegal("d4f6")
