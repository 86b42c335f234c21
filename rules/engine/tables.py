"""The engine's use of endgame tables (rules/tablebase): an exact answer at the root, exact
scores in the search, wherever a table of the position's material has been built."""

from __future__ import annotations

import time

from ..position import Position
from ..ruleset import Rules
from ..tablebase.probe import Shelf, shelf
from ..tablebase.values import DRAW, WIN, Probe
from .limits import MATE, SearchResult, mate_in


def shelf_if_any(rules: Rules) -> Shelf | None:
    """The variant's tables, or None when none is built (then nothing is ever probed)."""
    found = shelf(rules)
    return found if found.most_pieces else None


def table_score(found: Probe, ply: int, draw: int) -> int:
    """A table's answer as a search score at ``ply`` (mates counted from the root, as the search's)."""
    if found.value == DRAW:
        return draw
    distance = ply + found.plies
    return MATE - distance if found.value == WIN else -(MATE - distance)


def table_answer(rules: Rules, pos: Position) -> SearchResult | None:
    """The table's move and score for the root position, if a table holds it."""
    tables = shelf_if_any(rules)
    if tables is None:
        return None
    started = time.monotonic()
    best = tables.best_move(pos)
    if best is None:
        return None
    move, here, _ = best
    score = table_score(here, 0, 0)
    return SearchResult(move, score, 0, 0, (move,), time.monotonic() - started, mate_in(score) if here.value != DRAW
                        else None, from_table=True)
