"""The GameController: owns the rules game, answers the views, and tells them what changed.

Views never touch the rules game. They read the controller's plain data (``snapshot``,
``index``, ``line``) and ask it to act (``play``, ``undo``, ``go_to``...); the controller
emits signals after each change. The line is the whole game including moves after the
position on view: going back in the move list undoes moves, going forward redoes them, and
a different move played from an earlier position replaces the rest of the line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

import rules
from rules import Game, Move

from . import facts
from .board.snapshot import Glyph, Snapshot
from .line import PlyInfo, build_line, check_sign, describe_ply, label_moves
from .sessionstate import start_or_fall_back
from .wording import reason_sentence
from .worker import Task, start_task

HUMAN = "human"
COMPUTER = "computer"
SIDES = ("white", "black")


@dataclass
class LoadedGame:
    game: Game
    line: list[PlyInfo]
    ply: int
    source: str


class GameController(QObject):
    #: The position on view changed (a move, undo, redo, a jump in the list, a new game).
    positionChanged = Signal()
    #: A different game replaced the old one (its variant, options or start may differ).
    gameReplaced = Signal()
    #: The moves of the line changed, not only the place on view.
    lineChanged = Signal()
    #: A sentence for the status bar (why a drop was refused, what happened).
    message = Signal(str)
    #: A move ended the game; the text announces the result.
    gameEnded = Signal(str)
    #: A game read in the background is in place (the source names the file).
    loaded = Signal(str)
    #: Reading a game failed: its source and the rules package's explanation (with its line).
    loadFailed = Signal(str, str)
    busyChanged = Signal(bool)
    #: A move or action was played (by the mouse, a redo from the line, or the computer).
    movePlayed = Signal()
    #: A new game began (the new-game dialog, the setup editor), not a game read or pasted.
    gameStarted = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Chess from the built-in rules if a user's file breaks it: the window must open.
        self.game: Game = start_or_fall_back("chess")[0]
        self.line: list[PlyInfo] = []
        #: Who plays each side: HUMAN or COMPUTER, and the computer's strength level per side.
        self.players: dict[str, str] = {"white": HUMAN, "black": HUMAN}
        self.levels: dict[str, str] = {}
        self.busy = False
        self._task: Task | None = None
        self._loading = ""
        self._index: facts.MoveIndex | None = None
        self._snapshot: Snapshot | None = None

    # ------------------------------------------------------------ what the views read

    @property
    def ply(self) -> int:
        return self.game.ply

    @property
    def variant(self) -> rules.VariantDef:
        return self.game.rules.variant

    @property
    def index(self) -> facts.MoveIndex:
        if self._index is None:
            if self.busy:
                return facts.MoveIndex()
            self._index = facts.index_of(self.game)
        return self._index

    @property
    def snapshot(self) -> Snapshot:
        if self._snapshot is None:
            self._snapshot = facts.snapshot_of(self.game, facts.last_move_of(self.game))
        return self._snapshot

    def pools(self) -> tuple[list[Glyph], list[Glyph]]:
        return facts.pools_of(self.game)

    @property
    def has_hands(self) -> bool:
        """The pools are hands that pieces are dropped from (a variant with drops)."""
        return facts.has_hands(self.game)

    def position_text(self) -> str:
        return self.game.fen()

    def result_text(self) -> str | None:
        return facts.result_text(self.game)

    def in_check(self) -> bool:
        return bool(self.snapshot.checks)

    def describe(self, move: Move) -> dict[str, Any]:
        return self.game.describe_move(move)

    def is_computer(self, side: str) -> bool:
        return self.players.get(side) == COMPUTER

    def set_players(self, players: dict[str, str], levels: dict[str, str] | None = None) -> None:
        self.players = {side: players.get(side, HUMAN) for side in SIDES}
        if levels is not None:
            self.levels = {side: level for side, level in levels.items() if side in SIDES}

    # ------------------------------------------------------------ changing the game

    def _changed(self, replaced: bool = False, line: bool = True) -> None:
        self._index = None
        self._snapshot = None
        if replaced:
            self.gameReplaced.emit()
        if line:
            self.lineChanged.emit()
        self.positionChanged.emit()

    def set_game(self, game: Game, line: list[PlyInfo] | None = None, ply: int = -1) -> None:
        """Show ``game``; its whole history is the line, and ``ply`` (if given) the place on view."""
        self.game = game
        self.line = line if line is not None else build_line(game)
        if 0 <= ply < len(self.line):
            while self.game.ply > ply:
                self.game.undo()
        self._changed(replaced=True)

    def new_game(
        self, variant_id: str, options: dict[str, Any] | None = None, players: dict[str, str] | None = None,
        fen: str | None = None, levels: dict[str, str] | None = None,
    ) -> None:
        """A fresh game; raises RulesError (the old game stays) if the rules refuse it."""
        game = rules.new_game(variant_id, options=options, fen=fen)
        if players:
            self.set_players(players, levels)
        self.set_game(game, [])
        self.gameStarted.emit()

    def play(self, move: Move) -> bool:
        """Play a legal move or action; a refused one leaves everything as it was."""
        if self.busy:
            self.message.emit("Please wait: a game is still being read")
            return False
        ply = self.game.ply
        upcoming = self.line[ply] if ply < len(self.line) else None
        if upcoming is not None and upcoming.move == move and self.game.can_redo:
            self.game.redo()
            self._changed(line=False)
            self._after_move()
            self.movePlayed.emit()
            return True
        side, number, label, action = describe_ply(self.game, move)
        try:
            self.game.play(move)
        except rules.RulesError as exc:
            self.message.emit(str(exc))
            return False
        sign = "" if action else check_sign(self.game)
        del self.line[ply:]
        self.line.append(PlyInfo(move, side, number, label + sign, action))
        self._changed()
        self._after_move()
        self.movePlayed.emit()
        return True

    def relabel(self) -> None:
        """Label the line again (after the notation setting changed); the place on view stays."""
        if self.busy or not self.line:
            return
        self.line = label_moves(self.game.copy_from_start(), [info.move for info in self.line])
        self.lineChanged.emit()

    def play_text(self, text: str) -> bool:
        """Play a move given as text: SAN (``Nf3``) or coordinate text (``g1f3``)."""
        try:
            move = self.game.parse_move(text)
        except rules.RulesError as exc:
            self.message.emit(str(exc))
            return False
        return self.play(move)

    def _after_move(self) -> None:
        result = self.result_text()
        if result:
            self.gameEnded.emit(result)
            self.message.emit(result)

    def draw_claim(self) -> str | None:
        """Why the side to move may claim a draw at the end of the line now, or None."""
        if self.busy or self.game.ply != len(self.line):
            return None
        return self.game.draw_claim()

    def claim_draw(self) -> bool:
        """End the game as a draw by the claim the rules give now; a refusal says why."""
        if self.busy:
            self.message.emit("Please wait: a game is still being read")
            return False
        if self.game.ply != len(self.line):
            self.message.emit("A draw is claimed at the end of the game: go to its last move first")
            return False
        try:
            self.game.claim_draw()
        except rules.RulesError as exc:
            self.message.emit(str(exc).capitalize())
            return False
        self._changed()
        self._after_move()
        return True

    def undo(self) -> bool:
        if self.busy or self.game.ply == 0:
            return False
        self.game.undo()
        self._changed(line=False)
        return True

    def redo(self) -> bool:
        if self.busy or not self.game.can_redo:
            return False
        self.game.redo()
        self._changed(line=False)
        return True

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the line (0: the start)."""
        if self.busy:
            return
        ply = max(0, min(ply, len(self.line)))
        if ply == self.game.ply:
            return
        while self.game.ply > ply:
            self.game.undo()
        while self.game.ply < ply and self.game.can_redo:
            self.game.redo()
        self._changed(line=False)

    # ------------------------------------------------------------ explanations

    def why_illegal(self, origin: str, target: str) -> str:
        """The rules package's reason why the piece on ``origin`` cannot go to ``target``."""
        kind = facts.dropped_kind(origin)
        if kind is not None:
            return self.game.why_illegal(f"{kind}@{target}")
        text = origin if target == origin else origin + target
        return self.game.why_illegal(text)

    def refuse(self, origin: str, target: str) -> str:
        reason = self.why_illegal(origin, target)
        self.message.emit(reason_sentence(reason))
        return reason

    # ------------------------------------------------------------ records

    def record_text(self) -> str:
        """The record of the whole line, whatever position is on view."""
        ply = self.game.ply
        # Redo and undo are exact and cheap, unlike replaying the line with legality checks.
        while self.game.can_redo:
            self.game.redo()
        try:
            return rules.game_record(self.game)
        finally:
            while self.game.ply > ply:
                self.game.undo()

    def load_text(self, text: str, source: str, ply: int = -1, index: int = 0) -> None:
        """Read a record (game ``index`` of a PGN file of several) in the background; ``loaded``
        or ``loadFailed`` reports. The game in progress stays until the new one is read
        without fault."""
        self.load_with(lambda: (rules.load_game(text, index), ply), source)

    def load_with(self, build: Callable[[], tuple[Game, int]], source: str) -> None:
        """Like :meth:`load_text` for any way of building a game and its place on view off the
        GUI thread (the session journal replays its moves)."""
        if self.busy:
            self.loadFailed.emit(source, "another game is still being read; try again in a moment")
            return
        self._set_busy(True)
        self._loading = source

        def job() -> LoadedGame:
            game, ply = build()
            return LoadedGame(game, build_line(game), ply, source)

        self._task = start_task(job, self._load_done, self._load_failed)

    def _load_done(self, loaded: LoadedGame) -> None:
        self._task = None
        self._set_busy(False)
        self.set_game(loaded.game, loaded.line, loaded.ply)
        self.loaded.emit(loaded.source)

    def _load_failed(self, exc: Exception) -> None:
        self._task = None
        self._set_busy(False)
        if isinstance(exc, rules.RulesError):
            self.loadFailed.emit(self._loading, str(exc))
        else:  # a fault in our own code must not take the game in progress with it
            self.loadFailed.emit(self._loading, f"unexpected {type(exc).__name__}: {exc}")

    def _set_busy(self, busy: bool) -> None:
        self.busy = busy
        self._index = None
        self.busyChanged.emit(busy)

    def set_position_text(self, text: str) -> None:
        """Start from a position text of the current variant and options; raises RulesError."""
        game = rules.new_game(self.game.variant, options=self.game.options, fen=text.strip())
        self.set_game(game, [])


