"""The baseline match's openings: random plies, redrawn until a shallow search calls them level.

A benchmark is only as fair as its openings: a pair of games from a position where one
side is already lost scores 1 - 1 whichever engine is stronger.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def baseline_bench() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCH))
    try:
        import engine_baseline

        yield engine_baseline
    finally:
        sys.path.remove(str(BENCH))


def test_an_unbalanced_first_draw_is_replaced_by_a_level_one(baseline_bench: ModuleType) -> None:
    # Pocket 43, seed 4000: the first two random plies leave a piece hanging.
    first = baseline_bench.opening("pocket43", 2, 4000)
    assert baseline_bench.opening_score("pocket43", first, 3) > 150
    kept = baseline_bench.opening("pocket43", 2, 4000, balance=150, depth=3)
    assert kept != first
    assert len(kept) == 2
    assert baseline_bench.opening_score("pocket43", kept, 3) <= 150
    assert baseline_bench.opening("pocket43", 2, 4000, balance=150, depth=3) == kept


def test_a_level_first_draw_is_kept(baseline_bench: ModuleType) -> None:
    first = baseline_bench.opening("pocket43", 2, 4009)
    assert baseline_bench.opening_score("pocket43", first, 3) <= 150
    assert baseline_bench.opening("pocket43", 2, 4009, balance=150, depth=3) == first


def test_a_finished_game_is_never_level(baseline_bench: ModuleType) -> None:
    # Fool's mate: the game is over, so no balance accepts it.
    moves = ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert baseline_bench.opening_score("chess", moves, 1) == sys.maxsize
