"""Game > Import variants.ini: Fairy-Stockfish's variant file taken in as the user's own variants.

``rules.iniimport`` turns every section of the file into our variant file text (a comment for
each key that does not map, a comment instead of a section it cannot write at all). Here that
text is split into one entry per section, a dialog lists them with what did not map, and the
ones the user ticks are written into the user variants folder as one file each (under the next
free id where the id is taken, said so), checked, and the catalogue is read again, so they are
in New game at once. Nothing already in the folder is overwritten.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

import rules
from rules.catalogue import check_file
from rules.files import read_user_file
from rules.iniimport import import_ini

from .designer.document import _taken_ids, free_id, user_variants_dir
from .savefile import write_atomically

INI_FILTER = "Fairy-Stockfish variant files (*.ini);;All files (*)"
_HEADER = re.compile(r"^\[variant\.([^.\]]+)\]\s*$")
_LEFT_OUT = re.compile(r"^# \[([^\]:]+)(?::[^\]]*)?\] left out: (.*)$")


@dataclass
class IniVariant:
    """One section of the file: the variant text to write (None: it cannot be imported), the
    notes on what did not map (or why it was left out)."""

    name: str
    vid: str | None
    text: str | None
    notes: list[str] = field(default_factory=list)

    @property
    def importable(self) -> bool:
        return self.text is not None

    def summary(self) -> str:
        if not self.importable:
            return f"{self.name}: cannot be imported"
        if not self.notes:
            return f"{self.name}: every rule maps"
        count = len(self.notes)
        return f"{self.name}: {count} rule{'s' if count != 1 else ''} did not map"

    def details(self) -> str:
        if not self.importable:
            return "Cannot be imported: " + "\n".join(self.notes)
        if not self.notes:
            return "Every key of this section has a counterpart here."
        return "These keys have no counterpart here and are left out:\n" + "\n".join(f"- {n}" for n in self.notes)


def split_import(toml_text: str) -> list[IniVariant]:
    """The output of ``import_ini`` as one entry per section, in the file's order."""
    found: list[IniVariant] = []
    current: IniVariant | None = None
    lines: list[str] = []
    in_notes = False
    reason: IniVariant | None = None  # a left-out section whose reason may go on over more lines

    def close() -> None:
        if current is not None:
            current.text = "\n".join(lines).rstrip() + "\n"

    for line in toml_text.splitlines():
        header = _HEADER.match(line)
        left_out = _LEFT_OUT.match(line)
        if header:
            close()
            current, lines, in_notes, reason = IniVariant(header.group(1), header.group(1), ""), [line], True, None
            found.append(current)
            continue
        if left_out:
            close()
            current, lines, reason = None, [], IniVariant(left_out.group(1), None, None, [left_out.group(2)])
            found.append(reason)
            continue
        if current is not None:
            if in_notes and line.startswith("# "):
                current.notes.append(line[2:])
            elif in_notes and line.startswith("name = "):
                current.name = line.split("=", 1)[1].strip().strip('"') or current.name
                in_notes = False
            else:
                in_notes = in_notes and not line.strip() == ""
            lines.append(line)
        elif reason is not None and line.strip():
            reason.notes[-1] += "\n" + line
    close()
    return found


def _renamed(text: str, old: str, new: str) -> str:
    """The variant's tables under a new id (``[variant.old...]`` headers only)."""
    if old == new:
        return text
    return re.sub(rf"^\[variant\.{re.escape(old)}([.\]])", lambda m: f"[variant.{new}{m.group(1)}", text, flags=re.M)


@dataclass
class Written:
    vid: str
    name: str
    renamed_from: str | None
    problems: int


def write_variants(chosen: list[IniVariant], folder: Path | None = None) -> list[Written]:
    """Write each chosen variant as its own file in the user variants folder, then reload."""
    folder = folder or user_variants_dir()
    folder.mkdir(parents=True, exist_ok=True)
    taken = _taken_ids()
    written: list[Written] = []
    paths: list[tuple[Written, Path]] = []
    for entry in chosen:
        if entry.text is None or entry.vid is None:
            continue
        vid = free_id(entry.vid, taken)
        taken.add(vid)
        target = folder / f"{vid}.toml"
        header = f"# Imported from Fairy-Stockfish's variants.ini (section [{entry.name}]).\n"
        write_atomically(target, header + _renamed(entry.text, entry.vid, vid))
        record = Written(vid, entry.name, entry.vid if vid != entry.vid else None, 0)
        written.append(record)
        paths.append((record, target))
    rules.reload_catalogue()
    for record, target in paths:
        record.problems = len(check_file(target))
    return written


class IniImportDialog(QDialog):
    """The sections of a variants.ini, each with a tick box and what did not map."""

    def __init__(self, source: str, found: list[IniVariant], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import variants.ini")
        self.found = found
        layout = QVBoxLayout(self)
        usable = sum(1 for entry in found if entry.importable)
        layout.addWidget(QLabel(
            f"{Path(source).name} holds {len(found)} variant{'s' if len(found) != 1 else ''}; "
            f"{usable} can be imported. Tick the ones to add to your variants."))
        self.list = QListWidget()
        for entry in found:
            item = QListWidgetItem(entry.summary())
            flags = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled
            if entry.importable:
                flags |= Qt.ItemFlag.ItemIsUserCheckable
            item.setFlags(flags)
            item.setCheckState(Qt.CheckState.Checked if entry.importable else Qt.CheckState.Unchecked)
            self.list.addItem(item)
        self.list.currentRowChanged.connect(self._show_details)
        layout.addWidget(self.list)
        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        layout.addWidget(self.details)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton("Import", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.list.itemChanged.connect(self._update_button)
        layout.addWidget(self.buttons)
        if found:
            self.list.setCurrentRow(0)
        self._update_button()
        self.resize(560, 460)

    def _show_details(self, row: int) -> None:
        self.details.setPlainText(self.found[row].details() if 0 <= row < len(self.found) else "")

    def _update_button(self) -> None:
        self.import_button.setEnabled(bool(self.chosen()))

    def chosen(self) -> list[IniVariant]:
        return [entry for row, entry in enumerate(self.found)
                if self.list.item(row).checkState() == Qt.CheckState.Checked and entry.importable]


def open_variants_ini(parent: QWidget, path: str | None = None) -> list[Written]:
    """Ask for a variants.ini, list its variants, import the chosen ones; says what it did."""
    if path is None:
        path, _ = QFileDialog.getOpenFileName(parent, "Import Fairy-Stockfish's variants.ini",
                                              str(Path.home()), INI_FILTER)
        if not path:
            return []
    try:
        found = split_import(import_ini(read_user_file(path)))
    except (rules.RulesError, OSError) as exc:
        QMessageBox.warning(parent, "Import variants.ini", f"Cannot import: {exc}")
        return []
    if not found:
        QMessageBox.information(parent, "Import variants.ini", f"{Path(path).name} holds no variants.")
        return []
    dialog = IniImportDialog(path, found, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return []
    try:
        written = write_variants(dialog.chosen())
    except OSError as exc:
        QMessageBox.warning(parent, "Import variants.ini", f"Cannot write to your variants folder: {exc}")
        return []
    lines = []
    for record in written:
        line = f"{record.name}"
        if record.renamed_from:
            line += f" (you have a variant called {record.renamed_from} already, so this one is {record.vid})"
        if record.problems:
            line += f": check finds {record.problems} problem{'s' if record.problems != 1 else ''}; " \
                    "open it in the variant designer to see them"
        lines.append(line)
    QMessageBox.information(parent, "Import variants.ini",
                            "Imported into your variants, ready in New game:\n" + "\n".join(lines))
    return written
