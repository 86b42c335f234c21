"""The move list: standard numbering, White and Black columns, click a move to view it.

Actions (switches that do not pass the turn) take a cell of their own, in brackets, in
the column of the side that made them. Moves after the position on view stay listed
in grey until a different move replaces them.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from .line import PlyInfo

PLY_ROLE = Qt.ItemDataRole.UserRole
FUTURE = QColor(150, 150, 150)


def arrange(line: list[PlyInfo]) -> list[tuple[int, list[int | None]]]:
    """Rows of (move number, [White's entry, Black's entry]) as indices into ``line``."""
    rows: list[tuple[int, list[int | None]]] = []
    for i, info in enumerate(line):
        col = 0 if info.side == "white" else 1
        if rows:
            number, cells = rows[-1]
            # A White entry never goes to the right of Black's, so reading order stays play order.
            if number == info.number and cells[col] is None and (col == 1 or cells[1] is None):
                cells[col] = i
                continue
        cells = [None, None]
        cells[col] = i
        rows.append((info.number, cells))
    return rows


class MoveList(QTableWidget):
    #: The player clicked an entry: show the position after this many plies.
    plyClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 2, parent)
        self.setHorizontalHeaderLabels(["White", "Black"])
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.verticalHeader().setDefaultAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setMinimumWidth(200)
        self._cells: dict[int, tuple[int, int]] = {}
        self.cellClicked.connect(self._clicked)

    def set_line(self, line: list[PlyInfo], current: int, result: str | None = None) -> None:
        self.blockSignals(True)
        self.clearContents()
        rows = arrange(line)
        self.setRowCount(len(rows) + (1 if result else 0))
        self._cells = {}
        italic = QFont(self.font())
        italic.setItalic(True)
        for r, (number, cells) in enumerate(rows):
            header = QTableWidgetItem(f"{number}.")
            self.setVerticalHeaderItem(r, header)
            for c, index in enumerate(cells):
                item = QTableWidgetItem("" if index is None else self._label(line[index]))
                if index is None:
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                else:
                    item.setData(PLY_ROLE, index + 1)
                    item.setToolTip(line[index].text)
                    if line[index].action:
                        item.setFont(italic)
                    self._cells[index + 1] = (r, c)
                self.setItem(r, c, item)
        if result:
            r = len(rows)
            self.setVerticalHeaderItem(r, QTableWidgetItem(""))
            item = QTableWidgetItem(result)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setItem(r, 0, item)
            self.setSpan(r, 0, 1, 2)
        self.blockSignals(False)
        self.set_current(current)

    @staticmethod
    def _label(info: PlyInfo) -> str:
        return f"({info.label})" if info.action else info.label

    def set_current(self, current: int) -> None:
        """Mark the entry whose position is on view; grey out the entries after it."""
        for ply, (r, c) in self._cells.items():
            item = self.item(r, c)
            if item is not None:
                item.setForeground(QBrush(FUTURE) if ply > current else QBrush())
        self.clearSelection()
        cell = self._cells.get(current)
        if cell is not None:
            self.setCurrentCell(*cell)
            self.scrollToItem(self.item(*cell))
        else:
            self.setCurrentCell(-1, -1)
            self.scrollToTop()

    def cell_centre(self, ply: int) -> QPoint:
        """Viewport coordinates of the entry that leads to ``ply`` (for tests)."""
        r, c = self._cells[ply]
        return self.visualRect(self.model().index(r, c)).center()

    def _clicked(self, row: int, column: int) -> None:
        item = self.item(row, column)
        if item is None:
            return
        ply = item.data(PLY_ROLE)
        if isinstance(ply, int):
            self.plyClicked.emit(ply)
