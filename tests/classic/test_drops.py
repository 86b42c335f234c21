"""Drops from the hand (power ``drops``): hand-worked positions of Crazyhouse and Minishogi."""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import drops_of, game_at, moves_from, squares
from textvariants import game_from_text

from rules.errors import IllegalMoveError

ALL = "abcdefgh"


def test_a_capture_sends_the_piece_to_the_capturers_hand_in_his_colour() -> None:
    # Rule: captured pieces change side and go to the capturer's hand.
    game = game_at("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1")
    for text in ("e2e4", "d7d5", "e4d5"):
        game.play(text)
    assert game.pools() == (["white pawn"], [])
    assert game.fen().split()[0].endswith("[P]")
    assert game.explain()["drops"] == {"hands": {"white": ["white pawn"], "black": []}}


def test_a_promoted_piece_goes_back_to_the_hand_as_a_pawn() -> None:
    # Rule: a piece made by promotion returns to the capturer's hand as what it was.
    game = game_at("crazyhouse", "r6k/1P6/8/8/8/8/8/7K[] w - - 0 1")
    game.play("b7b8=queen")
    assert "Q[from-pawn]" in game.fen()
    game.play("a8b8")
    assert game.pools() == ([], ["black pawn"])
    assert game.fen().split()[0].endswith("[p]")


def test_a_piece_in_hand_may_be_dropped_on_every_empty_square() -> None:
    # Rule: a drop goes to any empty square (knights have no rank limit).
    game = game_at("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    assert drops_of(game, "knight") == squares(ALL, range(1, 9)) - {"e1", "e8"}
    assert len(game.legal_moves()) == 62 + 5


def test_a_pawn_may_not_be_dropped_on_the_first_or_last_rank() -> None:
    # Rule: per-kind rank limits (data.drops.ranks): pawns on ranks 2 to 7 only.
    game = game_at("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    assert drops_of(game, "pawn") == squares(ALL, range(2, 8))
    assert game.why_illegal("pawn@a8") == "a Pawn may not be dropped on rank 8"
    assert game.why_illegal("queen@e4") == "your hand holds no Queen"
    assert game.why_illegal("pawn@e1") == "e1 is not empty: a drop needs an empty square"


def test_a_drop_may_block_a_check() -> None:
    # Rule: a drop is a move like any other: it must not leave the king attacked.
    game = game_at("crazyhouse", "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1")
    assert moves_from(game) == {"e1d2", "e1e2", "e1f2", "knight@b1", "knight@c1", "knight@d1"}


def test_a_pawn_dropped_on_its_second_rank_may_step_two_and_elsewhere_it_may_not() -> None:
    # Rule: the double step belongs to the second rank (initial_ranks = [2]), not to "unmoved".
    game = game_at("crazyhouse", "4k3/8/8/8/8/8/8/4K3[PP] w - - 0 1")
    game.play("pawn@a2")
    game.play("e8d8")
    assert moves_from(game, "a2") == {"a2a3", "a2a4"}
    game.play("pawn@c3")
    game.play("d8e8")
    assert moves_from(game, "c3") == {"c3c4"}


def test_hands_round_trip_through_position_text() -> None:
    # Rule: the hands are written after the placement in brackets, White's in capitals.
    fen = "r3k2r/8/8/8/8/8/8/R3K2R[QNPPbn] w KQkq - 0 1"
    game = game_at("crazyhouse", fen)
    assert sorted(game.pools()[0]) == ["white knight", "white pawn", "white pawn", "white queen"]
    assert sorted(game.pools()[1]) == ["black bishop", "black knight"]
    assert game_at("crazyhouse", game.fen()).fen() == game.fen()
    assert game_at("crazyhouse", "4k3/8/8/8/8/8/8/4K3[-] w - - 0 1").pools() == ([], [])


def test_drop_text_that_is_not_legal_names_the_reason() -> None:
    game = game_at("crazyhouse", "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    with pytest.raises(IllegalMoveError, match="may not be dropped on rank 1"):
        game.play("pawn@a1")


# ---------------------------------------------------------------- shogi-style rules

def test_no_second_unpromoted_pawn_on_a_file() -> None:
    # Rule: one_per_file (the two-pawn rule): not on a file with your own unpromoted pawn.
    game = game_at("minishogi", "4k/5/5/P4/K4[P] w - - 0 1")
    assert drops_of(game, "pawn") == squares("bcde", range(1, 5))
    assert game.why_illegal("pawn@b5") == "a Pawn may not be dropped on rank 5"
    assert game.why_illegal("pawn@a3") == "you already have an unpromoted Pawn on that file"
    # A tokin (a promoted pawn) on the file does not count.
    game = game_at("minishogi", "4k/5/5/T4/K4[P] w - - 0 1")
    assert "a3" in drops_of(game, "pawn")


def test_a_captured_promoted_piece_goes_to_the_hand_unpromoted() -> None:
    # Rule: demote: a Tokin goes to the hand as a Pawn, a Dragon as a Rook.
    game = game_at("minishogi", "4k/5/1t3/1G3/K4[] w - - 0 1")
    game.play("b2b3")
    assert game.pools() == (["white pawn"], [])
    assert game.fen().split()[0].endswith("[P]")


MATE_BY_PAWN = "r1S1k/P1rg1/1gSb1/5/K2B1[p] b - - 1 10"


def test_a_pawn_drop_mate_loses_when_the_rule_says_so() -> None:
    # Rule: no_mate with no_mate_rule = "loses" (Minishogi as Fairy-Stockfish plays it).
    game = game_at("minishogi", MATE_BY_PAWN)
    game.play("pawn@a2")
    assert game.legal_moves() == []
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == ("white", "checkmate by a dropped Pawn, which loses")


def test_a_pawn_drop_mate_is_illegal_by_default(variant_folder: Path) -> None:
    # Rule: no_mate: a Pawn's drop may not checkmate; the same drop without mate stands.
    text = """
[variant.mine]
parent = "minishogi"
[variant.mine.data.drops]
no_mate_rule = "illegal"
"""
    game = game_from_text(variant_folder, text, MATE_BY_PAWN)
    assert "a2" not in drops_of(game, "pawn")
    assert game.why_illegal("pawn@a2") == "a Pawn dropped on a2 may not give checkmate"
    assert "a3" in drops_of(game, "pawn")  # on a3 it checks nothing


def test_shogi_knights_and_lances_keep_off_the_ranks_where_they_could_not_move() -> None:
    # Rule: data.drops.ranks: a knight not on the last two ranks, a lance not on the last;
    # promotion.compulsory_by_piece: a knight reaching them must promote.
    game = game_at("shogi", "4k4/9/9/9/9/9/9/9/4K4[NL] w - - 0 1")
    assert drops_of(game, "knight") == squares("abcdefghi", range(1, 8)) - {"e1"}
    assert drops_of(game, "lance") == squares("abcdefghi", range(1, 9)) - {"e1"}
    game = game_at("shogi", "4k4/9/9/N8/9/9/9/9/4K4[] w - - 0 1")
    assert moves_from(game, "a6") == {"a6b8=promoted-knight"}
