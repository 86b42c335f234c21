"""Differential test against pyffish for the n-check variants, whose check counts
tests/classic/test_fairy_stockfish.py (every variant with ``fairy_stockfish``) does not compare.

Seeded random games: at every ply the legal move sets, the board after each move, the
checks given and the end verdict (winner, draw or not over) must be identical
(tests/movement/ffish_oracle.py). Few games and plies here; bench/ffish_diff.py runs
every classic variant at length.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from slowcases import marked_slow

sys.path.insert(0, str(Path(__file__).parent))

from ffish_oracle import compare_game  # noqa: E402

import rules  # noqa: E402

#: Every built-in variant that names its Fairy-Stockfish counterpart, and those counting checks.
# Variants with hands are compared, hands included, by tests/classic/test_fairy_stockfish.py.
ORACLE_VARIANTS = [
    v for v in rules.variant_ids()
    if rules.variant(v).raw.get("fairy_stockfish") and "drops" not in rules.variant(v).powers
]
CHECK_VARIANTS = [v for v in ORACLE_VARIANTS if rules.variant(v).outcomes.check_limit]
GAMES = 4
PLIES = 60


def test_every_classic_variant_names_its_fairy_stockfish_counterpart() -> None:
    expected = {
        "xiangqi", "capablanca", "shatranj", "kingofthehill", "threecheck", "extinction", "grasshopper", "shako",
    }
    assert expected <= set(ORACLE_VARIANTS)


@pytest.mark.parametrize("variant_id", marked_slow(CHECK_VARIANTS, {"threecheck"}))
def test_random_games_agree_with_fairy_stockfish_on_the_checks_given(variant_id: str) -> None:
    for seed in range(GAMES):
        assert compare_game(variant_id, seed, PLIES) is None
