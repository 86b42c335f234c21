"""Rules tied to named regions ([variant.<id>.regions]): pawns' first multi-steps allowed
from a region (piece key ``initial_region``) and promotion on entering a region
(``[variant.<id>.promotion] region``). Every move set below is worked out by hand."""

from __future__ import annotations

from pathlib import Path

from positions import moves_from
from textvariants import game_from_text

from rules.catalogue import check_file

#: Pawns may step two from their side's a1-d2 (White) or a7-d8 (Black), moved or not.
REGION_STEPS = """
[variant.mine]
parent = "chess"
powers = ["en-passant", "promotion"]

[variant.mine.regions]
double_step = { white = ["a1:d2"], black = "mirror" }

[variant.mine.pieces.pawn]
initial_region = "double_step"
"""


def test_a_pawn_in_its_region_may_step_two_even_after_moving(variant_folder: Path) -> None:
    # Rule: initial_region: the i moves are allowed from every square of the region.
    game = game_from_text(variant_folder, REGION_STEPS, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1")
    assert moves_from(game, "a1") == {"a1a2", "a1a3"}
    game.play("a1a2")
    game.play("e8d8")
    # a2 is in the region: the pawn, though it has moved, may step two again.
    assert moves_from(game, "a2") == {"a2a3", "a2a4"}
    game.play("a2a3")
    game.play("d8e8")
    # a3 is outside the region: one step only.
    assert moves_from(game, "a3") == {"a3a4"}


def test_an_unmoved_pawn_outside_the_region_steps_one(variant_folder: Path) -> None:
    # Rule: with initial_region, "never moved" no longer gives the double step: e2 and h2
    # are on the start rank but outside a1-d2.
    game = game_from_text(variant_folder, REGION_STEPS, "4k3/8/8/8/8/8/1P2P2P/4K3 w - - 0 1")
    assert moves_from(game, "b2") == {"b2b3", "b2b4"}
    assert moves_from(game, "e2") == {"e2e3"}
    assert moves_from(game, "h2") == {"h2h3"}


def test_black_uses_its_own_mirrored_squares(variant_folder: Path) -> None:
    # Rule: a region rule for a piece uses that piece's side's squares (Black's: a7-d8).
    game = game_from_text(variant_folder, REGION_STEPS, "3pk3/1p4p1/8/8/8/8/8/4K3 b - - 0 1")
    assert moves_from(game, "d8") == {"d8d7", "d8d6"}
    assert moves_from(game, "b7") == {"b7b6", "b7b5"}
    assert moves_from(game, "g7") == {"g7g6"}


def test_en_passant_follows_a_double_step_from_the_region(variant_folder: Path) -> None:
    # Rule: en passant after any two-square pawn step, here from rank 1 inside the region.
    game = game_from_text(variant_folder, REGION_STEPS, "4k3/8/8/8/8/3p4/8/2P1K3 w - - 0 1")
    game.play("c1c3")
    assert game.fen().split()[3] == "c2"
    assert moves_from(game, "d3") == {"d3d2", "d3c2xc3"}
    game.play("d3c2xc3")
    assert "c3" not in game.board() and game.board()["c2"] == "black pawn"


def test_region_and_ranks_together_allow_either(variant_folder: Path) -> None:
    # Rule: with initial_ranks and initial_region both given, either one allows the i moves.
    text = REGION_STEPS + "initial_ranks = [3]\n"
    game = game_from_text(variant_folder, text, "4k3/8/8/8/8/6P1/P3P3/4K3 w - - 0 1")
    assert moves_from(game, "a2") == {"a2a3", "a2a4"}
    assert moves_from(game, "e2") == {"e2e3"}
    assert moves_from(game, "g3") == {"g3g4", "g3g5"}


#: Pawns promote on entering the camp (c7-e8 for White, c1-e2 for Black), not elsewhere.
CAMP_PROMOTION = """
[variant.mine]
parent = "chess"
powers = ["promotion"]

[variant.mine.regions]
camp = { white = ["c7:e8"], black = "mirror" }

[variant.mine.promotion]
region = "camp"
"""

QUEEN_ROOK_BISHOP_KNIGHT = ("queen", "rook", "bishop", "knight")


def promotions(move: str) -> set[str]:
    return {f"{move}={kind}" for kind in QUEEN_ROOK_BISHOP_KNIGHT}


def test_a_pawn_entering_the_region_must_promote(variant_folder: Path) -> None:
    # Rule: promotion.region: the region is the zone; arriving in it promotes (compulsory).
    game = game_from_text(variant_folder, CAMP_PROMOTION, "k7/8/3P4/8/8/8/8/4K3 w - - 0 1")
    assert moves_from(game, "d6") == promotions("d6d7")


def test_the_far_rank_outside_the_region_does_not_promote(variant_folder: Path) -> None:
    # Rule: the region replaces the far ranks: a7-a8 and g7-g8 are plain moves.
    game = game_from_text(variant_folder, CAMP_PROMOTION, "8/P5P1/8/4k3/8/8/8/4K3 w - - 0 1")
    assert moves_from(game, "a7") == {"a7a8"}
    assert moves_from(game, "g7") == {"g7g8"}
    game.play("a7a8")
    assert game.board()["a8"] == "white pawn"


def test_a_capture_into_the_region_promotes(variant_folder: Path) -> None:
    # Rule: arriving by capture counts: b6 takes c7 (in the camp), or steps to b7 (outside).
    game = game_from_text(variant_folder, CAMP_PROMOTION, "k7/2n5/1P6/8/8/8/8/4K3 w - - 0 1")
    assert moves_from(game, "b6") == {"b6b7"} | promotions("b6c7")
    game.play("b6c7=rook")
    assert game.board()["c7"] == "white rook"


def test_black_promotes_in_its_own_half_of_the_region(variant_folder: Path) -> None:
    # Rule: each side uses its own squares of the region: Black's camp is c1-e2.
    game = game_from_text(variant_folder, CAMP_PROMOTION, "4k3/8/8/8/8/3p4/8/K7 b - - 0 1")
    assert moves_from(game, "d3") == promotions("d3d2")
    # White's camp (d7) means nothing to a black pawn.
    game = game_from_text(variant_folder, CAMP_PROMOTION, "4k3/3p4/8/8/8/8/8/K7 b - - 0 1")
    assert moves_from(game, "d7") == {"d7d6", "d7d5"}


def test_compulsory_ranks_narrow_the_forced_part_of_the_region(variant_folder: Path) -> None:
    # Rule: with compulsory = 1 only the region's squares on the last rank force promotion;
    # on d7 the pawn may decline.
    text = CAMP_PROMOTION + "compulsory = 1\n"
    game = game_from_text(variant_folder, text, "k7/8/3P4/8/8/8/8/4K3 w - - 0 1")
    assert moves_from(game, "d6") == {"d6d7"} | promotions("d6d7")
    game = game_from_text(variant_folder, text, "k7/3P4/8/8/8/8/8/4K3 w - - 0 1")
    assert moves_from(game, "d7") == promotions("d7d8")


#: Knights become queens on entering the camp or on moving out of it (shogi-style trigger).
CAMP_FORMS = """
[variant.mine]
parent = "chess"
powers = ["promotion"]

[variant.mine.regions]
camp = { white = ["c7:e8"], black = "mirror" }

[variant.mine.promotion]
pieces = []
region = "camp"
trigger = "enter-or-leave"
compulsory = 0
promoted_form = { knight = "queen" }
"""


def test_a_promoted_form_on_entering_or_leaving_the_region(variant_folder: Path) -> None:
    # Rule: promoted_form with trigger "enter-or-leave" and promotion.region: a knight that
    # arrives in the camp, or moves out of it, may become a queen (compulsory = 0: optional).
    game = game_from_text(variant_folder, CAMP_FORMS, "k7/8/8/1N6/8/8/8/4K3 w - - 0 1")
    # c7 is in the camp; a3, c3, d4, d6 and a7 are not.
    assert moves_from(game, "b5") == {"b5a3", "b5c3", "b5d4", "b5a7", "b5d6", "b5c7", "b5c7=queen"}
    game = game_from_text(variant_folder, CAMP_FORMS, "k7/3N4/8/8/8/8/8/4K3 w - - 0 1")
    out_of_camp = {"d7b8", "d7f8", "d7b6", "d7f6", "d7c5", "d7e5"}
    assert moves_from(game, "d7") == out_of_camp | {f"{m}=queen" for m in out_of_camp}


def test_arrive_trigger_ignores_moves_out_of_the_region(variant_folder: Path) -> None:
    # Rule: with the default trigger ("arrive") leaving the region is a plain move.
    text = CAMP_FORMS.replace('trigger = "enter-or-leave"\n', "")
    game = game_from_text(variant_folder, text, "k7/3N4/8/8/8/8/8/4K3 w - - 0 1")
    assert moves_from(game, "d7") == {"d7b8", "d7f8", "d7b6", "d7f6", "d7c5", "d7e5"}


def test_check_reports_region_names_that_name_no_region(tmp_path: Path) -> None:
    # Rule: check reports an initial_region or promotion.region naming no region, with its line.
    path = tmp_path / "mine.toml"
    path.write_text(
        '[variant.mine]\nparent = "chess"\n'
        '[variant.mine.regions]\ncamp = ["c7:e8"]\n'
        '[variant.mine.pieces.pawn]\ninitial_region = "starts"\n'
        '[variant.mine.promotion]\nregion = "kamp"\n',
        encoding="utf-8",
    )
    assert check_file(path) == [
        (6, "initial_region of piece 'pawn' names 'starts', which is not a region"),
        (8, "promotion.region names 'kamp', which is not a region"),
    ]
    path.write_text('[variant.mine]\nparent = "chess"\n[variant.mine.promotion]\nregion = 3\n', encoding="utf-8")
    assert check_file(path) == [(4, "promotion.region must be a string, not 3")]
