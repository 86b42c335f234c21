"""The analysis panel at work (``MainWindow.analysis``): while it is on, the engine searches the
position on the board without a limit, in Qt's thread pool, and the panel shows each depth as
it completes. Any change of position (a move, undo, browsing the game, exploring, another game)
stops that search and starts one on the new position; answers about a position no longer on
the board are dropped, as the computer opponent drops them.

The panel follows one line or several (its spin box): each further line is the best move not
yet shown, with its own score. Clicking a move of a line explores the position after it: the
game in progress is set aside, as Free exploration sets it aside, and comes back on leaving."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from rules import Game, RulesError
from rules.engine import Engine, Limits, SearchResult

from ..computer.search import Answer, Searcher, SearchRequest, SearchTag, SearchTask, start_search
from ..controller import GameController
from ..engines.client import EngineFailure
from .lines import Evaluation, evaluation_of
from .panel import AnalysisPanel

ANALYSIS = "analysis"
ANALYSIS_KEY = "Ctrl+A"
ANALYSIS_LEVEL = "strongest"


class AnalysisView(QObject):
    #: A score for the position on view (a ``fairygui.scores.WhiteScore``), after each depth.
    evaluated = Signal(object)

    def __init__(self, controller: GameController, window: QWidget,
                 explore: Callable[[Game], None]) -> None:
        super().__init__(window)
        self.controller = controller
        self.explore = explore
        self.panel = AnalysisPanel()
        self.task: SearchTask | None = None
        self._retired: list[SearchTask] = []
        self._engine: Engine | None = None
        #: Another program's engine to analyse this game with, if one is chosen (Settings > Engines)
        #: and plays its variant; returns it with its name.
        self.external_engine: Callable[[Game], tuple[Searcher, str] | None] | None = None
        key = QKeySequence(ANALYSIS_KEY)
        self.action = QAction("&Analyse", window)
        self.action.setCheckable(True)
        self.action.setShortcut(key)
        tip = "The engine's evaluation and best line for the position on the board"
        self.action.setStatusTip(tip)
        self.action.setToolTip(f"{tip} ({key.toString(QKeySequence.SequenceFormat.NativeText)})")
        self.action.toggled.connect(self.set_active)
        window.addAction(self.action)
        self.panel.toggle.toggled.connect(self.action.setChecked)
        self.panel.lineClicked.connect(self._line_clicked)
        self.panel.add_line.clicked.connect(self.add_line)
        self.panel.linesChanged.connect(lambda _count: self.restart())  # restart() does nothing while off
        controller.positionChanged.connect(self._position_changed)
        controller.gameReplaced.connect(self._game_replaced)
        controller.busyChanged.connect(lambda _busy: self._position_changed())
        self._show_state()

    @property
    def active(self) -> bool:
        return self.action.isChecked()

    def set_active(self, on: bool) -> None:
        if self.panel.toggle.isChecked() != on:
            self.panel.toggle.setChecked(on)
        if on:
            self.restart()
        else:
            self.stop()
        self._show_state()

    def _show_state(self) -> None:
        key = QKeySequence(ANALYSIS_KEY).toString(QKeySequence.SequenceFormat.NativeText)
        self.panel.toggle.setText(f"Stop analysis ({key})" if self.active else f"Analyse ({key})")
        if not self.active:
            self.panel.show_note(f"Analysis is off: {key} or the button below starts it.")

    # ------------------------------------------------------------ searching

    def restart(self) -> None:
        """Search the position on the board now (dropping any other search)."""
        self.stop()
        if not self.active:
            return
        c = self.controller
        game = c.game
        if c.busy:
            self.panel.show_note("Reading a game...")
            return
        if game.result is not None:
            self.panel.show_note(f"Nothing to analyse: {c.result_text() or 'the game is over'}.")
            return
        external = self.external_engine(game) if self.external_engine is not None else None
        request = SearchRequest(ANALYSIS, game.to_move, ANALYSIS_LEVEL if external is None else external[1],
                                SearchTag.of(game), Limits(), self.panel.lines.value())
        engine: Searcher | None = None
        self.panel.engine_name = external[1] if external is not None else ""
        if external is not None:
            engine = external[0]
        elif self._engine is not None and self._engine.rules is game.rules:
            engine = self._engine
        # The copy is made here, on the GUI thread, before anything can change the game.
        task = SearchTask(request, game.copy(), engine)
        task.signals.progress.connect(self._progress)
        task.signals.finished.connect(self._finished)
        task.signals.failed.connect(self._failed)
        self.task = task
        self.panel.show_note("Thinking..." if external is None else f"{external[1]} is thinking...")
        start_search(task)

    def stop(self) -> None:
        task = self.task
        if task is not None:
            task.stop.set()
            self._retired.append(task)
            self.task = None

    def shutdown(self) -> None:
        """Before the window closes: every search is told to stop."""
        self.stop()
        for task in self._retired:
            task.stop.set()

    def _current(self, request: SearchRequest) -> bool:
        return self.task is not None and self.task.request is request and request.tag.matches(self.controller.game)

    def _progress(self, request: SearchRequest, result: SearchResult) -> None:
        if self._current(request):
            self._show(evaluation_of(result, self.controller.game))

    def _finished(self, request: SearchRequest, answer: Answer) -> None:
        rules_now = self.controller.game.rules
        if (isinstance(answer.engine, Engine) and answer.engine.rules is rules_now
                and (self._engine is None or self._engine.rules is not rules_now)):
            # Its table helps the next position's search. Only the first engine is kept: where
            # a move came before the first search ended, each search built one of its own, and
            # taking whichever answered last made them take turns, two full tables alive.
            self._engine = answer.engine
        current = self._current(request)
        self._retired = [t for t in self._retired if t.request is not request]
        if current:
            self.task = None
            self._show(evaluation_of(answer.result, self.controller.game), done=True)

    def _show(self, evaluation: Evaluation, done: bool = False) -> None:
        self.panel.show_evaluation(evaluation, done)
        self.evaluated.emit(evaluation.white)

    def _failed(self, request: SearchRequest, exc: Exception) -> None:
        if self._current(request):
            self.task = None
            if isinstance(exc, EngineFailure):
                self.panel.show_note(f"{exc}. The game is kept; switch analysis off and on to try again.")
            else:
                self.panel.show_note(f"The engine could not search this position ({type(exc).__name__}: {exc}).")
        self._retired = [t for t in self._retired if t.request is not request]

    # ------------------------------------------------------------ reacting

    def _position_changed(self) -> None:
        if self.active and (self.task is None or not self.task.request.tag.matches(self.controller.game)):
            self.restart()

    def _game_replaced(self) -> None:
        self._engine = None
        if self.active:
            self.restart()

    def add_line(self) -> bool:
        """Add the best line shown to the record, as a variation at the position on view."""
        evaluation = self.panel.evaluation
        if evaluation is None:
            return False
        return self.controller.add_variation([item.move for item in evaluation.line])

    def _line_clicked(self, number: int, index: int) -> None:
        """Explore the position after move ``index`` of line ``number`` (0: the best; on a copy:
        the game stays)."""
        evaluation = self.panel.evaluation
        if evaluation is None:
            return
        if number == 0:
            moves = evaluation.line
        elif 0 < number <= len(evaluation.others):
            moves = evaluation.others[number - 1].moves
        else:
            return
        if not 0 <= index < len(moves):
            return
        game = self.controller.game.copy()
        try:
            for item in moves[: index + 1]:
                game.play(item.move)
        except RulesError:
            return
        self.explore(game)
