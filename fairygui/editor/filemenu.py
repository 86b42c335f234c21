"""Opening and saving setup files from the editor; a bad file gets a dialog naming the
fault, and the position being edited stays. The file name belongs to the document that was
opened or saved (see ``SetupEditor.current_path``).

A mixin of :class:`~fairygui.editor.window.SetupEditor`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..savefile import SETUP, ask_to_replace, replace_question
from .setupfile import FILTER, SUFFIX, read_setup, write_setup

if TYPE_CHECKING:
    from .window import SetupEditor


class SetupFiles:
    """File handlers of the editor window."""

    def show_error(self: SetupEditor, title: str, text: str) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_error = box
        return box

    def _folder(self: SetupEditor) -> str:
        return self.settings.last_dir() if self.settings is not None else ""

    def open_file(self: SetupEditor, path: str | None = None) -> bool:
        """Read a setup; a bad file gets a dialog naming the fault and the draft stays."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open a setup", self._folder(), FILTER)
        if not path:
            return False
        try:
            draft = read_setup(Path(path), self.draft.variant, self.draft.options)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.show_error("Cannot open the setup", f"{path}:\n{reason}\n\nThe position being edited is unchanged.")
            return False
        self.selected = None
        self.set_draft(draft, None, new_document=True)
        self.current_path = str(Path(path).resolve())
        self._remember_folder(Path(path))
        self.refresh()
        self.say(f"Opened {Path(path).name}.")
        return True

    def save_file(self: SetupEditor) -> bool:
        return self.save_to(self.current_path) if self.current_path else self.save_file_as()

    def save_file_as(self: SetupEditor) -> bool:
        name = Path(self.current_path).name if self.current_path else f"{self.draft.variant}{SUFFIX}"
        start = str(Path(self._folder() or ".") / name)
        path, _ = QFileDialog.getSaveFileName(self, "Save the setup", start, FILTER)
        if not path:
            return False
        if not Path(path).suffix:
            path += SUFFIX
        return self.save_to(path)

    def save_to(self: SetupEditor, path: str, confirmed: bool = False) -> bool:
        """Write the setup; a file of another kind or variant is replaced only after the user
        says so (until then nothing is written and this returns False)."""
        target = Path(path)
        question = None if confirmed else replace_question(target, SETUP, self.draft.variant)
        if question:
            self.last_question = ask_to_replace(self, question, lambda: self.save_to(path, confirmed=True))
            return False
        try:
            write_setup(target, self.draft)
        except OSError as exc:
            self.show_error("Cannot save the setup", f"{path}:\n{exc.strerror or exc}")
            return False
        self.current_path = str(target.resolve())
        self._remember_folder(target)
        self.refresh()
        note = " (a draft: it cannot start a game yet)" if self.problems else ""
        self.say(f"Saved {target.name}{note}.")
        return True

    def _remember_folder(self: SetupEditor, path: Path) -> None:
        if self.settings is not None:
            self.settings.set_last_dir(str(path.parent))
