"""Free exploration on the main board: any piece anywhere, no turns, no legality.

The position on the main board stays a real rules game, rebuilt from the position text
after each free move with the same side to move, so everything the window draws from the
game (overlays, hover, the powers at work, check) keeps working. The game in progress is
put aside while exploring and comes back on leaving. The explorer works through the
workspace (the controller, the game's file, the exploring mode that keeps the computer from
playing, the status line) and on the board it is given. The session journal keeps both the
game put aside and the explored position (``fairygui/session.py`` reads :attr:`Explorer.aside`
and :attr:`Explorer.history`), so after a crash the app comes back exploring; closing the
app leaves exploration first (the workspace's ``closing``), so the real game is the one to restore.

Gestures are taken from the board with an event filter, so the board widget needs no
exploration code: a left-button drag moves a piece (off the board removes it); the
pointer without a button, right-clicks and everything else reach the board as usual.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QLabel, QToolBar

import rules

from ..board.snapshot import Snapshot
from ..board.widget import BoardWidget
from ..workspace import Workspace
from . import rulings
from .draft import Draft

if TYPE_CHECKING:
    from ..controller import Document
    from ..line import PlyInfo

MOUSE_EVENTS = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease, QEvent.Type.MouseMove,
                QEvent.Type.MouseButtonDblClick)


@dataclass
class SetAside:
    """The game in progress while exploring."""

    game: rules.Game
    line: list[PlyInfo]
    path: str | None
    #: The game's record (tags, comments, variations) and its line's steps.
    kept: Document | None = None


class Explorer(QObject):
    #: Exploration ended; the draft holds the explored position when the player asked to edit it.
    finished = Signal(object)

    def __init__(self, workspace: Workspace, board: BoardWidget) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.board = board
        self.aside: SetAside | None = None
        self.history: list[str] = []
        self.bar: QToolBar | None = None
        self._replacing = False
        self._origin: str | None = None
        self._press: QPointF | None = None
        self._lifted: Snapshot | None = None
        workspace.controller.gameReplaced.connect(self._game_replaced)
        workspace.closing.connect(self.leave)  # the real game is the one the session keeps

    @property
    def active(self) -> bool:
        return self.aside is not None

    # ------------------------------------------------------------ entering and leaving

    def start(self, draft: Draft) -> None:
        """Explore the draft on the main board; raises RulesError if the rules cannot read it."""
        game = rulings.game_of(draft)
        w = self.workspace
        c = w.controller
        if not self.active:
            aside = SetAside(c.game, list(c.line), w.path, c.document())
            w.exploring = True
            self.aside = aside
            self.board.installEventFilter(self)
            self._build_bar()
        self.history = []
        w.path = None
        self._show(game)
        w.show_message(self._hint())
        w.bring_to_front()

    def resume(self, draft: Draft, history: list[str]) -> None:
        """Come back exploring ``draft`` with its free moves to undo (``history``, position
        texts, oldest first), as the session journal left it; raises RulesError like :meth:`start`."""
        self.start(draft)
        self.history = list(history)
        self.undo_action.setEnabled(bool(self.history))

    def leave(self, edit: bool = False) -> None:
        """Stop exploring and bring back the game in progress; with ``edit``, hand the explored
        position to the setup editor."""
        if self.aside is None:
            return
        explored = rulings.draft_of(self.workspace.controller.game) if edit else None
        aside = self._end()
        self.workspace.path = aside.path
        self._replacing = True
        try:
            self.workspace.controller.set_game(aside.game, aside.line, kept=aside.kept)
        finally:
            self._replacing = False
        self.workspace.show_message("Back to the game in progress.")
        self.finished.emit(explored)

    def _end(self) -> SetAside:
        aside = self.aside
        assert aside is not None
        self.aside = None
        self._cancel_drag()
        self.board.removeEventFilter(self)
        self.workspace.exploring = False
        if self.bar is not None:
            self.workspace.host.removeToolBar(self.bar)
            self.bar.deleteLater()
            self.bar = None
        return aside

    def _game_replaced(self) -> None:
        # Another game replaced the explored one (New, Open, Paste): it is the game now, as
        # it would replace the game in progress; nothing is brought back.
        if self.active and not self._replacing:
            self._end()
            self.finished.emit(None)

    def _build_bar(self) -> None:
        host = self.workspace.host
        bar = QToolBar("Free exploration", host)
        bar.setObjectName("toolbar-exploration")
        bar.setMovable(False)
        bar.setStyleSheet("QToolBar { background: #fff4cc; }")
        self.label = QLabel()
        bar.addWidget(self.label)
        self.undo_action = bar.addAction("Undo free move", self.undo)
        bar.addAction("Edit this position", lambda: self.leave(edit=True))
        bar.addAction("Leave exploration", self.leave)
        host.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        host.insertToolBarBreak(bar)
        self.bar = bar

    def _hint(self) -> str:
        side = self.workspace.controller.game.to_move.capitalize()
        return (f"Free exploration: drag any piece anywhere, off the board to remove it; "
                f"{side} stays to move.")

    def _show(self, game: rules.Game) -> None:
        self._replacing = True
        try:
            self.workspace.controller.set_game(game, [])
        finally:
            self._replacing = False
        if self.bar is not None:
            self.label.setText("  <b>Free exploration</b>: no turns, no legality.  ")
            self.undo_action.setEnabled(bool(self.history))

    # ------------------------------------------------------------ free moves

    def move(self, origin: str, target: str | None) -> bool:
        """Move the piece on ``origin`` to ``target`` (None: off the board); the side to move
        stays. A position the rules cannot read is refused with their reason."""
        game = self.workspace.controller.game
        before = game.fen()
        draft = rulings.draft_of(game)
        if origin not in draft.pieces or origin == target:
            return False
        piece = draft.pieces[origin]
        draft.remove(origin)
        if target is not None:
            draft.put(target, piece)
        # A hand move is no double step and no switch: those fields would describe another move.
        draft.ep = ""
        draft.state.pop("epv", None)
        try:
            moved = rulings.game_of(draft)
        except rules.RulesError as exc:
            self.workspace.show_message(f"Cannot put it there: {exc}")
            return False
        self.history.append(before)
        name = game.rules.variant.pieces[piece.kind].name
        self._show(moved)
        where = f"to {target}" if target else "off the board"
        self.workspace.show_message(f"Moved the {piece.color} {name} from {origin} {where}; "
                                 f"{moved.to_move.capitalize()} stays to move.")
        return True

    def undo(self) -> None:
        if self.history:
            game = self.workspace.controller.game
            self._show(rules.new_game(game.variant, options=game.options, fen=self.history.pop()))
            self.workspace.show_message(self._hint())

    # ------------------------------------------------------------ the mouse on the board

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self.board or event.type() not in MOUSE_EVENTS:
            return False
        assert isinstance(event, QMouseEvent)
        left = Qt.MouseButton.LeftButton
        if event.type() == QEvent.Type.MouseMove and not event.buttons() & left:
            return False  # hovering stays the board's
        if event.button() not in (left, Qt.MouseButton.NoButton):
            return False
        board = self.board
        point = event.position()
        if event.type() == QEvent.Type.MouseButtonPress:
            square = board.square_at(point)
            self._origin = square if square is not None and square in board.snapshot.pieces else None
            self._press = point
        elif event.type() == QEvent.Type.MouseMove and self._origin is not None and self._press is not None:
            self._drag_to(point)
        elif event.type() == QEvent.Type.MouseButtonRelease:
            origin, lifted = self._origin, self._lifted
            self._cancel_drag()
            if origin is not None and lifted is not None:
                self.move(origin, board.square_at(point))
        return True

    def _drag_to(self, point: QPointF) -> None:
        board = self.board
        assert self._origin is not None and self._press is not None
        if self._lifted is None:
            if (point - self._press).manhattanLength() < QApplication.startDragDistance():
                return
            self._lifted = board.snapshot
            pieces = dict(board.snapshot.pieces)
            board.drag_layer.glyph = pieces.pop(self._origin)
            board.snapshot = replace(board.snapshot, pieces=pieces)
        board.drag_layer.point = point
        board.selection_layer.hover = board.square_at(point)
        board.update()

    def _cancel_drag(self) -> None:
        board = self.board
        if self._lifted is not None:
            board.snapshot = self._lifted
        self._lifted = None
        self._origin = None
        self._press = None
        board.drag_layer.glyph = None
        board.drag_layer.point = None
        board.selection_layer.hover = None
        board.update()
