"""A Search made directly, for tests that look inside it (its order, its root scores)."""

from __future__ import annotations

import rules
from rules.engine import Evaluator, Limits
from rules.engine.search import Search
from rules.engine.table import TranspositionTable


def bare_search(r: rules.Rules, depth: int = 1, seen: set[int] | None = None) -> Search:
    """A Search of ``r`` with a fresh table, limited to ``depth``; ``seen`` are the game's earlier positions."""
    return Search(r, Evaluator(r), TranspositionTable(), Limits(depth=depth), seen=seen or set())
