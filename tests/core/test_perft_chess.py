"""Perft of standard chess against the published counts (move generation is exact)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.perft import perft

DATA = Path(__file__).parent / "data" / "perft_chess.txt"
SLOW_NODES = 1_000_000


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


def _param(fen: str, depth: int, count: int) -> object:
    marks = [pytest.mark.slow] if count > SLOW_NODES else []
    return pytest.param(fen, depth, count, marks=marks, id=f"{fen.split()[0][:12]}-d{depth}")


@pytest.mark.parametrize(("fen", "depth", "expected"), [_param(*c) for c in _cases()])
def test_perft_matches_published_count(fen: str, depth: int, expected: int) -> None:
    game = rules.new_game("chess", fen=fen)
    assert perft(game.pos, depth) == expected
    # Perft makes and unmakes every move: the position must come back exactly.
    assert game.fen() == rules.new_game("chess", fen=fen).fen()
