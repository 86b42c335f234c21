"""Players, matches and the ``python -m rules play`` command."""

from __future__ import annotations

import pytest

import rules
from rules.cli import main
from rules.engine import GreedyPlayer, RandomPlayer, make_player
from rules.engine.match import play_game, play_match


def test_greedy_takes_the_biggest_piece() -> None:
    game = rules.new_game(
        "chess",
        placement={
            "e1": "white king", "d1": "white queen", "e8": "black king",
            "d7": "black rook", "a4": "black knight", "h5": "black pawn",
        },
    )
    assert str(GreedyPlayer(seed=1).choose(game)) == "d1d7"


def test_greedy_avoids_a_poisoned_capture() -> None:
    # The Lady in Waiting's only capture is the Poison beside it, which would take the Lady
    # with it: counting what the capture gains, not just what it takes, any quiet move is better.
    game = rules.new_game(
        "friendly",
        placement={
            "k1": "white friend", "l1": "white friend", "k12": "black friend", "l12": "black friend",
            "f5": "white lady-in-waiting", "f6": "black poison",
        },
    )
    assert [str(m) for m in game.legal_moves() if m.captures] == ["f5f6"]
    move = GreedyPlayer(seed=3).choose(game)
    assert not move.captures


def test_random_player_plays_legal_moves() -> None:
    game = rules.new_game("pocket43")
    player = RandomPlayer(seed=2)
    for _ in range(10):
        move = player.choose(game)
        assert move in game.legal_moves()
        game.play(move)


def test_play_game_stops_at_the_ply_limit_or_the_end() -> None:
    played = play_game(rules.new_game("chess"), RandomPlayer(1), RandomPlayer(2), max_plies=12)
    assert len(played.moves) == 12 or played.result is not None
    replay = rules.new_game("chess")
    for text in played.moves:
        replay.play(text)
    assert played.move_text().startswith("1. " + played.moves[0])


@pytest.mark.slow
def test_strong_level_beats_a_random_mover_in_a_short_match() -> None:
    # Two quick games on the small Pocket board, colours alternating; depth-limited, so the
    # games are the same on any machine.
    engine = make_player("advanced", seed=1, depth=2)
    score = play_match(lambda: rules.new_game("pocket43"), engine, RandomPlayer(5), games=2, max_plies=160)
    assert len(score.games) == 2
    assert score.first_points > score.second_points


def test_play_command_prints_games_and_totals(capsys) -> None:  # noqa: ANN001
    code = main(["play", "chess", "--white", "random", "--black", "greedy", "--games", "2",
                 "--max-plies", "16", "--seed", "4", "--alternate"])
    out = capsys.readouterr().out
    assert code == 0
    assert "game 1: random (white) vs greedy (black)" in out
    assert "game 2: greedy (white) vs random (black)" in out
    assert "1. " in out
    assert "after 2 game(s): random (first)" in out


def test_play_command_rejects_unknown_players(capsys) -> None:  # noqa: ANN001
    code = main(["play", "chess", "--white", "deep-blue"])
    assert code == 2
    assert "deep-blue" in capsys.readouterr().err


def test_moves_are_numbered_from_a_black_start() -> None:
    game = rules.new_game("chess", fen="k7/8/1K6/6p1/8/8/8/7R b - - 0 1")
    played = play_game(game, RandomPlayer(1), RandomPlayer(2), max_plies=3)
    assert played.move_text().startswith(f"1. ... {played.moves[0]} 2. {played.moves[1]}")
