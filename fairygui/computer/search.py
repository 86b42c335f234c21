"""One engine search in Qt's thread pool, reporting through signals that Qt delivers on the
GUI thread.

The search reads only a copy of the game, made on the GUI thread before the task starts,
so the board's game can change (undo, a new game) while the worker still runs. Each task
carries a :class:`SearchTag` naming the position it was asked about; whoever receives the
answer compares the tag with the game on the board and drops an answer that no longer fits.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QObject, QRunnable, Signal

from rules import Game
from rules.engine import Engine, Limits, SearchResult

from ..clock import ClockReading
from ..engines.client import ExternalEngine
from ..worker import run_on_own_thread, start_in_pool

MOVE = "move"
HINT = "hint"
#: How often (seconds) a running search hands the interpreter lock over. The GUI thread takes
#: the lock back after every call into Qt; at Python's default 5 ms, painting a position
#: while the engine runs took up to a quarter of a second, at 1 ms under a tenth. The search
#: itself loses no measurable speed.
SEARCH_SWITCH_INTERVAL = 0.001

_switching = threading.Lock()
_searches = 0
_usual_interval = sys.getswitchinterval()


@contextmanager
def quick_switching() -> Iterator[None]:
    """The shorter switch interval while at least one search runs; the usual one after."""
    global _searches, _usual_interval
    with _switching:
        if _searches == 0:
            _usual_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(_usual_interval, SEARCH_SWITCH_INTERVAL))
        _searches += 1
    try:
        yield
    finally:
        with _switching:
            _searches -= 1
            if _searches == 0:
                sys.setswitchinterval(_usual_interval)


@dataclass(frozen=True, eq=False)
class SearchTag:
    """The position a search was asked about: which game object, after how many moves, and
    its position text (a different line can reach the same ply)."""

    game: Game
    ply: int
    fen: str

    @classmethod
    def of(cls, game: Game) -> SearchTag:
        return cls(game, game.ply, game.fen())

    def matches(self, game: Game) -> bool:
        return game is self.game and game.ply == self.ply and game.fen() == self.fen


@dataclass(frozen=True)
class SearchRequest:
    """What to search for: the computer's move or a hint, for which side at which level."""

    purpose: str
    side: str
    level: str
    tag: SearchTag
    limits: Limits | None = None
    #: Best lines to report (the analysis panel's choice); the answer is the first line's move.
    lines: int = 1
    #: What plays (``ComputerOpponent.player_key``): a change of who plays a side stops its search.
    player: str = ""
    #: Both clocks as the search begins, for another program's engine in a game with clocks: it
    #: is told them and keeps its own time (``limits`` are then not sent).
    clock: ClockReading | None = None


class Searcher(Protocol):
    """What searches: the built-in Engine, or another program's (fairygui.engines.client)."""

    def search(self, position: Game, limits: Limits | None = ..., on_progress: Callable[[SearchResult], None]
               | None = ..., stop_flag: threading.Event | None = ..., lines: int = ...) -> SearchResult: ...


@dataclass(frozen=True)
class Answer:
    result: SearchResult
    #: The engine that searched; the built-in one is kept for the next move, as its table stays useful.
    engine: Searcher


class SearchSignals(QObject):
    """Each signal carries the task's request first, so the receiver knows which search spoke."""

    progress = Signal(object, object)  # a SearchResult after each completed depth
    finished = Signal(object, object)  # an Answer
    failed = Signal(object, object)  # the exception the search raised


class SearchTask(QRunnable):
    def __init__(self, request: SearchRequest, game: Game, engine: Searcher | None) -> None:
        super().__init__()
        self.request = request
        self.game = game
        self.engine = engine
        self.stop = threading.Event()
        # Made here, on the GUI thread, so the slots connected to it run there.
        self.signals = SearchSignals()
        self.setAutoDelete(False)

    def run(self) -> None:
        try:
            with quick_switching():
                # Building an engine works out piece values: worker-thread work too.
                engine: Searcher = self.engine or Engine(self.game.rules, level=self.request.level)
                if self.request.clock is not None and isinstance(engine, ExternalEngine):
                    result = engine.search(self.game, limits=self.request.limits, on_progress=self._progress,
                                           stop_flag=self.stop, clock=self.request.clock)
                else:
                    result = engine.search(self.game, limits=self.request.limits, on_progress=self._progress,
                                           stop_flag=self.stop, lines=self.request.lines)
        except Exception as exc:  # handed to the GUI, which says so; the game is untouched
            self.signals.failed.emit(self.request, exc)
        else:
            self.signals.finished.emit(self.request, Answer(result, engine))

    def _progress(self, result: SearchResult) -> None:
        self.signals.progress.emit(self.request, result)


def start_search(task: SearchTask) -> None:
    """The built-in engine searches in Qt's thread pool; another program's engine is waited on
    from a thread of its own, so a hung engine never holds up the pool (reading games, the
    built-in engine)."""
    if task.engine is None or isinstance(task.engine, Engine):
        start_in_pool(task)
    else:
        run_on_own_thread(task, "engine-search")
