"""Who plays, in the window (``MainWindow.seats_view``): the players bar (a chooser per side and
Stop / Continue for the computer) and the Game > Players menu (WinBoard's Machine White, Machine
Black, Two Machines and Edit game). What they do is :class:`~fairygui.seats.Seating`'s."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QComboBox, QLabel, QMenu, QToolBar, QWidget

from .controller import SIDES
from .menus import fill_menu
from .seats import Seating

#: Room in a closed chooser, in characters: its width stays put when its entries change.
CHOOSER_CHARACTERS = 20


class SeatsView(QObject):
    def __init__(self, seating: Seating, window: QWidget) -> None:
        super().__init__(window)
        self.seating = seating
        opponent = seating.opponent

        def action(text: str, slot: Callable[[], object], tip: str, group: QActionGroup | None = None) -> QAction:
            made = QAction(text, window)
            made.setStatusTip(tip)
            made.setToolTip(tip)
            made.triggered.connect(lambda _checked=False: slot())
            if group is not None:
                made.setCheckable(True)
                group.addAction(made)
            window.addAction(made)
            return made

        modes = QActionGroup(self)
        self.machine_white_action = action("Computer plays &White", seating.machine_white, (
            "The computer takes White and you Black from this position on (WinBoard's Machine White)"), modes)
        self.machine_black_action = action("Computer plays &Black", seating.machine_black, (
            "The computer takes Black and you White from this position on (WinBoard's Machine Black)"), modes)
        self.two_machines_action = action("Computer plays &both sides", seating.two_machines, (
            "The computer plays both sides and the game goes on by itself until Stop (WinBoard's Two Machines)"),
            modes)
        self.edit_game_action = action("&Nobody: both sides human", seating.edit_game, (
            "You move both sides; a search in progress stops and its move is not played (WinBoard's Edit Game)"),
            modes)
        self.stop_action = action("&Stop the computer", seating.stop, (
            "The computer's search ends and its move is not played; it waits until Continue"))
        self.continue_action = action("C&ontinue", seating.resume, "The computer plays on from this position")
        self.modes = (self.machine_white_action, self.machine_black_action, self.two_machines_action,
                      self.edit_game_action)
        self.menu = fill_menu(QMenu("&Players", window), [*self.modes, None, self.stop_action,
                                                           self.continue_action])

        # Each item its own: in a narrow window what does not fit goes to the bar's » menu
        # instead of holding the window wide.
        self.toolbar = QToolBar("Players")
        self.toolbar.setObjectName("toolbar-players")
        self.boxes: dict[str, QComboBox] = {}
        for side in SIDES:
            box = QComboBox()
            box.setObjectName(f"seat-{side}")
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(CHOOSER_CHARACTERS)
            box.activated.connect(lambda index, s=side: self._picked(s, index))
            label = QLabel(f" {side.capitalize()}: ")
            label.setBuddy(box)
            self.toolbar.addWidget(label)
            self.toolbar.addWidget(box)
            self.boxes[side] = box
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.stop_action)
        self.toolbar.addAction(self.continue_action)
        self.stop_button = self.toolbar.widgetForAction(self.stop_action)
        self.continue_button = self.toolbar.widgetForAction(self.continue_action)

        seating.changed.connect(self.refresh)
        opponent.started.connect(lambda _report: self.refresh_commands())
        opponent.stopped.connect(self.refresh_commands)
        opponent.stateChanged.connect(self.refresh_commands)
        seating.controller.positionChanged.connect(self.refresh_commands)
        self.refresh()

    def refresh(self) -> None:
        """The choosers list what may play this variant and show who plays; the menu checks the mode."""
        choices = self.seating.choices()
        for side, box in self.boxes.items():
            box.blockSignals(True)
            box.clear()
            for choice in choices:
                box.addItem(choice.label, choice.key)
                box.setItemData(box.count() - 1, choice.description, Qt.ItemDataRole.ToolTipRole)
            seat = self.seating.effective(side)
            box.setCurrentIndex(max(0, box.findData(seat.key)))
            box.setToolTip(f"Who plays {side.capitalize()}: {choices[box.currentIndex()].description}")
            box.blockSignals(False)
        white, black = (self.seating.seat(side).computer for side in SIDES)
        mode = {(True, False): self.machine_white_action, (False, True): self.machine_black_action,
                (True, True): self.two_machines_action, (False, False): self.edit_game_action}[(white, black)]
        mode.setChecked(True)
        self.refresh_commands()

    def refresh_commands(self) -> None:
        opponent = self.seating.opponent
        self.stop_action.setEnabled(opponent.can_pause())
        self.continue_action.setEnabled(opponent.can_resume())

    def _picked(self, side: str, index: int) -> None:
        key = self.boxes[side].itemData(index)
        if isinstance(key, str):
            self.seating.set_key(side, key)
