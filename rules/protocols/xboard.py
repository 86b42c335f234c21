"""``python -m rules xboard``: our engine for GUIs that speak XBoard / WinBoard protocol 2 (CECP).

After ``xboard`` and ``protover 2`` we announce our features, among them
``variants="normal,3check,..."`` (XBoard's names where it has one, our ids otherwise), ``setboard=1``,
``usermove=1``, ``ping=1``, ``analyze=1`` and ``nps=1``, and end with ``done=1``. Understood: ``new``,
``variant``, ``setboard``, ``usermove`` (and a bare move), ``go``, ``force``, ``playother``,
``level``, ``st``, ``sd``, ``nps``, ``time``, ``otim``, ``?``, ``ping``, ``analyze``/``exit``/``.``,
``undo``, ``remove``, ``result``, ``post``/``nopost``, ``hard``/``easy``, ``option`` and ``quit``.
Moves are coordinate text (:mod:`.movetext`); the engine's moves are sent as ``move <text>``
(a move taking a piece off its destination in CECP's two legs, ``move b1c3,`` then ``move c3b1``;
in a variant XBoard does not know, promotion and drop letters as our ``setup`` gave them, and
only moves XBoard's board can follow are played) and its thinking as ``depth score time nodes
line`` (score in centipawns; a forced mate in N as 100000+N, mated in N as -(100000+N); time in centiseconds).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TextIO

from .. import variant_ids
from ..engine import Limits, SearchResult
from ..engine.limits import MAX_PLY
from ..errors import RulesError
from ..game import Game
from ..limits import excerpt
from ..moves import Move
from ..variantnames import XBOARD_NAMES
from .cecpsetup import XBOARD_KNOWS, CecpBoard, cecp_board
from .loop import CommandLoop, Handler
from .movetext import cecp_text, legs_text, protocol_text, text_of_cecp
from .numbers import LARGEST_COUNT, read_clock, read_seconds, read_whole
from .output import LineWriter, text_stdin
from .session import MAX_HASH_MB, EngineSession, Line, time_for_move
from .uci import ENGINE_NAME

#: Our variants under the names XBoard gives them (section 8 of its protocol, "variant"); every
#: other variant goes by our id, which XBoard 4.8 and later takes as an engine-defined variant.
OUR_NAME = {theirs: ours for ours, theirs in XBOARD_NAMES.items()}
#: Kinds of move XBoard's board follows in a variant it does not know (legality testing off).
XBOARD_RELAYS = frozenset({"normal", "castle", "en-passant", "drop", "retreat", "rifle", "locust", "withdrawal"})
#: Variants whose wins XBoard judges itself beyond checkmate and stalemate (it counts checks).
XBOARD_JUDGES_WINS = {"threecheck"}
MATE_SCORE = 100_000
#: The most moves per session ``level`` may name (more is the same as a whole game).
MOST_MOVES = 1_000_000
#: An illegal move is echoed bare (GUIs match it), cut to this length.
MOVE_ECHO_CHARS = 40


def xboard_variant(variant: str) -> str:
    return XBOARD_NAMES.get(variant, variant)


def our_variant(name: str) -> str:
    """Our id for a name XBoard sends: its own names, our ids, in any letter case."""
    wanted = name.strip().lower()
    if wanted in OUR_NAME:
        return OUR_NAME[wanted]
    ids = variant_ids()
    return next((vid for vid in ids if vid.lower() == wanted), name)


def post_text(line: Line, game: Game) -> str:
    """A thinking line, its moves written for ``game``'s board."""
    result = line.result
    if result.mate_in is not None:
        score = MATE_SCORE + abs(result.mate_in)
        score = score if result.mate_in > 0 else -score
    else:
        score = result.score
    moves = " ".join(cecp_text(game, text) for text in line.pv)
    return f"{max(1, result.depth)} {score} {int(result.seconds * 100)} {result.nodes} {moves}".rstrip()


def result_line(game: Game) -> str | None:
    result = game.result
    if result is None:
        return None
    return f"{result.score()} {{{result.reason}}}"


def claim_line(game: Game, claimer: str) -> str | None:
    """What the engine playing ``claimer`` says when the game is over: XBoard takes a claim of
    the claimer's own loss or of a draw as it comes, but tests a claim of the claimer's win and
    forfeits a false one. So a win is claimed only where XBoard can see it (checkmate, stalemate,
    a third check); a win by any other rule (the king on the hill, the last Friend taken) is left
    to the loser, who claims it as its loss, with the reason in braces."""
    result = game.result
    if result is None:
        return None
    if result.winner != claimer or result.reason in ("checkmate", "stalemate") or game.variant in XBOARD_JUDGES_WINS:
        return result_line(game)
    return None


class XBoardEngine(CommandLoop):
    def __init__(self, write: Callable[[str], None]) -> None:
        self.write = write
        self.session = EngineSession()
        #: The side the engine plays, or None in force mode.
        self.engine_side: str | None = "black"
        self.analysing = False
        self.post = True
        self.depth: int | None = None
        self.seconds_per_move: float | None = None
        #: ``level``: moves per session, base seconds, increment seconds.
        self.moves_per_session = 0
        self.increment = 0.0
        self.own_clock: float | None = None
        self.nodes_per_second: int | None = None
        #: Set when the search in progress must end without a move (force, new, undo...).
        self._discard = False
        #: How XBoard was told about a variant it does not know (None: it knows the variant).
        self.board: CecpBoard | None = None

    # ------------------------------------------------------------ the loop

    def _unknown(self, command: str) -> None:
        # XBoard may send a bare move without "usermove"; a word with no digit is no move.
        if not any(c.isdigit() for c in command):
            self.write(f"Error (unknown command): {command[:MOVE_ECHO_CHARS]}")
        else:
            self._play_their_move(command)

    def _refused(self, exc: Exception, raw: str) -> None:
        self.write(f"Error ({exc}): {excerpt(raw.strip())}")

    def _handlers(self) -> dict[str, Handler]:
        ignored: Handler = lambda a, r: None  # noqa: E731
        return {
            "xboard": ignored, "protover": self._protover, "new": self._new, "variant": self._variant,
            "setboard": self._setboard, "usermove": self._usermove, "go": self._go, "force": self._force,
            "playother": self._playother, "level": self._level, "st": self._st, "sd": self._sd,
            "nps": self._nps, "time": self._time, "otim": ignored, "?": self._move_now, "ping": self._ping,
            "analyze": self._analyze, "exit": self._exit, ".": ignored, "undo": self._undo,
            "remove": self._remove, "result": self._result, "post": self._post, "nopost": self._nopost,
            "hard": ignored, "easy": ignored, "random": ignored, "computer": ignored, "name": ignored,
            "rating": ignored, "accepted": ignored, "rejected": ignored, "draw": ignored, "hint": ignored,
            "bk": ignored, "option": self._option, "memory": self._memory, "cores": ignored,
        }

    # ------------------------------------------------------------ set-up

    def _protover(self, args: list[str], raw: str) -> None:
        s = self.session
        variants = ",".join(xboard_variant(v) for v in s.variants())
        levels = " /// ".join(s.levels())
        features = [
            "ping=1", "setboard=1", "playother=1", "san=0", "usermove=1", "time=1", "draw=0", "sigint=0",
            "reuse=1", "analyze=1", "colors=0", "nps=1", "memory=1", "debug=1", "exclude=0",
            f'myname="{ENGINE_NAME}"', f'variants="{variants}"',
            f'option="Level -combo {levels.replace(s.level, "*" + s.level)}"',
            'option="VariantOptions -string "',
        ]
        for feature in features:
            self.write(f"feature {feature}")
        self.write("feature done=1")

    def _new(self, args: list[str], raw: str) -> None:
        self._halt()
        self.session.set_variant("chess")
        self.board = None
        self.session.new_game()
        self.engine_side = "black"
        self.depth = None
        self.seconds_per_move = None
        self.nodes_per_second = None

    def _variant(self, args: list[str], raw: str) -> None:
        if not args:
            return  # XBoard may send "variant " with no name: the variant stays as it is
        self._halt()
        self.session.set_variant(our_variant(args[0]))
        self._describe_variant()

    def _describe_variant(self) -> None:
        """Send ``setup`` and ``piece`` for a variant XBoard does not know (CECP 2, XBoard 4.8)."""
        self.board = None
        if xboard_variant(self.session.variant) in XBOARD_KNOWS:
            return
        board = cecp_board(self.session.game)
        if board is None:
            self.write("# this variant has more kinds of piece than XBoard has letters: no setup sent")
            return
        self.board = board
        self.write("\n".join(board.lines()))

    def _setboard(self, args: list[str], raw: str) -> None:
        self._halt()
        fen = raw.strip()[len("setboard"):].strip()
        if self.board is not None:  # XBoard writes it in the letters our setup gave it
            fen = self.board.our_fen(fen)
        problem = self.session.set_position(fen, [])
        if problem is not None:
            raise ValueError(problem)
        if self.analysing:  # a new board never sets the engine thinking on its own move
            self._start_analysis()

    def _option(self, args: list[str], raw: str) -> None:
        name, _, value = raw.strip()[len("option"):].strip().partition("=")
        self._halt()
        name = name.strip().lower()
        if name == "level":
            self.session.set_level(value.strip())
        elif name == "variantoptions":
            self.session.set_variant_options(value.strip())
            self._describe_variant()  # the options may change the start position
        else:
            raise ValueError(f"no option named {excerpt(name)}")

    def _memory(self, args: list[str], raw: str) -> None:
        if args:
            self.session.set_hash(read_whole(args[0], "memory (megabytes)", 1, MAX_HASH_MB))

    # ------------------------------------------------------------ time controls

    def _level(self, args: list[str], raw: str) -> None:
        if len(args) < 3:
            raise ValueError("level needs moves, base time and increment")
        self.moves_per_session = read_whole(args[0], "level (moves per session)", 0, MOST_MOVES)
        self.own_clock = read_clock(args[1], "level (base time)")
        self.increment = read_seconds(args[2], "level (increment)")
        self.seconds_per_move = None

    def _st(self, args: list[str], raw: str) -> None:
        if not args:
            raise ValueError("st needs seconds")
        self.seconds_per_move = read_seconds(args[0], "st")

    def _sd(self, args: list[str], raw: str) -> None:
        if not args:
            raise ValueError("sd needs a depth")
        self.depth = read_whole(args[0], "sd", 1, MAX_PLY - 1)

    def _nps(self, args: list[str], raw: str) -> None:
        if not args:
            raise ValueError("nps needs a number")
        self.nodes_per_second = read_whole(args[0], "nps", 1, LARGEST_COUNT)

    def _time(self, args: list[str], raw: str) -> None:
        if args:
            self.own_clock = read_whole(args[0], "time (centiseconds)", 0, LARGEST_COUNT) / 100

    def _limits(self) -> Limits:
        seconds: float | None = None
        if self.seconds_per_move is not None:
            seconds = self.seconds_per_move
        elif self.own_clock is not None:
            to_go = None
            if self.moves_per_session > 0:
                played = (self.session.game.ply // 2) % self.moves_per_session
                to_go = self.moves_per_session - played
            seconds = time_for_move(self.own_clock, self.increment, to_go)
        only = self._relayable() if self.board is not None else None
        if self.nodes_per_second is not None and seconds is not None:
            # "nps N" with a time: the time stands for that many nodes, so the answer is the same on any machine.
            return Limits(depth=self.depth, nodes=max(1, int(self.nodes_per_second * seconds)), only=only)
        return Limits(depth=self.depth, time=seconds, only=only)

    def _relayable(self) -> frozenset[str]:
        """The legal moves XBoard can relay in a variant it does not know: its board follows
        a move only by its squares (two legs for a piece taken off the destination), so a swap,
        a merge, a separation, a Ferry or a Pocket move would leave it with another position and
        the next move from a square it thinks empty would be forfeited. The engine plays only
        these (all moves, where none is among them)."""
        return frozenset(str(m) for m in self.session.game.legal_moves() if m.kind in XBOARD_RELAYS)

    # ------------------------------------------------------------ moves

    def _usermove(self, args: list[str], raw: str) -> None:
        if not args:
            raise ValueError("usermove needs a move")
        self._play_their_move(args[0])

    def _play_their_move(self, text: str) -> None:
        self._halt()
        ours = text_of_cecp(self.session.game, text)
        if self.board is not None:  # a promotion or drop in the letters our setup gave XBoard
            ours = self.board.our_move(ours)
        try:
            self.session.play(ours)
        except RulesError as exc:
            self.write(f"Illegal move ({exc}): {text[:MOVE_ECHO_CHARS]}")
            return
        self._after_position_change()

    def _after_position_change(self) -> None:
        side = self.engine_side
        over = claim_line(self.session.game, side) if side is not None and not self.analysing else None
        if over is not None:
            self.write(over)  # the GUI's move ended the game: a loss or a draw, claimed as it stands
        if self.analysing:
            self._start_analysis()
        elif self.engine_side == self.session.game.to_move:
            self._think()

    def _go(self, args: list[str], raw: str) -> None:
        self._halt()
        self.engine_side = self.session.game.to_move
        self._think()

    def _playother(self, args: list[str], raw: str) -> None:
        self._halt()
        self.engine_side = "black" if self.session.game.to_move == "white" else "white"

    def _force(self, args: list[str], raw: str) -> None:
        self._halt()
        self.engine_side = None

    def _move_now(self, args: list[str], raw: str) -> None:
        if not self.analysing:
            self.session.stop()

    def _ping(self, args: list[str], raw: str) -> None:
        self.write(f"pong {args[0] if args else ''}".rstrip())

    def _undo(self, args: list[str], raw: str) -> None:
        self._take_back(1)

    def _remove(self, args: list[str], raw: str) -> None:
        self._take_back(2)

    def _take_back(self, count: int) -> None:
        self._halt()
        game = self.session.game
        for _ in range(min(count, game.ply)):
            game.undo()
        if self.analysing:
            self._start_analysis()

    def _result(self, args: list[str], raw: str) -> None:
        self._halt()
        self.engine_side = None

    def _post(self, args: list[str], raw: str) -> None:
        self.post = True

    def _nopost(self, args: list[str], raw: str) -> None:
        self.post = False

    # ------------------------------------------------------------ thinking

    def _halt(self) -> None:
        """End any search without sending its move (only ``?`` asks for the move)."""
        self._discard = True
        self.session.stop()

    def _think(self) -> None:
        game = self.session.game
        if game.result is not None:
            return
        self._discard = False
        self.session.start_search(self._limits(), self._thought, self._answer, self._fault)

    def _fault(self, words: str) -> None:
        self.write(f"# {words}")

    def _thought(self, line: Line) -> None:
        if self.post:
            self.write(post_text(line, self.session.game))

    def _answer(self, game: Game, result: SearchResult) -> None:
        if self.analysing or self._discard or result.best_move is None:
            return
        text = self.move_text(game, result.best_move)
        # The move goes on our board before the GUI hears it, so its next command finds it there.
        self.session.game.play(result.best_move)
        over = claim_line(self.session.game, game.to_move)
        # One write for the move and its claim: a "ping" answered between them would hide the claim.
        self.write(text + (f"\n{over}" if over is not None else ""))

    def move_text(self, game: Game, move: Move) -> str:
        """The ``move`` command(s) for ``move``: a move taking a piece off its destination in
        two legs, each leg a command of its own and all but the last ending in a comma (CECP's
        multi-leg moves); a promotion's or drop's letter as our setup gave it to XBoard."""
        legs = legs_text(move)
        if legs is not None:
            first, second = cecp_text(game, legs).split(",")
            return f"move {first},\nmove {second}"
        text = cecp_text(game, protocol_text(game, move))
        return f"move {self.board.xboard_move(text) if self.board is not None else text}"

    def _analyze(self, args: list[str], raw: str) -> None:
        self._halt()
        self.analysing = True
        self._start_analysis()

    def _exit(self, args: list[str], raw: str) -> None:
        self.analysing = False
        self._halt()

    def _start_analysis(self) -> None:
        self._halt()
        if self.session.game.result is None:
            self.session.start_search(Limits(), self._thought, self._answer, self._fault)


def main(stream: Iterable[str] | None = None, out: TextIO | None = None) -> int:
    return XBoardEngine(LineWriter(out)).run(stream if stream is not None else text_stdin())

