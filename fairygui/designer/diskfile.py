"""The designer's file on disk: opening any variant file, and noticing edits made to it elsewhere.

Open takes any variant file, wherever it is and whatever the rules think of it: a file whose
tables can be read opens in the form (Save lists check's problems, and each one leads to its
field); a file that is not even valid TOML opens as its text, with the problems beside it, to
be repaired and saved as text. While the designer is open, Qt's file watcher follows its
file: a change made in another program is reloaded with a notice, or, over unsaved edits in
the designer, only after asking.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileSystemWatcher, Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QMessageBox,
    QPlainTextEdit,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from rules.catalogue import check_file_report

from ..savefile import write_atomically
from .document import VariantDocument, user_variants_dir

if TYPE_CHECKING:
    from .window import DesignerWindow

FILTER = "Variant files (*.toml);;All files (*)"


class RawFileDialog(QDialog):
    """A variant file the form cannot show, as text, with check's problems beside it."""

    def __init__(self, path: Path, text: str, problems: list[tuple[int | None, str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.setWindowTitle(f"{path.name} - repair the variant file")
        self.text = QPlainTextEdit(self)
        self.text.setPlainText(text)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.problem_list = QListWidget(self)
        self.show_problems(problems)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.text)
        splitter.addWidget(self.problem_list)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Close, self)
        buttons.button(QDialogButtonBox.StandardButton.Save).setText("Save and check")
        buttons.accepted.connect(self.save_text)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"The designer's form cannot read {path} yet. Repair its text; once it can be read, "
                                "it opens in the form.", self))
        layout.addWidget(splitter, 1)
        layout.addWidget(buttons)
        self.resize(1000, 640)

    def show_problems(self, problems: list[tuple[int | None, str]]) -> None:
        self.problem_list.clear()
        for line, text in problems:
            self.problem_list.addItem(f"line {line}: {text}" if line is not None else text)

    def save_text(self) -> None:
        """Write the text and read it again: a readable file is accepted (the designer opens it)."""
        write_atomically(self.path, self.text.toPlainText())
        try:
            VariantDocument.of_file(self.path)
        except ValueError as exc:
            errors, _warnings = check_file_report(self.path)
            self.show_problems(errors or [(None, str(exc))])
            return
        self.accept()


class DesignerFiles:
    """Open and watch the designer's file (a collaborator of :class:`DesignerWindow`)."""

    def __init__(self, window: DesignerWindow) -> None:
        self.window = window
        self.watcher = QFileSystemWatcher(window)
        self.watcher.fileChanged.connect(self.changed_on_disk)
        self.raw: RawFileDialog | None = None
        self.watch()

    def watch(self) -> None:
        """Follow the document's file (again: an editor that saves by replacing it ends the watch)."""
        if self.watcher.files():
            self.watcher.removePaths(self.watcher.files())
        path = self.window.doc.path
        if path is not None and path.is_file():
            self.watcher.addPath(str(path))

    def open_file(self, path: str | None = None) -> bool:
        """Open a variant file in this window (after asking about unsaved edits)."""
        window = self.window
        if path is None:
            folder = user_variants_dir()
            path, _ = QFileDialog.getOpenFileName(window, "Open a variant file",
                                                  str(folder if folder.is_dir() else Path.home()), FILTER)
            if not path:
                return False
        if window.dirty and not self.may_drop_edits("Open another variant file"):
            return False
        target = Path(path)
        try:
            doc = VariantDocument.of_file(target)
        except OSError as exc:
            window.notify(f"Cannot read {target}: {exc.strerror or exc}")
            return False
        except ValueError as exc:
            return self._open_as_text(target, str(exc))
        window.take_document(doc)
        errors, warnings = check_file_report(target)
        window.show_problems(errors, warnings=warnings)
        window.notify(f"Opened {target}." + (" check finds problems: they are listed below." if errors else ""))
        self.watch()
        return True

    def _open_as_text(self, path: Path, reason: str) -> bool:
        errors, _warnings = check_file_report(path)
        self.raw = RawFileDialog(path, path.read_text(encoding="utf-8", errors="replace"),
                                 errors or [(None, reason)], self.window)
        self.raw.accepted.connect(lambda: self.open_file(str(path)))
        self.raw.show()
        return False

    def may_drop_edits(self, what: str) -> bool:
        answer = QMessageBox.question(self.window, what, f"The variant {self.window.doc.vid!r} has changes that are "
                                      "not saved. Drop them?",
                                      QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
                                      QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Discard

    def changed_on_disk(self, changed: str) -> None:
        window = self.window
        path = window.doc.path
        self.watch()
        if path is None or Path(changed) != path or not path.is_file():
            return
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            return
        if text == window.doc.text:
            return  # our own save, or a touch that changed nothing
        if window.dirty and not self.may_drop_edits(f"{path.name} changed on disk"):
            window.notify(f"{path.name} was changed by another program; your edits are kept, and Save writes "
                          "them over that change.")
            return
        try:
            window.doc.reload()
        except (OSError, ValueError) as exc:
            window.notify(f"{path.name} was changed by another program and cannot be read now ({exc}); the "
                          "designer keeps what it showed. File > Open shows the file's text.")
            return
        window.reloaded()
        window.notify(f"{path.name} was changed by another program: reloaded.")
