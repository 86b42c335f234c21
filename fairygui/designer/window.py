"""The variant designer window: pieces, board and rules, setups, over one variant file.

The document (``document.py``) holds the variant's own table; the pages edit it and the
window redraws them from it. Save writes the file into the user variants folder and runs
``check`` on it: every problem is listed, and clicking one goes to the field it is about.
Play saves, then starts the variant in the main window. Every edit is a step of a
``QUndoStack`` (Edit > Undo / Redo, Ctrl+Z / Ctrl+Shift+Z): a step keeps the document's id
and own table before and after, so any edit of any page undoes the same way; the stack's
clean state is "saved", and closing with unsaved changes asks Save / Discard / Cancel.
"""

from __future__ import annotations

import copy
from typing import Any

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

import rules
from rules.catalogue import catalogue

from ..board.artwork import Artwork
from ..facts import chosen_artwork_of
from ..newgame import GameChoice
from ..unsaved import CANCEL, SAVE, ask_save_discard_cancel
from ..workspace import Workspace
from .boardpage import BoardPage
from .diskfile import DesignerFiles
from .document import FieldPath, VariantDocument, user_variants_dir
from .pieces import PiecesPage
from .publishmenu import Publisher
from .setups import SetupPage
from .tomltext import key_at_line

#: What an undo step restores: the variant's id and its own table.
DocState = tuple[str, dict[str, Any]]
#: Previews (diagrams, start positions, other pages) are rebuilt once typing pauses this long,
#: so no keystroke waits on a rebuild.
PREVIEW_PAUSE_MS = 150
#: Why a saved variant's id cannot be changed here.
FIXED_ID_REASON = ("A saved variant keeps its id: its file is named after it, and saved games and variants "
                   "built on it name it. To use another id, start a new variant with this one as its parent.")


class DocumentEdit(QUndoCommand):
    """One edit of the document, undone and redone by putting back its state before or after."""

    def __init__(self, window: DesignerWindow, before: DocState, after: DocState, text: str) -> None:
        super().__init__(text)
        self.window = window
        self.before = before
        self.after = after
        self._done = True  # pushed after the page made the edit: the first redo has nothing to do

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self.window.restore_state(self.after)

    def undo(self) -> None:
        self.window.restore_state(self.before)


class DesignerWindow(QMainWindow):
    #: The window's size when it opens.
    DEFAULT_SIZE = (1180, 800)
    #: Saved (the file's path), so the main window can offer the variant at once.
    saved = Signal(str)

    def __init__(self, document: VariantDocument, workspace: Workspace | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setObjectName("variantDesigner")
        #: Where Play starts the game; None for a designer on its own (pictures, tests).
        self.workspace = workspace
        self.doc = document
        self.art = Artwork()
        self.problems: list[tuple[int | None, str]] = []
        #: Every edit, for Undo and Redo; clean while the document is as last saved.
        self.undo_stack = QUndoStack(self)
        self._state = self._current_state()
        self._clean = True  # mirrors the stack's clean state, which a stack being torn down announces too
        self.undo_stack.cleanChanged.connect(self._clean_changed)
        self.preview_timer = QTimer(self)
        self.preview_timer.setSingleShot(True)
        self.preview_timer.setInterval(PREVIEW_PAUSE_MS)
        # Looked up at each timeout, so a test may count the rebuilds.
        self.preview_timer.timeout.connect(lambda: self.rebuild_previews())

        self.id_line = QLineEdit(self)
        self.id_line.setToolTip("The variant's id: lowercase words joined by hyphens; the file is named after it")
        self.id_line.textEdited.connect(self._id_edited)
        self.id_fixed = QLabel("(fixed)", self)
        self.id_fixed.setStyleSheet("color: #666;")
        self.id_fixed.setToolTip(FIXED_ID_REASON)
        self.name_line = QLineEdit(self)
        self.name_line.setToolTip("name: shown in the new-game dialog (default: the id)")
        self.name_line.textEdited.connect(lambda text: self._set(("name",), text or None))
        self.parent_combo = QComboBox(self)
        self.parent_combo.setToolTip("parent: a variant (built-in or your own) to start from; this variant's "
                                     "table is merged over it, so it says only what differs")
        self.parent_combo.addItem("(none)", "")
        for vid in catalogue().ids(include_hidden=True):
            self.parent_combo.addItem(f"{catalogue().get(vid).name} ({vid})", vid)
        self.parent_combo.activated.connect(self._parent_chosen)
        self.save_button = QPushButton("Save", self)
        self.save_button.setToolTip("Write the variant file to your variants folder and check it")
        self.save_button.clicked.connect(self.save)
        self.play_button = QPushButton("Play", self)
        self.play_button.setToolTip("Save, then start a game of this variant in the main window")
        self.play_button.clicked.connect(self.play)
        self.play_button.setEnabled(workspace is not None)
        top = QHBoxLayout()
        for label, widget, stretch in (("Id", self.id_line, 2), ("Name", self.name_line, 3),
                                       ("Parent", self.parent_combo, 3)):
            top.addWidget(QLabel(label, self))
            top.addWidget(widget, stretch)
            if widget is self.id_line:
                top.addWidget(self.id_fixed)
        top.addWidget(self.save_button)
        top.addWidget(self.play_button)

        self.pieces = PiecesPage(lambda: self.doc, self.art, self)
        self.board_page = BoardPage(lambda: self.doc, self.art, self)
        settings = workspace.settings if workspace is not None else None
        self.setup_page = SetupPage(lambda: self.doc, self.art, settings, self)
        self.tabs = QTabWidget(self)
        self.tabs.addTab(self.pieces, "Pieces")
        self.tabs.addTab(self.board_page, "Board and rules")
        self.tabs.addTab(self.setup_page, "Setup")
        for page in (self.pieces, self.board_page, self.setup_page):
            page.changed.connect(self._changed)
        self.board_page.noticed.connect(self.notify)
        self.pieces.noticed.connect(self.notify)
        self.tabs.currentChanged.connect(lambda _i: self._refresh_page())

        self.problem_list = QListWidget(self)
        self.problem_list.setToolTip("check's findings; click one to go to its field")
        self.problem_list.itemClicked.connect(self.jump_to)
        self.problem_list.setMaximumHeight(130)
        self.file_label = QLabel(self)
        self.file_label.setStyleSheet("color: #555;")
        self.problem_list.addItem("Save writes the file and runs check; its findings are listed here.")

        body = QWidget(self)
        column = QVBoxLayout(body)
        column.addLayout(top)
        splitter = QSplitter(Qt.Orientation.Vertical, body)
        splitter.addWidget(self.tabs)
        lower = QWidget(splitter)
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.file_label)
        lower_layout.addWidget(self.problem_list)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 6)
        splitter.setStretchFactor(1, 1)
        column.addWidget(splitter)
        self.setCentralWidget(body)
        # The status line is there from the start, so a notice never moves the window's contents.
        self.statusBar().showMessage("Edits are checked when you Save.")
        self.files = DesignerFiles(self)
        self.publisher = Publisher(self)
        self._build_file_menu()
        self._build_edit_menu()
        self.resize(*self.DEFAULT_SIZE)
        self.refresh()

    def _build_file_menu(self) -> None:
        menu = self.menuBar().addMenu("&File")
        self.open_action = menu.addAction("&Open variant file...")
        self.open_action.setShortcut(QKeySequence.StandardKey.Open)
        self.open_action.setToolTip("Open any variant file, even one the rules refuse, to repair it")
        self.open_action.triggered.connect(lambda: self.files.open_file())
        self.save_action = menu.addAction("&Save")
        self.save_action.setShortcut(QKeySequence.StandardKey.Save)
        self.save_action.triggered.connect(self.save)
        menu.addSeparator()
        publisher = self.publisher
        self.share_action = menu.addAction("Share as one &file...")
        self.share_action.setToolTip("The variant, its setups and its pieces' own pictures in one file to give away")
        self.share_action.triggered.connect(lambda: publisher.export_shareable())
        self.import_action = menu.addAction("&Import shared variant...")
        self.import_action.triggered.connect(lambda: publisher.import_shared())
        self.diagram_action = menu.addAction("Interactive &Diagram for the Chess Variant Pages...")
        self.diagram_action.setToolTip("A diagram definition (H. G. Muller's format) to paste into a page, with "
                                       "what it cannot show")
        self.diagram_action.triggered.connect(lambda: publisher.export_diagram())

    def notify(self, text: str) -> None:
        """Say what the designer did on its own (a power turned on, a setup refitted, a file reloaded)."""
        self.statusBar().showMessage(text)

    def _build_edit_menu(self) -> None:
        edit = self.menuBar().addMenu("&Edit")
        self.undo_action = self.undo_stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence("Ctrl+Z"))
        self.redo_action = self.undo_stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit.addAction(self.undo_action)
        edit.addAction(self.redo_action)

    # ------------------------------------------------------------ undo and redo

    @property
    def dirty(self) -> bool:
        """The document has changes its file does not hold (a new variant: any edit)."""
        return not self._clean

    def _clean_changed(self, clean: bool) -> None:
        self._clean = clean
        if shiboken6.isValid(self):  # not while Qt deletes the window and its stack
            self._update_title()
            self._show_file()

    def _current_state(self) -> DocState:
        return self.doc.vid, copy.deepcopy(self.doc.own)

    def _record(self, text: str) -> None:
        """Push the edit just made as one undo step (nothing if it changed nothing)."""
        after = self._current_state()
        if after != self._state:
            self.undo_stack.push(DocumentEdit(self, self._state, after, text))
            self._state = after

    def restore_state(self, state: DocState) -> None:
        """Put the document back as ``state`` has it (an undo or redo) and show it."""
        vid, own = state
        self.doc.vid = vid
        self.doc.own = copy.deepcopy(own)
        self._state = self._current_state()
        self.art.use_variant(chosen_artwork_of(self.doc.merged()))
        self.refresh()

    def take_document(self, doc: VariantDocument) -> None:
        """Edit another document (a file opened) from a clean start."""
        self.doc = doc
        self.reloaded()

    def reloaded(self) -> None:
        """The document was read again from its file: it is the saved state, with no undo before it."""
        self.undo_stack.clear()
        self.undo_stack.setClean()
        self._state = self._current_state()
        self.refresh()

    # ------------------------------------------------------------ showing the document

    def refresh(self) -> None:
        doc = self.doc
        if self.id_line.text() != doc.vid:
            self.id_line.setText(doc.vid)
        self._show_id()
        merged = doc.merged()
        name = merged.get("name")
        if not self.name_line.hasFocus():
            self.name_line.setText(str(name) if isinstance(name, str) else "")
        row = self.parent_combo.findData(doc.parent or "")
        self.parent_combo.setCurrentIndex(max(row, 0))
        self.art.use_variant(chosen_artwork_of(merged))
        self._refresh_page(all_pages=True)
        self._update_title()
        self._show_file()

    def _refresh_page(self, all_pages: bool = False) -> None:
        pages = (self.pieces, self.board_page, self.setup_page)
        for page in pages if all_pages else (self.tabs.currentWidget(),):
            page.refresh()  # type: ignore[union-attr]

    def _show_id(self) -> None:
        # A saved variant's id names its table in its file: it stays (a new id is a new variant),
        # and the field says why rather than taking typing it then drops.
        fixed = self.doc.path is not None
        self.id_line.setReadOnly(fixed)
        self.id_line.setToolTip(FIXED_ID_REASON if fixed else
                                "The variant's id: lowercase words joined by hyphens; the file is named after it")
        self.id_fixed.setVisible(fixed)

    def _update_title(self) -> None:  # the star follows the undo stack's clean state
        star = "*" if self.dirty else ""
        self.setWindowTitle(f"{star}{self.doc.vid} - variant designer - Fairy Chess")

    def _show_file(self) -> None:
        where = self.doc.target_path()
        state = "not saved yet" if self.doc.path is None else ("changed" if self.dirty else "saved")
        parent = f"; parent {self.doc.parent}" if self.doc.parent else ""
        self.file_label.setText(f"File: {where} ({state}{parent})")

    def _changed(self, path: FieldPath) -> None:
        self._record("edit " + ".".join(path))
        self.preview_timer.start()  # restarted by every key: one rebuild once typing pauses
        self._update_title()
        self._show_file()

    def rebuild_previews(self) -> None:
        """Redraw every page from the document: diagrams, start positions, tables."""
        self.art.use_variant(chosen_artwork_of(self.doc.merged()))
        self._refresh_page(all_pages=True)

    def flush_previews(self) -> None:
        """Rebuild now what a pause in typing would rebuild (before saving, playing, testing)."""
        if self.preview_timer.isActive():
            self.preview_timer.stop()
            self.rebuild_previews()

    def _set(self, path: FieldPath, value: Any) -> None:
        self.doc.set(path, value)
        self._changed(path)

    def _id_edited(self, text: str) -> None:
        # A new id for a variant not yet saved renames its file; a saved one keeps its file.
        self.doc.vid = text.strip()
        self._record("edit the id")
        self._update_title()
        self._show_file()

    def _parent_chosen(self, row: int) -> None:
        parent = self.parent_combo.itemData(row) or None
        self.doc.set_parent(parent)
        self._changed(("parent",))
        self.refresh()

    # ------------------------------------------------------------ saving, checking, playing

    def save(self) -> bool:
        """Write the file and check it; True when check finds no error."""
        self.flush_previews()
        problem = self.doc.id_problem()
        if problem is not None:
            self.show_problems([(None, problem)], unplaced=("id",))
            return False
        try:
            problems = self.doc.save()
        except OSError as exc:
            self.show_problems([(None, f"cannot write {self.doc.target_path()}: {exc.strerror}")])
            return False
        self.undo_stack.setClean()
        self.show_problems(problems, warnings=self.doc.warnings)
        self.files.watch()
        self._show_id()
        self._update_title()
        self._show_file()
        self.saved.emit(str(self.doc.target_path()))
        return not problems

    def show_problems(self, problems: list[tuple[int | None, str]], unplaced: FieldPath | None = None,
                      warnings: list[tuple[int | None, str]] | None = None) -> None:
        """List check's problems, then its warnings; ``unplaced`` is the field of those without a line."""
        self.problems = list(problems)
        self.problem_list.clear()
        if not problems:
            verdict = "check: OK - the variant is playable (Game > New game lists it)"
            item = QListWidgetItem(verdict + (", but see the warnings below." if warnings else "."))
            item.setForeground(Qt.GlobalColor.darkGreen)
            self.problem_list.addItem(item)
        listed = [(line, text, Qt.GlobalColor.darkRed, "") for line, text in problems]
        listed += [(line, text, Qt.GlobalColor.darkYellow, "warning: ") for line, text in warnings or []]
        for line, text, colour, kind in listed:
            where = f"line {line}: " if line is not None else ""
            item = QListWidgetItem(f"{where}{kind}{text.splitlines()[0]}")
            item.setForeground(colour)
            item.setData(Qt.ItemDataRole.UserRole, line)
            item.setData(Qt.ItemDataRole.UserRole + 1, unplaced if line is None else None)
            item.setToolTip(text)
            self.problem_list.addItem(item)

    def jump_to(self, item: QListWidgetItem) -> QWidget | None:
        """Go to the field a problem is about: its page, its piece or setup, its editor."""
        line = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(line, int):
            path = key_at_line(self.doc.text, self.doc.vid, line)
        else:
            unplaced = item.data(Qt.ItemDataRole.UserRole + 1)
            path = tuple(unplaced) if unplaced else None
        if not path:
            return None
        if path == ("id",):
            self.id_line.setFocus()
            return self.id_line
        if path == ("name",):
            self.name_line.setFocus()
            return self.name_line
        if path == ("parent",):
            self.parent_combo.setFocus()
            return self.parent_combo
        for page in (self.pieces, self.setup_page, self.board_page):
            widget = page.editor_at(path)
            if widget is not None:
                self.tabs.setCurrentWidget(page)
                widget.setFocus()
                return widget
        return None

    def play(self) -> bool:
        if self.workspace is None or not self.save():
            return False
        workspace = self.workspace
        current = workspace.current_choice()
        # The setup on the Setup page is the one being worked on: Play starts it.
        setup = self.setup_page.current()
        try:
            vdef = rules.variant(self.doc.vid)
        except rules.RulesError:
            # Saved, but where the app does not look for variants (a file opened from elsewhere).
            self.notify(f"Saved, but {self.doc.target_path()} is outside your variants folder "
                        f"({user_variants_dir()}), so the app cannot play it from there.")
            return False
        options = {"setup": setup} if "setup" in vdef.options and setup in vdef.setups else {}
        if not workspace.start_game(GameChoice(self.doc.vid, options, current.players, current.levels)):
            return False
        workspace.bring_to_front()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if self.dirty:
            answer = ask_save_discard_cancel(self, "Unsaved variant", f"The variant {self.doc.vid!r} has changes "
                                             "that are not saved.\n\nSave them before closing the designer?")
            if answer == SAVE:
                # Save writes the file even where check finds problems (they are listed); only
                # a file that could not be written (or a bad id) keeps the window open.
                self.save()
            if answer == CANCEL or self.dirty and answer == SAVE:
                event.ignore()
                return
        # A previewed draft (for the setup editor) must not stay in the catalogue unsaved.
        if self.doc.previewed:
            rules.reload_catalogue()
        super().closeEvent(event)
