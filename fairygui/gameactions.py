"""Game > Resign, Offer draw, Claim draw, Adjudicate and Take back result.

Every result goes through the rules (``Game.declare_result``, ``Game.claim_draw``) and into
the record through the controller (Result and Termination tags, a comment saying how the game
ended). A result the moves do not give can be taken back, like a move: the game goes on.

Who acts: against the computer the person's side resigns or offers a draw, whoever is to
move; between two people the side to move does, and the other side answers a draw offer in
a question. The computer answers a draw offer from its evaluation: it accepts where it thinks
it stands no better than :data:`DRAW_MARGIN_PAWNS`, or where neither side can mate any more.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QMessageBox,
    QWidget,
)

from rules import Game

from .clock import SIDES
from .computer.opponent import ComputerOpponent
from .controller import GameController
from .menus import make_action
from .scores import WhiteScore

#: The computer accepts a draw where its own score is at most this many pawns.
DRAW_MARGIN_PAWNS = 0.25
#: The results an adjudication may give, as the dialog offers them.
ADJUDICATIONS = (("white", "White wins"), ("black", "Black wins"), (None, "Draw"))


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


class AdjudicateDialog(QDialog):
    """The result and the reason for it, in words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Adjudicate the game")
        self.result_box = QComboBox()
        for winner, text in ADJUDICATIONS:
            self.result_box.addItem(text, winner)
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("for example: White's extra Rook wins easily")
        form = QFormLayout(self)
        form.addRow("Result:", self.result_box)
        form.addRow("Reason:", self.reason)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Adjudicate")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def winner(self) -> str | None:
        data = self.result_box.currentData()
        return data if isinstance(data, str) else None

    def reason_text(self) -> str:
        given = " ".join(self.reason.text().split())
        return f"adjudicated: {given}" if given else "adjudicated"


class GameActions(QObject):
    def __init__(self, window: QWidget, controller: GameController, opponent: ComputerOpponent,
                 evaluation: Callable[[], WhiteScore | None], on_taken_back: Callable[[], None]) -> None:
        super().__init__(window)
        self.window = window
        self.controller = controller
        self.opponent = opponent
        #: The latest score from White's side the searches gave for this line (the graph's).
        self.evaluation = evaluation
        self.on_taken_back = on_taken_back
        self.adjudicate_dialog: AdjudicateDialog | None = None
        self.resign_action = make_action(window, "&Resign...", self.resign, tip="Give up the game (asks first)")
        self.draw_action = make_action(window, "Offer a &draw", self.offer_draw, tip=(
            "Propose a draw: the computer answers from its evaluation, a person in a question"))
        self.claim_action = make_action(window, "C&laim draw", self.claim_draw, tip=(
            "End the game as a draw where the rules let the player to move claim one "
            "(threefold repetition, the fifty-move rule)"))
        self.adjudicate_action = make_action(window, "&Adjudicate...", self.adjudicate, tip=(
            "Declare the result yourself, with a reason (an engine match stopped, a position "
            "everyone agrees on)"))
        self.take_back_action = make_action(window, "&Take back result", self.take_back_result, tip=(
            "Take back a resignation, an agreed or claimed draw, an adjudication or a loss on time: "
            "the game goes on"))
        controller.positionChanged.connect(self.refresh)
        opponent.stateChanged.connect(self.refresh)
        controller.gameEnded.connect(lambda _text: opponent.cancel())  # no search outlives the game
        self.refresh()

    @property
    def actions(self) -> list[QAction]:
        return [self.resign_action, self.draw_action, self.claim_action, self.adjudicate_action,
                self.take_back_action]

    # ------------------------------------------------------------ state

    def _game_on(self) -> bool:
        c = self.controller
        return not c.busy and c.game.ply == len(c.line) and c.game.result is None

    def acting_side(self) -> str | None:
        """Who resigns or offers a draw: the person's side against the computer, the side to
        move between two people; None where the computer plays both sides."""
        c = self.controller
        people = [side for side in SIDES if not c.is_computer(side)]
        if len(people) == 1:
            return people[0]
        return c.game.to_move if people else None

    def claimable(self) -> str | None:
        """The draw the player to move may claim now; the computer does not claim for a person."""
        if self.opponent.computer_to_move():
            return None
        return self.controller.draw_claim()

    def refresh(self) -> None:
        on = self._game_on()
        person = self.acting_side() is not None
        self.resign_action.setEnabled(on and person)
        self.draw_action.setEnabled(on and person)
        self.claim_action.setEnabled(self.claimable() is not None)
        self.adjudicate_action.setEnabled(on)
        c = self.controller
        self.take_back_action.setEnabled(not c.busy and c.game.ply == len(c.line)
                                         and c.game.declared_result is not None)

    # ------------------------------------------------------------ commands

    def _end(self, winner: str | None, reason: str) -> bool:
        self.opponent.cancel()
        return self.controller.end_game(lambda game: game.declare_result(winner, reason))

    def resign(self) -> bool:
        side = self.acting_side()
        if side is None or not self._game_on():
            return False
        answer = QMessageBox.question(self.window, "Resign", f"Resign the game for {side.capitalize()}?",
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        if answer != QMessageBox.StandardButton.Yes:
            return False
        return self._end(other(side), f"{side.capitalize()} resigns")

    def offer_draw(self) -> bool:
        """A draw offered by the acting side; True if it was accepted (the game is drawn)."""
        side = self.acting_side()
        if side is None or not self._game_on():
            return False
        opponent = other(side)
        c = self.controller
        if c.is_computer(opponent):
            accepts, why = self.computer_answer(opponent)
            if not accepts:
                c.message.emit(f"The computer ({opponent.capitalize()}) declines the draw: {why}.")
                return False
            if not self._end(None, "draw agreed"):
                return False
            c.message.emit(f"Draw agreed: the computer ({opponent.capitalize()}) accepts, as {why}.")
            return True
        else:
            answer = QMessageBox.question(
                self.window, "Draw offered", f"{side.capitalize()} offers a draw. Does {opponent.capitalize()} accept?",
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
            if answer != QMessageBox.StandardButton.Yes:
                c.message.emit(f"{opponent.capitalize()} declines the draw; the game goes on.")
                return False
        return self._end(None, "draw agreed")

    def computer_answer(self, side: str) -> tuple[bool, str]:
        """Whether the computer playing ``side`` accepts a draw, and why, in words."""
        game: Game = self.controller.game
        if not game.can_mate("white") and not game.can_mate("black"):
            return True, "neither side can mate any more"
        score = self.evaluation()
        if score is None:
            return False, "it has not judged the position yet"
        own = score.pawns if side == "white" else -score.pawns
        return own <= DRAW_MARGIN_PAWNS, f"it judges the position {score.text()}"

    def claim_draw(self) -> bool:
        if self.claimable() is None:
            return False
        return self.controller.claim_draw()

    def adjudicate(self) -> AdjudicateDialog | None:
        if not self._game_on():
            return None
        dialog = AdjudicateDialog(self.window)
        dialog.accepted.connect(lambda: self._end(dialog.winner(), dialog.reason_text()))
        self.adjudicate_dialog = dialog
        dialog.open()
        return dialog

    def take_back_result(self) -> bool:
        if not self.controller.take_back_result():
            return False
        self.on_taken_back()
        self.opponent.think_if_due()
        return True
