"""Results the position does not give by itself: a resignation, a draw agreed, an adjudication
and a loss on time (``Game.declare_result``, ``Game.time_forfeit``). Each stands at its ply
while the game is browsed, can be taken back (``Game.withdraw_result``), and a record keeps it.
The usual rule for a loss on time: where the side whose opponent ran out of time cannot mate
by any sequence of moves the game is drawn; the rules know that only where the variant has a
rule for too little material (chess's ``insufficient-material``)."""

from __future__ import annotations

import pytest

import rules
from rules.errors import IllegalMoveError, ResultError


def test_a_resignation_ends_the_game_and_browsing_keeps_it() -> None:
    game = rules.new_game("chess")
    game.play("e2e4")
    result = game.declare_result("white", "Black resigns")
    assert game.result == result == rules.Result("white", "Black resigns")
    with pytest.raises(IllegalMoveError):
        game.play("e7e5")
    game.undo()
    assert game.result is None
    game.redo()
    assert game.result == result


def test_a_declared_result_is_taken_back_and_the_game_goes_on() -> None:
    game = rules.new_game("chess")
    game.declare_result(None, "draw agreed")
    assert game.withdraw_result() == rules.Result(None, "draw agreed")
    assert game.result is None
    game.play("e2e4")
    with pytest.raises(ResultError):
        game.withdraw_result()


def test_no_result_is_declared_over_a_checkmate() -> None:
    game = rules.new_game("chess")
    for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
        game.play(move)
    assert game.result == rules.Result("black", "checkmate")
    with pytest.raises(ResultError):
        game.declare_result("white", "Black resigns")
    with pytest.raises(ResultError):  # only the move takes a checkmate back
        game.withdraw_result()


@pytest.mark.parametrize(("fen", "loser", "expected"), [
    # White's rook can mate: Black's flag loses.
    ("4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "black", rules.Result("white", "Black lost on time")),
    # King and Knight can never mate King and Queen: White's time running out only draws.
    ("4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1", "white",
     rules.Result(None, "White ran out of time and Black cannot mate")),
    # Black's Knight does not save Black's flag: White's Rook can mate.
    ("4k3/8/8/3n4/8/8/8/R3K3 b - - 0 1", "black", rules.Result("white", "Black lost on time")),
])
def test_a_loss_on_time_is_a_draw_where_the_opponent_cannot_mate(fen: str, loser: str,
                                                                   expected: rules.Result) -> None:
    game = rules.new_game("chess", fen=fen)
    assert game.time_forfeit(loser) == expected
    assert game.result == expected


def test_in_friendly_a_flag_always_loses_as_no_rule_says_who_cannot_win() -> None:
    game = rules.new_game("friendly")
    assert game.can_mate("white") and game.can_mate("black")
    assert game.time_forfeit("white") == rules.Result("black", "White lost on time")


def test_a_record_keeps_a_declared_result_and_reading_it_restores_it() -> None:
    game = rules.new_game("chess")
    game.play("e2e4")
    game.declare_result("black", "White resigns")
    text = rules.game_record(game)
    assert '[Result "0-1"]' in text and '[Termination "White resigns"]' in text
    assert "{Black wins: White resigns}" in text
    again = rules.load_game(text)
    assert again.result == rules.Result("black", "White resigns")
    assert again.withdraw_result() == rules.Result("black", "White resigns")


def test_a_record_of_another_program_without_termination_stays_open() -> None:
    game = rules.load_game('[Result "1-0"]\n\n1. e4 e5 1-0\n')
    assert game.result is None


def test_wrong_arguments_are_refused_in_words() -> None:
    game = rules.new_game("chess")
    with pytest.raises(TypeError):
        game.declare_result("green", "because")
    with pytest.raises(TypeError):
        game.declare_result(None, "   ")
    with pytest.raises(ValueError):
        game.time_forfeit("green")
