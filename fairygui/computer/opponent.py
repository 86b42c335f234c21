"""When the computer thinks, and what becomes of its answers.

The computer thinks for a side it plays once a move has been played (by the other side, or
by itself for computer against computer) or a new game has begun with it to move; browsing
the move list, undo, redo, and reading or pasting a game never start it (Move now does).
Stop (``pause``) keeps it from thinking until Continue (``resume``), Move now, a change of who
plays or a new game: two computer sides then stop playing each other and the game stays as it is.
Every search runs on a copy of the game in the thread pool (:mod:`.search`). Anything that
changes the position on the board cancels the search in progress; an answer is played only
if its search is still the current one *and* its tag still matches the board, so a late
answer never lands on a different position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from rules import Game, Move
from rules.engine import Engine, Limits, SearchResult, get_level

from ..clock import ClockReading
from ..controller import VARIATION, GameController
from ..engines.client import EngineFailure
from .levels import DEFAULT_LEVEL, ENGINE_MOVE_SECONDS, is_level, level_label
from .report import Report, report_of, starting_report
from .search import HINT, MOVE, Answer, Searcher, SearchRequest, SearchTag, SearchTask, start_search

#: Hints come from the strongest level, bounded by a short time instead of its own.
HINT_LEVEL = "strongest"
HINT_SECONDS = 3.0


@dataclass(frozen=True)
class Hint:
    tag: SearchTag
    move: Move
    report: Report


class ComputerOpponent(QObject):
    #: A search began; the report says who thinks (or that a hint is being looked for).
    started = Signal(object)
    #: A search completed a depth: a Report.
    progressed = Signal(object)
    #: The search in progress ended: answered, cancelled or failed.
    stopped = Signal()
    #: A hint for the position on the board is ready.
    hintReady = Signal(object)
    #: The hint no longer applies (the position changed).
    hintCleared = Signal()
    #: An answer arrived for a cancelled search or a position no longer on the board; it was dropped.
    answerDropped = Signal(object)
    #: A sentence for the status bar.
    message = Signal(str)
    #: What the commands and the board may do changed, other than by a search starting or stopping.
    stateChanged = Signal()
    #: Another program's engine failed: the whole sentence, for a dialog (the status bar may cut it).
    failed = Signal(str)

    def __init__(self, controller: GameController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        #: Seconds per move instead of each level's own (None: the level's).
        self.time_limit: float | None = None
        #: Seconds the side's clock allows this move (``GameClocks.move_seconds``; None: no clocks).
        self.clock_seconds: Callable[[str], float | None] = lambda _side: None
        #: Both clocks now, told to another program's engine (``GameClocks.reading``; None: no clocks).
        self.clock_reading: Callable[[], ClockReading | None] = lambda: None
        self.hint_seconds = HINT_SECONDS
        #: While set (free exploration), the computer neither thinks nor hints.
        self.suspended = False
        #: While set (Stop), the computer does not start thinking by itself; Continue clears it.
        self.paused = False
        self.task: SearchTask | None = None
        self.hint: Hint | None = None
        # Cancelled searches still unwinding; the task objects must outlive their reports.
        self._retired: list[SearchTask] = []
        # One engine per level for the game on the board: its table helps the next move.
        self._engines: dict[str, Engine] = {}
        #: Another program's engine to play a side's moves in this game, if one is chosen for
        #: that side and plays its variant (``fairygui.seats``); it comes with its name for the reports.
        self.external_engine: Callable[[Game, str], tuple[Searcher, str] | None] | None = None
        #: What plays a computer side, as ``SearchRequest.player`` names it ("level:expert", "engine:<name>").
        self.player_of: Callable[[str], str] = lambda side: f"level:{self.level_of(side)}"
        #: Who plays a computer side, in words ("Expert", an engine's name).
        self.player_label: Callable[[str], str] = lambda side: level_label(self.level_of(side))
        #: Whether a record's White or Black tag holds a name the app gave it (not the user's).
        self.made_up_name: Callable[[str, str], bool] = _made_up_name
        # The search starts on the event loop's next turn, once the board has painted the move
        # just played: a worker holding the interpreter lock would slow that paint down.
        self._due = QTimer(self)
        self._due.setSingleShot(True)
        self._due.setInterval(0)
        self._due.timeout.connect(self._start_if_due)
        controller.positionChanged.connect(self._position_changed)
        controller.gameReplaced.connect(self._game_replaced)
        controller.movePlayed.connect(self.think_if_due)
        controller.gameStarted.connect(self.think_if_due)
        controller.busyChanged.connect(self._busy_changed)

    # ------------------------------------------------------------ state

    @property
    def thinking(self) -> bool:
        """The computer is searching for its own move (or about to)."""
        return self._due.isActive() or (self.task is not None and self.task.request.purpose == MOVE)

    def level_of(self, side: str) -> str:
        level = self.controller.levels.get(side, DEFAULT_LEVEL)
        return level if is_level(level) else DEFAULT_LEVEL

    def _game_on(self) -> bool:
        c = self.controller
        return not self.suspended and not c.busy and c.game.result is None

    def computer_to_move(self) -> bool:
        return self._game_on() and self.controller.is_computer(self.controller.game.to_move)

    def can_move_now(self) -> bool:
        return self.thinking or (self.task is None and self.computer_to_move())

    def can_take_back(self) -> bool:
        c = self.controller
        return not self.suspended and not c.busy and c.game.ply > 0

    def can_hint(self) -> bool:
        # Not while the computer is about to start: a hint search would keep it from starting.
        return self.task is None and not self._due.isActive() and self._game_on()

    # ------------------------------------------------------------ commands

    def think_if_due(self) -> None:
        """Start the computer's search soon if it plays the side to move and nothing runs yet."""
        if self.task is None and not self.paused and self.computer_to_move():
            self._due.start()
            self.stateChanged.emit()  # the board stops taking moves from now

    def _start_if_due(self) -> None:
        if self.task is None and not self.paused and self.computer_to_move():
            self._start(MOVE)

    def can_pause(self) -> bool:
        return not self.paused and self.thinking

    def can_resume(self) -> bool:
        return self.task is None and not self._due.isActive() and self.computer_to_move()

    def pause(self) -> bool:
        """Stop: the search in progress ends and its move is not played; the computer starts no
        search by itself until Continue, Move now, a change of who plays, or a new game."""
        if not self.can_pause():
            return False
        self.paused = True
        self.cancel()
        self.stateChanged.emit()
        return True

    def resume(self) -> bool:
        """Continue: the computer plays on from the position on the board."""
        self.paused = False
        if not self.can_resume():
            self.stateChanged.emit()
            return False
        self._start(MOVE)
        return True

    def players_changed(self) -> None:
        """Who plays a side changed: a search for a side no longer played by it (or by another
        engine or level now) stops, its move unplayed; a computer now to move starts at once,
        at the end of the line (on an earlier position of it, Move now lets it play)."""
        task = self.task
        if task is not None and task.request.purpose == MOVE:
            side = task.request.side
            if not self.controller.is_computer(side) or task.request.player != self.player_key(side):
                self.cancel()
        self._due.stop()
        self.paused = False
        c = self.controller
        if c.game.ply == len(c.line):
            self.think_if_due()
        self.stateChanged.emit()

    def player_key(self, side: str) -> str:
        """What plays ``side`` now: "engine:" and another program's engine's name, or "level:"
        and the built-in engine's level (worked out without starting or ending any engine)."""
        return self.player_of(side)

    def move_now(self) -> bool:
        """Stop the search and play its best move so far; when the computer plays the side to
        move but is not thinking (after a take-back or browsing the line), start it."""
        if self._due.isActive():
            self._due.stop()
            self._start_if_due()
        if self.task is not None and self.task.request.purpose == MOVE:
            self.task.stop.set()  # the search returns its best move at once; it is played as usual
            return True
        if self.task is None and self.computer_to_move():
            self.paused = False
            self._start(MOVE)
            return True
        return False

    def take_back(self) -> bool:
        """Cancel any search, then undo moves until a human side is to move (at least one);
        with the computer on both sides, undo one move."""
        if not self.can_take_back():
            return False
        self.cancel()
        c = self.controller
        c.undo()
        humans = [side for side in c.players if not c.is_computer(side)]
        while humans and c.game.ply > 0 and c.game.to_move not in humans:
            c.undo()
        return True

    def undo(self) -> bool:
        """The Undo command. Against the computer (one side each) it gives the player their own
        last move back with the computer's reply, as Take back does, so it is their turn
        and the computer does not answer again; otherwise it takes back one move."""
        c = self.controller
        if sum(c.is_computer(side) for side in c.players) == 1 and self.can_take_back():
            return self.take_back()
        return c.undo()

    def ask_hint(self) -> bool:
        """Look for the best move of the side to move; ``hintReady`` brings it."""
        if not self.can_hint():
            return False
        self._start(HINT)
        return True

    def cancel(self) -> bool:
        """Stop the search in progress; its answer, if it still comes, is dropped."""
        if self._due.isActive():
            self._due.stop()
            self.stateChanged.emit()
        task = self.task
        if task is None:
            return False
        task.stop.set()
        self._retired.append(task)
        self.task = None
        self.stopped.emit()
        return True

    def suspend(self, suspended: bool) -> None:
        if suspended:
            self.cancel()
            self._clear_hint()
        self.suspended = suspended
        self.stateChanged.emit()

    def shutdown(self) -> None:
        """Before the window closes: every search is told to stop, so none holds it up."""
        self.cancel()
        for task in self._retired:
            task.stop.set()

    # ------------------------------------------------------------ searching

    def _limits(self, purpose: str, level: str, external: bool = False) -> Limits | None:
        if external:  # another program's engine: a time per move, its depth its own
            return Limits(time=self.time_limit if self.time_limit is not None else ENGINE_MOVE_SECONDS)
        if purpose == HINT:
            return Limits(depth=get_level(level).depth, time=self.hint_seconds)
        from_clock = self.clock_seconds(self.controller.game.to_move)
        if from_clock is not None:  # the level's depth, the clock's time
            return get_level(level).limits(from_clock)
        if self.time_limit is not None:
            return get_level(level).limits(self.time_limit)
        return None  # the level's own

    def _start(self, purpose: str) -> None:
        game = self.controller.game
        side = game.to_move
        level = HINT_LEVEL if purpose == HINT else self.level_of(side)
        external = self.external_engine(game, side) if purpose == MOVE and self.external_engine is not None else None
        engine: Searcher | None = self._engines.get(level)
        if isinstance(engine, Engine) and engine.rules is not game.rules:
            engine = None
        player = f"level:{level}"
        if external is not None:  # its name in the reports is the engine's
            engine, level = external
            player = f"engine:{level}"
        # Another program's engine on the clocks is told them and keeps its own time.
        clock = self.clock_reading() if external is not None else None
        limits = Limits() if clock is not None else self._limits(purpose, level, external is not None)
        request = SearchRequest(purpose, side, level, SearchTag.of(game), limits, player=player, clock=clock)
        # The copy is made here, on the GUI thread, before anything can change the game.
        task = SearchTask(request, game.copy(), engine)
        task.signals.progress.connect(self._progress)
        task.signals.finished.connect(self._finished)
        task.signals.failed.connect(self._failed)
        self.task = task
        self.started.emit(starting_report(request))
        start_search(task)

    def _current(self, request: SearchRequest) -> bool:
        return self.task is not None and self.task.request is request

    def _release(self, request: SearchRequest) -> bool:
        """Forget the task of ``request``; True if it was the current search."""
        if self._current(request):
            self.task = None
            return True
        self._retired = [task for task in self._retired if task.request is not request]
        return False

    def _progress(self, request: SearchRequest, result: SearchResult) -> None:
        if self._current(request) and request.tag.matches(self.controller.game):
            self.progressed.emit(report_of(request, result, self.controller.game))

    def _finished(self, request: SearchRequest, answer: Answer) -> None:
        current = self._release(request)
        game = self.controller.game
        if isinstance(answer.engine, Engine) and answer.engine.rules is game.rules:
            self._engines.setdefault(request.level, answer.engine)
        if not current or not request.tag.matches(game):
            if current:
                self.stopped.emit()
            self.answerDropped.emit(request)
            return
        self.stopped.emit()
        move = answer.result.best_move
        if move is None:
            return  # the game is over; the board already says how
        if request.purpose == HINT:
            report = report_of(request, answer.result, game)
            self.hint = Hint(request.tag, move, report)
            self.hintReady.emit(self.hint)
            self.message.emit(f"Hint: {report.best} · {report.score} · depth {report.depth}")
            return
        # Where the line goes on (Move now on an earlier position) the reply starts a variation.
        if not self.controller.play(move, VARIATION):
            self.message.emit(f"The computer's move {report_of(request, answer.result, game).best} was refused; "
                              "it is your turn to decide.")
            return
        self._name_player(request.side, answer.engine)

    def _name_player(self, side: str, engine: Searcher) -> None:
        """Another program's engine that played a side is named in the record's tag for it, by
        the name it gives itself, where the tag holds a name the app made up (not a user's)."""
        name = getattr(engine, "own_name", None)
        if isinstance(engine, Engine) or not isinstance(name, str) or not name:
            return
        tag = side.capitalize()
        current = self.controller.record.headers.get(tag, "")
        if current != name and self.made_up_name(side, current):
            self.controller.set_tag(tag, name)

    def _failed(self, request: SearchRequest, exc: Exception) -> None:
        if self._release(request):
            self.stopped.emit()
            # The fault's own words say what went wrong; its class name is for developers.
            if isinstance(exc, EngineFailure):
                self.message.emit(f"{exc}. The game is kept; Move now asks the engine again.")
                self.failed.emit(f"{exc}.\n\nThe game is kept. Move now asks the engine again; "
                                 "Game > Players lets another player take this side.")
            else:
                self.message.emit(f"The computer could not search this position: {exc}. Move now tries again.")

    # ------------------------------------------------------------ reacting to the game

    def _position_changed(self) -> None:
        self._due.stop()  # only a move played sets the computer off, not undo or browsing
        game = self.controller.game
        if self.task is not None and not self.task.request.tag.matches(game):
            self.cancel()
        if self.hint is not None and not self.hint.tag.matches(game):
            self._clear_hint()

    def _game_replaced(self) -> None:
        self.paused = False
        self.cancel()
        self._clear_hint()
        self._engines.clear()

    def _busy_changed(self, busy: bool) -> None:
        if busy:  # a game is being read: whatever the computer finds would be for the old one
            self.cancel()

    def _clear_hint(self) -> None:
        if self.hint is not None:
            self.hint = None
            self.hintCleared.emit()


def _made_up_name(side: str, current: str) -> bool:
    """A tag the app filled in (not a name the user typed): empty, "?", the side's own name,
    "Human", or the built-in engine's name."""
    return current in ("", "?", side.capitalize(), "Human") or current.startswith(("Fairy Chess engine", "Computer ("))
