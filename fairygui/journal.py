"""A write-ahead journal: one file of entries, each appended and flushed to the disk
(``os.fsync``) before :meth:`Journal.append` returns, so whatever the app shows has been
written when the next user input is taken, even if the process is killed right after.

Each entry is a JSON object on a line of its own, preceded by the CRC-32 of its text::

    3f2a91c0 {"kind": "session", ...}

The text is pure ASCII (a line break inside a value is escaped), so a line is one entry.
Reading keeps every whole line whose checksum and JSON are sound and reports the rest: a
line cut short by a crash, random bytes, an unreadable file. The newest sound entry is the
state to restore; the older ones are a fall-back when the newest cannot be used.

The file grows by one entry per change; once it passes :data:`COMPACT_BYTES` it is replaced
atomically (temporary file, ``fsync``, ``os.replace``) by a file holding only the newest
entry, so it stays small. Nothing here knows about Qt or games.
"""

from __future__ import annotations

import json
import os
import stat
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

#: Past this size the journal is rewritten with its newest entry alone.
COMPACT_BYTES = 512 * 1024
#: A journal is never read past this many bytes (a game record is far smaller).
MAX_READ_BYTES = 32 * 1024 * 1024


class JournalError(OSError):
    """The journal cannot be written (disk full, folder not writable); the message says where."""


@dataclass
class Recovered:
    """What reading a journal found: its sound entries, oldest first, and what it left out."""

    entries: list[dict[str, Any]] = field(default_factory=list)
    #: Lines left out (cut short, not JSON, wrong checksum) and a reason for the first.
    bad_lines: int = 0
    first_fault: str = ""
    #: The file could not be read at all (the reason), or ``""``.
    unreadable: str = ""

    @property
    def damaged(self) -> bool:
        return bool(self.bad_lines or self.unreadable)

    def summary(self) -> str:
        if self.unreadable:
            return self.unreadable
        if self.bad_lines:
            s = "" if self.bad_lines == 1 else "s"
            return f"{self.bad_lines} line{s} left out ({self.first_fault})"
        return ""


def encode(entry: dict[str, Any]) -> bytes:
    payload = json.dumps(entry, ensure_ascii=True, sort_keys=True, separators=(",", ":"))
    data = payload.encode("ascii")
    return b"%08x %s\n" % (zlib.crc32(data), data)


def decode(line: bytes) -> dict[str, Any]:
    """One entry from one line (without its line break); ValueError names the fault."""
    head, space, data = line.partition(b" ")
    if not space or len(head) != 8:
        raise ValueError("no checksum at the start of the line")
    try:
        crc = int(head, 16)
    except ValueError:
        raise ValueError("no checksum at the start of the line") from None
    if zlib.crc32(data) != crc:
        raise ValueError("checksum does not match (the line is damaged)")
    try:
        entry = json.loads(data.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        raise ValueError("not an entry the app wrote") from None
    if not isinstance(entry, dict):
        raise ValueError("not an entry the app wrote")
    return entry


def read_bytes(path: Path, limit: int = MAX_READ_BYTES) -> bytes:
    """At most ``limit`` bytes of a regular file (OSError otherwise), read by bytes: the size
    the file claims is not trusted."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise OSError(f"{path} is not a regular file")
    chunks: list[bytes] = []
    total = 0
    with open(path, "rb") as handle:
        while total < limit:
            chunk = handle.read(min(1 << 20, limit - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    return b"".join(chunks)


def read_journal(path: Path) -> Recovered:
    """Every sound entry of the journal at ``path``; a missing file has none. Never raises."""
    found = Recovered()
    try:
        data = read_bytes(path)
    except FileNotFoundError:
        return found
    except OSError as exc:
        found.unreadable = f"cannot read {path.name}: {exc.strerror or exc}"
        return found
    lines = data.split(b"\n")
    # The piece after the last line break is a line the writer did not finish.
    whole, tail = lines[:-1], lines[-1]
    for line in whole:
        if not line.strip():
            continue
        try:
            found.entries.append(decode(line))
        except ValueError as exc:
            found.bad_lines += 1
            found.first_fault = found.first_fault or str(exc)
    if tail.strip():
        found.bad_lines += 1
        found.first_fault = found.first_fault or "the last line was cut short"
    return found


def keep_aside(path: Path) -> Path | None:
    """Keep a journal that could not be used as ``<name>.broken-<time>`` beside it, so no new
    game writes over it; the name it is kept under, or None when there was no such file.

    A regular file is copied (durably) and stays where it is until the new session replaces it
    atomically, so a crash in between still finds a journal at the usual place; anything else
    (a folder where the journal belongs) is renamed."""
    if not os.path.lexists(path):
        return None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    number = 1
    while os.path.lexists(target):
        number += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{number}")
    try:
        data = read_bytes(path, limit=MAX_READ_BYTES + 1)
    except OSError:
        data = None
    if data is not None and len(data) <= MAX_READ_BYTES:
        write_atomic(target, data)
    else:
        os.replace(path, target)
        _sync_folder(path.parent)
    return target


def _sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); where folders cannot be opened, the
    rename is as durable as the system makes it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` all at once: written beside it, synced, then renamed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


class Journal:
    """Appends entries to one file, each durable before :meth:`append` returns."""

    def __init__(self, path: Path, compact_bytes: int = COMPACT_BYTES) -> None:
        self.path = path
        self.compact_bytes = compact_bytes
        self._handle: BinaryIO | None = None
        self._last: bytes | None = None

    def start(self, entry: dict[str, Any]) -> None:
        """Begin the journal afresh with ``entry`` alone (replacing any old file atomically)."""
        self.close()
        line = encode(entry)
        try:
            write_atomic(self.path, line)
        except OSError as exc:
            raise JournalError(f"cannot write {self.path}: {exc.strerror or exc}") from exc
        self._last = line

    def append(self, entry: dict[str, Any]) -> bool:
        """Add ``entry`` (durably); an entry equal to the last one is not written again.
        Whether it was written; JournalError when the disk refuses."""
        line = encode(entry)
        if line == self._last:
            return False
        try:
            if self._handle is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._handle = open(self.path, "ab")
            if self._handle.tell() + len(line) > self.compact_bytes:
                self.start(entry)
                return True
            self._handle.write(line)
            self._handle.flush()
            os.fsync(self._handle.fileno())
        except OSError as exc:
            self.close()
            raise JournalError(f"cannot write {self.path}: {exc.strerror or exc}") from exc
        self._last = line
        return True

    def close(self) -> None:
        if self._handle is not None:
            try:
                self._handle.close()
            except OSError:
                pass
            self._handle = None
