"""Speaking to another program's engine over UCI or XBoard (no Qt: it runs in worker threads).

:class:`ExternalEngine` starts the program, greets it, learns its name, options and variants,
and answers :meth:`ExternalEngine.search` the way the built-in :class:`rules.engine.Engine`
does, so the computer opponent and the analysis panel run either the same way. Every wait has
a deadline: an engine that dies, stays silent past its time, or answers with a move that is not
legal raises an :class:`EngineFailure` whose words say which, and the game is never touched
(the search reads a copy). The process is started again on the next search.
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

import rules
from rules import Game, Move, RulesError
from rules.engine import MATE, Limits, PrincipalLine, SearchResult
from rules.engine.limits import mate_in
from rules.protocols.movetext import cecp_text, parse_protocol_move, protocol_text, text_of_cecp
from rules.variantnames import variant_of_name

from ..clock import ClockReading
from .options import EngineOption, parse_uci_option, parse_xboard_option
from .process import EngineFailure, EngineProcess, EngineStartFailure
from .timecontrol import CecpGame, cecp_level, cecp_times, uci_go

__all__ = ["EngineFailure", "EngineFacts", "EngineProcess", "EngineSpec", "EngineStartFailure", "ExternalEngine",
           "detect", "greet", "probe"]

UCI = "uci"
XBOARD = "xboard"
PROTOCOLS = (UCI, XBOARD)
#: Seconds an engine may take to greet us (uciok, feature done=1): real engines answer at once.
GREETING_SECONDS = 5.0
#: Seconds an engine may take to answer isready or ping (it may load a network or fill its hash).
READY_SECONDS = 15.0
#: Seconds past its time limit (or past our stop) before a silent engine counts as hung.
ANSWER_GRACE_SECONDS = 10.0
#: How often a waiting search looks at its stop flag.
POLL_SECONDS = 0.05
#: Least seconds between two progress reports handed on (an engine may send thousands a second).
PROGRESS_SECONDS = 0.1
#: Commands a CECP engine may not know without that mattering: its "Error (unknown command)" to
#: one of these is no refusal of the position (Fairy-Stockfish answers "post" so).
OPTIONAL_XBOARD_COMMANDS = frozenset({
    "accepted", "rejected", "post", "nopost", "hard", "easy", "random", "computer", "sd", "st", "level",
    "name", "option", "memory", "cores", "egtpath", "otim", "time",
})
XBOARD_MATE = 100_000
#: Lines sent to an engine that its client keeps (:attr:`ExternalEngine.sent`), the newest, each
#: cut at ``process.SENT_LINE_CHARS``: a few hundred kilobytes at most, however long it runs.
SENT_LOG_LINES = 1000


@dataclass(frozen=True)
class EngineSpec:
    """How to start an engine and talk to it."""

    path: str
    args: tuple[str, ...] = ()
    protocol: str = UCI
    #: Option values chosen in the Engines window, by option name.
    values: Mapping[str, str] = field(default_factory=dict)

    @property
    def command(self) -> list[str]:
        return [self.path, *self.args]


@dataclass(frozen=True)
class EngineFacts:
    """What an engine said about itself when greeted."""

    name: str
    protocol: str
    options: tuple[EngineOption, ...]
    #: Our variant ids it plays (chess for a plain UCI engine).
    variants: tuple[str, ...]
    #: Its own name for each of those variants.
    variant_names: Mapping[str, str]
    #: An XBoard engine's features (usermove, ping, ...) as it announced them.
    features: Mapping[str, str] = field(default_factory=dict)


def _our_variant_ids(announced: list[str]) -> dict[str, str]:
    """Our variant id -> the engine's name for it, for every announced variant we have (names
    matched through the one table of other programs' names, :mod:`rules.variantnames`)."""
    ours = set(rules.variant_ids())
    found: dict[str, str] = {}
    for name in announced:
        vid = variant_of_name(name)
        if vid is not None and vid in ours and vid not in found:
            found[vid] = name
    return found


# ---------------------------------------------------------------- greeting


def greet(process: EngineProcess, protocol: str) -> EngineFacts:
    return _greet_uci(process) if protocol == UCI else _greet_xboard(process)


def _greet_uci(process: EngineProcess) -> EngineFacts:
    process.send("uci")

    def answered(line: str) -> bool:
        if line.startswith(("Error", "Illegal move", "feature ")):
            # An XBoard engine says so at once: no need to wait out the greeting's time.
            raise EngineFailure(f"it answered 'uci' with {line[:60]!r}, as an XBoard engine does")
        return line.strip() == "uciok"

    lines = process.wait_for(answered, GREETING_SECONDS, "answer 'uci' with 'uciok'")
    name = os.path.basename(process.command[0])
    options: list[EngineOption] = []
    for line in lines:
        if line.startswith("id name "):
            name = line[len("id name "):].strip() or name
        elif line.startswith("option "):
            option = parse_uci_option(line)
            if option is not None:
                options.append(option)
    variant_option = next((o for o in options if o.name.lower() == "uci_variant"), None)
    announced = list(variant_option.choices) if variant_option is not None else ["chess"]
    found = _our_variant_ids(announced)
    return EngineFacts(name, UCI, tuple(options), tuple(found), found)


def _feature_pairs(text: str) -> list[tuple[str, str]]:
    """``a=1 b="two words"`` as pairs, quotes removed."""
    pairs: list[tuple[str, str]] = []
    i = 0
    while i < len(text):
        while i < len(text) and text[i] == " ":
            i += 1
        key_end = text.find("=", i)
        if key_end < 0:
            break
        key = text[i:key_end].strip()
        i = key_end + 1
        if i < len(text) and text[i] == '"':
            end = text.find('"', i + 1)
            end = len(text) if end < 0 else end
            value, i = text[i + 1:end], end + 1
        else:
            end = text.find(" ", i)
            end = len(text) if end < 0 else end
            value, i = text[i:end], end
        pairs.append((key, value))
    return pairs


def _greet_xboard(process: EngineProcess) -> EngineFacts:
    process.send("xboard")
    process.send("protover 2")
    features: dict[str, str] = {}
    options: list[EngineOption] = []
    done = False
    deadline = time.monotonic() + GREETING_SECONDS
    while not done and time.monotonic() < deadline:
        line = process.read(deadline)
        if line is None or not line.startswith("feature "):
            continue
        for key, value in _feature_pairs(line[len("feature "):]):
            if key == "option":
                option = parse_xboard_option(value)
                if option is not None:
                    options.append(option)
                continue
            features[key] = value
            process.send(f"accepted {key}")
            if key == "done" and value == "1":
                done = True
    if not done:
        raise EngineFailure(
            f"the engine did not finish its features (feature done=1) within {GREETING_SECONDS:.0f} seconds"
        )
    name = features.get("myname") or os.path.basename(process.command[0])
    announced = [v.strip() for v in features.get("variants", "normal").split(",") if v.strip()]
    found = _our_variant_ids(announced)
    return EngineFacts(name, XBOARD, tuple(options), tuple(found), found, features)


def probe(spec: EngineSpec) -> EngineFacts:
    """Start the engine, learn what it says about itself, and end it again."""
    process = EngineProcess(spec.command)
    try:
        return greet(process, spec.protocol)
    finally:
        process.close()


def detect(path: str, args: tuple[str, ...] = ()) -> EngineFacts:
    """Greet the program in UCI, then in XBoard: the facts of the first that answers. A program
    that cannot be started is said to be so at once."""
    problems: list[str] = []
    for protocol in PROTOCOLS:
        try:
            return probe(EngineSpec(path, args, protocol))
        except EngineStartFailure:
            raise
        except EngineFailure as exc:
            problems.append(f"{protocol.upper()}: {exc}")
    raise EngineFailure("it speaks neither UCI nor XBoard (" + "; ".join(problems) + ")")


# ---------------------------------------------------------------- searching


def _non_default_options(game: Game) -> str:
    defs = game.rules.variant.options
    parts = []
    for name, value in game.options.items():
        option = defs.get(name)
        if option is not None and value != option.default:
            text = str(value).lower() if isinstance(value, bool) else str(value)
            parts.append(f"{name}={text}")
    return ";".join(parts)


def _standard_start(game: Game) -> bool:
    try:
        return rules.new_game(game.variant, options=game.options).fen() == game.start_fen
    except RulesError:
        return False


def _moves_from_start(game: Game) -> list[str]:
    replay = game.copy_from_start()
    texts = []
    for move in game.history:
        texts.append(protocol_text(replay, move))
        replay.play(move)
    return texts


def _line_of(game: Game, words: list[str]) -> tuple[Move, ...]:
    """The engine's line as moves, up to the first word that is not a legal move."""
    replay = game.copy()
    line: list[Move] = []
    for word in words:
        try:
            move = parse_protocol_move(replay, word)
            replay.play(move)
        except RulesError:
            break
        line.append(move)
    return tuple(line)


def _refusal(line: str) -> bool:
    """An XBoard engine's "Illegal move ..." or "Error (...)" line, other than an "Error (unknown
    command)" about a command it may do without (:data:`OPTIONAL_XBOARD_COMMANDS`): engines spell
    it "unkown" too."""
    if line.startswith("Illegal move"):
        return True
    if not line.startswith("Error"):
        return False
    reason, _, rest = line.partition(":")
    words = reason.lower()
    if "unknown command" in words or "unkown command" in words:
        command = rest.split()[0] if rest.split() else ""
        return command not in OPTIONAL_XBOARD_COMMANDS
    return True


class _Progress:
    """Progress handed on at most once per PROGRESS_SECONDS: a flooding engine must not flood the
    GUI's event queue too. What is held is the newest thinking line unread (a function that reads
    it): only the lines handed on are read (each is a replay of its moves), so an engine writing
    thousands a second costs the app a few readings a second. The newest line held back goes out
    when the engine falls silent, and is read when the engine answers (:meth:`newest`)."""

    def __init__(self, report: Callable[[SearchResult], None] | None) -> None:
        self.report = report
        self.held: Callable[[], SearchResult | None] | None = None
        self.last = -PROGRESS_SECONDS

    def __call__(self, read: Callable[[], SearchResult | None]) -> None:
        self.held = read
        if self.report is not None and time.monotonic() - self.last >= PROGRESS_SECONDS:
            self.flush()

    def newest(self) -> None:
        """Read the line held back, without handing it on."""
        read, self.held = self.held, None
        if read is not None:
            read()

    def flush(self) -> None:
        read, self.held = self.held, None
        if read is None or self.report is None:
            self.held = read
            return
        result = read()
        if result is not None:
            self.last = time.monotonic()
            self.report(result)


def _multipv(words: list[str]) -> int:
    """The MultiPV number of an ``info`` line (1 where it has none or an unreadable one)."""
    if "multipv" in words:
        at = words.index("multipv")
        if at + 1 < len(words) and words[at + 1].isdigit():
            return max(1, int(words[at + 1]))
    return 1


def _mate_score(moves: int) -> int:
    return MATE - (2 * moves - 1) if moves > 0 else -(MATE - 2 * -moves)


class ExternalEngine:
    """One engine program for one purpose (the opponent, the analysis), started on demand."""

    def __init__(self, spec: EngineSpec, facts: EngineFacts) -> None:
        self.spec = spec
        self.facts = facts
        self.name = facts.name
        #: The name the program gives itself (``id name``, ``myname``), learnt again at each start;
        #: ``name`` is the one in the Engines list, which may be told apart by a number.
        self.own_name = facts.name
        #: What the running process announced (an XBoard engine's features).
        self.live_facts = facts
        self.process: EngineProcess | None = None
        self._lock = threading.Lock()
        self._variant: str | None = None
        self._uci_options: str | None = None
        #: The MultiPV value we sent this process (None: we never sent one; the user's stands).
        self._lines_sent: int | None = None
        self._ping = 0
        #: The lines written to the engine, the newest SENT_LOG_LINES, across its restarts.
        self.sent: deque[str] = deque(maxlen=SENT_LOG_LINES)
        #: The game a CECP engine holds since our last ``new`` where it plays on the clocks (None:
        #: the next search begins one). A game with clocks is sent move by move after its ``level``.
        self._cecp: CecpGame | None = None
        #: A CECP ``st`` went to this process: a game on the clocks starts a fresh one, since an engine
        #: may keep a fixed time per move across ``level`` (Fairy-Stockfish does).
        self._fixed_time_sent = False
        #: Games begun with ``new`` so far (a game's end tells only the game it ended).
        self._games = 0

    def plays(self, variant: str) -> bool:
        return variant in self.facts.variants

    # ------------------------------------------------------------ the process

    def _running(self) -> EngineProcess:
        if self.process is not None and self.process.alive():
            return self.process
        process = EngineProcess(self.spec.command, self.sent)
        try:
            self.live_facts = greet(process, self.spec.protocol)
            self._send_options(process)
        except EngineFailure:
            process.kill()
            raise
        self.own_name = self.live_facts.name
        self.process = process
        self._variant = None
        self._uci_options = None
        self._lines_sent = None
        self._cecp = None
        self._fixed_time_sent = False
        return process

    def _send_options(self, process: EngineProcess) -> None:
        known = {o.name: o for o in self.facts.options}
        for name, value in self.spec.values.items():
            option = known.get(name)
            if option is None or not option.editable:
                continue
            if self.spec.protocol == UCI:
                process.send(f"setoption name {name} value {value}")
            else:
                shown = ("1" if value == "true" else "0") if option.kind == "check" else value
                process.send(f"option {name}={shown}")

    def close(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            process.close()

    def game_over(self, result: str, comment: str) -> None:
        """The game this engine played ended (``result`` is ``1-0``, ``0-1``, ``1/2-1/2`` or
        ``*``): a CECP engine on the clocks is sent ``result RESULT {COMMENT}``, after which it
        neither thinks nor keeps a clock for that game, and its next search begins a new game.
        Returns at once: the line goes from a thread of its own once a search that is still
        ending (told to stop) has let go of the engine."""
        games = self._games
        threading.Thread(target=self._tell_result, args=(games, result, comment), name="engine-result",
                         daemon=True).start()

    def _tell_result(self, games: int, result: str, comment: str) -> None:
        if not self._lock.acquire(timeout=ANSWER_GRACE_SECONDS + READY_SECONDS):
            return
        try:
            process = self.process
            if self._cecp is None or games != self._games:  # no game on the clocks, or a newer one
                return
            self._cecp = None
            if process is not None and process.alive():
                words = " ".join(comment.replace("{", "(").replace("}", ")").split())
                try:
                    process.send(f"result {result} {{{words}}}")
                except EngineFailure:
                    pass  # an engine that ended has no game to stop; the next search starts it
        finally:
            self._lock.release()

    def _fail(self, process: EngineProcess, words: str) -> EngineFailure:
        """Give up on this process (it is killed) and say why, naming the engine."""
        process.kill()
        if self.process is process:
            self.process = None
        return EngineFailure(f"The engine {self.name} {words}")

    def _read_before(self, process: EngineProcess, deadline: float | None) -> str | None:
        """The engine's next line (None if none came yet); past the deadline, the engine is given up."""
        if deadline is not None and time.monotonic() > deadline:
            raise self._fail(process, f"did not answer within {ANSWER_GRACE_SECONDS:.0f} seconds of its time; "
                                      "it was stopped")
        return process.read(deadline)

    # ------------------------------------------------------------ one search

    def search(
        self,
        game: Game,
        limits: Limits | None = None,
        on_progress: Callable[[SearchResult], None] | None = None,
        stop_flag: threading.Event | None = None,
        lines: int = 1,
        clock: ClockReading | None = None,
    ) -> SearchResult:
        """The engine's move for ``game``'s position (read only), within ``limits``
        (all None: until ``stop_flag`` is set, as the analysis panel asks). ``lines`` above
        1 asks a UCI engine that offers MultiPV for that many lines (``SearchResult.lines``);
        other engines give one. With ``clock`` (a game with a time control) the engine is told
        both clocks and manages its own time (:mod:`.timecontrol`); ``limits`` are then not sent."""
        limits = limits or Limits()
        stop = stop_flag or threading.Event()
        # A search asked while an earlier one still ends waits for it, but gives up at once when
        # it is stopped itself: searches the user has left behind never queue up at the engine.
        while not self._lock.acquire(timeout=POLL_SECONDS):
            if stop.is_set():
                return SearchResult(None, 0, 0, 0, (), 0.0)
        try:
            if stop.is_set():
                return SearchResult(None, 0, 0, 0, (), 0.0)
            if clock is not None and self._fixed_time_sent:
                self.close()
            try:
                process = self._running()
            except EngineFailure as exc:
                raise EngineFailure(f"The engine {self.name} could not be started: {exc}") from None
            report = _Progress(on_progress)
            try:
                if self.spec.protocol == UCI:
                    return self._search_uci(process, game, limits, report, stop, lines, clock)
                return self._search_xboard(process, game, limits, report, stop, clock)
            except EngineFailure as exc:
                if str(exc).startswith("The engine "):
                    raise
                raise self._fail(process, f"failed while thinking: {exc}") from None
        finally:
            self._lock.release()

    def _sync(self, process: EngineProcess, ping: str, pong: str) -> None:
        process.send(ping)
        process.wait_for(lambda line: line.strip() == pong, READY_SECONDS, f"answer '{ping}' with '{pong}'")

    def _deadline(self, limits: Limits, started: float, clock: ClockReading | None = None,
                  side: str = "white") -> float | None:
        if clock is not None:  # at most what its clock holds
            return started + max(0.0, clock.left(side)) + ANSWER_GRACE_SECONDS
        if limits.time is None:
            return None
        return started + limits.time + ANSWER_GRACE_SECONDS

    def _search_uci(self, process: EngineProcess, game: Game, limits: Limits, on_progress: _Progress,
                    stop: threading.Event, lines: int, clock: ClockReading | None) -> SearchResult:
        if self.facts.variant_names and "UCI_Variant" in {o.name for o in self.facts.options}:
            wanted = self.facts.variant_names.get(game.variant, game.variant)
            if self._variant != wanted:
                process.send(f"setoption name UCI_Variant value {wanted}")
                self._variant = wanted
        if any(o.name == "VariantOptions" for o in self.facts.options):
            text = _non_default_options(game)
            if text != self._uci_options:
                process.send(f"setoption name VariantOptions value {text or '<empty>'}")
                self._uci_options = text
        multipv = next((o for o in self.facts.options if o.name == "MultiPV"), None)
        lines = 1 if multipv is None else max(1, min(lines, multipv.high or lines))
        if lines != (self._lines_sent or 1):
            process.send(f"setoption name MultiPV value {lines}")
            self._lines_sent = lines
        self._sync(process, "isready", "readyok")
        moves = _moves_from_start(game)
        start = "startpos" if _standard_start(game) else f"fen {game.start_fen}"
        process.send(f"position {start}" + (" moves " + " ".join(moves) if moves else ""))
        go = []
        if limits.depth is not None:
            go.append(f"depth {limits.depth}")
        if limits.nodes is not None:
            go.append(f"nodes {limits.nodes}")
        if limits.time is not None:
            go.append(f"movetime {max(1, int(limits.time * 1000))}")
        if clock is not None:
            process.send(uci_go(clock, game.to_move))
        else:
            process.send("go " + (" ".join(go) if go else "infinite"))
        started = time.monotonic()
        last: SearchResult | None = None
        others: dict[int, PrincipalLine] = {}  # by MultiPV number, 2 and on
        unread: dict[int, list[str]] = {}  # the newest info line of each MultiPV number, not read yet

        def read_unread() -> SearchResult | None:
            nonlocal last
            for number in sorted(unread):
                found = self._uci_info(game, unread[number], started)
                if found is None:
                    continue
                if number > 1:
                    others[number] = found[1].main_line()
                else:
                    last = found[1]
            unread.clear()
            if last is not None and lines > 1:
                kept = [others[k] for k in sorted(others) if others[k].pv[:1] != last.pv[:1]]
                last = replace(last, lines=(last.main_line(), *kept))
            return last

        deadline = self._deadline(limits, started, clock, game.to_move)
        stopped = False
        while True:
            if stop.is_set() and not stopped:
                process.send("stop")
                stopped = True
                deadline = time.monotonic() + ANSWER_GRACE_SECONDS
            line = self._read_before(process, deadline)
            if line is None:
                on_progress.flush()
                continue
            words = line.split()
            if words[:1] == ["info"] and "pv" in words:
                number = _multipv(words)
                if number <= lines:
                    unread[number] = words
                    on_progress(read_unread)
            elif words[:1] == ["bestmove"]:
                on_progress.newest()
                return self._answer(process, game, words[1] if len(words) > 1 else "", last, started)

    def _uci_info(self, game: Game, words: list[str], started: float) -> tuple[int, SearchResult] | None:
        """An ``info ... pv`` line read: its MultiPV number (1 if none) and what it says."""
        def number(key: str) -> int | None:
            if key in words:
                at = words.index(key)
                if at + 1 < len(words):
                    try:
                        return int(words[at + 1])
                    except ValueError:
                        return None
            return None

        score = 0
        mate: int | None = None
        if "score" in words:
            at = words.index("score")
            kind = words[at + 1] if at + 1 < len(words) else ""
            value = number(kind) if kind in ("cp", "mate") else None
            if kind == "mate" and value is not None:
                mate = value
                score = _mate_score(value)
            elif value is not None:
                score = value
        line = _line_of(game, words[words.index("pv") + 1:])
        if not line:
            return None
        return number("multipv") or 1, SearchResult(
            line[0], score, number("depth") or 0, number("nodes") or 0, line, time.monotonic() - started,
            mate if mate is not None else mate_in(score))

    def _answer(self, process: EngineProcess, game: Game, text: str, last: SearchResult | None,
                started: float) -> SearchResult:
        seconds = time.monotonic() - started
        if text in ("(none)", "0000", "") and not game.legal_moves():
            return SearchResult(None, 0, 0, 0, (), seconds)
        try:
            move = parse_protocol_move(game, text)
        except RulesError as exc:
            raise self._fail(process, f"answered {text[:40]!r}, which is not a legal move here ({exc})") from None
        if last is not None and last.best_move == move:
            return replace(last, seconds=seconds)
        if last is not None:
            return SearchResult(move, last.score, last.depth, last.nodes, (move,), seconds, last.mate_in)
        return SearchResult(move, 0, 0, 0, (move,), seconds)

    def _xboard_game(self, process: EngineProcess, game: Game, clock: ClockReading | None) -> CecpGame | None:
        """Bring the engine's board to ``game``'s position, in force mode. Without clocks every
        search begins a game of its own (``new``); on the clocks the engine's game goes on from
        the moves it holds, so its ``level`` is sent once, when that game begins."""
        level = cecp_level(clock.control) if clock is not None else None
        texts = [cecp_text(game, text) for text in _moves_from_start(game)]  # ranks from 0 on ten-rank boards
        held, self._cecp = self._cecp, None  # known again once the engine answers
        if clock is not None and held is not None and held.holds(game.variant, game.start_fen, level, texts):
            process.send("force")
            fresh = texts[len(held.moves):]
        else:
            self._games += 1
            process.send("new")
            name = self.facts.variant_names.get(game.variant, game.variant)
            if game.variant != "chess":
                process.send(f"variant {name}")
            if level is not None:
                process.send(level)
            process.send("force")
            if not _standard_start(game):
                process.send(f"setboard {game.start_fen}")
            fresh = texts
        # Moves go as "usermove e2e4" to an engine that asked so (feature usermove=1), bare otherwise.
        prefix = "usermove " if self.live_facts.features.get("usermove") == "1" else ""
        for text in fresh:
            process.send(prefix + text)
        return CecpGame(game.variant, game.start_fen, level, texts) if clock is not None else None

    def _search_xboard(self, process: EngineProcess, game: Game, limits: Limits, on_progress: _Progress,
                       stop: threading.Event, clock: ClockReading | None) -> SearchResult:
        held = self._xboard_game(process, game, clock)
        self._ping += 1
        process.send(f"ping {self._ping}")
        answered = process.wait_for(lambda line: line.strip() == f"pong {self._ping}", READY_SECONDS,
                                    f"answer 'ping {self._ping}' with 'pong {self._ping}'")
        refused = next((line for line in answered if _refusal(line)), None)
        if refused is not None:
            raise self._fail(process, f"refused the position: {refused[:120]}")
        analysing = limits.depth is None and limits.time is None and limits.nodes is None
        if clock is not None:  # its clock and the other side's, never a time per move
            analysing = False
            if self.live_facts.features.get("time") != "0":  # (feature time=0: it keeps no clocks)
                for told in cecp_times(clock, game.to_move):
                    process.send(told)
        else:
            if limits.depth is not None:
                process.send(f"sd {limits.depth}")
            if limits.time is not None:
                process.send(f"st {max(1, math.ceil(limits.time))}")
                self._fixed_time_sent = True
        process.send("post")
        process.send("analyze" if analysing else "go")
        started = time.monotonic()
        last: SearchResult | None = None
        deadline = self._deadline(limits, started, clock, game.to_move)
        stopped = False
        while True:
            if stop.is_set() and not stopped:
                stopped = True
                deadline = time.monotonic() + ANSWER_GRACE_SECONDS
                if analysing:
                    process.send("exit")
                    self._ping += 1
                    process.send(f"ping {self._ping}")
                else:
                    process.send("?")
            line = self._read_before(process, deadline)
            if line is None:
                on_progress.flush()
                continue
            words = line.split()
            if words[:1] == ["move"] and len(words) > 1 and not analysing:
                on_progress.newest()
                answer = self._answer(process, game, text_of_cecp(game, words[1]), last, started)
                if held is not None and answer.best_move is not None:  # the engine's board holds its move
                    held.moves.append(cecp_text(game, protocol_text(game, answer.best_move)))
                    self._cecp = held
                return answer
            if analysing and stopped and line.strip() == f"pong {self._ping}":
                on_progress.newest()
                if last is None:
                    return SearchResult(None, 0, 0, 0, (), time.monotonic() - started)
                return last
            if _refusal(line):
                raise self._fail(process, f"refused the position: {line[:120]}")
            if words[:1] and words[0].lstrip("-").isdigit():  # a thinking line: read when handed on

                def read_post(words: list[str] = words) -> SearchResult | None:
                    nonlocal last
                    result = self._xboard_post(game, words, started)
                    if result is not None:
                        last = result
                    return result

                on_progress(read_post)

    def _xboard_post(self, game: Game, words: list[str], started: float) -> SearchResult | None:
        numbers: list[int] = []
        for word in words:
            try:
                numbers.append(int(word))
            except ValueError:
                break
        if len(numbers) < 4:
            return None
        depth, score, _centiseconds, nodes = numbers[:4]
        line = _line_of(game, [text_of_cecp(game, word) for word in words[len(numbers):]])
        if not line:
            return None
        mate: int | None = None
        if abs(score) > XBOARD_MATE:
            mate = score - XBOARD_MATE if score > 0 else score + XBOARD_MATE
            score = _mate_score(mate)
        return SearchResult(line[0], score, depth, nodes, line, time.monotonic() - started, mate)
