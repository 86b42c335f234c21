"""The move list: standard numbering, White and Black columns, click a move to view it.

Actions (switches that do not pass the turn) sit in brackets in the cell of the move they
precede, with its number. Moves after the position on view stay listed
in grey until a different move replaces them.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from .line import PlyInfo

PLY_ROLE = Qt.ItemDataRole.UserRole
FUTURE = QColor(150, 150, 150)


Cell = list[int]


def arrange(line: list[PlyInfo]) -> list[tuple[int, list[Cell | None]]]:
    """Rows of (move number, [White's cell, Black's cell]); a cell lists indices into ``line``:
    a move with the actions (switches that do not pass the turn) played just before it."""
    rows: list[tuple[int, list[Cell | None]]] = []
    waiting: Cell = []
    for i, info in enumerate(line):
        waiting.append(i)
        if not info.action:
            _place(rows, waiting, info)
            waiting = []
    if waiting:  # actions whose move is still to come
        _place(rows, waiting, line[waiting[0]])
    return rows


def _place(rows: list[tuple[int, list[Cell | None]]], cell: Cell, info: PlyInfo) -> None:
    col = 0 if info.side == "white" else 1
    if rows:
        number, cells = rows[-1]
        # A White entry never goes to the right of Black's, so reading order stays play order.
        if number == info.number and cells[col] is None and (col == 1 or cells[1] is None):
            cells[col] = cell
            return
    cells: list[Cell | None] = [None, None]
    cells[col] = cell
    rows.append((info.number, cells))


def cell_text(line: list[PlyInfo], cell: Cell) -> str:
    """The actions in brackets, then the move: "(f2 Hia off) Nd1d3"."""
    return " ".join(f"({line[i].label})" if line[i].action else line[i].label for i in cell)


def cell_tip(line: list[PlyInfo], cell: Cell) -> str:
    first = line[cell[0]]
    moves = [line[i] for i in cell if not line[i].action]
    switches = ", ".join(line[i].label for i in cell if line[i].action)
    what = f"{first.side.capitalize()}'s move {first.number}" if moves else f"{first.side.capitalize()}'s switch"
    if switches and moves:
        what += f", after switching {switches}"
    elif switches:
        what += f": {switches}"
    return f"{what}. Click to show the position after it."


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
            for c, cell in enumerate(cells):
                item = QTableWidgetItem("" if cell is None else cell_text(line, cell))
                if cell is None:
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                else:
                    # A click shows the position after the cell's last entry (its move).
                    item.setData(PLY_ROLE, cell[-1] + 1)
                    item.setToolTip(cell_tip(line, cell))
                    if all(line[i].action for i in cell):
                        item.setFont(italic)
                    for i in cell:
                        self._cells[i + 1] = (r, c)
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

    def set_current(self, current: int) -> None:
        """Mark the entry whose position is on view; grey out the entries after it."""
        firsts: dict[tuple[int, int], int] = {}
        for ply, cell in self._cells.items():
            firsts[cell] = min(ply, firsts.get(cell, ply))
        for (r, c), first in firsts.items():
            item = self.item(r, c)
            if item is not None:
                item.setForeground(QBrush(FUTURE) if first > current else QBrush())
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
