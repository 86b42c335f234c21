"""Promotion as data: optional zones with a compulsory far rank and limits by count
(Grand Chess), promoted forms and the enter-or-leave trigger (Minishogi)."""

from __future__ import annotations

from positions import game_at, moves_from

GRAND_CHOICES = {"queen", "chancellor", "archbishop", "rook", "bishop", "knight"}


def test_promotion_is_optional_on_the_eighth_and_ninth_ranks() -> None:
    # Rule: zone = 3, compulsory = 1: on ranks 8 and 9 the pawn may stay a pawn.
    game = game_at("grand", "9k/10/P9/10/10/10/10/10/10/9K w - - 0 1")
    assert moves_from(game, "a8") == {"a8a9"} | {f"a8a9={c}" for c in GRAND_CHOICES}


def test_promotion_is_compulsory_on_the_tenth_rank() -> None:
    # Rule: compulsory = 1: on rank 10 the pawn must promote.
    game = game_at("grand", "9k/P9/10/10/10/10/10/10/10/9K w - - 0 1")
    assert moves_from(game, "a9") == {f"a9a10={c}" for c in GRAND_CHOICES}


def test_a_pawn_may_become_only_a_kind_the_side_has_fewer_of_than_its_limit() -> None:
    # Rule: limits: queen 1, rook 2, ...: with a queen on the board, no second queen.
    game = game_at("grand", "9k/P9/10/10/10/10/10/10/10/1Q7K w - - 0 1")
    assert moves_from(game, "a9") == {f"a9a10={c}" for c in GRAND_CHOICES - {"queen"}}


def test_with_every_kind_at_its_limit_the_pawn_may_not_reach_the_last_rank() -> None:
    # Rule: compulsory promotion with nothing left: the move is not allowed; on an
    # optional rank the plain move stays.
    full = "RNBQKCABNR"
    game = game_at("grand", f"9k/P9/10/10/10/10/10/10/10/{full} w - - 0 1")
    assert moves_from(game, "a9") == set()
    assert game.why_illegal("a9a10") == (
        "a Pawn reaching a10 must promote, and every piece it may become is at its limit on the board"
    )
    game = game_at("grand", f"9k/10/P9/10/10/10/10/10/10/{full} w - - 0 1")
    assert moves_from(game, "a8") == {"a8a9"}


def test_grand_pawns_step_two_from_their_third_rank() -> None:
    # Rule: initial_ranks = [3]: the double step from the pawns' first rank.
    game = game_at("grand", "9k/10/10/10/10/10/10/P9/10/9K w - - 0 1")
    assert moves_from(game, "a3") == {"a3a4", "a3a5"}


def test_a_piece_entering_the_zone_may_take_its_promoted_form() -> None:
    # Rule: promoted_form: a Silver promotes only to a Promoted Silver, and may decline.
    game = game_at("minishogi", "4k/5/S4/5/K4[] w - - 0 1")
    assert moves_from(game, "a3") == {"a3a4", "a3b4", "a3b2"}
    game = game_at("minishogi", "2k2/S4/5/5/K4[] w - - 0 1")
    assert moves_from(game, "a4") == {
        "a4a5", "a4a5=promoted-silver", "a4b5", "a4b5=promoted-silver", "a4b3",
    }


def test_a_piece_leaving_the_zone_may_promote() -> None:
    # Rule: trigger = "enter-or-leave": a move that starts in the zone may promote too.
    game = game_at("minishogi", "S3k/5/5/5/K4[] w - - 0 1")
    assert moves_from(game, "a5") == {"a5b4", "a5b4=promoted-silver"}


def test_a_pawn_must_promote_on_the_last_rank() -> None:
    # Rule: compulsory_by_piece.pawn = 1: a Pawn on the last rank would never move again.
    game = game_at("minishogi", "4k/P4/5/5/K4[] w - - 0 1")
    assert moves_from(game, "a4") == {"a4a5=tokin"}
    game.play("a4a5=tokin")
    assert game.board()["a5"] == "white tokin"
