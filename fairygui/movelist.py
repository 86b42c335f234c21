"""The move list: the record's main line in White and Black columns, with its comments,
NAGs and variations; click any move to view it, right-click to annotate it.

Actions (switches that do not pass the turn) sit in brackets in the cell of the move they
precede, with its number. NAGs follow their move as glyphs (``!``, ``?!``) or ``$n``. After a
move with comments or alternatives, a full-width row holds them, the variations nested in
brackets as PGN writes them, each move a link (the way lichess and SCID show them); the
main line then goes on in a new row. Moves after the position on view stay grey.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from PySide6.QtCore import QPoint, Qt, QUrl, Signal
from PySide6.QtGui import QBrush, QColor, QContextMenuEvent, QFont, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QWidget,
)

from rules import Move

from .document import Node, Step, actions_in, comment_words, nag_text
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
    said = "; ".join(line[i].words for i in cell if line[i].words)
    if said:
        what += f": {said}"
    return f"{what}. Click to show the position after it."


#: The move of an entry the line on view does not hold (only its label is shown).
_UNPLAYED = Move("normal", "a1", "a1")


@dataclass(frozen=True)
class Entry:
    """One entry of the main line as the table shows it, and the node whose position follows."""

    info: PlyInfo
    node: Node


def main_entries(root: Node, steps: list[Step], start: tuple[int, int]) -> list[Entry]:
    """The record's main line: labels from the line on view where it is the same, otherwise the
    moves as the record writes them. ``start`` is (side to move 0/1, move number) at the start."""
    turn, number = start
    out: list[Entry] = []
    plies = 0

    def add(node: Node, text: str, action: bool, label: str) -> None:
        i = len(out)
        if i < len(steps) and steps[i].node is node and steps[i].info.action == action:
            info = steps[i].info
        else:
            side = ("white", "black")[(turn + plies) % 2]
            info = PlyInfo(_UNPLAYED, side, number + (turn + plies) // 2, label, action)
        out.append(Entry(info, node))

    for action in actions_in(root.comments):
        add(root, action, True, action.replace("/", " "))
    for node in root.mainline():
        assert node.parent is not None
        for action in actions_in(node.starting_comments):
            add(node.parent, action, True, action.replace("/", " "))
        add(node, node.move, False, node.move)
        plies += 1
        for action in actions_in(node.comments):
            add(node, action, True, action.replace("/", " "))
    return out


def with_nags(label: str, node: Node) -> str:
    return label + "".join(nag_text(n) if n <= 6 else f" {nag_text(n)}" for n in node.nags)


def has_notes(node: Node) -> bool:
    """Whether a full-width row follows the move: comments, or alternatives to it."""
    parent = node.parent
    alternatives = parent is not None and parent.variations[0] is node and len(parent.variations) > 1
    return bool(comment_words(node)) or alternatives


class Notes(QTextBrowser):
    """A full-width row of the move list: comments and variations, each move a link."""

    def __init__(self, owner: MoveList, node: Node, start: tuple[int, int]) -> None:
        super().__init__(owner)
        self.owner = owner
        #: The move whose comments and alternatives this row shows, and the record's first numbering.
        self.node = node
        self.start = start
        self.setOpenLinks(False)
        self.setFrameShape(QTextBrowser.Shape.NoFrame)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setStyleSheet("QTextBrowser { background: #f6f6f0; }")
        self.anchorClicked.connect(self._clicked)
        #: Where each move's link stands in the text: node id -> (start, end).
        self.spans: dict[int, tuple[int, int]] = {}

    def write(self, current: Node) -> None:
        """The comments after the row's move and the alternatives to it; ``current`` stands out."""
        node, start = self.node, self.start
        self.clear()
        self.spans = {}
        cursor = QTextCursor(self.document())
        words = comment_words(node)
        if words:
            self._text(cursor, " ".join(words) + " ", "#1a5e1a")
        parent = node.parent
        if parent is not None and parent.variations[0] is node:
            ply = node.ply() - 1
            for alternative in parent.variations[1:]:
                self._text(cursor, "(", "#555")
                self._line(cursor, alternative, ply, start, current, True)
                self._close(cursor)

    def _line(self, cursor: QTextCursor, node: Node, ply: int, start: tuple[int, int], current: Node,
              number: bool) -> None:
        """An alternative move, then its line with the alternatives along it."""
        number = self._move(cursor, node, ply, start, current, number)
        if node.variations:
            self._move_and_alternatives(cursor, node.variations[0], ply + 1, start, current, number)

    def _move_and_alternatives(self, cursor: QTextCursor, main: Node, ply: int, start: tuple[int, int],
                               current: Node, number: bool) -> None:
        node = main
        while True:
            number = self._move(cursor, node, ply, start, current, number)
            assert node.parent is not None
            for alternative in node.parent.variations[1:]:
                self._text(cursor, "(", "#555")
                self._line(cursor, alternative, ply, start, current, True)
                self._close(cursor)
                number = True
            if not node.variations:
                return
            node, ply = node.variations[0], ply + 1

    def _move(self, cursor: QTextCursor, node: Node, ply: int, start: tuple[int, int], current: Node,
              number: bool) -> bool:
        """Write one move with its number, NAGs and comments; whether the next needs its number."""
        turn, first = start
        before = [w for w in (c.strip() for c in node.starting_comments) if w and not w.startswith("[%")]
        if before:
            self._text(cursor, " ".join(before) + " ", "#1a5e1a")
            number = True
        white = (turn + ply) % 2 == 0
        move_number = first + (turn + ply) // 2
        prefix = f"{move_number}. " if white else (f"{move_number}... " if number else "")
        fmt = cursor.charFormat()
        fmt.setAnchor(True)
        fmt.setAnchorHref(f"node:{id(node)}")
        fmt.setForeground(QBrush(QColor("#102a70")))
        fmt.setFontWeight(QFont.Weight.Bold if node is current else QFont.Weight.Normal)
        fmt.setBackground(QBrush(QColor("#cfe0ff")) if node is current else QBrush())
        if prefix:
            self._text(cursor, prefix, "#555")
        begin = cursor.position()
        cursor.insertText(with_nags(node.move, node), fmt)
        self.spans[id(node)] = (begin, cursor.position())
        self.owner.nodes[id(node)] = node
        self._text(cursor, " ", "#555")
        words = comment_words(node)
        if words:
            self._text(cursor, html.unescape(" ".join(words)) + " ", "#1a5e1a")
        return bool(words)

    def _close(self, cursor: QTextCursor) -> None:
        if self.document().toPlainText().endswith(" "):
            cursor.deletePreviousChar()
        self._text(cursor, ") ", "#555")

    def _text(self, cursor: QTextCursor, text: str, colour: str) -> None:
        fmt = cursor.charFormat()
        fmt.setAnchor(False)
        fmt.setAnchorHref("")
        fmt.setFontWeight(QFont.Weight.Normal)
        fmt.setBackground(QBrush())
        fmt.setForeground(QBrush(QColor(colour)))
        cursor.insertText(text, fmt)

    def fit(self, width: int) -> int:
        self.document().setTextWidth(max(60, width - 8))
        return int(self.document().size().height()) + 6

    def point_of(self, node: Node) -> QPoint:
        """Viewport coordinates of the middle of ``node``'s link."""
        begin, end = self.spans[id(node)]
        cursor = QTextCursor(self.document())
        cursor.setPosition(begin)
        left = self.cursorRect(cursor)
        cursor.setPosition(begin + max(1, (end - begin) // 2))
        middle = self.cursorRect(cursor)
        return QPoint(middle.left(), left.center().y())

    def _clicked(self, url: QUrl) -> None:
        node = self.owner.node_of(url.toString())
        if node is not None:
            self.owner.nodeClicked.emit(node)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        node = self.owner.node_of(self.anchorAt(event.pos()))
        if node is not None:
            self.owner.menuRequested.emit(node, event.globalPos())


class MoveList(QTableWidget):
    #: The player clicked a move: show the position after it (the root: the start).
    nodeClicked = Signal(object)
    #: The player asked for a move's menu (comment, NAGs, variations) at a screen point.
    menuRequested = Signal(object, QPoint)

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
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu_at)
        #: For each main-line node shown in a cell: its (row, column).
        self._cells: dict[int, tuple[int, int]] = {}
        self._entries: list[Entry] = []
        #: Every node that has a link or a cell, by id.
        self.nodes: dict[int, Node] = {}
        self.notes: list[tuple[int, Notes]] = []
        self._current: Node | None = None
        #: A third column with each row's moves in words (View > Moves in words).
        self.words_shown = False
        self._shown: tuple[Node, list[Step], Node, tuple[int, int], str | None] | None = None
        self._revision: int | None = None
        self.cellClicked.connect(self._clicked)

    def set_words_shown(self, shown: bool) -> None:
        """Show or hide the column of moves in words (the rules' ``Game.move_in_words``)."""
        if shown == self.words_shown:
            return
        self.words_shown = shown
        self.setColumnCount(3 if shown else 2)
        self.setHorizontalHeaderLabels(["White", "Black", "In words"][:self.columnCount()])
        if self._shown is not None:
            root, steps, _, start, result = self._shown
            self.set_record(root, steps, self._current or root, start, result)

    def set_record(self, root: Node, steps: list[Step], current: Node, start: tuple[int, int],
                   result: str | None = None, revision: int | None = None) -> None:
        """Show the record's main line with its notes; ``current`` is the node on view. With
        ``revision`` (the controller's count of record changes), a call that repeats the last
        one (the same revision, root, line and node) leaves the list as it is: a move is
        followed by ``lineChanged`` and ``recordEdited``, and the rebuild is the list's whole cost."""
        if revision is not None and self._shown is not None and self._revision == revision:
            last_root, last_steps, last_current, last_start, last_result = self._shown
            if (last_root is root and last_steps is steps and last_current is current and last_start == start
                    and last_result == result):
                return
        self._revision = revision
        self._shown = (root, steps, current, start, result)
        self.blockSignals(True)
        self.clearContents()
        self.clearSpans()
        self.notes = []
        self._cells = {}
        self.nodes = {id(root): root}
        entries = main_entries(root, steps, start)
        self._entries = entries
        line = [e.info for e in entries]
        rows: list[tuple[int, list[Cell | None]] | Node] = []
        if comment_words(root):
            rows.append(root)
        begin = 0
        for i, entry in enumerate(entries):
            if not entry.info.action and has_notes(entry.node):
                waiting = i + 1
                while waiting < len(entries) and entries[waiting].info.action and entries[waiting].node is entry.node:
                    waiting += 1
                rows.extend(arrange_from(line, begin, waiting))
                rows.append(entry.node)
                begin = waiting
        rows.extend(arrange_from(line, begin, len(entries)))
        self.setRowCount(len(rows) + (1 if result else 0))
        italic = QFont(self.font())
        italic.setItalic(True)
        for r, row in enumerate(rows):
            if isinstance(row, Node):
                self._notes_row(r, row, start, current)
                continue
            number, cells = row
            self.setVerticalHeaderItem(r, QTableWidgetItem(f"{number}."))
            for c, cell in enumerate(cells):
                if cell is None:
                    item = QTableWidgetItem("…" if c == 0 and cells[1] is not None else "")
                    item.setFlags(Qt.ItemFlag.NoItemFlags)
                else:
                    last = entries[cell[-1]].node
                    texts = [f"({line[i].label})" if line[i].action else with_nags(line[i].label, entries[i].node)
                             for i in cell]
                    item = QTableWidgetItem(" ".join(texts))
                    item.setData(PLY_ROLE, id(last))
                    item.setToolTip(cell_tip(line, cell))
                    if all(line[i].action for i in cell):
                        item.setFont(italic)
                    for i in cell:
                        self._cells[id(entries[i].node)] = (r, c)
                        self.nodes[id(entries[i].node)] = entries[i].node
                self.setItem(r, c, item)
            if self.words_shown:
                said = [line[i].words for cell in cells if cell is not None for i in cell if line[i].words]
                words = QTableWidgetItem("; ".join(said))
                words.setFlags(Qt.ItemFlag.ItemIsEnabled)
                words.setToolTip("; ".join(said))
                self.setItem(r, 2, words)
        if result:
            r = len(rows)
            self.setVerticalHeaderItem(r, QTableWidgetItem(""))
            item = QTableWidgetItem(result)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.setItem(r, 0, item)
            self.setSpan(r, 0, 1, self.columnCount())
        self.blockSignals(False)
        self._fit_notes()
        self.set_current(current)

    def _notes_row(self, r: int, node: Node, start: tuple[int, int], current: Node) -> None:
        self.setVerticalHeaderItem(r, QTableWidgetItem(""))
        self.setSpan(r, 0, 1, self.columnCount())
        notes = Notes(self, node, start)
        notes.write(current)
        self.setCellWidget(r, 0, notes)
        self.notes.append((r, notes))

    def _fit_notes(self) -> None:
        width = self.viewport().width()
        for r, notes in self.notes:
            self.setRowHeight(r, notes.fit(width))

    def resizeEvent(self, event: object) -> None:  # type: ignore[override]
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._fit_notes()

    def set_current(self, current: Node) -> None:
        """Mark the move whose position is on view; grey out the main line after it."""
        previous, self._current = self._current, current
        for _r, notes in self.notes:
            if any(n is not None and id(n) in notes.spans for n in (previous, current)):
                notes.write(current)
        shown = _main_ply(current)
        for key, (r, c) in self._cells.items():
            item = self.item(r, c)
            if item is not None:
                item.setForeground(QBrush(FUTURE) if self.nodes[key].ply() > shown else QBrush())
        self.clearSelection()
        cell = self._cells.get(id(current))
        if cell is not None:
            self.setCurrentCell(*cell)
            self.scrollToItem(self.item(*cell))
        else:
            self.setCurrentCell(-1, -1)
            for r, notes in self.notes:
                if id(current) in notes.spans:
                    self.scrollTo(self.model().index(r, 0))
                    break
            else:
                if current.parent is None:
                    self.scrollToTop()

    def node_of(self, href: str) -> Node | None:
        if href.startswith("node:"):
            try:
                return self.nodes.get(int(href[5:]))
            except ValueError:
                return None
        return None

    def node_point(self, node: Node) -> tuple[QWidget, QPoint]:
        """The widget and its viewport point where ``node``'s move is shown (for tests)."""
        cell = self._cells.get(id(node))
        if cell is not None:
            return self.viewport(), self.visualRect(self.model().index(*cell)).center()
        for _r, notes in self.notes:
            if id(node) in notes.spans:
                return notes.viewport(), notes.point_of(node)
        raise KeyError("that move is not shown")

    def cell_centre(self, ply: int) -> QPoint:
        """Viewport coordinates of the main-line entry that leads to ``ply`` (for tests)."""
        node = self._entries[ply - 1].node
        r, c = self._cells[id(node)]
        return self.visualRect(self.model().index(r, c)).center()

    def _clicked(self, row: int, column: int) -> None:
        if column >= 2:
            return  # the words column names moves; a click on it goes nowhere
        item = self.item(row, column)
        if item is None:
            return
        node = self.node_of(f"node:{item.data(PLY_ROLE)}")
        if node is not None:
            self.nodeClicked.emit(node)

    def _menu_at(self, point: QPoint) -> None:
        item = self.itemAt(point)
        if item is None:
            return
        node = self.node_of(f"node:{item.data(PLY_ROLE)}")
        if node is not None:
            self.menuRequested.emit(node, self.viewport().mapToGlobal(point))


def arrange_from(line: list[PlyInfo], begin: int, end: int) -> list[tuple[int, list[Cell | None]]]:
    """:func:`arrange` of ``line[begin:end]``, with indices into the whole line."""
    rows = arrange(line[begin:end])
    return [(number, [None if cell is None else [i + begin for i in cell] for cell in cells]) for number, cells in rows]


def _main_ply(node: Node) -> int:
    """How far along the main line the position on view is: where its line leaves the main line."""
    leaves = node.ply()
    while node.parent is not None:
        if node.parent.variations[0] is not node:
            leaves = node.ply() - 1
        node = node.parent
    return leaves
