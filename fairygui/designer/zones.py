"""Zones drawn by dragging over the board: press on a square and drag; the first square
decides whether the squares passed over join the zone or leave it.

Every table of ``[variant.<id>]`` whose entries are sets of squares (``zones`` today, and any
such table the rules add to ``rules/schema.py``) is drawn this way."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPen
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QInputDialog, QLabel, QPushButton, QVBoxLayout, QWidget

from rules import schema
from rules.build import ID_PATTERN

from ..board.artwork import Artwork
from ..board.overlays import Overlay, PaintContext
from ..board.snapshot import BoardShape, Snapshot
from ..board.widget import BoardWidget
from ..facts import MoveIndex
from .document import VariantDocument

ZONE_FILL = QColor(30, 90, 220, 130)
ZONE_EDGE = QColor(20, 60, 170, 230)
OTHER_FILL = QColor(90, 90, 90, 70)


class ZoneLayer(Overlay):
    name = "zones"
    z = 5

    def __init__(self) -> None:
        super().__init__()
        self.current: set[str] = set()
        self.others: set[str] = set()

    def paint(self, ctx: PaintContext) -> None:
        squares = set(ctx.layout.squares())
        for square in sorted(self.others & squares):
            ctx.painter.fillRect(ctx.layout.rect(square), OTHER_FILL)
        p = ctx.painter
        for square in sorted(self.current & squares):
            rect = ctx.layout.rect(square)
            p.fillRect(rect, ZONE_FILL)
            p.save()
            p.setPen(QPen(ZONE_EDGE, max(2.0, rect.width() * 0.05)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            inset = rect.width() * 0.06
            p.drawRect(rect.adjusted(inset, inset, -inset, -inset))
            p.restore()


def square_set_tables() -> list[str]:
    """The keys of ``[variant.<id>]`` that are tables of named square sets, by the schema."""
    out = []
    for spec in schema.keys("variant"):
        inner = schema.table(spec.table) if spec.kind == "table" and spec.table in schema.tables() else None
        if inner is not None and inner.entry is not None and inner.entry.kind == "squares":
            out.append(spec.name)
    return out


class ZoneEditor(QWidget):
    changed = Signal(object)

    def __init__(self, document: Callable[[], VariantDocument], art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.table_chooser = QComboBox(self)
        self.table_chooser.addItems(square_set_tables() or ["zones"])
        self.table_chooser.setToolTip("Which table of square sets to draw")
        self.table_chooser.setVisible(self.table_chooser.count() > 1)
        self.table_chooser.currentTextChanged.connect(lambda _t: self.refresh())
        self.chooser = QComboBox(self)
        self.chooser.setToolTip("The zone that dragging over the board edits (the zones table: name -> squares)")
        self.chooser.currentTextChanged.connect(lambda _t: self.refresh())
        self.new_button = QPushButton("New zone...", self)
        self.delete_button = QPushButton("Delete zone", self)
        self.new_button.clicked.connect(self._ask_new)
        self.delete_button.clicked.connect(self.delete_zone)
        self.board = BoardWidget(art, self)
        self.board.set_interactive(False)
        self.board.setMinimumSize(240, 240)
        for name in ("turn", "check", "last-move", "result"):
            self.board.overlays.remove(name)
        self.layer = ZoneLayer()
        self.board.overlays.add(self.layer)
        self.board.installEventFilter(self)
        self.board.setToolTip("Drag over squares to add them to the zone (or, starting on one of its "
                              "squares, to take them out)")
        self.hint = QLabel("Drag over the board to draw the chosen zone.", self)
        self.hint.setWordWrap(True)
        self._adding: bool | None = None
        self._drawn: set[str] = set()
        row = QHBoxLayout()
        row.addWidget(self.table_chooser)
        row.addWidget(QLabel("Zone:", self))
        row.addWidget(self.chooser, 1)
        row.addWidget(self.new_button)
        row.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.hint)

    @property
    def table_key(self) -> str:
        return self.table_chooser.currentText() or "zones"

    def zones(self) -> dict[str, list[str]]:
        found = self.document().merged().get(self.table_key, {})
        return {k: list(v) for k, v in found.items() if isinstance(v, list)} if isinstance(found, dict) else {}

    def refresh(self) -> None:
        merged = self.document().merged()
        files = merged.get("files", 8) if isinstance(merged.get("files"), int) else 8
        ranks = merged.get("ranks", 8) if isinstance(merged.get("ranks"), int) else 8
        extras = tuple(x for x in merged.get("extra_squares", []) if isinstance(x, str)) \
            if isinstance(merged.get("extra_squares"), list) else ()
        shape = BoardShape(max(1, min(files, 26)), max(1, min(ranks, 26)), extras)
        if self.board.snapshot.shape != shape:
            self.board.set_position(Snapshot(shape), MoveIndex())
        zones = self.zones()
        names = sorted(zones)
        current = self.chooser.currentText()
        if [self.chooser.itemText(i) for i in range(self.chooser.count())] != names:
            self.chooser.blockSignals(True)
            self.chooser.clear()
            self.chooser.addItems(names)
            self.chooser.setCurrentText(current if current in names else (names[0] if names else ""))
            self.chooser.blockSignals(False)
        name = self.chooser.currentText()
        self.layer.current = set(zones.get(name, [])) | (self._drawn if self._adding else set())
        if self._adding is False:
            self.layer.current -= self._drawn
        self.layer.others = {sq for other, squares in zones.items() if other != name for sq in squares}
        self.delete_button.setEnabled(bool(name))
        self.board.update()

    def _ask_new(self) -> None:
        name, ok = QInputDialog.getText(self, "New zone", "Name of the zone (lowercase words joined by hyphens):")
        if ok:
            self.new_zone(name.strip())

    def new_zone(self, name: str) -> bool:
        if not ID_PATTERN.match(name) or name in self.zones():
            return False
        self.document().set((self.table_key, name), [])
        self.refresh()
        self.chooser.setCurrentText(name)
        self.changed.emit((self.table_key, name))
        return True

    def delete_zone(self) -> None:
        name = self.chooser.currentText()
        if name:
            self.document().set((self.table_key, name), None)
            self.refresh()
            self.changed.emit((self.table_key,))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is not self.board or not self.chooser.currentText():
            return False
        kind = event.type()
        if kind not in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease):
            return False
        assert isinstance(event, QMouseEvent)
        square = self.board.square_at(event.position())
        zone = set(self.zones().get(self.chooser.currentText(), []))
        if kind == QEvent.Type.MouseButtonPress and event.button() == Qt.MouseButton.LeftButton and square:
            self._adding = square not in zone
            self._drawn = {square}
        elif kind == QEvent.Type.MouseMove and self._adding is not None and square:
            self._drawn.add(square)
        elif kind == QEvent.Type.MouseButtonRelease and self._adding is not None:
            if square:
                self._drawn.add(square)
            board_squares = set(self.board.layout_().squares())
            result = (zone | self._drawn) if self._adding else (zone - self._drawn)
            self._adding, self._drawn = None, set()
            name = self.chooser.currentText()
            self.document().set((self.table_key, name), sorted(result & board_squares, key=_square_order))
            self.changed.emit((self.table_key, name))
        self.refresh()
        return True


def _square_order(name: str) -> tuple[int, str]:
    digits = "".join(c for c in name if c.isdigit())
    return (int(digits) if digits else 0, name)
