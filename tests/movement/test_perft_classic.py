"""Perft of the classic variants from their start positions, against published figures.

Xiangqi: 44, 1,920, 79,666 (the figures every Xiangqi engine is checked against).
Capablanca chess: 28, 784, 25,228 (the published 10x8 Capablanca figures).
Deeper counts take minutes: bench/perft_classic.py.
"""

from __future__ import annotations

import pytest

import rules
from rules.perft import perft

PUBLISHED = [
    ("xiangqi", (44, 1920, 79666)),
    ("capablanca", (28, 784, 25228)),
]


@pytest.mark.parametrize(("variant_id", "counts"), PUBLISHED)
def test_perft_matches_the_published_figures(variant_id: str, counts: tuple[int, ...]) -> None:
    pos = rules.new_game(variant_id).pos
    assert tuple(perft(pos, depth) for depth in range(1, len(counts) + 1)) == counts
