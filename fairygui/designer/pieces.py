"""The Pieces page: the table of the variant's pieces, the selected piece's keys, and its move
diagram and sentence, both redrawn as its notation is typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

import rules
from rules.betzawords import betza_sentence
from rules.build import ID_PATTERN

from ..board.artwork import Artwork
from ..board.overlays import Overlay, PaintContext
from ..board.snapshot import BoardShape, Snapshot
from ..board.widget import BoardWidget
from ..facts import MoveIndex
from ..powers.piecepanel import DiagramLayer
from .coherence import set_aside_inherited_texts
from .diagram import draft_diagram
from .document import FieldPath, VariantDocument, free_id
from .form import SchemaForm
from .piecefields import ArtworkEditor, PowersEditor, power_descriptions

COLUMNS = ("Id", "Name", "Letter", "Betza", "Powers", "Value", "Artwork")
KEYS = (None, "name", "letter", "betza", "powers", "value", "artwork")
FIRST_MOVE = QColor(20, 110, 220, 230)
HURDLE = QColor(120, 80, 20, 200)


class FirstMoveLayer(Overlay):
    """A blue ring on targets only an unmoved piece reaches, a brown frame on the hurdles."""

    name = "first-moves"
    z = 11

    def __init__(self) -> None:
        super().__init__()
        self.first: frozenset[str] = frozenset()
        self.hurdles: frozenset[str] = frozenset()

    def paint(self, ctx: PaintContext) -> None:
        p = ctx.painter
        for square in sorted(self.first):
            rect = ctx.layout.rect(square)
            p.save()
            p.setPen(QPen(FIRST_MOVE, max(2.0, rect.width() * 0.07), Qt.PenStyle.DashLine))
            p.setBrush(Qt.BrushStyle.NoBrush)
            inset = rect.width() * 0.12
            p.drawEllipse(rect.adjusted(inset, inset, -inset, -inset))
            p.restore()
        for square in sorted(self.hurdles):
            rect = ctx.layout.rect(square)
            p.save()
            p.setPen(QPen(HURDLE, max(2.0, rect.width() * 0.06)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRect(rect.adjusted(2, 2, -2, -2))
            p.restore()


class MoveDiagram(QWidget):
    """The selected piece alone on an empty board of the variant's size, and its sentence."""

    LEGEND = ("Filled dot: moves or captures there. Hollow dot: moves only. Red ring: captures only. "
              "Dashed blue ring: first move only. Framed H: a hurdle for hopping moves.")

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(self)
        self.title.setStyleSheet("font-weight: bold; font-size: 13pt;")
        self.board = BoardWidget(art, self)
        self.board.set_interactive(False)
        self.board.setMinimumSize(260, 260)
        self.board.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.layer = DiagramLayer()
        self.first_layer = FirstMoveLayer()
        self.board.overlays.add(self.layer)
        self.board.overlays.add(self.first_layer)
        for name in ("turn", "check", "last-move", "result"):
            self.board.overlays.remove(name)
        self.sentence = QLabel(self)
        self.sentence.setWordWrap(True)
        self.sentence.setStyleSheet("font-size: 11pt;")
        self.note = QLabel(self.LEGEND, self)
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #555;")
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.sentence)
        layout.addWidget(self.note)

    def show_piece(self, merged: dict[str, Any], kind: str | None) -> None:
        row = merged.get("pieces", {}).get(kind) if kind else None
        if not isinstance(row, dict):
            self.title.setText("No piece chosen")
            self.sentence.setText("Add a piece, or choose one in the table.")
            self.layer.diagram = None
            self.first_layer.first = self.first_layer.hurdles = frozenset()
            self.board.update()
            return
        self.title.setText(f"{row.get('name') or kind} ({row.get('letter') or '?'})")
        betza = row.get("betza", "") if isinstance(row.get("betza", ""), str) else ""
        try:
            words = betza_sentence(betza)
        except rules.BetzaError as exc:
            words = f"Betza {betza!r} cannot be read at position {exc.position}: {exc.problem}."
        powers = row.get("powers") if isinstance(row.get("powers"), list) else []
        if powers:
            described = power_descriptions()
            words += " Powers: " + "; ".join(f"{p} ({described.get(p, '') or 'no description'})" for p in powers)
        self.sentence.setText(words)
        result = draft_diagram(merged, kind or "")
        self.layer.diagram = result.diagram
        self.first_layer.first = result.first_moves
        self.first_layer.hurdles = result.hurdles
        if result.diagram is not None:
            self.board.set_position(result.diagram.snapshot, MoveIndex())
            self.board.selection_layer.selected = result.diagram.square
            self.note.setText(self.LEGEND)
        else:
            # An empty board, not the last good diagram: nothing drawn may be out of date.
            files = merged.get("files", 8) if isinstance(merged.get("files"), int) else 8
            ranks = merged.get("ranks", 8) if isinstance(merged.get("ranks"), int) else 8
            self.board.set_position(Snapshot(BoardShape(max(1, min(files, 26)), max(1, min(ranks, 26)))),
                                    MoveIndex())
            self.note.setText(f"No diagram: {result.error}")
        self.board.update()


class PiecesPage(QWidget):
    changed = Signal(object)
    #: What the page did on its own to keep the variant coherent, in a sentence.
    noticed = Signal(str)

    def __init__(self, document: Callable[[], VariantDocument], art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.art = art
        self.kind: str | None = None
        self.form: SchemaForm | None = None
        self.table = QTableWidget(0, len(COLUMNS), self)
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._selected)
        self.add_button = QPushButton("Add piece", self)
        self.remove_button = QPushButton("Remove piece", self)
        self.add_button.clicked.connect(lambda: self.add_piece())
        self.remove_button.clicked.connect(self.remove_piece)
        self.id_line = QLineEdit(self)
        self.id_line.setToolTip("The piece's id: lowercase words joined by hyphens (used in setups' "
                                "\"white ID\" names and in other keys)")
        self.id_line.editingFinished.connect(self._rename)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(QLabel("Id:", self))
        buttons.addWidget(self.id_line, 1)
        self.form_area = QScrollArea(self)
        self.form_area.setWidgetResizable(True)
        left = QWidget(self)
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.table, 2)
        column.addLayout(buttons)
        column.addWidget(self.form_area, 3)
        self.diagram = MoveDiagram(art, self)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(left)
        splitter.addWidget(self.diagram)
        splitter.setStretchFactor(0, 5)
        splitter.setStretchFactor(1, 4)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(splitter)

    # ------------------------------------------------------------ the table

    def pieces(self) -> dict[str, Any]:
        found = self.document().merged().get("pieces", {})
        return found if isinstance(found, dict) else {}

    def refresh(self) -> None:
        pieces = self.pieces()
        self.table.blockSignals(True)
        self.table.setRowCount(len(pieces))
        for row, (pid, values) in enumerate(pieces.items()):
            values = values if isinstance(values, dict) else {}
            for column, key in enumerate(KEYS):
                value = pid if key is None else values.get(key, "")
                text = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
                item = self.table.item(row, column)
                if item is None:
                    item = QTableWidgetItem()
                    self.table.setItem(row, column, item)
                item.setText(text)
                item.setData(Qt.ItemDataRole.UserRole, pid)
        self.table.blockSignals(False)
        if self.kind not in pieces:
            self.kind = next(iter(pieces), None)
            self._build_form()
        self._select_row()
        if self.form is not None:
            self.form.refresh()
        self.remove_button.setEnabled(self.kind is not None)
        self.id_line.setEnabled(self.kind is not None and self.kind not in self._inherited())
        if not self.id_line.isModified():  # a new id being typed is applied when it is finished
            self.id_line.setText(self.kind or "")
        self.diagram.show_piece(self.document().merged(), self.kind)

    def _inherited(self) -> set[str]:
        parent = self.document().parent_table().get("pieces", {})
        return set(parent) if isinstance(parent, dict) else set()

    def _select_row(self) -> None:
        for row in range(self.table.rowCount()):
            item = self.table.item(row, 0)
            if item is not None and item.text() == self.kind:
                self.table.blockSignals(True)
                self.table.selectRow(row)
                self.table.blockSignals(False)

    def _selected(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return
        item = self.table.item(rows[0].row(), 0)
        if item is not None and item.text() != self.kind:
            self.select(item.text())

    def select(self, kind: str) -> None:
        self.kind = kind
        self._build_form()
        self.refresh()

    def _build_form(self) -> None:
        if self.kind is None:
            self.form = None
            self.form_area.setWidget(QLabel("No pieces yet: Add piece.", self))
            return
        special = {"powers": lambda spec: PowersEditor(spec), "artwork": lambda spec: ArtworkEditor(spec, self.art)}
        self.form = SchemaForm(self.document, "variant.pieces.<piece>", ("pieces", self.kind), special=special)
        self.form.changed.connect(self._edited)
        self.form_area.setWidget(self.form)

    def _edited(self, path: FieldPath) -> None:
        # The window redraws the table and the diagram once typing pauses, not at every key.
        said = set_aside_inherited_texts(self.document(), tuple(path))
        if said is not None and self.form is not None:
            self.form.refresh()
        self.changed.emit(path)
        if said is not None:
            self.noticed.emit(said)

    # ------------------------------------------------------------ adding, removing, renaming

    def add_piece(self, pid: str | None = None, values: dict[str, Any] | None = None) -> str:
        doc = self.document()
        pid = pid or free_id("new-piece", set(self.pieces()))
        letters = {str(v.get("letter")) for v in self.pieces().values() if isinstance(v, dict)}
        letter = next((c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in letters), "X1")
        doc.set(("pieces", pid), dict(values) if values is not None else {"name": pid.replace("-", " ").title(),
                                                                           "letter": letter, "betza": ""})
        self.select(pid)
        self.changed.emit(("pieces", pid))
        return pid

    def remove_piece(self) -> bool:
        """Remove the selected piece. An inherited one is first explained (it goes from this
        variant through ``remove_pieces``, changes to it included) and removed only on OK."""
        doc = self.document()
        if self.kind is None:
            return False
        if doc.is_inherited(self.kind):
            answer = QMessageBox.question(
                self, "Remove an inherited piece",
                f"The piece {self.kind!r} comes from the parent variant {doc.parent!r}.\n\n"
                f"Removing it writes remove_pieces = [\"{self.kind}\"] into this variant: the piece is "
                "gone from this variant, with any changes you made to it, and stays in the parent. "
                "Setups that place it and keys that name it (promotion, castling) then need changing. "
                "Edit > Undo brings it back.",
                QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
            if answer != QMessageBox.StandardButton.Ok:
                return False
        doc.remove_piece(self.kind)
        self.kind = None
        self.refresh()
        self.changed.emit(("pieces",))
        return True

    def _rename(self) -> None:
        new = self.id_line.text().strip()
        if self.kind is None or new == self.kind or not ID_PATTERN.match(new) or new in self.pieces():
            self.id_line.setText(self.kind or "")
            return
        self.document().rename(("pieces", self.kind), new)
        self.kind = new
        self._build_form()
        self.refresh()
        self.changed.emit(("pieces", new))

    def editor_at(self, path: FieldPath) -> QWidget | None:
        """The widget of a piece key, selecting that piece first (a problem's jump)."""
        if len(path) >= 2 and path[0] == "pieces" and path[1] in self.pieces():
            if path[1] != self.kind:
                self.select(path[1])
            if len(path) >= 3 and self.form is not None:
                editor = self.form.all_editors().get(path[:3])
                if editor is not None:
                    return editor.focus_widget()
            return self.table
        return None
