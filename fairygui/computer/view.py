"""The computer opponent in the window: its commands, the thinking indicator and the hint
arrow on the board (``MainWindow.computer``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget

from ..board.hint import HintLayer
from ..board.widget import BoardWidget
from ..controller import GameController
from ..facts import target_of
from .indicator import ThinkingIndicator
from .opponent import ComputerOpponent, Hint
from .report import Report

MOVE_NOW_KEY = "Ctrl+Return"
TAKE_BACK_KEY = "Ctrl+Backspace"
HINT_KEY = "Ctrl+H"
HINT_TIP = "Show the engine's best move for the side to move"


class ComputerView(QObject):
    def __init__(self, controller: GameController, board: BoardWidget, say: Callable[[str], None],
                 window: QWidget) -> None:
        super().__init__(window)
        self.controller = controller
        self.board = board
        self.say = say
        self.opponent = ComputerOpponent(controller, self)
        self.indicator = ThinkingIndicator()
        self.hint_layer = HintLayer()
        board.overlays.add(self.hint_layer)

        def action(text: str, slot: Callable[[], object], key: str, tip: str) -> QAction:
            made = QAction(text, window)
            made.setShortcut(QKeySequence(key))
            made.setStatusTip(tip)
            made.setToolTip(f"{tip} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})")
            made.triggered.connect(lambda _checked=False: slot())
            window.addAction(made)
            return made

        o = self.opponent
        self.move_now_action = action("&Move now", o.move_now, MOVE_NOW_KEY,
                                      "The computer plays its best move so far at once")
        self.take_back_action = action("&Take back", o.take_back, TAKE_BACK_KEY,
                                       "Take back your move and the computer's reply")
        self.hint_action = action("&Hint", o.ask_hint, HINT_KEY, HINT_TIP)
        self.actions = (self.move_now_action, self.take_back_action, self.hint_action)

        o.started.connect(self._started)
        o.progressed.connect(self.indicator.show_report)
        o.stopped.connect(self.refresh)
        o.stateChanged.connect(self.refresh)
        o.hintReady.connect(self._show_hint)
        o.hintCleared.connect(self._clear_hint)
        o.message.connect(say)
        controller.positionChanged.connect(self.refresh)
        controller.busyChanged.connect(lambda _busy: self.refresh())
        controller.gameReplaced.connect(self.refresh)
        self.refresh()

    # ------------------------------------------------------------ state

    def board_open(self) -> bool:
        """May the mouse move pieces now? Not while a game is read or the computer thinks."""
        return not self.controller.busy and not self.opponent.thinking

    def refresh(self) -> None:
        o = self.opponent
        self.move_now_action.setEnabled(o.can_move_now())
        self.take_back_action.setEnabled(o.can_take_back())
        self.hint_action.setEnabled(o.can_hint())
        self.board.set_interactive(self.board_open())
        if o.task is not None:
            return  # the indicator follows the search's reports
        if o.hint is not None:
            self.indicator.hint(hint_words(o.hint))
        elif o.computer_to_move():
            side = self.controller.game.to_move
            key = self.move_now_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            who = f"{side.capitalize()} ({o.player_label(side)})"
            if o.paused:
                self.indicator.waiting(f"Stopped: {who} has the move; Continue or Move now ({key}) lets it play")
            else:
                self.indicator.waiting(f"{who} has the move: Move now ({key}) lets it play")
        else:
            self.indicator.idle()

    def _started(self, report: Report) -> None:
        self.indicator.show_report(report)
        self.refresh()

    # ------------------------------------------------------------ the hint

    def _show_hint(self, hint: Hint) -> None:
        squares = self.controller.snapshot.shape.all_squares()
        self.hint_layer.set_move(hint.move.origin, target_of(hint.move, squares))
        # The button's own tip, shown while the pointer rests on it, carries the hint too, so
        # neither its tooltip nor its status tip hides the answer.
        self._set_hint_tip(f"{hint_words(hint)}. {HINT_TIP}")
        self.indicator.hint(hint_words(hint))
        self.board.update()

    def _clear_hint(self) -> None:
        self.hint_layer.clear()
        self._set_hint_tip(HINT_TIP)
        self.refresh()
        self.board.update()

    def _set_hint_tip(self, tip: str) -> None:
        key = self.hint_action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        self.hint_action.setStatusTip(tip)
        self.hint_action.setToolTip(f"{tip} ({key})")


def hint_words(hint: Hint) -> str:
    report = hint.report
    return f"Hint for {report.side.capitalize()}: {report.best} · {report.score} · depth {report.depth}"
