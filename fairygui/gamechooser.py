"""The list of games in a PGN file of several: the player picks the one to open.

One row per game with its White, Black, Event, Date and Result tags; a double click or
Open picks the selected row. The dialog opens without blocking (``open()``), so nothing
waits on it and tests can pick a row.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rules.pgn import LIST_TAGS, GameText


class GameChooser(QDialog):
    #: The player chose the game with this index (0 is the file's first).
    chosen = Signal(int)

    def __init__(self, games: list[GameText], file_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Choose a game")
        self.resize(640, 420)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{file_name} holds {len(games)} games. Choose the one to open:"))
        self.table = QTableWidget(len(games), len(LIST_TAGS), self)
        self.table.setHorizontalHeaderLabels(list(LIST_TAGS))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        for row, game in enumerate(games):
            self.table.setVerticalHeaderItem(row, QTableWidgetItem(str(row + 1)))
            for column, tag in enumerate(LIST_TAGS):
                item = QTableWidgetItem(game.tags.get(tag, ""))
                item.setToolTip(game.label())
                self.table.setItem(row, column, item)
        self.table.selectRow(0)
        self.table.cellDoubleClicked.connect(lambda row, _column: self.choose(row))
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(lambda: self.choose(self.table.currentRow()))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def choose(self, row: int) -> None:
        if 0 <= row < self.table.rowCount():
            self.accept()
            self.chosen.emit(row)
