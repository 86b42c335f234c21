"""Rule keys for endings: the goal with a reply (Racing Kings), extinction counts and results
(Horde, Antichess, a three-kings variant), perpetual check (Xiangqi, Shogi's fourfold
repetition) and Makruk's counting. Each test names the rule it checks; the expected results
are worked out by hand from docs/variant-files.md and the rules pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import game_at, moves_from
from textvariants import game_from_text

import rules
from rules import schema
from rules.catalogue import check_file

# ---------------------------------------------------------------- goal_reply


def test_white_reaching_the_goal_leaves_black_a_reply_that_draws() -> None:
    # Rule: White's arrival gives Black one more move; Black arriving too draws.
    game = game_at("racingkings", "8/1K4k1/8/8/8/8/8/8 w - - 0 1")
    game.play("b7b8")
    assert game.result is None
    assert "g7g8" in moves_from(game)
    game.play("g7g8")
    assert game.result is not None and game.result.winner is None


def test_white_wins_when_black_cannot_reach_the_goal_in_reply() -> None:
    # Rule: Black's king on g6 is two ranks away: White has won at once.
    game = game_at("racingkings", "8/1K6/6k1/8/8/8/8/8 w - - 0 1")
    game.play("b7b8")
    assert game.result is not None and game.result.winner == "white"


def test_white_wins_when_black_replies_without_reaching_the_goal() -> None:
    game = game_at("racingkings", "8/1K4k1/8/8/8/8/8/8 w - - 0 1")
    game.play("b7b8")
    game.play("g7g6")
    assert game.result is not None and game.result.winner == "white"


def test_black_reaching_the_goal_first_wins_at_once() -> None:
    game = game_at("racingkings", "8/6k1/1K6/8/8/8/8/8 b - - 0 1")
    game.play("g7g8")
    assert game.result is not None and game.result.winner == "black"


SAFE_TRY = """
[variant.mine]
parent = "chess"
royal = []
powers = ["promotion"]

[variant.mine.regions]
far_rank = { white = ["a8:h8"], black = "mirror" }

[variant.mine.outcomes]
extinction = ["king"]
goal = "far_rank"
goal_pieces = ["king"]
goal_safe = true
"""


def test_a_safe_try_wins_at_once(variant_folder: Path) -> None:
    # Rule: goal_safe: the king reaching the far rank unattacked has won.
    game = game_from_text(variant_folder, SAFE_TRY, "8/3K4/r7/8/7k/8/8/8 w - - 0 1")
    game.play("d7d8")
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == ("white", "King reached far_rank")


def test_an_attacked_try_wins_only_once_it_stands_unattacked(variant_folder: Path) -> None:
    # Rule: goal_safe: on d8 the king is attacked by the a8 rook, so the game goes on; Black may
    # take it (and win, its king being extinct) or let it be, and once the rook leaves the
    # rank the king stands there safe: White has won.
    game = game_from_text(variant_folder, SAFE_TRY, "r7/3K4/8/8/7k/8/8/8 w - - 0 1")
    game.play("d7d8")
    assert game.result is None
    assert "a8d8" in moves_from(game)
    game.play("a8a7")
    assert game.result is not None and game.result.winner == "white"


# ---------------------------------------------------------------- extinction keys


def test_horde_black_wins_by_capturing_the_last_white_piece() -> None:
    # Rule: extinction = "all" with extinction_together: a side with no piece left loses.
    game = game_at("horde", "4k3/8/8/8/8/8/1p6/P7 b - - 0 1")
    game.play("b2a1=queen")
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == ("black", "every piece lost")


def test_horde_white_without_a_king_is_not_lost_for_having_none() -> None:
    game = game_at("horde", "4k3/8/8/8/8/8/8/P7 w - - 0 1")
    assert game.result is None


def test_antichess_losing_every_piece_wins() -> None:
    # Rule: extinction_result = "win": the side left with no piece has won.
    game = game_at("antichess", "8/8/8/3p4/4P3/8/8/8 w - - 0 1")
    game.play("e4d5")
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == ("black", "every piece lost")


def test_antichess_stalemate_wins_for_the_side_that_cannot_move() -> None:
    game = game_at("antichess", "8/8/8/8/8/p7/P7/8 w - - 0 1")
    assert game.result is not None and game.result.winner == "white"


THREE_KINGS = """
[variant.mine]
parent = "chess"
royal = []
powers = ["promotion"]

[variant.mine.outcomes]
extinction = ["king"]
extinction_count = 2

[variant.mine.setups.standard]
placement = "knbqkbnk/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNK"
"""


def test_extinction_count_loses_when_one_of_three_kings_is_gone(variant_folder: Path) -> None:
    # Rule: extinction_count = 2: a side with two kings or fewer has lost.
    game = game_from_text(variant_folder, THREE_KINGS, "k3k2k/8/8/8/8/8/8/K3K1RK w - - 0 1")
    assert game.result is None
    game.play("g1g8")
    assert game.result is None  # Rg8 captures nothing
    game.play("a8a7")
    game.play("g8h8")
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == ("white", "down to 2 King pieces")


# ---------------------------------------------------------------- perpetual check

# Black's general shuttles e10-e9 while the red chariot checks it along the rank each time.
PERPETUAL_LINE = ["e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9", "e9e10", "a9a10"]


def test_xiangqi_perpetual_check_loses_for_the_checking_side() -> None:
    # Rule: perpetual_check = "loss": at the third occurrence, Red (White) gave check with every
    # move since the position first stood, so Red loses.
    game = game_at("xiangqi", "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
    for text in PERPETUAL_LINE[:-1]:
        game.play(text)
        assert game.result is None
    game.play(PERPETUAL_LINE[-1])
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == ("black", "perpetual check")


def test_xiangqi_repetition_without_perpetual_check_draws() -> None:
    # Rule: when neither side checked with every move, repetition is the usual draw.
    game = game_at("xiangqi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1")
    for text in ["a1a2", "e10e9", "a2a1", "e9e10", "a1a2", "e10e9", "a2a1", "e9e10"]:
        game.play(text)
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (None, "threefold repetition")


def test_shogi_repetition_is_fourfold() -> None:
    # Rule: repetitions = 4 (sennichite): the third occurrence does not end the game, the fourth does.
    game = game_at("shogi", "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1")
    shuffle = ["e1e2", "e9e8", "e2e1", "e8e9"]
    for text in shuffle * 2:
        game.play(text)
    assert game.result is None  # the start position stands for the third time
    for text in shuffle:
        game.play(text)
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (None, "fourfold repetition")


def test_undoing_after_a_perpetual_check_verdict_restores_the_game() -> None:
    game = game_at("xiangqi", "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
    for text in PERPETUAL_LINE:
        game.play(text)
    fen = game.fen()
    assert game.result is not None
    game.undo()
    assert game.result is None
    game.redo()
    assert game.fen() == fen and game.result is not None


# ---------------------------------------------------------------- Makruk's counting


def test_makruk_counting_starts_with_the_pieces_honour_of_one_rook() -> None:
    # Rule: no pawns, Black has only its king, White one rook: 16 moves (32 plies), counted
    # from the 3 pieces on the board (6 plies).
    game = game_at("makruk", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    game.play("a1a2")
    assert game.fen() == "4k3/8/8/8/8/8/R7/4K3 b - 32 6 1"  # limit and count as Fairy-Stockfish writes them
    game.play("e8d8")
    assert game.fen() == "3k4/8/8/8/8/8/R7/4K3 w - 32 7 2"


def test_makruk_board_honour_while_the_counting_side_has_more_than_its_king() -> None:
    # Rule: the board's honour: 64 moves (128 plies), counted from 0.
    game = game_at("makruk", "3mk3/8/8/8/8/8/8/R3K1N1 w - - 0 1")
    game.play("g1f3")
    assert game.fen().split()[3:5] == ["128", "0"]


def test_makruk_count_restarts_when_a_capture_bares_the_king() -> None:
    # Rule: a capture that leaves the side to move with its king alone starts the pieces'
    # honour afresh: White has one rook (16 moves), 3 pieces are left (6 plies).
    game = game_at("makruk", "3mk3/8/8/8/8/8/8/3RK3 w - 128 40 30")
    game.play("d1d8")
    assert game.fen().split()[3:5] == ["32", "6"]


def test_makruk_counting_draws_past_the_limit() -> None:
    # Rule: the game is drawn once the count passes the limit.
    game = game_at("makruk", "4k3/8/8/8/8/8/8/R3K3 w - 32 31 40")
    game.play("a1a2")
    assert game.result is None  # 32 plies: at the limit, not past it
    game.play("e8d8")
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (None, "counting rule (16 moves)")


def test_makruk_counting_is_left_out_of_repetition() -> None:
    # Rule: the count is not part of what repeats: shuffling still repeats the position.
    game = game_at("makruk", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1")
    for text in ["a1a2", "e8d8", "a2a1", "d8e8"] * 2:
        game.play(text)
    assert game.result is not None and game.result.reason == "threefold repetition"


# ---------------------------------------------------------------- the keys in the schema and check


@pytest.mark.parametrize(("path", "name"), [
    ("variant", "must_capture"), ("variant", "checks_allowed"),
    ("variant.outcomes", "extinction_count"), ("variant.outcomes", "extinction_together"),
    ("variant.outcomes", "extinction_result"), ("variant.outcomes", "goal_reply"), ("variant.outcomes", "goal_safe"),
    ("variant.outcomes", "perpetual_check"), ("variant.outcomes", "counting"),
    ("variant.outcomes", "counting_board"), ("variant.outcomes", "counting_pieces"),
    ("variant.data.explosions", "immune"), ("variant.data.en-passant", "ranks"),
])
def test_the_rule_keys_are_in_the_schema_the_designer_reads(path: str, name: str) -> None:
    spec = schema.key(path, name)
    assert spec is not None and spec.doc


def test_check_reports_a_bad_counting_row_and_a_bad_choice(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        '[variant.mine]\nparent = "chess"\n'
        '[variant.mine.outcomes]\ncounting = true\ncounting_pieces = [["khon", 2, 22]]\n'
        'perpetual_check = "win"\n',
        encoding="utf-8",
    )
    messages = [message for _line, message in check_file(path)]
    assert any("counting_pieces names 'khon'" in m for m in messages), messages
    assert any("perpetual_check" in m and "win" in m for m in messages), messages


def test_the_new_variants_are_playable() -> None:
    for vid in ("racingkings", "antichess", "atomic", "horde", "makruk"):
        assert vid in rules.variant_ids()
        assert rules.variant(vid).raw.get("fairy_stockfish") == vid
