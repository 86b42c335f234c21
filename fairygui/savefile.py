"""Writing game records and setup files safely: atomically, with the user's normal file
permissions, and never over a file of another kind or variant without asking first.

Both the main window (games, ``.pgn``) and the setup editor (setups, ``.fen``) save through
here, so a game never silently replaces a setup, nor a Friendly setup a Ferry one.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget

import rules
from rules.pgn import variant_of_tags

from .instances import remove_leftovers, temp_prefix

GAME = "game"
SETUP = "setup"
OTHER = "other"
KIND_WORDS = {GAME: "a game record", SETUP: "a setup"}

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_MOVETEXT = re.compile(r"^(\d+\.|\*|1-0|0-1|1/2-1/2|\{|;|\$)")
# Enough to see the tags and the first line after them, without reading a huge file whole.
_PEEK_BYTES = 64 * 1024


@dataclass(frozen=True)
class Contents:
    """What a file on disk holds: a game record, a setup or something else, and its variant
    (None when the file does not say)."""

    kind: str
    variant: str | None = None

    def words(self) -> str:
        if self.kind == OTHER:
            return "neither a game record nor a setup"
        text = KIND_WORDS[self.kind]
        return f"{text} of {variant_name(self.variant)}" if self.variant else text


def variant_name(variant_id: str) -> str:
    try:
        return rules.variant(variant_id).name
    except rules.RulesError:
        return variant_id


def contents_of(path: Path) -> Contents | None:
    """What ``path`` holds; None when there is no such file or it is empty."""
    try:
        with path.open("rb") as handle:
            data = handle.read(_PEEK_BYTES)
    except FileNotFoundError:
        return None
    except OSError:
        return Contents(OTHER)
    if not data.strip():
        return None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if exc.start < len(data) - 4:  # not merely a character cut by the peek
            return Contents(OTHER)
        text = data[:exc.start].decode("utf-8-sig")
    variant: str | None = None
    tags: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        tag = _TAG.match(line)
        if tag:
            tags[tag.group(1)] = tag.group(2)
            if tag.group(1) == "Variant":
                variant = tag.group(2)
            continue
        if line.startswith("["):
            return Contents(OTHER)
        if _MOVETEXT.match(line):
            return Contents(GAME, variant_of_tags(tags))  # no Variant tag: standard PGN, chess
        if "/" in line.split()[0]:
            return Contents(SETUP, variant)
        return Contents(OTHER)
    # Tags alone: a record whose movetext was lost, still a game record by its look.
    return Contents(GAME, variant) if variant else Contents(OTHER)


def replace_question(path: Path, kind: str, variant_id: str) -> str | None:
    """The question to ask before writing a ``kind`` document of ``variant_id`` over ``path``,
    or None when the file is absent, empty, or holds the same kind of the same variant (a file
    that names no variant is taken to be of the document's)."""
    found = contents_of(path)
    if found is None or (found.kind == kind and found.variant in (None, variant_id)):
        return None
    ours = Contents(kind, variant_id).words()
    statement = f"{path.name} holds {found.words()}"
    if not statement.endswith((".", "?", "!")):  # a name like 'A Friendly Game of... Chess?'
        statement += "."
    return f"{statement}\n\nReplace it with {ours}?"


def ask_to_replace(parent: QWidget, question: str, replace: Callable[[], object]) -> QMessageBox:
    """A question that does not block: Replace calls ``replace``; Cancel (the default) keeps
    the file as it is."""
    box = QMessageBox(QMessageBox.Icon.Question, "Replace the file?", question,
                      QMessageBox.StandardButton.NoButton, parent)
    replace_button = box.addButton("Replace", QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.buttonClicked.connect(lambda button: replace() if button is replace_button else None)
    box.open()
    return box


def new_file_mode() -> int:
    """The mode a new file gets from the user's umask, as ``open()`` and the exports give."""
    # The umask can only be read by setting it; nothing else in the app creates files meanwhile.
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(path: Path, text: str) -> None:
    """Write next to the target, then move into place, so a failed write never leaves a half
    file where a good one was. A new file gets the umask's mode; a replaced one keeps its own.
    Temporary files that killed saves left in the folder are removed first
    (:func:`fairygui.instances.remove_leftovers`)."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
    except FileNotFoundError:
        mode = new_file_mode()
    # A save killed half way leaves its temporary file; the next save to the folder removes it.
    remove_leftovers(path.parent)
    fd, temp = tempfile.mkstemp(prefix=temp_prefix(), suffix=path.suffix, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
