"""The Board and rules page: every key of ``[variant.<id>]`` the schema lists (board size,
extra squares, royalty, powers, promotion, castling, options, data...) as a generic form,
beside the board on which zones are drawn."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QScrollArea, QSplitter, QVBoxLayout, QWidget

from ..board.artwork import Artwork
from .document import FieldPath, VariantDocument
from .form import SchemaForm
from .piecefields import PowersEditor
from .zones import ZoneEditor, square_set_tables

#: Keys with a page or a place of their own in the window (square sets: the board beside the form).
ELSEWHERE = ("pieces", "setups", "parent", "name", "default_setup", *square_set_tables())


class BoardPage(QWidget):
    changed = Signal(object)

    def __init__(self, document: Callable[[], VariantDocument], art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # Variant-level powers are chosen from the rules' registry, like a piece's.
        self.form = SchemaForm(document, "variant", (), skip=ELSEWHERE,
                               special={"powers": lambda spec: PowersEditor(spec)})
        self.form.changed.connect(self._edited)
        area = QScrollArea(self)
        area.setWidgetResizable(True)
        area.setWidget(self.form)
        self.zones = ZoneEditor(document, art, self)
        self.zones.changed.connect(self.changed)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(area)
        splitter.addWidget(self.zones)
        splitter.setStretchFactor(0, 5)
        splitter.setStretchFactor(1, 4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

    def _edited(self, path: FieldPath) -> None:
        self.zones.refresh()
        self.changed.emit(path)

    def refresh(self) -> None:
        self.form.refresh()
        self.zones.refresh()

    def editor_at(self, path: FieldPath) -> QWidget | None:
        if path[:1] and path[0] in square_set_tables():
            self.zones.table_chooser.setCurrentText(path[0])
            return self.zones.chooser
        editors = self.form.all_editors()
        for cut in range(len(path), 0, -1):
            editor = editors.get(path[:cut])
            if editor is not None:
                return editor.focus_widget()
        return None
