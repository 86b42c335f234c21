"""One journal per running app: which journals are this process's, and which were left by one
that has gone. No Qt here.

Each run of the app claims a numbered slot in the data folder by holding an exclusive lock on
``instance-<n>.lock`` (``flock`` on POSIX, ``msvcrt.locking`` on Windows) for as long as it
runs; the lock file names its process (the PID) for people who look. The system drops the lock
when the process ends, however it ends, so a slot whose lock can be taken has no owner: a
second app started beside the first takes slot 2 and its own journals
(``session-2.journal``, ``draft-2.journal``) and never writes the first one's. Slot 1 keeps the
names older versions used (``session.journal``).

The same module names the temporary files the app writes beside a document while saving it
(``.fairygui-<pid>-<random><suffix>``), so the ones a killed save left behind can be told from
anything of the user's and removed (:func:`remove_leftovers`).
"""

from __future__ import annotations

import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

#: More slots than anyone runs windows; past it the app says it cannot keep its game.
MAX_SLOTS = 64
#: Temporary files of a save: ``.fairygui-<pid>-<random><suffix>``.
TEMP_PREFIX = ".fairygui-"
_TEMP_NAME = re.compile(r"\.fairygui-(\d+)-[a-z0-9_]{8}(\.[A-Za-z0-9]+)?")
#: Temporary files of the journals' atomic rewrites (``journal.write_atomic``) in the data folder.
_JOURNAL_TEMP_NAME = re.compile(r"\.(?:session|draft)[\w.-]*\.(\d+)\.tmp")
#: Older versions named them without the PID; those are removed once they are this old.
_OLD_TEMP_NAME = re.compile(r"\.fairygui-[a-z0-9_]{8}(\.[A-Za-z0-9]+)?")
_OLD_TEMP_AGE = 24 * 3600


def journal_name(base: str, number: int) -> str:
    """The file name of journal ``base`` (``session.journal``) in slot ``number``."""
    if number == 1:
        return base
    stem, dot, rest = base.partition(".")
    return f"{stem}-{number}{dot}{rest}"


def _try_lock(handle: BinaryIO) -> bool:
    try:
        if sys.platform == "win32":  # mypy reads one branch per platform
            import msvcrt

            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


@dataclass
class Slot:
    """A slot this process holds; its journals are this process's alone until :meth:`release`."""

    folder: Path
    number: int
    handle: BinaryIO | None

    def path(self, base: str) -> Path:
        return self.folder / journal_name(base, self.number)

    def release(self) -> None:
        if self.handle is not None:
            self.handle.close()  # closing drops the lock
            self.handle = None


def _lock_path(folder: Path, number: int) -> Path:
    return folder / f"instance-{number}.lock"


def take_slot(folder: Path, number: int) -> Slot | None:
    """Slot ``number`` if no running process holds it, else None."""
    folder.mkdir(parents=True, exist_ok=True)
    handle = open(_lock_path(folder, number), "a+b")  # noqa: SIM115 (held open while the slot is ours)
    if not _try_lock(handle):
        handle.close()
        return None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n".encode("ascii"))
    handle.flush()
    return Slot(folder, number, handle)


def claim_slot(folder: Path) -> Slot:
    """The first slot no running process holds; OSError if the folder cannot hold locks or every
    slot is taken."""
    for number in range(1, MAX_SLOTS + 1):
        slot = take_slot(folder, number)
        if slot is not None:
            return slot
    raise OSError(f"{MAX_SLOTS} copies of the app already run with journals in {folder}")


def unowned_slots(folder: Path, base: str, mine: int) -> list[int]:
    """Slots other than ``mine`` whose journal ``base`` exists and whose process has gone."""
    found: list[int] = []
    for number in range(1, MAX_SLOTS + 1):
        if number == mine or not (folder / journal_name(base, number)).is_file():
            continue
        slot = take_slot(folder, number)
        if slot is not None:
            slot.release()
            found.append(number)
    return found


def process_alive(pid: int) -> bool:
    """Whether a process with this id runs (on Windows, assumed so: leftovers wait for age)."""
    if pid == os.getpid():
        return True
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it runs, as another user
    return True


def temp_prefix() -> str:
    """The start of this process's temporary file names (``tempfile.mkstemp``'s prefix)."""
    return f"{TEMP_PREFIX}{os.getpid()}-"


def remove_leftovers(folder: Path, journals: bool = False) -> list[Path]:
    """Remove the temporary files of saves whose process has gone (a kill during a save); only
    names the app makes are touched (with ``journals``, in the data folder, also the journals'
    own). The files removed."""
    removed: list[Path] = []
    try:
        names = [entry for entry in os.scandir(folder) if entry.name.startswith(TEMP_PREFIX)
                 or (journals and _JOURNAL_TEMP_NAME.fullmatch(entry.name))]
    except OSError:
        return removed
    now = time.time()
    for entry in names:
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            m = _TEMP_NAME.fullmatch(entry.name) or _JOURNAL_TEMP_NAME.fullmatch(entry.name)
            if m is not None:
                stale = not process_alive(int(m.group(1)))
            else:
                stale = (_OLD_TEMP_NAME.fullmatch(entry.name) is not None
                         and now - entry.stat(follow_symlinks=False).st_mtime > _OLD_TEMP_AGE)
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
