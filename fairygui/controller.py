"""The GameController: owns the game record and the rules game, answers the views, and tells
them what changed.

The document is a ``rules.GameRecord``: the tags and the move tree with its comments, NAGs and
variations (``record``); ``node`` is the position on view. The rules ``Game`` plays the *line*
through that node: the moves from the start to it, then the main continuation from there
(``line``, ``steps``); going back in the move list undoes moves, going forward redoes them.
A move played where the line goes on needs a choice (``branch_needed``): a new variation,
overwriting the continuation, or a new main line; the window asks the player.

Views never touch the rules game. They read the controller's plain data (``snapshot``,
``index``, ``line``, ``record``) and ask it to act (``play``, ``undo``, ``go_to``...); the
controller emits signals after each change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, Signal

import rules
from rules import Game, Move
from rules.gamerecord import GameRecord
from rules.pgntree import Node

from . import document, facts
from .board.snapshot import Glyph, Snapshot
from .document import LineBroken, Step
from .line import PlyInfo, build_line, check_sign, describe_ply, label_moves, move_words
from .sessionstate import RestoredGame, start_or_fall_back
from .wording import reason_sentence
from .worker import Task, start_task

HUMAN = "human"
COMPUTER = "computer"
SIDES = ("white", "black")
#: The answers to "a move where the line goes on": a new variation, replace the continuation,
#: or a new main continuation (the old one becomes a variation).
VARIATION = "variation"
OVERWRITE = "overwrite"
MAIN_LINE = "main line"
BRANCHES = (VARIATION, OVERWRITE, MAIN_LINE)


@dataclass
class LoadedGame:
    game: Game
    line: list[PlyInfo]
    ply: int
    source: str
    record: GameRecord | None = None
    #: A document set aside with its game (a restored session): the record and the line's steps.
    kept: Document | None = None


@dataclass
class Document:
    """What the controller holds besides the game: the record and the line's steps (the
    explorer sets them aside with the game)."""

    record: GameRecord
    steps: list[Step]


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
    #: The record changed: a move added, a tag, a comment, a NAG, a variation promoted or deleted.
    recordEdited = Signal()
    #: Who plays a side changed (``set_players``): a person, a level, another program's engine.
    playersChanged = Signal()
    #: The move was not played: it starts a new line where the line goes on; ``play`` with a branch.
    branchNeeded = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # Chess from the built-in rules if a user's file breaks it: the window must open.
        self.game: Game = start_or_fall_back("chess")[0]
        self.line: list[PlyInfo] = []
        self.steps: list[Step] = []
        #: The name of the player of a side for a new record's tags (the window knows the
        #: user's name and the engines' names).
        self.player_name: Callable[[str], str] = self._default_name
        #: Who plays each side: HUMAN or COMPUTER, and the computer's strength level per side.
        self.players: dict[str, str] = {"white": HUMAN, "black": HUMAN}
        self.levels: dict[str, str] = {}
        #: Another program's engine (its name in Settings > Engines) that plays a computer side
        #: instead of the built-in engine at its level; "" or absent: the built-in engine.
        self.engine_names: dict[str, str] = {}
        self.record = document.new_record(self.game, *(self.player_name(side) for side in SIDES))
        #: Counts changes of the record or of the place on view (the session keeper writes the
        #: record's text again only when it moved on); whatever changes the record bumps it.
        self.revision = 0
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

    def set_players(self, players: dict[str, str], levels: dict[str, str] | None = None,
                    engines: dict[str, str] | None = None) -> None:
        """Who plays each side; levels and engines not given stay as they were."""
        self.players = {side: players.get(side, HUMAN) for side in SIDES}
        if levels is not None:
            self.levels = {side: level for side, level in levels.items() if side in SIDES}
        if engines is not None:
            self.engine_names = {side: name for side, name in engines.items() if side in SIDES and name}
        self.playersChanged.emit()

    # ------------------------------------------------------------ changing the game

    def _changed(self, replaced: bool = False, line: bool = True) -> None:
        self.revision += 1
        self._index = None
        self._snapshot = None
        if replaced:
            self.gameReplaced.emit()
        if line:
            self.lineChanged.emit()
        self.positionChanged.emit()

    def set_game(self, game: Game, line: list[PlyInfo] | None = None, ply: int = -1,
                 record: GameRecord | None = None, kept: Document | None = None) -> None:
        """Show ``game``; its whole history is the line (a new record of it, or ``record``,
        whose main line it is), and ``ply`` (if given) the place on view. ``kept`` brings back
        a document set aside with its game (the explorer)."""
        self.game = game
        if kept is not None:
            self.record = kept.record
            self._set_steps(kept.steps)
        else:
            line = line if line is not None else build_line(game)
            if record is None:
                record = document.new_record(game, *(self.player_name(side) for side in SIDES))
            self.record = record
            self._set_steps(document.main_steps(line, record.root))
        if 0 <= ply < len(self.line):
            while self.game.ply > ply:
                self.game.undo()
        self._changed(replaced=True)

    def document(self) -> Document:
        return Document(self.record, list(self.steps))

    def _set_steps(self, steps: list[Step]) -> None:
        self.steps = steps
        self.line = [step.info for step in steps]

    def _default_name(self, side: str) -> str:
        if self.is_computer(side):
            return f"Computer ({self.levels.get(side, 'default level')})"
        return "Human"

    def new_game(
        self, variant_id: str, options: dict[str, Any] | None = None, players: dict[str, str] | None = None,
        fen: str | None = None, levels: dict[str, str] | None = None, engines: dict[str, str] | None = None,
    ) -> None:
        """A fresh game; raises RulesError (the old game stays) if the rules refuse it."""
        game = rules.new_game(variant_id, options=options, fen=fen)
        if players:
            self.set_players(players, levels, engines)
        self.set_game(game, [])
        self.gameStarted.emit()

    def play(self, move: Move, branch: str | None = None) -> bool:
        """Play a legal move or action; a refused one leaves everything as it was. Where the
        line goes on and the move is not its next one (nor an existing variation), ``branch``
        says what to do (VARIATION, OVERWRITE or MAIN_LINE); without it ``branchNeeded`` asks."""
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
        node = self.node
        if self.game.is_action(move):
            if upcoming is not None:
                self.message.emit("A switch can be recorded only at the end of a line: "
                                  "go to its end, or delete the moves after this position first.")
                return False
            return self._append(move, node, action=True)
        if upcoming is not None and upcoming.action and self.steps[ply].owner is node:
            self.message.emit("A switch is recorded after this position: show the position after it "
                              "to play a different move here.")
            return False
        for child in node.variations:
            if document.same_move(self.game, child, move):
                self.go_to_node(child)
                self.movePlayed.emit()
                return True
        if upcoming is None:
            return self._append(move, node)
        if branch not in BRANCHES:
            self.branchNeeded.emit(move)
            return False
        following = self.steps[ply].owner
        return self._append(move, node, branch=branch, following=following)

    def _append(self, move: Move, node: Node, action: bool = False, branch: str | None = None,
                following: Node | None = None) -> bool:
        """Play ``move`` after the position on view and write it into the record after ``node``."""
        side, number, label, is_action = describe_ply(self.game, move)
        words = move_words(self.game, move)
        san = "" if action else self.game.san(move)
        ply = self.game.ply
        try:
            self.game.play(move)
        except rules.RulesError as exc:
            self.message.emit(str(exc))
            return False
        sign = "" if is_action else check_sign(self.game)
        if action:
            node.comments.append(f"[%action {move}]")
            child = node
        else:
            child = node.add(san)
            if branch == OVERWRITE and following is not None and following in node.variations:
                place = node.variations.index(following)
                following.remove()
                node.variations.remove(child)
                node.variations.insert(place, child)
            elif branch == MAIN_LINE:
                child.promote()
        info = PlyInfo(move, side, number, label + sign, is_action, words)
        self._set_steps(self.steps[:ply] + [Step(info, child, child)])
        self._changed()
        self.recordEdited.emit()
        self._after_move()
        self.movePlayed.emit()
        return True

    def relabel(self) -> None:
        """Label the line again (after the notation setting changed); the place on view stays."""
        if self.busy or not self.line:
            return
        infos = label_moves(self.game.copy_from_start(), [info.move for info in self.line])
        self._set_steps([Step(info, s.node, s.owner) for info, s in zip(infos, self.steps, strict=True)])
        self.lineChanged.emit()

    def play_text(self, text: str, branch: str | None = None) -> bool:
        """Play a move given as text: SAN (``Nf3``) or coordinate text (``g1f3``); ``branch`` as
        for :meth:`play`."""
        try:
            move = self.game.parse_move(text)
        except rules.RulesError as exc:
            self.message.emit(str(exc))
            return False
        return self.play(move, branch)

    def _after_move(self) -> None:
        result = self.result_text()
        if result:
            self._note_result()
            self.gameEnded.emit(result)
            self.message.emit(result)

    def _note_result(self) -> None:
        """A game that ends at the end of its main line: the record's Result and Termination
        (which says how, so reading the record back ends the game the same way)."""
        node, ended = self.node, self.game.result
        if ended is None or node.variations or not node.is_main():
            return
        marker = document.result_marker(self.game)
        self.record.headers["Result"] = marker
        self.record.text.result = marker
        self.record.headers["Termination"] = ended.reason
        self.revision += 1
        self.recordEdited.emit()

    def end_game(self, declare: Callable[[Game], object]) -> bool:
        """End the game at the end of its line with a result the position does not give
        (``declare`` calls ``Game.declare_result`` or ``Game.time_forfeit``); a refusal says why."""
        if self.busy or self.game.ply != len(self.line):
            self.message.emit("A game ends at its last move: go to the end of the line first")
            return False
        return self._ended_by(declare)

    def _ended_by(self, ending: Callable[[Game], object]) -> bool:
        """Apply ``ending`` (a declared result or a claim) to the game at the end of its line; a
        refusal by the rules is said in words."""
        try:
            ending(self.game)
        except rules.RulesError as exc:
            self.message.emit(str(exc).capitalize())
            return False
        self._changed()
        self._after_move()
        return True

    def take_back_result(self) -> bool:
        """Take back a declared or claimed result at the end of the line: the game goes on, and
        the record's Result is ``*`` again."""
        if self.busy or self.game.ply != len(self.line) or self.game.declared_result is None:
            return False
        ended = self.game.withdraw_result()
        node = self.node
        if node.is_main() and not node.variations:
            self.record.headers["Result"] = "*"
            self.record.text.result = "*"
            self.record.headers.pop("Termination", None)
        self._edited()
        self.message.emit(f"Took back the result ({ended.sentence()}); the game goes on.")
        return True

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
        return self._ended_by(Game.claim_draw)

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

    @property
    def node(self) -> Node:
        """The node of the record whose position is on view."""
        ply = self.game.ply
        return self.steps[ply - 1].node if ply > 0 else self.record.root

    def go_to_node(self, node: Node) -> None:
        """Show the position after ``node``'s move (the root: the start), on the line through it."""
        if self.busy:
            return
        for i, step in enumerate(self.steps):
            if step.node is node and (i + 1 == len(self.steps) or self.steps[i + 1].node is not node):
                self.go_to(i + 1)
                return
        if node is self.record.root:
            self.go_to(0)
            return
        self._enter(node)
        self._changed()

    def _enter(self, node: Node) -> None:
        """Make the line the one through ``node`` and show the position after it: the steps
        the two lines share stay, the rest are played."""
        path = document.path_to(node)
        on_path = {id(n) for n in path} | {id(self.record.root)}
        keep = 0
        while keep < len(self.steps) and id(self.steps[keep].owner) in on_path:
            keep += 1
        moves_kept = sum(1 for s in self.steps[:keep] if s.node is s.owner and not s.info.action)
        while self.game.ply > keep:
            self.game.undo()
        while self.game.ply < keep and self.game.can_redo:
            self.game.redo()
        keep = self.game.ply
        steps = self.steps[:keep]
        target = keep
        try:
            played = document.play_nodes(self.game, path[moves_kept:])
            steps += played
            target += len(played)
            steps += document.play_nodes(self.game, node.mainline())
        except LineBroken as broken:
            steps += broken.steps
            target = min(target, len(steps))
            self.message.emit(f"This line of the record cannot be played on: {broken}")
        self._set_steps(steps)
        while self.game.ply > target:
            self.game.undo()

    def _edited(self, relayout: bool = False, at: Node | None = None) -> None:
        """The record changed; with ``relayout`` the line through the position on view (or
        through ``at``) is worked out again (a variation promoted, deleted or added)."""
        if relayout:
            self._enter(at if at is not None else self.node)
        self._changed()
        self.recordEdited.emit()

    # ------------------------------------------------------------ editing the record

    def set_tag(self, name: str, value: str) -> None:
        """Set a tag of the record (an empty value removes any tag but the required ones)."""
        value = value.strip()
        if self.record.headers.get(name) == value:
            return
        if value or name in document.EDITED_TAGS:
            self.record.headers[name] = value
        else:
            self.record.headers.pop(name, None)
        if name == "Result":
            self.record.text.result = value if value in document.RESULTS else ""
        self.revision += 1
        self.recordEdited.emit()
        self.lineChanged.emit()

    def set_comment(self, node: Node, text: str) -> None:
        """What a person wrote after ``node``'s move (the root: before the first move); empty deletes it."""
        document.set_comment(node, text)
        self._edited()

    def set_nags(self, node: Node, nags: list[int]) -> None:
        node.nags[:] = nags
        self._edited()

    def toggle_nag(self, node: Node, nag: int) -> None:
        """Add a NAG to a move, or take it away; a move has one move glyph (!, ?, ...) at most."""
        if nag in node.nags:
            self.set_nags(node, [n for n in node.nags if n != nag])
        else:
            same_kind = set(document.NAG_GLYPHS) if nag in document.NAG_GLYPHS else set()
            self.set_nags(node, [n for n in node.nags if n not in same_kind] + [nag])

    def promote(self, node: Node, to_main: bool) -> None:
        """Promote the variation ``node`` lies in: one place up among its alternatives, or
        (``to_main``) every branch on its way, so that it is the game's main line."""
        branch = document.variation_of(node)
        if branch is None:
            return
        if to_main:
            for n in document.path_to(node):
                n.promote()
        else:
            assert branch.parent is not None
            siblings = branch.parent.variations
            i = siblings.index(branch)
            siblings[i - 1], siblings[i] = siblings[i], siblings[i - 1]
        self._edited(relayout=True)

    def delete_variation(self, node: Node) -> None:
        """Delete the variation ``node`` lies in, from where it branches off."""
        branch = document.variation_of(node)
        if branch is None:
            return
        on_view = self.node
        parent = branch.parent
        branch.remove()
        # The position on view went with the variation: show where it branched off.
        at = parent if document.root_of(on_view) is not self.record.root else on_view
        self._edited(relayout=True, at=at)

    def add_variation(self, moves: list[Move]) -> bool:
        """Add ``moves`` (played from the position on view) to the record as a variation there
        (as the main continuation where there is none); the place on view stays."""
        if self.busy or not moves:
            return False
        game = self.game.copy()
        node = self.node
        words: list[str] = []
        try:
            for move in moves:
                if game.is_action(move):
                    break
                words.append(game.san(move))
                game.play(move)
        except rules.RulesError as exc:
            self.message.emit(str(exc))
            return False
        if not words:
            return False
        start = node
        for word in words:
            existing = next((c for c in start.variations if c.move.rstrip("+#") == word.rstrip("+#")), None)
            start = existing if existing is not None else start.add(word)
        self._edited(relayout=not self.line[self.game.ply:])
        return True

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
        """The record as PGN text: its tags and every move, comment, NAG and variation;
        GameRecordError where the game's variant or options cannot be written in a record."""
        rules.game_record(self.game.copy_from_start())  # the rules' own check of the start and options
        return self.record.pgn()

    def load_text(self, text: str, source: str, ply: int = -1, index: int = 0) -> None:
        """Read a record (game ``index`` of a PGN file of several) in the background; ``loaded``
        or ``loadFailed`` reports. The game in progress stays until the new one is read
        without fault."""
        def build() -> LoadedGame:
            records = rules.read_pgn(text)
            if not 0 <= index < len(records):
                raise rules.GameRecordError(f"there is no game {index + 1}: the text holds {len(records)}")
            record = records[index]
            game = record.game()
            return LoadedGame(game, build_line(game), ply, source, record)

        self._load(build, source)

    def load_record(self, build: Callable[[], tuple[GameRecord, Game]], source: str) -> None:
        """Like :meth:`load_text` for a record read some other way (one game of a listed file),
        with its main line played."""
        def job() -> LoadedGame:
            record, game = build()
            return LoadedGame(game, build_line(game), -1, source, record)

        self._load(job, source)

    def load_with(self, build: Callable[[], RestoredGame], source: str) -> None:
        """Like :meth:`load_text` for a game, its place on view and perhaps its document built
        some other way off the GUI thread (the session journal replays its entry)."""
        def job() -> LoadedGame:
            restored = build()
            game = restored.game
            if restored.document is None:
                return LoadedGame(game, build_line(game), restored.ply, source)
            record, steps = restored.document
            return LoadedGame(game, [s.info for s in steps], restored.ply, source, record, Document(record, steps))

        self._load(job, source)

    def _load(self, job: Callable[[], LoadedGame], source: str) -> None:
        if self.busy:
            self.loadFailed.emit(source, "another game is still being read; try again in a moment")
            return
        self._set_busy(True)
        self._loading = source
        self._task = start_task(job, self._load_done, self._load_failed)

    def _load_done(self, loaded: LoadedGame) -> None:
        self._task = None
        self._set_busy(False)
        self.set_game(loaded.game, loaded.line, loaded.ply, record=loaded.record, kept=loaded.kept)
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


