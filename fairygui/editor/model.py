"""The setup editor's model: the draft being edited, its guided arrangement, the selected
square, undo and redo, and which file each document belongs to.

The editor's collaborators (gestures, the arranger, the file actions) change the draft only
through this model, and the window redraws when it says so (``changed``, ``selectionChanged``,
``redrawRequested``) and shows what it says (``said``). Keeping the state in one object is
what lets each collaborator get exactly what it needs instead of the whole window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from . import rulings
from .draft import Draft
from .guided import Arrangement
from .wayout import WayOut

UNDO_LIMIT = 200


@dataclass(frozen=True)
class EditorState:
    draft: Draft
    arrangement: Arrangement | None
    #: Which document the draft is a state of; its file name follows it through undo.
    document: int


class DraftModel(QObject):
    #: A new draft (an edit, undo, redo, a file opened): everything is redrawn from it.
    changed = Signal()
    #: The draft is as it was, but the views may show something else (a refused value echoed back).
    redrawRequested = Signal()
    #: Another square (or none) is selected.
    selectionChanged = Signal()
    #: A sentence for the editor's status line.
    said = Signal(str)
    #: An option's value was refused: option, value, the rules' reason, the way out (or None).
    optionRefused = Signal(str, object, str, object)

    def __init__(self, draft: Draft, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.arrangement: Arrangement | None = None
        self.selected: str | None = None
        # A file name belongs to one document: the draft opened from it or saved to it, with
        # its edits. Editing the game on the board, opening a file or choosing another variant
        # starts a new, untitled document, so Save never writes one document over another's file.
        self.document = 0
        self._documents = 1
        self._paths: dict[int, str] = {}
        # Each document's draft as it began, was opened or last saved: "unsaved" is a draft
        # that differs from it (the editor asks before closing on one).
        self._baseline: dict[int, Draft] = {0: draft}
        self._undo: list[EditorState] = []
        self._redo: list[EditorState] = []
        #: Why the rules would refuse to start a game from the draft, as last checked.
        self.problems: list[str] = []

    @property
    def current_path(self) -> str | None:
        """The file of the document being edited; None while it is untitled."""
        return self._paths.get(self.document)

    @current_path.setter
    def current_path(self, path: str | None) -> None:
        if path is None:
            self._paths.pop(self.document, None)
        else:
            self._paths[self.document] = path

    @property
    def modified(self) -> bool:
        """The draft differs from its document as opened, saved or begun."""
        return self.draft != self._baseline.get(self.document)

    def mark_saved(self) -> None:
        """The draft is now what the document's file holds."""
        self._baseline[self.document] = self.draft

    def check(self) -> list[str]:
        """Ask the rules again whether the draft can start a game (the variant files may have
        changed since); :attr:`problems` keeps the answer."""
        self.problems = rulings.problems(self.draft)
        return self.problems

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def say(self, text: str) -> None:
        self.said.emit(text)

    def refuse_option(self, name: str, value: object, reason: str, way: WayOut | None) -> None:
        self.optionRefused.emit(name, value, reason, way)

    def redraw(self) -> None:
        self.redrawRequested.emit()

    def select(self, square: str | None) -> None:
        self.selected = square
        self.selectionChanged.emit()

    def set_draft(self, draft: Draft, arrangement: Arrangement | None, record: bool = True,
                  new_document: bool = False) -> None:
        """Show a new draft (and guided state); ``record`` keeps the old one for undo. A draft
        of another variant (not by undo or redo), or ``new_document``, starts an untitled document."""
        if record:
            self._undo.append(EditorState(self.draft, self.arrangement, self.document))
            del self._undo[:-UNDO_LIMIT]
            self._redo.clear()
        if new_document or (record and draft.variant != self.draft.variant):
            self.document = self._documents
            self._documents += 1
            self._baseline[self.document] = draft
        self.draft = draft
        self.arrangement = arrangement
        if self.selected is not None and not draft.is_square(self.selected):
            self.selected = None
        self.changed.emit()

    def edit(self, change: Callable[[Draft], object], note: str = "") -> bool:
        """Apply an edit to a copy of the draft; a ValueError refuses it with its words."""
        draft = self.draft.copy()
        try:
            change(draft)
        except ValueError as exc:
            self.say(str(exc))
            self.redraw()
            return False
        if draft == self.draft:
            # The position fields echo a redrawn draft back as edits; an undo step that changes
            # nothing would make Undo seem not to work.
            self.say(note)
            return True
        self.set_draft(draft, self.arrangement)
        self.say(note)
        return True

    def undo(self) -> None:
        if self._undo:
            self._redo.append(EditorState(self.draft, self.arrangement, self.document))
            self._restore(self._undo.pop())

    def redo(self) -> None:
        if self._redo:
            self._undo.append(EditorState(self.draft, self.arrangement, self.document))
            self._restore(self._redo.pop())

    def _restore(self, state: EditorState) -> None:
        self.document = state.document
        self.set_draft(state.draft, state.arrangement, record=False)
