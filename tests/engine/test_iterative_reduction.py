"""Internal iterative reduction (rules/engine/search.py, IIR_DEPTH).

A node at depth IIR_DEPTH or more that the transposition table has no move for is
searched a ply shallower: its move order is a guess, and the next iteration returns with
the table's move. Depth-limited searches stay deterministic, so the node counts compare
exactly (the mate tests in test_mates.py and test_mates_every_variant.py run with the
reduction on).
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Engine, Limits
from rules.engine import search as search_module

MIDDLE_GAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"


def _search(fen: str, depth: int) -> tuple[str, int, int]:
    game = rules.new_game("chess", fen=fen)
    result = Engine(game.rules, "strongest").search(game, Limits(depth=depth))
    return str(result.best_move), result.score, result.nodes


def test_unknown_deep_nodes_are_searched_shallower(monkeypatch: pytest.MonkeyPatch) -> None:
    with_reduction = _search(MIDDLE_GAME, 6)
    monkeypatch.setattr(search_module, "IIR_DEPTH", 1000)
    without = _search(MIDDLE_GAME, 6)
    assert with_reduction[2] < without[2]
    # Both searches agree on the move here: the reduction saves work, not the answer.
    assert with_reduction[0] == without[0]
