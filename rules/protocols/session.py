"""What the UCI and XBoard front ends share: the game being talked about and one search thread.

The protocol reader keeps reading commands while a search runs (so ``stop``, ``?`` and
``isready`` are answered at once); the search runs in a daemon thread on a private copy of
the game and hands each completed depth and its final answer to callbacks, which print.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from .. import new_game, variant_ids
from ..engine import MAX_LINES, Engine, Limits, PrincipalLine, SearchResult, get_level, level_names
from ..engine.table import TranspositionTable
from ..errors import OptionError, RulesError
from ..game import Game
from ..limits import excerpt
from ..moves import Move
from .movetext import play_protocol_move, protocol_text, protocol_texts

DEFAULT_VARIANT = "chess"
#: The protocols' own limits decide how long to think, so the level must not bound them.
DEFAULT_LEVEL = "strongest"
DEFAULT_HASH_MB = 16
MAX_HASH_MB = 1024
#: Bytes one transposition-table entry takes (see rules.engine.table).
BYTES_PER_ENTRY = 350
#: A clock's time is spread over this many moves when the GUI gives no moves-to-go.
MOVES_TO_PLAN_FOR = 30
#: Share of the increment spent on the move, and of the remaining time a move may take at most.
INCREMENT_SHARE = 0.75
MOST_OF_CLOCK = 0.4
#: Seconds kept back for reading, printing and the other program's overhead.
CLOCK_MARGIN = 0.05
SHORTEST_THINK = 0.02


def time_for_move(remaining: float, increment: float = 0.0, moves_to_go: int | None = None) -> float:
    """Seconds to spend on this move with ``remaining`` seconds left on the clock."""
    spread = moves_to_go if moves_to_go and moves_to_go > 0 else MOVES_TO_PLAN_FOR
    budget = remaining / spread + increment * INCREMENT_SHARE
    ceiling = max(remaining * MOST_OF_CLOCK - CLOCK_MARGIN, SHORTEST_THINK)
    return max(SHORTEST_THINK, min(budget, ceiling))


def parse_variant_options(text: str) -> dict[str, str]:
    """``name=value;name=value`` (the protocols' one line for a variant's rule options)."""
    options: dict[str, str] = {}
    for item in text.split(";"):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise OptionError(f"variant option {excerpt(item)} is not written name=value")
        options[name.strip()] = value.strip()
    return options


@dataclass(frozen=True)
class Line:
    """A completed depth as the protocols print it: moves in protocol text."""

    result: SearchResult
    pv: tuple[str, ...]
    #: Where several lines were asked for (UCI's MultiPV): each with its moves, best first.
    lines: tuple[tuple[PrincipalLine, tuple[str, ...]], ...] = ()


class EngineSession:
    """The position a protocol talks about, the engine's settings, and the search running on it."""

    def __init__(self) -> None:
        self.variant = DEFAULT_VARIANT
        self.variant_options: dict[str, str] = {}
        self.level = DEFAULT_LEVEL
        self.hash_mb = DEFAULT_HASH_MB
        #: Best lines each search reports (UCI's MultiPV); the answer is the first line's move.
        self.lines = 1
        self.game: Game = new_game(self.variant)
        self._engine: Engine | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    # ------------------------------------------------------------ settings

    @staticmethod
    def variants() -> list[str]:
        return variant_ids()

    @staticmethod
    def levels() -> list[str]:
        return level_names()

    def set_variant(self, variant: str) -> None:
        """Play ``variant`` from its standard start (UnknownVariantError if we have none)."""
        # A variant's rule options mean nothing to another: a new variant starts with its defaults.
        game = new_game(variant)
        self.variant, self.game, self.variant_options = variant, game, {}

    def set_variant_options(self, text: str) -> None:
        options = parse_variant_options(text)
        self.game = new_game(self.variant, options=options)
        self.variant_options = options

    def set_level(self, level: str) -> None:
        self.level = get_level(level).name
        self._engine = None

    def set_hash(self, megabytes: int) -> None:
        if not 1 <= megabytes <= MAX_HASH_MB:
            raise OptionError(f"Hash must be between 1 and {MAX_HASH_MB} MB, not {megabytes}")
        self.hash_mb = megabytes
        if self._engine is not None:
            self._engine.table = self._table()

    def set_lines(self, count: int) -> None:
        if not 1 <= count <= MAX_LINES:
            raise OptionError(f"MultiPV must be between 1 and {MAX_LINES}, not {count}")
        self.lines = count

    def _table(self) -> TranspositionTable:
        return TranspositionTable(max(1, self.hash_mb * 1_000_000 // BYTES_PER_ENTRY))

    def new_game(self) -> None:
        if self._engine is not None:
            self._engine.new_game()

    # ------------------------------------------------------------ the position

    def set_position(self, fen: str | None, moves: list[str]) -> str | None:
        """Set up a start (None: the variant's standard one) and play ``moves`` on it.

        A bad position text raises its RulesError and leaves the position as it was. A
        move that is not legal stops the replay there: the error's words are returned.
        """
        game = new_game(self.variant, options=self.variant_options, fen=fen)
        self.game = game
        for text in moves:
            try:
                play_protocol_move(game, text)
            except RulesError as exc:
                return str(exc)
        return None

    def play(self, text: str) -> Move:
        return play_protocol_move(self.game, text)

    def move_text(self, move: Move) -> str:
        return protocol_text(self.game, move)

    # ------------------------------------------------------------ searching

    @property
    def searching(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def engine(self) -> Engine:
        if self._engine is None or self._engine.rules is not self.game.rules:
            self._engine = Engine(self.game.rules, level=self.level)
            self._engine.table = self._table()
        return self._engine

    def start_search(
        self,
        limits: Limits,
        on_line: Callable[[Line], None],
        on_done: Callable[[Game, SearchResult], None],
        on_fault: Callable[[str], None] = lambda words: None,
    ) -> None:
        """Search the current position in a thread. ``on_done`` gets the searched game (a copy)
        and the answer; ``on_fault`` hears why a search failed (the answer is then any legal move).
        The callbacks run on the search thread."""
        self.stop()
        engine = self.engine()
        game = self.game.copy()
        stop = threading.Event()
        self._stop = stop
        lines = self.lines

        def report(result: SearchResult) -> None:
            each = tuple((line, tuple(_line_texts(game, line.pv))) for line in result.lines)
            on_line(Line(result, tuple(_line_texts(game, result.pv)), each))

        def run() -> None:
            try:
                result = engine.search(game, limits=limits, on_progress=report, stop_flag=stop, lines=lines)
            except Exception as exc:  # the other program must still get an answer, and a reason
                on_fault(f"the search stopped on a fault: {type(exc).__name__}: {excerpt(str(exc))}")
                result = _any_move(game)
            try:
                on_done(game, result)
            except Exception as exc:  # a thread's traceback would reach the GUI's log, not the GUI
                on_fault(f"the answer could not be sent: {type(exc).__name__}: {excerpt(str(exc))}")

        self._thread = threading.Thread(target=run, name="engine-search", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Make the running search answer now and wait until it has."""
        self._stop.set()
        self.wait()

    def wait(self) -> None:
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join()


def _any_move(game: Game) -> SearchResult:
    legal = game.legal_moves()
    move = legal[0] if legal else None
    return SearchResult(move, 0, 0, 0, (move,) if move is not None else (), 0.0)


def _line_texts(game: Game, pv: tuple[Move, ...]) -> list[str]:
    """The line's moves in protocol text, up to the first that does not fit (never raises)."""
    try:
        return protocol_texts(game, list(pv))
    except RulesError:
        line = game.copy()
        texts: list[str] = []
        for move in pv:
            try:
                texts.append(protocol_text(line, move))
                line.play(move)
            except RulesError:
                break
        return texts
