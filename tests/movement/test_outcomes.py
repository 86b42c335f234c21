"""Game outcomes as data (``[variant.<id>.outcomes]``, rules/outcomes.py): stalemate as a
loss, bare king with and without the reply, extinction, reaching a region, n-check and the
move-count rule with its resets. Each position is set up by hand, its verdict worked out on paper."""

from __future__ import annotations

from pathlib import Path

import pytest
from textvariants import game_from_text

import rules
from rules.errors import FenError, VariantFileError
from rules.game import Game


def verdict(game: Game) -> tuple[str | None, str] | None:
    result = game.result
    return None if result is None else (result.winner, result.reason)


def custom(folder: Path, outcomes: str, fen: str, parent: str = "shatranj") -> Game:
    text = f'[variant.mine]\nparent = "{parent}"\n[variant.mine.outcomes]\n{outcomes}\n'
    return game_from_text(folder, text, fen)


# ------------------------------------------------------------------ stalemate


def test_stalemate_loses_in_shatranj() -> None:
    # Black king a8: a7 and b7 are covered by the white king b6, b8 by the Fers c7; not in check.
    game = rules.new_game("shatranj", fen="k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
    assert not game.in_check() and game.legal_moves() == []
    assert verdict(game) == ("white", "stalemate")


def test_stalemate_as_a_win_for_the_side_that_cannot_move(variant_folder: Path) -> None:
    game = custom(variant_folder, 'stalemate = "win"', "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
    assert verdict(game) == ("black", "stalemate")


def test_stalemate_stays_a_draw_in_chess() -> None:
    game = rules.new_game("chess", fen="k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")
    assert verdict(game) == (None, "stalemate")


# ------------------------------------------------------------------ bare king


def test_bare_king_with_reply_the_bared_side_moves_first_then_loses() -> None:
    # Black is bare but to move, and cannot reach the rook a1: not over yet.
    game = rules.new_game("shatranj", fen="8/8/8/4k3/8/8/8/R3K3 b - - 0 1")
    assert verdict(game) is None
    game.play("e5d5")
    assert verdict(game) == ("white", "bare king")


def test_bare_king_with_reply_baring_back_draws() -> None:
    # Black is bare, but its king takes the last white piece, the rook d3: both bare, a draw.
    game = rules.new_game("shatranj", fen="8/8/8/8/8/3R4/3k4/7K b - - 0 1")
    assert verdict(game) is None
    game.play("d2d3")
    assert verdict(game) == (None, "bare kings")


def test_bare_king_without_reply_loses_at_once(variant_folder: Path) -> None:
    game = custom(variant_folder, 'bare_king = "loss"\nbare_king_reply = false', "8/8/8/4k3/8/8/8/R3K3 b - - 0 1")
    assert verdict(game) == ("white", "bare king")


# ------------------------------------------------------------------ extinction


def test_extinction_capturing_the_last_knight_wins() -> None:
    # Black's only knight stands on c6; the white knight d4 takes it.
    game = rules.new_game("extinction", fen="r1bqkb1r/pppppppp/2n5/8/3N4/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1")
    assert verdict(game) is None
    game.play("d4c6")
    assert verdict(game) == ("white", "every Knight captured")


def test_extinction_a_side_set_up_without_a_queen_has_lost() -> None:
    game = rules.new_game("extinction", fen="rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert verdict(game) == ("white", "every Queen captured")


def test_extinction_the_king_is_an_ordinary_piece_that_may_be_taken() -> None:
    # White's queen takes the black king on e8 (no check in Extinction chess): White wins.
    game = rules.new_game("extinction", fen="rnbqkbnr/pppp1ppp/8/8/8/8/PPPPQPPP/RNB1KBNR w KQkq - 0 1")
    assert not game.in_check()
    game.play("e2e8")
    assert verdict(game) == ("white", "every King captured")


def test_extinction_promoting_the_last_pawn_loses() -> None:
    # White's only pawn promotes on b8: White has no pawn left, and loses (it is judged first,
    # being the side that has just moved).
    fen = "1nbqkbnr/Prpppppp/8/8/8/8/8/RNBQKBNR w KQk - 0 1"
    game = rules.new_game("extinction", fen=fen)
    game.play("a7b8=queen")
    assert verdict(game) == ("black", "every Pawn captured")


# ------------------------------------------------------------------ reaching a region


def test_king_of_the_hill_a_king_on_a_centre_square_wins() -> None:
    game = rules.new_game("kingofthehill", fen="4k3/8/8/8/8/3K4/P7/8 w - - 0 1")
    assert verdict(game) is None
    game.play("d3e4")
    assert verdict(game) == ("white", "King reached hill")


def test_king_of_the_hill_other_pieces_on_the_hill_do_not_win() -> None:
    game = rules.new_game("kingofthehill", fen="4k3/8/8/8/8/3Q4/8/4K3 w - - 0 1")
    game.play("d3d4")
    assert verdict(game) is None


# ------------------------------------------------------------------ n-check


def test_three_check_the_third_check_wins() -> None:
    # White has given two checks; Bb5+ is the third.
    fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 checks=(2,0)"
    game = rules.new_game("threecheck", fen=fen)
    assert verdict(game) is None
    game.play("f1b5")
    assert game.fen().endswith("checks=(3,0)")
    assert verdict(game) == ("white", "3 checks")


def test_three_check_counts_each_check_and_undo_restores_the_count() -> None:
    fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 checks=(0,0)"
    game = rules.new_game("threecheck", fen=fen)
    game.play("f1b5")
    assert game.fen().endswith("checks=(1,0)")
    game.undo()
    assert game.fen().endswith("checks=(0,0)")


def test_three_check_refuses_a_count_past_the_limit() -> None:
    with pytest.raises(FenError, match="checks= must be two counts"):
        rules.new_game("threecheck", fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 checks=(4,0)")


# ------------------------------------------------------------------ the move-count rule


def test_shatranj_draws_after_seventy_moves_each() -> None:
    game = rules.new_game("shatranj", fen="r3k3/8/8/8/8/8/8/R3K3 w - - 139 100")
    assert verdict(game) is None
    game.play("a1a2")
    assert verdict(game) == (None, "70-move rule")


def test_move_rule_resets_only_on_what_it_lists(variant_folder: Path) -> None:
    # Only captures reset the count here: a pawn move at 99 plies still reaches 100.
    fen = "r3k3/8/8/8/8/8/P7/R3K3 w - - 99 100"
    game = custom(variant_folder, 'move_rule = 50\nmove_rule_resets = ["capture"]', fen)
    game.play("a2a3")
    assert verdict(game) == (None, "fifty-move rule")
    game = rules.new_game("chess", fen=fen)
    game.play("a2a3")
    assert verdict(game) is None


def test_move_rule_zero_removes_the_rule_and_its_option() -> None:
    assert "fifty_move_rule" not in rules.variant("xiangqi").options
    game = rules.new_game("xiangqi", fen="3k5/9/9/9/9/9/9/9/9/R3K4 w - - 300 200")
    assert verdict(game) is None


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("outcomes", "fault"),
    [
        ('stalemate = "lose"', "outcomes.stalemate must be one of 'draw', 'loss', 'win', not 'lose'"),
        ('bare_king = "win"', "outcomes.bare_king must be one of 'loss', 'draw', not 'win'"),
        ("bare_king_reply = 1", "outcomes.bare_king_reply must be true or false, not 1"),
        ('extinction = ["dragon"]', "outcomes.extinction names 'dragon', which is not a piece of this variant, all"),
        ('goal = "hill"', "outcomes.goal must name a region, not 'hill'"),
        ('goal_pieces = ["dragon"]', "outcomes.goal_pieces names 'dragon', which is not a piece of this variant"),
        ("check_limit = -1", "outcomes.check_limit must be from 0 to 100, not -1"),
        ('move_rule_resets = ["castle"]',
         "outcomes.move_rule_resets names 'castle', which is not a piece of this variant, capture or pawn"),
        ("sudden_death = 1", "unknown key 'sudden_death' in [variant.mine.outcomes]; its keys are: stalemate"),
    ],
)
def test_a_bad_outcome_key_is_named_with_its_line(variant_folder: Path, outcomes: str, fault: str) -> None:
    with pytest.raises(VariantFileError) as info:
        custom(variant_folder, outcomes, "8/8/8/8/8/8/8/8 w - - 0 1")
    assert len(info.value.problems) == 1  # one message per fault: the schema's or the rule's own
    line, message = info.value.problems[0]
    assert message.startswith(fault)
    assert line == 4
