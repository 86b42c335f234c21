"""The one safe file reader: game records, setup files, position texts and variant files.

The file's reported size is not trusted (``/dev/zero`` and ``/proc`` files report 0) and
opening never waits (a FIFO would block until a writer came): the file is opened without
blocking, must be a regular file, and is read by bytes up to a named limit
(:data:`~rules.limits.MAX_FILE_BYTES` for the user's files,
:data:`~rules.limits.MAX_VARIANT_FILE_BYTES` for variant files). :func:`read_bytes` is that
reader; it raises :class:`UnreadableFile` saying what kind of fault stopped it, and each
kind of file words the fault for its own readers (:func:`read_user_file` here, the variant
catalogue in :mod:`rules.catalogue`).
"""

from __future__ import annotations

import enum
import os
import re
import stat

from .errors import UserFileError
from .limits import MAX_FILE_BYTES

_CHUNK = 64 * 1024
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


class Fault(enum.Enum):
    """Why a file could not be read."""

    SYSTEM = "system"  # the system refused to open or read it (``UnreadableFile.error`` says why)
    FOLDER = "folder"
    NOT_REGULAR = "not-regular"  # a device, pipe or socket
    TOO_LARGE = "too-large"


class UnreadableFile(Exception):
    """A file :func:`read_bytes` could not read: the fault, and the system's error if it gave one."""

    def __init__(self, path: str, fault: Fault, error: OSError | None = None) -> None:
        self.path = path
        self.fault = fault
        self.error = error
        super().__init__(f"{path}: {fault.value}")


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; UnreadableFile otherwise."""
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise UnreadableFile(name, Fault.SYSTEM, exc) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile(name, Fault.FOLDER)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(name, Fault.NOT_REGULAR)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UnreadableFile(name, Fault.TOO_LARGE)
    except OSError as exc:
        raise UnreadableFile(name, Fault.SYSTEM, exc) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def read_user_file(path: str | os.PathLike[str], what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes, decoded by :func:`decode_text`
    (UTF-8, else Latin-1)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
    name = str(path)
    try:
        data = read_bytes(name, limit)
    except UnreadableFile as exc:
        raise UserFileError(name, _user_reason(exc, what, limit)) from None
    return decode_text(data, name, what)


def size_in_words(count: int) -> str:
    """A number of bytes as people say it: ``8 MiB``, ``512 KiB``, ``1,000 bytes``."""
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size and count % size == 0:
            return f"{count // size:,} {unit}"
    if count >= 1 << 20:
        return f"{count / (1 << 20):,.1f} MiB"
    return f"{count:,} bytes"


def _user_reason(exc: UnreadableFile, what: str, limit: int) -> str:
    if exc.fault is Fault.FOLDER:
        return f"is a folder, not a {what}"
    if exc.fault is Fault.NOT_REGULAR:
        return f"is not a regular file (a device, pipe or socket), so it cannot be a {what}"
    if exc.fault is Fault.TOO_LARGE:
        return f"is larger than {size_in_words(limit)}, the largest {what} read here"
    error = exc.error
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, PermissionError):
        return "permission denied"
    return (error.strerror or str(error)) if error is not None else "cannot be read"


def decode_text(data: bytes, name: str, what: str = "file") -> str:
    """The text of a file's bytes: UTF-8 (a byte order mark allowed); bytes that are not UTF-8
    are Latin-1, the PGN standard's own encoding, with Windows-1252's extra letters (``€``,
    ``Œ``, curly quotes) in the range Latin-1 leaves to control codes. UserFileError for
    UTF-16 or binary content."""
    if data.startswith(_UTF16_MARKS):
        raise UserFileError(name, f"is UTF-16 text; a {what} must be saved as UTF-8 or Latin-1")
    if b"\x00" in data:
        raise UserFileError(name, f"holds binary data (zero bytes), not the UTF-8 or Latin-1 text of a {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    # The five bytes Windows-1252 leaves undefined keep their Latin-1 meaning.
    text = data.decode("cp1252", errors="surrogateescape")
    return _UNDEFINED_IN_CP1252.sub(lambda m: chr(ord(m.group()) - 0xDC00), text)


_UNDEFINED_IN_CP1252 = re.compile("[\udc80-\udcff]")
