"""The computer opponent: a search engine for every variant the rules package lists.

Pure Python on top of :mod:`rules` (never Qt). The app's entry point is
:class:`Engine`::

    from rules.engine import Engine, Limits
    result = Engine(game.rules, level="expert").search(game, on_progress=..., stop_flag=...)
    result.best_move, result.score, result.depth, result.nodes, result.pv

See ``docs/engine.md`` for the search, the evaluation and the levels.
"""

from __future__ import annotations

from .engine import Engine
from .evaluate import Evaluator
from .levels import LEVELS, Level, get_level, level_names
from .limits import MATE, MAX_LINES, Limits, PrincipalLine, SearchResult
from .players import GreedyPlayer, Player, RandomPlayer, SearchPlayer, make_player
from .values import PieceValues

__all__ = [
    "LEVELS", "MATE", "MAX_LINES", "Engine", "Evaluator", "GreedyPlayer", "Level", "Limits", "PieceValues",
    "Player", "PrincipalLine", "RandomPlayer", "SearchPlayer", "SearchResult", "get_level", "level_names",
    "make_player",
]
