"""Strength levels: at least five, ordered, and the beginner really does make mistakes."""

from __future__ import annotations

import pytest

import rules
from rules.engine import LEVELS, Engine, Limits, get_level, level_names

# White to move can take a loose Queen with the Knight (f3xe5); nothing else comes close.
FREE_QUEEN = {
    "g1": "white king", "f3": "white knight", "f2": "white pawn", "g2": "white pawn", "h2": "white pawn",
    "a2": "white pawn", "b2": "white pawn", "c2": "white pawn",
    "g8": "black king", "e5": "black queen", "f7": "black pawn", "g7": "black pawn", "h7": "black pawn",
}


def test_at_least_five_levels_from_beginner_to_strongest() -> None:
    names = level_names()
    assert len(names) >= 5
    assert names[0] == "beginner" and names[-1] == "strongest"
    depths = [level.depth for level in LEVELS]
    seconds = [level.seconds for level in LEVELS]
    assert depths == sorted(depths) and seconds == sorted(seconds)
    assert depths[0] < depths[-1]


def test_unknown_level_names_the_choices() -> None:
    with pytest.raises(ValueError, match="beginner"):
        get_level("grandmaster")


def test_strongest_always_takes_the_free_queen() -> None:
    game = rules.new_game("chess", placement=FREE_QUEEN)
    for seed in range(5):
        result = Engine(game, level="strongest", seed=seed).search(game, Limits(depth=2))
        assert str(result.best_move) == "f3e5"


def test_beginner_sometimes_misses_the_free_queen() -> None:
    game = rules.new_game("chess", placement=FREE_QUEEN)
    # The level's depth without its time limit, so a slow machine scores the same moves.
    limits = Limits(depth=get_level("beginner").depth)
    moves = [str(Engine(game, level="beginner", seed=seed).search(game, limits).best_move) for seed in range(30)]
    assert all(m in {str(x) for x in game.legal_moves()} for m in moves)
    assert "f3e5" in moves  # it is not blind ...
    assert any(m != "f3e5" for m in moves)  # ... but it makes clear mistakes


def test_loose_levels_are_repeatable_with_a_seed() -> None:
    game = rules.new_game("chess")
    limits = Limits(depth=get_level("novice").depth)
    a = [str(Engine(game, level="novice", seed=7).search(game, limits).best_move) for _ in range(3)]
    b = [str(Engine(game, level="novice", seed=7).search(game, limits).best_move) for _ in range(3)]
    assert a == b
