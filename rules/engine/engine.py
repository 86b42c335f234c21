"""The computer opponent's front door: one :class:`Engine` per game and level.

Typical use from the app, in a worker thread::

    engine = Engine(game.rules, level="advanced")
    stop = threading.Event()              # set it from the GUI for "move now"
    result = engine.search(game.copy(), on_progress=report, stop_flag=stop)
    game.play(result.best_move)

``search`` never changes the game or position it is given: it replays the game
onto a private position (keeping the history's positions for repetition) and
searches that. It returns a legal move whenever one exists, even if stopped or
out of time at once; where no move is legal until a switch is flipped (Friendly's Hia
switches), it returns that switch, an action that does not pass the turn: play it and ask
again. One Engine runs one search at a time (a lock makes a
second caller wait); the transposition table carries over between moves.
"""

from __future__ import annotations

import random
import threading
import time
from dataclasses import replace

from ..fen import read_fen
from ..game import Game
from ..judge import actions_open_moves
from ..moves import Move
from ..position import Position
from ..ruleset import Rules
from .evaluate import Evaluator
from .levels import Level, get_level
from .limits import Limits, SearchResult, mate_in, root_choices
from .progress_clock import plies_since_progress
from .search import Progress, Search
from .table import TranspositionTable, position_key
from .tables import table_answer
from .terms import engine_config


class Engine:
    """Plays one variant at one strength level."""

    def __init__(
        self,
        game_or_rules: Game | Rules,
        level: str | Level = "strongest",
        seed: int | str | None = None,
        weights: dict[str, float] | None = None,
        lean: bool | None = None,
    ) -> None:
        if isinstance(game_or_rules, Game):
            self.rules = game_or_rules.rules
            self.game: Game | None = game_or_rules
        else:
            self.rules = game_or_rules
            self.game = None
        self.level = get_level(level)
        self.evaluator = Evaluator(self.rules, engine_config(self.rules, weights))
        self.table = TranspositionTable()
        self.rng = random.Random(seed)
        #: Judge horizon nodes with their parent's Context (see rules.engine.tree);
        #: by default, where working out a Context is slow.
        self.lean = context_is_costly(self.rules) if lean is None else lean
        self._lock = threading.Lock()
        self._stop = threading.Event()

    # ------------------------------------------------------------ public

    def search(
        self,
        position: Game | Position | None = None,
        limits: Limits | None = None,
        on_progress: Progress | None = None,
        stop_flag: threading.Event | None = None,
        lines: int = 1,
    ) -> SearchResult:
        """The move this engine plays in ``position`` (a Game, a Position, or the Engine's game).

        ``limits`` default to the level's; ``on_progress`` is called from the
        searching thread after each completed depth; setting ``stop_flag`` (or
        calling :meth:`stop`) makes the search return its best move so far.
        ``lines`` above 1 (at most ``MAX_LINES``) asks for that many best lines in
        ``SearchResult.lines``, as analysis programs show them; each costs a search of
        its own at every depth. The levels that choose loosely give one line.
        """
        with self._lock:
            stop = stop_flag if stop_flag is not None else self._stop
            if stop_flag is None:
                self._stop.clear()
            self._current_stop = stop
            pos, seen, idle = self._private_position(position)
            limits = limits or self.level.limits()
            if not self.rules.legal_moves(pos) and self.rules.action_powers:
                budget = len(self.rules.legal_actions(pos))
                switched = self._switch_first(pos, seen, idle, limits, stop, on_progress, lines, budget)
                if switched is not None:
                    return switched
            return self._search_here(pos, seen, idle, limits, stop, on_progress, lines)

    def _search_here(
        self, pos: Position, seen: set[int], idle: int | None, limits: Limits,
        stop: threading.Event, on_progress: Progress | None, lines: int,
    ) -> SearchResult:
        answer = table_answer(self.rules, pos)
        if answer is not None:
            return answer
        search = Search(
            self.rules, self.evaluator, self.table, limits, stop, on_progress, seen,
            self.level.quiescence, self.lean, lines, idle,
        )
        if self.level.loose:
            return self._loose_choice(search, pos, limits)
        return search.run(pos)

    def _switch_first(
        self, pos: Position, seen: set[int], idle: int | None, limits: Limits,
        stop: threading.Event, on_progress: Progress | None, lines: int, budget: int,
    ) -> SearchResult | None:
        """Where no move is legal until a switch is flipped (an action that does not pass the
        turn, such as a Hia switch that stops the slider giving check), the best such switch.

        The rules count such a position as a game going on (rules.judge.outcome), so the engine
        must answer: it plays the switch, and is asked again for the move that follows. Each
        switch that opens a move with the fewest switches (at most ``budget``, as the judge
        counts) is searched, sharing the time; None if none opens one."""
        fewest = self._fewest_switches(pos, budget)
        if fewest is None:
            return None
        switches, openers = fewest
        share = replace(limits, time=limits.time / len(openers)) if limits.time is not None else limits
        best: SearchResult | None = None
        for action in openers:
            pos.push(action)
            try:
                reported = None if on_progress is None else _prefixing(on_progress, action)
                found: SearchResult | None
                if self.rules.legal_moves(pos):
                    found = self._search_here(pos, seen, idle, share, stop, reported, lines)
                else:
                    found = self._switch_first(pos, seen, idle, share, stop, reported, lines, switches - 1)
            finally:
                pos.pop()
            if found is not None and (best is None or found.score > best.score):
                best = _with_switch(found, action)
        return best

    def stop(self) -> None:
        """Ask the running search (if any) to return its best move now. Thread-safe."""
        getattr(self, "_current_stop", self._stop).set()

    def evaluate(self, position: Game | Position | None = None) -> int:
        """Static evaluation of a position in centipawns for the side to move."""
        pos, _, idle = self._private_position(position)
        return self.evaluator.evaluate(pos, self.rules.context(pos), None, idle)

    def new_game(self) -> None:
        """Forget what earlier searches learned (call when the game is replaced)."""
        self.table.clear()

    # ------------------------------------------------------------ helpers

    def _private_position(self, position: Game | Position | None) -> tuple[Position, set[int], int | None]:
        """A copy to search on, the keys of the positions the game passed through, and the plies
        since the game's last progress (None for a bare position: its move-count clock stands in)."""
        source = position if position is not None else self.game
        if source is None:
            raise ValueError("Engine.search needs a game or position (none was given to the Engine)")
        if isinstance(source, Position):
            return source.copy(), set(), None
        if source.rules is not self.rules:
            raise ValueError(
                f"this engine plays {self.rules.variant.id!r} with its options; the game is {source.variant!r}"
            )
        history = list(source.history)
        pos = read_fen(self.rules, source.start_fen)
        seen: set[int] = set()
        # The start position's own clock counts as idle plies already played.
        idle = pos.halfmove
        pawn_kinds = self.rules.pawn_kinds
        for move in history:
            seen.add(position_key(pos))
            pos.push(move)
            idle = plies_since_progress(idle, pos, move, pawn_kinds)
        return pos, seen, idle

    def _fewest_switches(self, pos: Position, budget: int) -> tuple[int, list[Move]] | None:
        """The fewest switches (at most ``budget``) after which a move is legal, and the
        switches that begin such a sequence; None if there are none."""
        actions = self.rules.legal_actions(pos)
        for switches in range(1, budget + 1):
            openers: list[Move] = []
            for action in actions:
                pos.push(action)
                try:
                    if self.rules.legal_moves(pos) if switches == 1 else actions_open_moves(
                        self.rules, pos, switches - 1
                    ):
                        openers.append(action)
                finally:
                    pos.pop()
            if openers:
                return switches, openers
        return None

    def _loose_choice(self, search: Search, pos: Position, limits: Limits) -> SearchResult:
        """Weak levels: score every move, blur the scores, sometimes play at random."""
        legal = root_choices(limits, self.rules.legal_moves(pos))
        if not legal:
            return search.run(pos)
        level = self.level
        scored = search.root_scores(pos, max(1, limits.depth or level.depth))
        seconds = time.monotonic() - search.started
        if not scored or self.rng.random() < level.blunder:
            move = self.rng.choice(legal)
            score = dict(scored).get(move, 0)
            result = SearchResult(move, score, 0, search.nodes, (move,), seconds, mate_in(score))
        else:
            noisy = [(score + self.rng.gauss(0.0, level.noise), score, m) for m, score in scored]
            _, score, move = max(noisy, key=lambda item: item[0])
            result = SearchResult(move, score, level.depth, search.nodes, (move,), seconds, mate_in(score))
        if search.on_progress is not None:
            search.on_progress(result)
        return result


def _with_switch(result: SearchResult, action: Move) -> SearchResult:
    """``result`` (found after ``action``) as the answer before it: the switch first."""
    return replace(
        result,
        best_move=action,
        pv=(action, *result.pv),
        lines=tuple(replace(line, pv=(action, *line.pv)) for line in result.lines),
    )


def _prefixing(on_progress: Progress, action: Move) -> Progress:
    return lambda result: on_progress(_with_switch(result, action))


#: A Context worked out by this many board-wide powers or more makes the engine's leaves lean.
#: Each such power walks the board in turn, the later ones reading what the earlier decided
#: (Friendly's freezes, Hia zones, borrowings, poison): building the Context is then most of
#: a node, where one power marking a few squares (Flight and Ferry's Ferries) costs little.
LEAN_PREPARE_POWERS = 2


def context_is_costly(rules: Rules) -> bool:
    """Is working out a position's Context most of a node's work?

    Decided from the variant's powers alone, never by timing, so that a depth- or
    node-limited search plays the same move on any machine under any load.
    """
    return len(rules.prepare_powers) >= LEAN_PREPARE_POWERS
