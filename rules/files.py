"""Reading a file the user named, safely: game records, setup files, position texts.

The file's reported size is not trusted (``/dev/zero`` and ``/proc`` files report 0) and
opening never waits (a FIFO would block until a writer came): the file is opened without
blocking, must be a regular file, and is read by bytes up to a named limit. Every fault
is a :class:`~rules.errors.UserFileError` naming the file and what is wrong with it.
"""

from __future__ import annotations

import os
import stat

from .errors import UserFileError
from .limits import MAX_FILE_BYTES

_CHUNK = 64 * 1024
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")


def read_user_file(path: str | os.PathLike[str], what: str = "file", limit: int = MAX_FILE_BYTES) -> str:
    """The text of a regular file of at most ``limit`` bytes, decoded as UTF-8 (a BOM allowed)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a str or a path, not {type(path).__name__}")
    name = str(path)
    data = _read_bytes(name, what, limit)
    return decode_text(data, name, what)


def _read_bytes(name: str, what: str, limit: int) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except OSError as exc:
        raise UserFileError(name, _reason(exc)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UserFileError(name, f"is a folder, not a {what}")
        if not stat.S_ISREG(info.st_mode):
            raise UserFileError(name, f"is not a regular file (a device, pipe or socket), so it cannot be a {what}")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise UserFileError(
                    name, f"is larger than {limit // 1024:,} KiB (MAX_FILE_BYTES), too large for a {what}"
                )
    except OSError as exc:
        raise UserFileError(name, _reason(exc)) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def decode_text(data: bytes, name: str, what: str = "file") -> str:
    """UTF-8 text (a BOM allowed); UserFileError for UTF-16 or binary content."""
    if data.startswith(_UTF16_MARKS):
        raise UserFileError(name, f"is UTF-16 text; a {what} must be saved as UTF-8")
    if b"\x00" in data:
        raise UserFileError(name, f"holds binary data (zero bytes), not the UTF-8 text of a {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserFileError(name, f"is not UTF-8 text (bad byte at offset {exc.start})") from None


def _reason(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return exc.strerror or str(exc)

