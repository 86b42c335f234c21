"""The Setup page: the variant's start arrays (named setups), each shown on a board, and the
setup editor opened on the designer's pieces to arrange one with the mouse."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import rules
from rules.build import ID_PATTERN
from rules.catalogue import build_variant
from rules.errors import VariantFileError
from rules.game import Game
from rules.ruleset import Rules

from ..board.artwork import Artwork
from ..board.snapshot import BoardShape, Snapshot
from ..board.widget import BoardWidget
from ..editor.window import SetupEditor
from ..facts import MoveIndex, snapshot_of
from .document import FieldPath, VariantDocument, empty_placement


def problem_words(exc: rules.RulesError) -> str:
    """The rules' reason without the file part: the designer's draft has no file yet."""
    if isinstance(exc, VariantFileError):
        return "; ".join(text for _line, text in exc.problems)
    return str(exc).splitlines()[0]


def start_game_of(merged: dict[str, Any], setup: str, vid: str) -> Game:
    """The draft's start position under one setup (raises RulesError for a draft that cannot start)."""
    table = dict(merged)
    table["default_setup"] = setup
    vdef = build_variant(vid, table, "<designer>", "")
    game_rules = Rules(vdef, vdef.resolve_options(None))
    return Game(game_rules, game_rules.start_position())


class SetupPage(QWidget):
    changed = Signal(object)

    def __init__(self, document: Callable[[], VariantDocument], art: Artwork, settings: Any = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.art = art
        self.settings = settings
        self.editor: SetupEditor | None = None
        self.chooser = QComboBox(self)
        self.chooser.currentTextChanged.connect(lambda _t: self.refresh())
        self.add_button = QPushButton("Add setup...", self)
        self.remove_button = QPushButton("Remove setup", self)
        self.arrange_button = QPushButton("Arrange in the setup editor...", self)
        self.arrange_button.setToolTip("Open the setup editor on this start array, with this variant's pieces; "
                                       "its 'Use as this setup' button writes the array back here")
        self.add_button.clicked.connect(self._ask_new)
        self.remove_button.clicked.connect(self.remove_setup)
        self.arrange_button.clicked.connect(self.open_editor)
        self.placement = QLineEdit(self)
        self.placement.setToolTip("The setup's placement: ranks from the top, '/' between, as in position text")
        self.placement.textEdited.connect(lambda text: self._set("placement", text.strip() or None))
        self.description = QLineEdit(self)
        self.description.setToolTip("One line for the new-game dialog")
        self.description.textEdited.connect(lambda text: self._set("description", text or None))
        self.default = QComboBox(self)
        self.default.setToolTip("default_setup: which of the setups starts a game (default: the first)")
        self.default.textActivated.connect(self._default_chosen)
        self.board = BoardWidget(art, self)
        self.board.set_interactive(False)
        for name in ("turn", "check", "last-move", "result"):
            self.board.overlays.remove(name)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(QLabel("Setup:", self))
        row.addWidget(self.chooser, 1)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        form = QFormLayout()
        form.addRow("placement", self.placement)
        form.addRow("description", self.description)
        form.addRow("default_setup", self.default)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addLayout(form)
        layout.addWidget(self.arrange_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.note)

    def setups(self) -> dict[str, Any]:
        found = self.document().merged().get("setups", {})
        return found if isinstance(found, dict) else {}

    def current(self) -> str:
        return self.chooser.currentText()

    def refresh(self) -> None:
        setups = self.setups()
        names = list(setups)
        for combo, with_blank in ((self.chooser, False), (self.default, True)):
            items = ([""] if with_blank else []) + names
            if [combo.itemText(i) for i in range(combo.count())] != items:
                keep = combo.currentText()
                combo.blockSignals(True)
                combo.clear()
                combo.addItems(items)
                combo.setCurrentText(keep if keep in items else items[0] if items else "")
                combo.blockSignals(False)
        merged = self.document().merged()
        self.default.setCurrentText(str(merged.get("default_setup", "")))
        name = self.current()
        row = setups.get(name, {}) if isinstance(setups.get(name), dict) else {}
        if not self.placement.hasFocus():
            self.placement.setText(str(row.get("placement", "")))
        if not self.description.hasFocus():
            self.description.setText(str(row.get("description", "")))
        self.remove_button.setEnabled(bool(name) and name in self.document().own.get("setups", {}))
        self.arrange_button.setEnabled(bool(name))
        if not name:
            self.note.setText("No setup yet: Add setup.")
            return
        try:
            game = start_game_of(merged, name, self.document().vid)
        except rules.RulesError as exc:
            self._empty_board(merged)
            self.note.setText(f"This array cannot start a game yet: {problem_words(exc)[:300]}")
            return
        except Exception as exc:  # a power that cannot handle a half-made draft
            self._empty_board(merged)
            self.note.setText(f"This array cannot start a game yet ({type(exc).__name__}: {exc})"[:300])
            return
        snapshot = snapshot_of(game, checks=False)
        snapshot.result = None
        self.board.set_position(snapshot, MoveIndex())
        self.note.setText(f"The start of a game under setup {name!r}.")

    def _empty_board(self, merged: dict[str, Any]) -> None:
        files = merged.get("files", 8) if isinstance(merged.get("files"), int) else 8
        ranks = merged.get("ranks", 8) if isinstance(merged.get("ranks"), int) else 8
        self.board.set_position(Snapshot(BoardShape(max(1, min(files, 26)), max(1, min(ranks, 26)))), MoveIndex())

    def _set(self, key: str, value: Any) -> None:
        # Typed text: the window rebuilds the preview once typing pauses, not at every key.
        name = self.current()
        if name:
            self.document().set(("setups", name, key), value)
            self.changed.emit(("setups", name, key))

    def _default_chosen(self, text: str) -> None:
        self.document().set(("default_setup",), text or None)
        self.refresh()
        self.changed.emit(("default_setup",))

    def _ask_new(self) -> None:
        name, ok = QInputDialog.getText(self, "New setup", "Name of the setup (lowercase words joined by hyphens):")
        if ok:
            self.add_setup(name.strip())

    def add_setup(self, name: str, placement: str | None = None) -> bool:
        if not ID_PATTERN.match(name) or name in self.setups():
            return False
        merged = self.document().merged()
        files = merged.get("files", 8) if isinstance(merged.get("files"), int) else 8
        ranks = merged.get("ranks", 8) if isinstance(merged.get("ranks"), int) else 8
        self.document().set(("setups", name), {"placement": placement or empty_placement(files, ranks)})
        self.refresh()
        self.chooser.setCurrentText(name)
        self.changed.emit(("setups", name))
        return True

    def remove_setup(self) -> None:
        name = self.current()
        if name:
            self.document().set(("setups", name), None)
            self.refresh()
            self.changed.emit(("setups",))

    # ------------------------------------------------------------ the setup editor

    def open_editor(self) -> SetupEditor | None:
        """The setup editor on the chosen setup, with the draft's pieces in its palette."""
        name = self.current()
        doc = self.document()
        try:
            doc.preview()  # the editor reads the variant by id: it sees the draft
            options = {"setup": name} if len(self.setups()) > 1 else {}
            game = rules.new_game(doc.vid, options=options)
        except rules.RulesError as exc:
            self.note.setText(f"The setup editor needs a variant the rules can build: {problem_words(exc)}")
            return None
        if self.editor is None:
            self.editor = SetupEditor(self.art, self.settings, self)
            self.use_action = QAction("Use as this setup in the designer", self.editor)
            self.use_action.setToolTip("Write the editor's position as the placement of the designer's setup")
            self.use_action.triggered.connect(self.take_from_editor)
            bar = self.editor.addToolBar("Designer")
            bar.setObjectName("designer-bar")
            bar.addAction(self.use_action)
        self.editing = name
        self.editor.edit_game(game)
        self.editor.show()
        self.editor.raise_()
        return self.editor

    def take_from_editor(self) -> None:
        if self.editor is None:
            return
        placement = self.editor.draft.text().split(" ")[0]
        name = getattr(self, "editing", self.current())
        self.document().set(("setups", name, "placement"), placement)
        self.chooser.setCurrentText(name)
        self.refresh()
        self.changed.emit(("setups", name, "placement"))

    def editor_at(self, path: FieldPath) -> QWidget | None:
        if path[:1] == ("default_setup",):
            return self.default
        if path[:1] == ("setups",):
            if len(path) >= 2 and path[1] in self.setups():
                self.chooser.setCurrentText(path[1])
            return self.description if path[-1] == "description" else self.placement
        return None
