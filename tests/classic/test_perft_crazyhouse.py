"""Perft of Crazyhouse against published counts (drops of every kind, rank limits)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.perft import perft

DATA = Path(__file__).parent / "data" / "perft_crazyhouse.txt"


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, *counts = (part.strip() for part in line.split(";"))
        for item in counts:
            depth, count = item.split(":")
            cases.append((fen, int(depth), int(count)))
    return cases


@pytest.mark.parametrize(("fen", "depth", "expected"), _cases())
def test_perft_matches_published_count(fen: str, depth: int, expected: int) -> None:
    game = rules.new_game("crazyhouse", fen=fen)
    before = game.fen()
    assert perft(game.pos, depth) == expected
    assert game.fen() == before  # every drop and capture is unmade exactly
