"""Differential test: each shipped classic variant Fairy-Stockfish knows, against pyffish.

Seeded random games: at every ply the legal move sets, the board after each move and the
end verdict (winner, draw or not over) must be identical (tests/movement/ffish_oracle.py).
Few games and plies here; bench/ffish_diff.py runs many more.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ffish_oracle import compare_game  # noqa: E402

import rules  # noqa: E402

#: Every built-in variant that names its Fairy-Stockfish counterpart (variants with hands are
#: compared, hands included, by tests/classic/test_fairy_stockfish.py).
ORACLE_VARIANTS = [
    v for v in rules.variant_ids()
    if rules.variant(v).raw.get("fairy_stockfish") and "drops" not in rules.variant(v).powers
]
GAMES = 2
PLIES = 40


def test_every_classic_variant_names_its_fairy_stockfish_counterpart() -> None:
    expected = {
        "xiangqi", "capablanca", "shatranj", "kingofthehill", "threecheck", "extinction", "grasshopper", "shako",
    }
    assert expected <= set(ORACLE_VARIANTS)


@pytest.mark.parametrize("variant_id", ORACLE_VARIANTS)
def test_random_games_agree_with_fairy_stockfish(variant_id: str) -> None:
    for seed in range(GAMES):
        assert compare_game(variant_id, seed, PLIES) is None
