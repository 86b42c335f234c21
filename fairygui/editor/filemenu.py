"""Opening and saving setup files from the editor; a bad file gets a dialog naming the
fault, and the position being edited stays. The file name belongs to the document that was
opened or saved (see ``SetupEditor.current_path``).

A collaborator of :class:`~fairygui.editor.window.SetupEditor` over its draft model; its
dialogs open over the editor window.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from ..savefile import SETUP, ask_to_replace, replace_question
from ..settings import Settings
from .model import DraftModel
from .setupfile import FILTER, SUFFIX, read_setup, write_setup


class SetupFiles:
    """Opening and saving the model's draft; ``window`` is the parent of the dialogs."""

    def __init__(self, model: DraftModel, settings: Settings | None, window: QWidget) -> None:
        self.model = model
        self.settings = settings
        self.window = window
        self.last_error: QMessageBox | None = None
        self.last_question: QMessageBox | None = None

    def show_error(self, title: str, text: str) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self.window)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_error = box
        return box

    def _folder(self) -> str:
        return self.settings.last_dir() if self.settings is not None else ""

    def open_file(self, path: str | None = None) -> bool:
        """Read a setup; a bad file gets a dialog naming the fault and the draft stays."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self.window, "Open a setup", self._folder(), FILTER)
        if not path:
            return False
        try:
            draft = read_setup(Path(path), self.model.draft.variant, self.model.draft.options)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.show_error("Cannot open the setup", f"{path}:\n{reason}\n\nThe position being edited is unchanged.")
            return False
        self.model.selected = None
        self.model.set_draft(draft, None, new_document=True)
        self.model.current_path = str(Path(path).resolve())
        self._remember_folder(Path(path))
        self.model.redraw()
        self.model.say(f"Opened {Path(path).name}.")
        return True

    def save_file(self) -> bool:
        return self.save_to(self.model.current_path) if self.model.current_path else self.save_file_as()

    def save_file_as(self) -> bool:
        name = Path(self.model.current_path).name if self.model.current_path else f"{self.model.draft.variant}{SUFFIX}"
        start = str(Path(self._folder() or ".") / name)
        path, _ = QFileDialog.getSaveFileName(self.window, "Save the setup", start, FILTER)
        if not path:
            return False
        if not Path(path).suffix:
            path += SUFFIX
        return self.save_to(path)

    def save_to(self, path: str, confirmed: bool = False) -> bool:
        """Write the setup; a file of another kind or variant is replaced only after the user
        says so (until then nothing is written and this returns False)."""
        target = Path(path)
        question = None if confirmed else replace_question(target, SETUP, self.model.draft.variant)
        if question:
            self.last_question = ask_to_replace(self.window, question, lambda: self.save_to(path, confirmed=True))
            return False
        try:
            write_setup(target, self.model.draft)
        except OSError as exc:
            self.show_error("Cannot save the setup", f"{path}:\n{exc.strerror or exc}")
            return False
        self.model.current_path = str(target.resolve())
        self.model.mark_saved()
        self._remember_folder(target)
        self.model.redraw()
        note = " (a draft: it cannot start a game yet)" if self.model.problems else ""
        self.model.say(f"Saved {target.name}{note}.")
        return True

    def _remember_folder(self, path: Path) -> None:
        if self.settings is not None:
            self.settings.set_last_dir(str(path.parent))
