"""Movement as data: the grasshopper ``g``, lame leaps ``n``, region confinement, ``betza_in``,
hurdle and capture exclusions (the Korean cannon) and the flying general.

Each test sets up a position by hand and lists the moves the rule allows, worked out on
paper; attack tests check that what a piece can capture is what it attacks (check).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import destinations_from
from textvariants import game_from_text

import rules
from rules.betza import parse_betza
from rules.catalogue import BUILTIN_DIR, Catalogue
from rules.errors import BetzaError, VariantFileError
from rules.game import Game

# ------------------------------------------------------------------ grasshopper g

GRASS = """
[variant.mine]
files = 8
ranks = 8
royal = ["king"]
[variant.mine.pieces.king]
letter = "K"
betza = "K"
[variant.mine.pieces.grasshopper]
letter = "G"
betza = "gQ"
[variant.mine.pieces.pawn]
letter = "P"
betza = "fmW"
[variant.mine.setups.empty]
placement = "8/8/8/8/8/8/8/8"
"""


def test_grasshopper_lands_just_beyond_the_first_piece_on_each_line(variant_folder: Path) -> None:
    # G d4; hurdles: own pawn d6 (beyond: d7 empty), enemy pawn f4 (beyond: g4 empty),
    # own pawn b2 (beyond: a1 empty), enemy pawn f6 with enemy pawn g7 beyond (capture g7).
    # Lines with no hurdle (down the d-file, left along rank 4, down-right) give nothing.
    game = game_from_text(variant_folder, GRASS, "7k/6p1/3P1p2/8/3G1p2/8/1P6/7K w - - 0 1")
    assert destinations_from(game, "d4") == {"d7", "g4", "a1", "g7"}


def test_grasshopper_cannot_land_on_its_own_piece_or_past_the_square_beyond(variant_folder: Path) -> None:
    # G a1, own pawns a2 and a3: the square beyond the hurdle a2 is a3, own: no move up the file.
    # Enemy pawn b2 with c3 empty: lands on c3 only (not d4 and beyond).
    game = game_from_text(variant_folder, GRASS, "7k/8/8/8/8/P1p5/Pp6/G6K w - - 0 1")
    assert destinations_from(game, "a1") == {"c3"}


def test_grasshopper_gives_check_over_a_hurdle_next_to_the_king(variant_folder: Path) -> None:
    # Black king e8, white pawn e7 right below it as the hurdle, grasshopper e2: check.
    # d8, f8, d7, f7 leave the line; after taking the hurdle on e7 the king has nothing
    # between it and the grasshopper to be jumped, so it is safe there too.
    game = game_from_text(variant_folder, GRASS, "4k3/4P3/8/8/8/8/4G3/K7 b - - 0 1")
    assert game.in_check()
    assert destinations_from(game, "e8") == {"d8", "f8", "d7", "f7", "e7"}


def test_grasshopper_far_from_its_hurdle_still_gives_check(variant_folder: Path) -> None:
    # Grasshopper a1, hurdle f6 (black pawn), black king g7 just beyond: check along the diagonal.
    game = game_from_text(variant_folder, GRASS, "8/6k1/5p2/8/8/8/8/G6K b - - 0 1")
    assert game.in_check()
    # With the hurdle one square further from the king there is no check.
    game = game_from_text(variant_folder, GRASS, "8/6k1/8/4p3/8/8/8/G6K b - - 0 1")
    assert not game.in_check()


def test_g_and_p_together_are_refused() -> None:
    with pytest.raises(BetzaError, match="'p' and 'g' are two kinds of hop"):
        parse_betza("pgQ")


# ------------------------------------------------------------------ Xiangqi: lame leaps, regions


def xq(fen: str) -> Game:
    return rules.new_game("xiangqi", fen=fen)


def test_horse_is_blocked_by_a_piece_on_its_first_orthogonal_step() -> None:
    # Horse e5 with a piece on e6 (any colour): the two forward moves d7 and f7 are blocked;
    # the six others stand. Generals apart on d1/f10 so they do not face.
    game = xq("5k3/9/9/9/4p4/4N4/9/9/9/3K5 w - - 0 1")
    assert destinations_from(game, "e5") == {"c6", "g6", "c4", "g4", "d3", "f3", "e6"} - {"e6"}


def test_elephant_is_blocked_at_the_eye_and_never_crosses_the_river() -> None:
    # Elephant c5 (White's side of the river, rank 5): a7 and e7 are across: no move.
    # a3 is free; e3 is blocked by a piece on d4 (the elephant's eye).
    game = xq("5k3/9/9/9/9/2B6/3P5/9/9/3K5 w - - 0 1")
    assert destinations_from(game, "c5") == {"a3"}


def test_general_and_advisor_stay_in_the_palace() -> None:
    # General d1: up to d2, right to e1 (left is off the palace). Advisor f3: only e2
    # (g2 and g4, e4 are outside the palace d1:f3).
    game = xq("5k3/9/9/9/9/9/9/5A3/9/3K5 w - - 0 1")
    assert destinations_from(game, "d1") == {"d2", "e1"}
    assert destinations_from(game, "f3") == {"e2"}


def test_black_palace_is_the_mirror_of_whites() -> None:
    # Black general d10: d9 and e10 (c10 is outside the palace d8:f10); the black advisor
    # e9: d8, f8 and f10 (d10 holds its own general).
    game = xq("3k5/4a4/9/9/9/9/9/9/9/5K3 b - - 0 1")
    assert destinations_from(game, "d10") == {"d9", "e10"}
    assert destinations_from(game, "e9") == {"d8", "f8", "f10"}


def test_soldier_steps_sideways_only_after_crossing_the_river() -> None:
    # White soldier e5 (own side): only e6. White soldier c6 (across): c7, b6, d6.
    game = xq("3k5/9/9/9/2P6/4P4/9/9/9/5K3 w - - 0 1")
    assert destinations_from(game, "e5") == {"e6"}
    assert destinations_from(game, "c6") == {"c7", "b6", "d6"}
    # Black's across-the-river squares are ranks 1 to 5: a black soldier on e5 moves e4, d5, f5.
    black = xq("3k5/9/9/9/9/4p4/9/9/9/5K3 b - - 0 1")
    assert destinations_from(black, "e5") == {"e4", "d5", "f5"}


def test_a_soldier_across_the_river_attacks_sideways() -> None:
    # A white soldier d8 beside the black general e8: check by a sideways step.
    game = xq("9/9/3Pk4/9/9/9/9/9/9/3K5 b - - 0 1")
    assert game.in_check()
    # A white soldier on White's side of the river (e5) attacks e6 only, not d5 or f5.
    game = xq("4k4/9/9/9/9/4P4/9/9/9/3K5 b - - 0 1")
    attacked = set(game.attacked_squares("white"))
    assert attacked >= {"e6"} and not attacked & {"d5", "f5"}


def test_flying_general_a_move_that_opens_the_file_between_generals_is_illegal() -> None:
    # Generals e1 and e10, a white horse e5 alone between them: every horse move leaves the
    # e-file, so none is legal; the same horse on a5 moves freely.
    game = xq("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1")
    assert destinations_from(game, "e5") == set()
    game = xq("4k4/9/9/9/9/N8/9/9/9/3K5 w - - 0 1")
    assert destinations_from(game, "a5") == {"b7", "c6", "c4", "b3"}
    # The general itself may not step onto the open file facing the other one.
    game = xq("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
    assert destinations_from(game, "e1") == {"e2", "f1"}


def test_stalemate_is_a_loss_in_xiangqi() -> None:
    # Black to move with no legal move and not in check loses (outcomes: stalemate = "loss").
    game = xq("3k5/R8/4R4/9/9/9/9/9/9/5K3 b - - 0 1")
    # d10: d9 attacked by the chariot a9 (rank 9), e10 attacked by the chariot e8 (file e).
    assert not game.in_check()
    assert game.legal_moves() == []
    assert game.result is not None and game.result.winner == "white" and game.result.reason == "stalemate"


# ------------------------------------------------------------------ Korean cannon: hurdle and victim limits

JANGGI_CANNON = """
[variant.mine]
files = 9
ranks = 10
royal = ["king"]
[variant.mine.pieces.king]
letter = "K"
betza = "W"
[variant.mine.pieces.cannon]
letter = "C"
betza = "pR"
hurdles_exclude = ["cannon"]
captures_exclude = ["cannon"]
[variant.mine.pieces.rook]
letter = "R"
betza = "R"
[variant.mine.setups.empty]
placement = "9/9/9/9/9/9/9/9/9/9"
"""


def test_korean_cannon_rules(variant_folder: Path) -> None:
    # Cannon e5. Up: hurdle e7 (rook) then e8, e9 empty, e10 black cannon: lands e8, e9, not e10
    # (may not capture a cannon). Down: hurdle e3 is a cannon: nothing that way. Left: no hurdle
    # (moves only by hopping): nothing. Right: hurdle g5 (black rook), h5 empty, i5 black rook: h5
    # and the capture i5.
    fen = "4c4/9/9/4R4/9/4C1r1r/9/4C4/9/K8 w - - 0 1"
    game = game_from_text(variant_folder, JANGGI_CANNON, fen)
    assert destinations_from(game, "e5") == {"e8", "e9", "h5", "i5"}


def test_korean_cannon_does_not_attack_through_a_cannon_screen(variant_folder: Path) -> None:
    # Black king e10, white cannon e2, a black cannon e6 as the only piece between: no check.
    game = game_from_text(variant_folder, JANGGI_CANNON, "4k4/9/9/9/4c4/9/9/9/4C4/K8 b - - 0 1")
    assert not game.in_check()
    # With a rook as the screen instead: check.
    game = game_from_text(variant_folder, JANGGI_CANNON, "4k4/9/9/9/4r4/9/9/9/4C4/K8 b - - 0 1")
    assert game.in_check()


# ------------------------------------------------------------------ region rules read from files

REGION_PIECE = """
[variant.mine]
royal = ["king"]
[variant.mine.regions]
camp = {{ white = ["a1:c3"], black = "mirror" }}
[variant.mine.pieces.king]
letter = "K"
betza = "K"
[variant.mine.pieces.rook]
letter = "R"
betza = "R"
{extra}
[variant.mine.setups.empty]
placement = "8/8/8/8/8/8/8/8"
"""


def test_a_confined_rider_stops_at_the_edge_of_its_region(variant_folder: Path) -> None:
    game = game_from_text(variant_folder, REGION_PIECE.format(extra='region = "camp"'), "7k/8/8/8/8/8/8/R6K w - - 0 1")
    assert destinations_from(game, "a1") == {"a2", "a3", "b1", "c1"}


def test_a_confined_rider_attacks_only_inside_its_region(variant_folder: Path) -> None:
    # Rook a1 confined to a1:c3; the black king on a8 is on its file but outside: no check.
    game = game_from_text(variant_folder, REGION_PIECE.format(extra='region = "camp"'), "k7/8/8/8/8/8/8/R6K b - - 0 1")
    assert not game.in_check()
    game = game_from_text(variant_folder, REGION_PIECE.format(extra='region = "camp"'), "8/8/8/8/8/k7/8/R6K b - - 0 1")
    assert game.in_check()


@pytest.mark.parametrize(
    ("extra", "fault"),
    [
        ('region = "nowhere"', "piece 'rook' is confined to 'nowhere', which is not a region"),
        ('betza_in = { nowhere = "W" }', "betza_in of piece 'rook' names 'nowhere', which is not a region"),
        ('betza_in = { camp = "Y" }', "piece 'rook', betza_in.camp: "),
        ('hurdles_exclude = ["cannon"]', "pieces.rook.hurdles_exclude names 'cannon', which is not a piece"),
        ('captures_exclude = "king"', "pieces.rook.captures_exclude must be a list of piece ids"),
    ],
)
def test_a_bad_movement_key_is_named(tmp_path: Path, extra: str, fault: str) -> None:
    (tmp_path / "mine.toml").write_text(REGION_PIECE.format(extra=extra), encoding="utf-8")
    with pytest.raises(VariantFileError) as info:
        Catalogue([BUILTIN_DIR, tmp_path]).get("mine")
    assert any(fault in message for _, message in info.value.problems)


# ------------------------------------------------------------------ refusals in words


def test_why_illegal_names_the_grasshoppers_landing_rule() -> None:
    game = rules.new_game("grasshopper")
    assert game.why_illegal("d2d5") == (
        "the Grasshopper on d2 lands only on the square just beyond the piece it jumps (d3)"
    )


def test_why_illegal_names_the_korean_cannons_limits(variant_folder: Path) -> None:
    game = game_from_text(variant_folder, JANGGI_CANNON, "4c4/9/9/4R4/9/4C1r1r/9/4C4/9/K8 w - - 0 1")
    assert game.why_illegal("e5e1").endswith("may not jump over your Cannon on e3")
    assert game.why_illegal("e5e10").endswith("may not capture your opponent's Cannon on e10")


def test_why_illegal_names_the_flying_general_rule() -> None:
    game = xq("4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1")
    assert game.why_illegal("e5d7") == "it would leave the royal pieces facing each other on an open file"


def test_check_position_names_a_confined_piece_outside_its_region_and_facing_generals() -> None:
    start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
    assert rules.check_position("xiangqi", start) == []
    problems = rules.check_position("xiangqi", "4k4/9/9/9/B8/9/9/9/9/4K4 w - - 0 1")
    assert problems == [
        "the white Elephant on a6 stands outside its region 'own_half'",
        "the royal pieces face each other on an open file",
    ]


def test_check_warns_about_hurdle_and_capture_limits_that_do_nothing(tmp_path: Path) -> None:
    from rules.catalogue import check_file_report

    body = REGION_PIECE.format(extra='hurdles_exclude = ["king"]').replace('betza = "R"', 'betza = "mR"')
    body = body.replace('hurdles_exclude = ["king"]', 'hurdles_exclude = ["king"]\ncaptures_exclude = ["king"]')
    path = tmp_path / "mine.toml"
    path.write_text(body, encoding="utf-8")
    errors, warnings = check_file_report(path, Catalogue([BUILTIN_DIR, tmp_path]))
    assert errors == []
    texts = [text for _, text in warnings]
    assert "piece 'rook' (mR): hurdles_exclude does nothing: the piece has no hop (p or g) to use a hurdle" in texts
    assert "piece 'rook' (mR): captures_exclude does nothing: the piece never captures" in texts
