"""A game with a result has no legal moves (issue 49): once a rule judged after every move
(a goal, a check count, an extinction, a bare king) or the loss of every royal piece has
decided the game, ``Game.legal_moves``, ``Rules.legal_moves`` and ``rules.perft`` list no
move beyond it, as Fairy-Stockfish and python-chess do; the engine reports the game over.
Each position is set up by hand; the counts beyond a decided move are compared with pyffish."""

from __future__ import annotations

from pathlib import Path

import pyffish as sf
import pytest
from textvariants import game_from_text

import rules
from rules.engine import Engine, Limits
from rules.perft import divide, perft


def fairy_perft(variant: str, fen: str, depth: int, moves: tuple[str, ...] = ()) -> int:
    """Fairy-Stockfish's leaf count, walked move by move through pyffish."""
    if depth == 0:
        return 1
    legal = sf.legal_moves(variant, fen, list(moves))
    if depth == 1:
        return len(legal)
    return sum(fairy_perft(variant, fen, depth - 1, (*moves, m)) for m in legal)


# King of the Hill: the White king d3 steps onto the hill (d4, e4) and wins at once.
KOTH_BEFORE = "rnbqkbnr/pppppppp/8/8/8/3K4/PPPPPPPP/RNBQ1BNR w kq - 0 1"
KOTH_ON_HILL = "rnbqkbnr/pppppppp/8/8/3K4/8/PPPPPPPP/RNBQ1BNR b kq - 1 1"


def test_goal_reached_leaves_no_legal_moves() -> None:
    game = rules.new_game("kingofthehill", fen=KOTH_ON_HILL)
    assert game.legal_moves() == []
    assert game.rules.legal_moves(game.pos) == []
    assert game.result is not None and game.result.winner == "white"
    assert perft(game.pos, 1) == 0 and perft(game.pos, 3) == 0


def test_goal_moves_count_as_leaves_but_nothing_beyond_them() -> None:
    game = rules.new_game("kingofthehill", fen=KOTH_BEFORE)
    counts = divide(game.pos, 2)
    # The two king moves onto the hill end the game: nothing below them.
    assert counts["d3d4"] == 0 and counts["d3e4"] == 0
    # A king move off the hill leaves Black its twenty replies.
    assert counts["d3c4"] == 20
    assert perft(game.pos, 2) == fairy_perft("kingofthehill", KOTH_BEFORE, 2)


def test_third_check_ends_the_game_without_moves() -> None:
    # White has given two checks; Bb5+ is the third, and Black has no reply to play.
    fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 checks=(2,0)"
    game = rules.new_game("threecheck", fen=fen)
    game.play("f1b5")
    assert game.result is not None and game.result.winner == "white"
    assert game.legal_moves() == []
    assert divide(rules.new_game("threecheck", fen=fen).pos, 2)["f1b5"] == 0


def test_extinction_capture_ends_the_game_without_moves() -> None:
    # Black's only knight stands on c6; the white knight d4 takes it and White has won.
    fen = "r1bqkb1r/pppppppp/2n5/8/3N4/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1"
    game = rules.new_game("extinction", fen=fen)
    game.play("d4c6")
    assert game.legal_moves() == []
    counts = divide(rules.new_game("extinction", fen=fen).pos, 2)
    assert counts["d4c6"] == 0
    assert sum(counts.values()) == fairy_perft("extinction", fen, 2)


BREAKTHROUGH = """
[variant.mine]
name = "Little Breakthrough"
files = 5
ranks = 5
royal = []
[variant.mine.regions]
far = { white = ["a5", "b5", "c5", "d5", "e5"], black = ["a1", "b1", "c1", "d1", "e1"] }
[variant.mine.pieces.pawn]
name = "Pawn"
letter = "P"
betza = "fmWfF"
[variant.mine.outcomes]
goal = "far"
goal_pieces = ["pawn"]
[variant.mine.setups.standard]
placement = "5/5/5/5/5"
"""


def test_breakthrough_pawn_on_the_last_rank_ends_the_game(variant_folder: Path) -> None:
    # A Breakthrough-like race: the White pawn c4 reaches the fifth rank in one move; pawns
    # move one square straight or diagonally forward and capture diagonally forward.
    game = game_from_text(variant_folder, BREAKTHROUGH, fen="p4/2P2/5/5/4P w - - 0 1")
    counts = divide(game.pos, 2)
    # c4c5, c4b5, c4d5 reach the goal: no replies are counted below them. The pawn e1's
    # three moves leave Black's pawn a5 its two (a4, b4).
    assert counts == {"c4c5": 0, "c4b5": 0, "c4d5": 0, "e1e2": 2, "e1d2": 2}
    game.play("c4c5")
    assert game.legal_moves() == [] and game.result is not None and game.result.winner == "white"


def test_the_engine_reports_a_decided_position_as_over() -> None:
    game = rules.new_game("kingofthehill", fen=KOTH_ON_HILL)
    result = Engine(game.rules).search(game.pos, Limits(depth=2))
    assert result.best_move is None and result.score < 0


# Fairy-Stockfish's published perft figures (its tests/perft.sh) for positions where the game can
# end within the tree: before the rule, our counts went on past the end (19484 and 12560).
PUBLISHED = [
    ("kingofthehill", "rnb2b1r/ppp2ppp/3k4/8/1PKp1pn1/3Pq3/PBP1P2P/RN1Q1B1R w - - 4 12", 3, 19003),
    # Fairy-Stockfish writes the checks still to give ("1+3"); our text, the checks given.
    ("threecheck", "7r/1p4p1/pk3p2/RN6/8/P5Pp/3p1P1P/4R1K1 w - - 1 39 checks=(2,0)", 3, 12407),
]


@pytest.mark.parametrize(("variant", "fen", "depth", "nodes"), PUBLISHED)
def test_published_perft_of_positions_that_end_inside_the_tree(variant: str, fen: str, depth: int, nodes: int) -> None:
    assert perft(rules.new_game(variant, fen=fen).pos, depth) == nodes
