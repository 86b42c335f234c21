"""The Board and rules page: every key of ``[variant.<id>]`` the schema lists (board size,
extra squares, royalty, powers, promotion, castling, options, data...) as a generic form,
beside the board on which zones are drawn."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QScrollArea, QSplitter, QVBoxLayout, QWidget

from ..board.artwork import Artwork
from .coherence import follow_board_size, turn_on_reader
from .document import FieldPath, VariantDocument, get_at
from .form import SchemaForm
from .piecefields import PowersEditor
from .zones import ZoneEditor, square_set_tables

#: Keys with a page or a place of their own in the window (square sets: the board beside the form).
ELSEWHERE = ("pieces", "setups", "parent", "name", "default_setup", *square_set_tables())


#: The keys whose edit makes the setups follow the board.
SIZE_KEYS = (("files",), ("ranks",))


class BoardPage(QWidget):
    changed = Signal(object)
    #: What the page did on its own to keep the variant coherent, in a sentence.
    noticed = Signal(str)

    def __init__(self, document: Callable[[], VariantDocument], art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        # Each setup's placement before the size edits in a row began, and as they left it: a
        # size typed in steps (1, then 10) refits from the placement before, so a step that is
        # smaller on the way loses nothing; a placement edited since is taken as it is.
        self._size_origin: dict[str, tuple[str, str]] = {}
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
        doc = self.document()
        notes: list[str] = []
        turned_on = turn_on_reader(doc, path)
        if turned_on is not None:
            notes.append(turned_on)
            self.form.refresh()
        if tuple(path) in SIZE_KEYS:
            notes.extend(self._follow_size(doc))
        self.zones.refresh()
        self.changed.emit(path)
        if notes:
            self.noticed.emit(" ".join(notes))

    def _follow_size(self, doc: VariantDocument) -> list[str]:
        setups = doc.value(("setups",))
        for name, (before, after) in self._size_origin.items():
            if isinstance(setups, dict) and get_at(setups, (name, "placement")) == after:
                doc.set(("setups", name, "placement"), before)
        before_refit = {name: str(get_at(row, ("placement",))) for name, row in
                        (doc.value(("setups",)) or {}).items() if isinstance(row, dict)}
        notes = follow_board_size(doc)
        after_refit = doc.value(("setups",)) or {}
        self._size_origin = {name: (placement, str(get_at(after_refit, (name, "placement"))))
                             for name, placement in before_refit.items()}
        return notes

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
