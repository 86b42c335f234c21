"""The games of a PGN file of several: listed off the GUI thread, then chosen in a dialog.

:class:`FileLister` lists a file with :mod:`rules.pgnscan` in the shared thread pool
(``worker.py``) behind a progress dialog with Cancel, so a file of any size keeps the window
responsive, and reports the listing (or the fault, or the cancel) on the GUI thread.
:class:`GameChooser` shows one row per game (White, Black, Event, Date, Result) through a
model that reads the listing only for the rows on view, so 100,000 games open at once; a
double click or Open picks the selected row. :func:`listed_record` reads the chosen game alone
(its byte range) into a record and plays it, naming the game and the file's line of a fault.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QProgressDialog,
    QTableView,
    QVBoxLayout,
    QWidget,
)

import rules
from rules.gamerecord import GameRecord
from rules.pgn import LIST_TAGS
from rules.pgnscan import ListingCancelled, PgnListing, list_stream, open_for_listing

from .worker import Task, start_task

#: The progress bar's steps (a file's bytes do not fit Qt's int range).
PROGRESS_STEPS = 1000
#: A listing that ends sooner shows no progress dialog at all.
PROGRESS_DELAY_MS = 400

_Index = QModelIndex | QPersistentModelIndex


def read_listed_record(listing: PgnListing, index: int) -> GameRecord:
    """Game ``index`` of a listed file, read alone; GameRecordError names the game and the line
    of the file."""
    try:
        records = rules.read_pgn(listing.game_text(index))
        if len(records) != 1:  # the listing and the reader cut games alike; a changed file does not
            raise rules.UserFileError(listing.path, "has changed since its games were listed; open it again")
    except rules.GameRecordError as exc:
        raise _in_file(exc, listing, index) from None
    record = records[0]
    record.index = index
    return record


def listed_record(listing: PgnListing, index: int) -> tuple[GameRecord, rules.Game]:
    """Game ``index`` of a listed file and its main line, played (see :func:`read_listed_record`)."""
    record = read_listed_record(listing, index)
    try:
        return record, record.game()
    except rules.GameRecordError as exc:
        raise _in_file(exc, listing, index) from None


def _in_file(exc: rules.GameRecordError, listing: PgnListing, index: int) -> rules.GameRecordError:
    """The error with the game's number and its line counted from the start of the file."""
    text = str(exc)
    if exc.line is not None:
        text = text.removeprefix(f"line {exc.line}: ")
    name = f"game {index + 1}: "
    line = None if exc.line is None else exc.line + listing[index].first_line - 1
    return rules.GameRecordError(name + text.removeprefix("game 1: ").removeprefix(name), line)


class FileLister(QObject):
    """Lists PGN files in the background, one at a time, with a progress dialog and Cancel."""

    #: The listing of a file (a :class:`PgnListing`).
    listed = Signal(object)
    #: A file that could not be listed, and why (in words).
    failed = Signal(str, str)
    #: The player cancelled the listing of this file.
    cancelled = Signal(str)
    #: Bytes read of the total, from the worker thread (delivered on the GUI thread).
    progressed = Signal(int, int)

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.progress: QProgressDialog | None = None
        #: Tasks still running, kept alive until they report (a stopped one too).
        self._tasks: dict[threading.Event, Task] = {}
        self._stop = threading.Event()
        self._path = ""
        self.progressed.connect(self._show_progress)

    @property
    def busy(self) -> bool:
        return not self._stop.is_set() and self._stop in self._tasks

    def start(self, path: str) -> None:
        """List ``path``; UserFileError at once if it cannot be opened (a folder, no such file,
        UTF-16), otherwise ``listed``, ``failed`` or ``cancelled`` reports later."""
        handle, size, modified = open_for_listing(path)
        self.stop()
        stop = self._stop = threading.Event()
        self._path = path
        dialog = QProgressDialog(f"Listing the games of {Path(path).name}…", "Cancel", 0, PROGRESS_STEPS,
                                 self.parent_widget)
        dialog.setWindowTitle("Open a game")
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setMinimumDuration(PROGRESS_DELAY_MS)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.canceled.connect(stop.set)
        dialog.setValue(0)
        self.progress = dialog

        def job() -> PgnListing:
            return list_stream(handle, path, size, modified, self.progressed.emit, stop.is_set)

        self._tasks[stop] = start_task(job, lambda listing: self._done(stop, listing),
                                       lambda exc: self._failed(stop, exc))

    def stop(self) -> None:
        """Stop the listing under way, if any (it reports nothing more)."""
        self._stop.set()
        self._close_dialog()

    def _show_progress(self, done: int, total: int) -> None:
        if self.progress is not None and total > 0:
            self.progress.setLabelText(f"Listing the games of {Path(self._path).name}… "
                                       f"({done / (1 << 20):,.1f} of {total / (1 << 20):,.1f} MB)")
            # Last: a modal progress dialog handles events in setValue, and the listing may end there.
            self.progress.setValue(min(PROGRESS_STEPS, done * PROGRESS_STEPS // total))

    def _close_dialog(self) -> None:
        if self.progress is not None:
            self.progress.canceled.disconnect()
            self.progress.close()
            self.progress.deleteLater()
            self.progress = None

    def _done(self, stop: threading.Event, listing: PgnListing) -> None:
        self._tasks.pop(stop, None)
        if stop is not self._stop:
            return  # a listing that was replaced by another
        self._close_dialog()
        if stop.is_set():
            self.cancelled.emit(listing.path)
        else:
            self.listed.emit(listing)

    def _failed(self, stop: threading.Event, exc: Exception) -> None:
        self._tasks.pop(stop, None)
        if stop is not self._stop:
            return
        self._close_dialog()
        if isinstance(exc, ListingCancelled) or stop.is_set():
            self.cancelled.emit(self._path)
        elif isinstance(exc, rules.UserFileError):
            self.failed.emit(self._path, exc.problem)
        else:  # a fault in our own code must not take the game in progress with it
            self.failed.emit(self._path, f"unexpected {type(exc).__name__}: {exc}")


class ListingModel(QAbstractTableModel):
    """A listing as a table; rows are read from it only when shown."""

    def __init__(self, listing: PgnListing, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.listing = listing

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 (Qt's own signature)
        return 0 if parent.isValid() else len(self.listing)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(LIST_TAGS)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return self.listing.tags[index.row()][index.column()]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.label(index.row())
        return None

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return LIST_TAGS[section]
        return str(section + 1)

    def label(self, row: int) -> str:
        """"White - Black, Event, Date, Result" with the tags the game has."""
        game = self.listing[row]
        players = " - ".join(game.tag(t) or "?" for t in ("White", "Black"))
        rest = [game.tag(t) for t in ("Event", "Date", "Result") if game.tag(t)]
        return ", ".join([players, *rest, f"from line {game.first_line:,}"])


class GameChooser(QDialog):
    #: The player chose the game with this index (0 is the file's first).
    chosen = Signal(int)

    def __init__(self, listing: PgnListing, file_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.listing = listing
        self.setWindowTitle("Choose a game")
        self.resize(640, 420)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{file_name} holds {len(listing):,} games. Choose the one to open:"))
        self.model = ListingModel(listing, self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        # Rows of one height, so the view never measures 100,000 rows to lay them out.
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setWordWrap(False)  # a long Event is cut with an ellipsis; its tooltip says it all
        self.table.selectRow(0)
        self.table.doubleClicked.connect(lambda index: self.choose(index.row()))
        layout.addWidget(self.table)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(lambda: self.choose(self.current_row()))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setWindowModality(Qt.WindowModality.WindowModal)

    def current_row(self) -> int:
        return self.table.currentIndex().row()

    def choose(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.accept()
            self.chosen.emit(row)
