"""Aspiration windows at the root, and what a failed window leaves in the table.

Rules of the search (rules/engine/search.py): from ASPIRATION_DEPTH on, the root is
searched in a window around the last iteration's score, unless that score swung by
more than ASPIRATION_SWING from the iteration before (then the full window at once);
and the root stores the bound its window gave (not always an exact score).
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Evaluator, Limits
from rules.engine import search as search_module
from rules.engine.engine import context_is_costly
from rules.engine.limits import INFINITY
from rules.engine.search import ASPIRATION_DEPTH, ASPIRATION_SWING, Search
from rules.engine.table import UPPER, TranspositionTable


def _windows(variant: str, depth: int, monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[int, int, int]], list[int]]:
    """The (depth, alpha, beta) of every root search, and each completed iteration's score."""
    windows: list[tuple[int, int, int]] = []
    original = Search._root

    def recording(self: Search, pos: rules.Position, d: int, moves: list[rules.Move], alpha: int, beta: int,  # type: ignore[no-untyped-def]
                  store: bool = True):
        windows.append((d, alpha, beta))
        return original(self, pos, d, moves, alpha, beta, store)

    monkeypatch.setattr(Search, "_root", recording)
    game = rules.new_game(variant)
    r = game.rules
    scores: list[int] = []
    search = Search(
        r, Evaluator(r), TranspositionTable(), Limits(depth=depth),
        on_progress=lambda res: scores.append(res.score), lean=context_is_costly(r),
    )
    search.run(game.pos.copy())
    return windows, scores


def test_a_swinging_score_gets_the_full_window(monkeypatch: pytest.MonkeyPatch) -> None:
    # Friendly's score at the start swings between the first depths; windows from depth 3
    # here, so that the test need not search Friendly's start to depth 4.
    monkeypatch.setattr(search_module, "ASPIRATION_DEPTH", 3)
    windows, scores = _windows("friendly", 3, monkeypatch)
    assert abs(scores[-2] - scores[-3]) > ASPIRATION_SWING
    last = [w for w in windows if w[0] == 3]
    assert last == [(3, -INFINITY, INFINITY)]


def test_a_steady_score_gets_a_narrow_window(monkeypatch: pytest.MonkeyPatch) -> None:
    windows, scores = _windows("chess", ASPIRATION_DEPTH + 1, monkeypatch)
    steady = 0
    for d in range(ASPIRATION_DEPTH, ASPIRATION_DEPTH + 2):
        first = next(w for w in windows if w[0] == d)
        if abs(scores[d - 2] - scores[d - 3]) <= ASPIRATION_SWING:
            steady += 1
            assert first[2] - first[1] < 2 * ASPIRATION_SWING
    assert steady  # chess from the start is steady enough for a window at least once


def test_a_failed_root_window_is_stored_as_a_bound() -> None:
    game = rules.new_game("chess")
    r = game.rules
    table = TranspositionTable()
    search = Search(r, Evaluator(r), table, Limits(depth=2))
    pos = game.pos.copy()
    search.pos = pos
    key = search_module.position_key(pos)
    # A window far above anything reachable: every root move fails low.
    score, _move = search._root(pos, 2, r.legal_moves(pos), 5000, 5001)
    assert score <= 5000
    entry = table.get(key, 0)
    assert entry is not None and entry.bound == UPPER
