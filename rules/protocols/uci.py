"""``python -m rules uci``: our engine for GUIs that speak the Universal Chess Interface.

Commands: ``uci``, ``isready``, ``ucinewgame``, ``setoption name N [value V]``,
``position startpos|fen F [moves M...]``, ``go`` with ``depth``, ``nodes``, ``movetime``,
``wtime``/``btime``/``winc``/``binc``/``movestogo``, ``infinite`` or ``ponder``, then ``stop``,
``ponderhit`` and ``quit``. Options: ``UCI_Variant`` (a combo of our variant ids, as
Fairy-Stockfish offers its own), ``VariantOptions`` (the variant's rule options, written
``name=value;name=value``), ``Level``, ``Hash`` and ``MultiPV`` (that many best lines, each
printed as ``info ... multipv N ...``). Moves are coordinate text
(:mod:`.movetext`). Faults in what the GUI sends are answered with ``info string error: ...``;
the engine keeps going.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TextIO

from ..engine import MAX_LINES, Limits, PrincipalLine, SearchResult
from ..engine.limits import MAX_PLY
from ..game import Game
from ..limits import excerpt
from .loop import CommandLoop, Handler
from .movetext import protocol_text
from .numbers import LARGEST_COUNT, MOST_MILLISECONDS, read_whole
from .output import LineWriter, text_stdin
from .session import DEFAULT_HASH_MB, MAX_HASH_MB, EngineSession, Line, time_for_move

ENGINE_NAME = "Fairychess"
ENGINE_AUTHOR = "the fairychess authors"
GO_NUMBERS = ("depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "mate")
#: Where a ``go`` number is brought when it is out of what a search can use (the others: any count).
_CLOCK_RANGE = (-MOST_MILLISECONDS, MOST_MILLISECONDS)
GO_RANGES = {"depth": (1, MAX_PLY - 1), "mate": (1, MAX_PLY // 2), "movestogo": (0, 1_000_000),
             **{clock: _CLOCK_RANGE for clock in ("movetime", "wtime", "btime", "winc", "binc")}}


def score_text(result: SearchResult | PrincipalLine) -> str:
    return f"mate {result.mate_in}" if result.mate_in is not None else f"cp {result.score}"


def info_texts(line: Line) -> list[str]:
    """The ``info`` lines for a completed depth: one, or one per line where MultiPV asked for more."""
    result = line.result
    each: tuple[tuple[SearchResult | PrincipalLine, tuple[str, ...]], ...] = line.lines or ((result, line.pv),)
    out = []
    for number, (scored, pv) in enumerate(each, 1):
        numbered = f" multipv {number}" if line.lines else ""
        text = (
            f"info depth {max(1, result.depth)}{numbered} score {score_text(scored)} nodes {result.nodes} "
            f"nps {int(result.nps)} time {int(result.seconds * 1000)}"
        )
        out.append(text + (" pv " + " ".join(pv) if pv else ""))
    return out


def parse_go(words: list[str], white_to_move: bool) -> tuple[Limits, bool]:
    """The limits a ``go`` command sets, and whether the answer waits for ``stop``
    (``infinite`` and ``ponder``). Unknown or malformed numbers raise ValueError."""
    numbers: dict[str, int] = {}
    hold = False
    i = 0
    while i < len(words):
        word = words[i]
        if word in ("infinite", "ponder"):
            hold = True
        elif word in GO_NUMBERS:
            if i + 1 >= len(words):
                raise ValueError(f"go {word} needs a number")
            low, high = GO_RANGES.get(word, (-LARGEST_COUNT, LARGEST_COUNT))
            numbers[word] = read_whole(words[i + 1], f"go {word}", low, high)
            i += 1
        elif word == "searchmoves":
            break  # every move is searched; the list is ignored
        else:
            raise ValueError(f"go does not know {excerpt(word)}")
        i += 1
    seconds: float | None = None
    if "movetime" in numbers:
        seconds = max(numbers["movetime"], 1) / 1000
    clock, increment = ("wtime", "winc") if white_to_move else ("btime", "binc")
    if clock in numbers and seconds is None:
        seconds = time_for_move(max(numbers[clock], 0) / 1000, max(numbers.get(increment, 0), 0) / 1000,
                                numbers.get("movestogo"))
    depth = numbers.get("depth")
    if "mate" in numbers and depth is None:
        depth = max(1, 2 * numbers["mate"] - 1)
    nodes = numbers.get("nodes")
    if depth is None and nodes is None and seconds is None and not hold:
        hold = True  # a bare "go" searches until "stop", as UCI says
    return Limits(depth=max(1, depth) if depth is not None else None, time=seconds,
                  nodes=max(1, nodes) if nodes is not None else None), hold


class UciEngine(CommandLoop):
    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.session = EngineSession()
        #: Set while an answer must wait for stop or ponderhit (go infinite, go ponder).
        self._hold = False
        self._released = threading.Event()

    # ------------------------------------------------------------ the loop

    def _unknown(self, command: str) -> None:
        self.write(f"info string error: unknown command {excerpt(command)}")

    def _refused(self, exc: Exception, raw: str) -> None:
        self.write(f"info string error: {exc}")

    def _handlers(self) -> dict[str, Handler]:
        return {
            "uci": self._uci, "isready": lambda a, r: self.write("readyok"),
            "ucinewgame": self._ucinewgame, "setoption": self._setoption, "position": self._position,
            "go": self._go, "stop": self._stop, "ponderhit": self._ponderhit,
            "debug": lambda a, r: None, "register": lambda a, r: None,
        }

    # ------------------------------------------------------------ commands

    def _uci(self, args: list[str], raw: str) -> None:
        s = self.session
        self.write(f"id name {ENGINE_NAME}")
        self.write(f"id author {ENGINE_AUTHOR}")
        variants = " ".join(f"var {v}" for v in s.variants())
        self.write(f"option name UCI_Variant type combo default {s.variant} {variants}")
        self.write("option name VariantOptions type string default <empty>")
        levels = " ".join(f"var {level}" for level in s.levels())
        self.write(f"option name Level type combo default {s.level} {levels}")
        self.write(f"option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}")
        self.write(f"option name MultiPV type spin default 1 min 1 max {MAX_LINES}")
        self.write("uciok")

    def _ucinewgame(self, args: list[str], raw: str) -> None:
        self._halt()
        self.session.new_game()

    def _setoption(self, args: list[str], raw: str) -> None:
        text = raw.strip()[len("setoption"):].strip()
        if not text.startswith("name"):
            raise ValueError("setoption needs 'name <option> [value <value>]'")
        name, _, value = text[len("name"):].partition(" value")
        name, value = name.strip().lower(), value.strip()
        if value == "<empty>":
            value = ""
        self._halt()
        s = self.session
        if name == "uci_variant":
            s.set_variant(value)
        elif name == "variantoptions":
            s.set_variant_options(value)
        elif name == "level":
            s.set_level(value)
        elif name == "hash":
            s.set_hash(read_whole(value, "Hash (megabytes)"))
        elif name == "multipv":
            s.set_lines(read_whole(value, "MultiPV (lines)"))
        elif name in ("ponder", "uci_analysemode", "threads", "uci_chess960"):
            pass  # accepted and without effect: one thread, no pondering of our own
        else:
            raise ValueError(f"no option named {excerpt(name)}")

    def _position(self, args: list[str], raw: str) -> None:
        self._halt()
        moves: list[str] = []
        if "moves" in args:
            at = args.index("moves")
            args, moves = args[:at], args[at + 1:]
        fen: str | None
        if not args:
            raise ValueError("position needs 'startpos' or 'fen <position>' before any moves")
        if args[0] == "startpos":
            fen = None
        elif args[0] == "fen" and len(args) > 1:
            fen = " ".join(args[1:])
        else:
            raise ValueError("position needs 'startpos' or 'fen <position>'")
        problem = self.session.set_position(fen, moves)
        if problem is not None:
            self.write(f"info string error: {problem}; the position stops before that move")

    def _go(self, args: list[str], raw: str) -> None:
        self._halt()
        limits, hold = parse_go(args, self.session.game.to_move == "white")
        self._hold = hold
        self._released.clear()
        self.session.start_search(limits, self._report, self._answer,
                                  lambda words: self.write(f"info string error: {words}"))

    def _report(self, line: Line) -> None:
        for text in info_texts(line):
            self.write(text)

    def _answer(self, game: Game, result: SearchResult) -> None:
        if self._hold:
            self._released.wait()
        if result.best_move is None:
            self.write("bestmove (none)")
            return
        self.write(f"bestmove {protocol_text(game, result.best_move)}")

    def _release(self) -> None:
        self._hold = False
        self._released.set()

    def _halt(self) -> None:
        """End any search, its held answer printed first (a stop never waits for itself)."""
        self._release()
        self.session.stop()

    def _stop(self, args: list[str], raw: str) -> None:
        self._halt()

    def _ponderhit(self, args: list[str], raw: str) -> None:
        # We never ponder on our own: the GUI's ponderhit only means "answer now".
        self._stop(args, raw)


def main(stream: TextIO | None = None, out: TextIO | None = None) -> int:
    return UciEngine(LineWriter(out)).run(stream if stream is not None else text_stdin())
