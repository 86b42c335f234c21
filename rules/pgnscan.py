"""Listing the games of a PGN file of any size without reading it whole.

:func:`scan_games` reads a binary stream in blocks and gives the games one by one as
:class:`~rules.pgnbounds.ListedGame`: the byte offset and length of the game's text, the line it
starts on and the tags a list shows (:data:`rules.pgn.LIST_TAGS`). Nothing else of a game is
kept, so memory grows with the number of games only, and time with the length of the file. A
progress callback hears how many bytes have been read, and a stop callback asked as often ends
the scan with :class:`ListingCancelled`.

The games are cut exactly where :func:`rules.pgntree.read_texts` cuts them
(:mod:`rules.pgnbounds` says how, at the speed of the regular-expression engine for most of a
file). The cutter is given whole lines; a line longer than :data:`MAX_LINE_BYTES` is given in
pieces cut after a space or tab, so only a token longer than that could be cut.
Faults that make a game unreadable (a malformed tag, an unclosed variation) do not stop the
listing: they are the chosen game's to report when it is read.

:func:`list_file` lists a file by its path into a compact :class:`PgnListing`;
:meth:`PgnListing.game_text` reads one game's bytes back (UTF-8, else Latin-1) for
:func:`rules.read_pgn`. One game's text is limited to :data:`~rules.limits.MAX_RECORD_CHARS`
bytes; the file as a whole has no limit.
"""

from __future__ import annotations

import os
import stat
from array import array
from collections.abc import Callable, Iterator
from typing import BinaryIO

from .errors import GameRecordError, RulesError, UserFileError
from .limits import MAX_RECORD_CHARS
from .pgnbounds import GameCutter, ListedGame

#: A longer line is given to the cutter in pieces of at most this size, each cut after its last
#: space or tab (only a token longer than this, with no space in it, could be cut).
MAX_LINE_BYTES = 1 << 20
#: How often (in bytes read) the progress and stop callbacks are called.
REPORT_BYTES = 1 << 20
#: How much is read at a time (at most REPORT_BYTES; larger blocks only raise the peak memory).
READ_BYTES = 1 << 16

_BOM = b"\xef\xbb\xbf"
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
#: Before a game's text that begins in the middle of a line with "[" or "%": keeps them from
#: reading as a tag or an escape line when the game is read alone (whitespace, no line break).
_MID_LINE = "\u00a0"

Progress = Callable[[int, int], None]
StopAsked = Callable[[], bool]

__all__ = ["ListedGame", "ListingCancelled", "PgnListing", "list_file", "list_stream", "open_for_listing",
           "scan_games"]


class ListingCancelled(RulesError):
    """The listing was stopped on request; ``games`` were found in the ``read`` bytes."""

    def __init__(self, games: int, read: int) -> None:
        self.games = games
        self.read = read
        super().__init__(f"listing stopped after {games:,} games ({read:,} bytes read)")


def scan_games(
    stream: BinaryIO,
    total: int = 0,
    progress: Progress | None = None,
    stop: StopAsked | None = None,
    name: str = "the file",
) -> Iterator[ListedGame]:
    """The games of a PGN stream, one by one, in order. ``progress(read, total)`` and ``stop()``
    are called every :data:`REPORT_BYTES`; ``stop()`` returning true raises ListingCancelled.
    UserFileError if the stream holds UTF-16 or binary data."""
    cutter = GameCutter()
    block_size = max(1, min(READ_BYTES, REPORT_BYTES))
    longest = max(1, MAX_LINE_BYTES)
    carry = b""  # what was read after the last whole line (or piece) given to the cutter
    base = 0  # the offset of carry's first byte in the stream
    read = 0
    next_report = REPORT_BYTES
    reported = -1
    while True:
        block = stream.read(block_size)
        final = not block
        read += len(block)
        data = carry + block if carry else block
        cuts = _cuts(data, final, longest)
        if cuts and base == 0 and data.startswith(_UTF16_MARKS):
            raise UserFileError(name, "is UTF-16 text; a game record must be saved as UTF-8 or Latin-1")
        at = 0
        for cut in cuts:
            skip = 0
            if base + at == 0:
                while data.startswith(_BOM, skip):  # the tree reader drops every mark at the start
                    skip += 3
            piece = data[at:cut]
            zero = piece.find(b"\x00", skip)
            if zero >= 0:
                line_start = piece.rfind(b"\n", 0, zero) + 1
                cutter.feed(piece[:line_start], base + at, min(skip, line_start))
                yield from _taken(cutter)
                line = cutter.line_at(line_start)
                raise UserFileError(name, f"holds binary data (zero bytes) on line {line:,}, not a game record")
            cutter.feed(piece, base + at, skip, final and cut == len(data))
            at = cut
        yield from _taken(cutter)
        carry = data[at:]
        base += at
        if final:
            break
        if read >= next_report:
            next_report = read + REPORT_BYTES
            if progress is not None:
                progress(read, max(total, read))
                reported = read
            if stop is not None and stop():
                raise ListingCancelled(cutter.count, read)
    cutter.finish(read)
    yield from _taken(cutter)
    if progress is not None and reported != read:
        progress(read, max(total, read))


def _cuts(data: bytes, final: bool, longest: int) -> list[int]:
    """Where to cut ``data`` for the cutter: after its last whole line, then in pieces of a line
    too long to wait for its end, each up to its last space or tab (so that no token shorter
    than a piece is cut; a comment or tag cut is told to the cutter as the line going on)."""
    if final:
        return [len(data)] if data else []
    at = data.rfind(b"\n") + 1
    cuts = [at] if at else []
    while len(data) - at >= longest:
        space = max(data.rfind(b" ", at, at + longest), data.rfind(b"\t", at, at + longest))
        at = space + 1 if space >= 0 else at + longest
        cuts.append(at)
    return cuts


def _taken(cutter: GameCutter) -> list[ListedGame]:
    found = cutter.found
    cutter.found = []
    return found


class PgnListing:
    """The games of one file, kept compactly: offsets, lengths and first lines in arrays, and
    each game's listed tags. Index it for :class:`ListedGame`; :meth:`game_text` reads one back."""

    def __init__(self, path: str, size: int, modified: int) -> None:
        self.path = path
        self.size = size
        self.modified = modified
        self.offsets = array("q")
        self.lengths = array("q")
        self.lines = array("q")
        self.tags: list[tuple[str, ...]] = []

    def add(self, game: ListedGame) -> None:
        self.offsets.append(game.offset)
        self.lengths.append(game.length)
        self.lines.append(game.first_line)
        self.tags.append(game.tags)

    def __len__(self) -> int:
        return len(self.tags)

    def __getitem__(self, index: int) -> ListedGame:
        return ListedGame(index, self.offsets[index], self.lengths[index], self.lines[index], self.tags[index])

    def game_text(self, index: int) -> str:
        """The text of game ``index`` (0: the first), read from the file alone; UserFileError if
        the file cannot be read or changed since it was listed, GameRecordError if the game is
        too long to read."""
        game = self[index]
        if game.length > MAX_RECORD_CHARS:
            raise GameRecordError(
                f"game {index + 1} (from line {game.first_line:,}) is {_size_words(game.length)} long; "
                f"one game is read only up to {_size_words(MAX_RECORD_CHARS)}"
            )
        with _open_regular(self.path) as handle:
            info = os.fstat(handle.fileno())
            if (info.st_size, info.st_mtime_ns) != (self.size, self.modified):
                raise UserFileError(self.path, "has changed since its games were listed; open it again")
            before = max(game.offset - 1, 0)
            handle.seek(before)
            data = handle.read(game.length + game.offset - before)
        if len(data) != game.length + game.offset - before:
            raise UserFileError(self.path, "has changed since its games were listed; open it again")
        mid_line = game.offset > 0 and data[:1] not in (b"\n", b"\xbf")
        data = data[game.offset - before:]
        text = _decode_game(data)
        return _MID_LINE + text if mid_line and text[:1] in ("[", "%") else text


def _decode_game(data: bytes) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _size_words(size: int) -> str:
    if size >= 1 << 20:
        return f"{size / (1 << 20):,.1f} MB"
    return f"{size / 1024:,.0f} KB"


def _open_regular(path: str) -> BinaryIO:
    """The file opened for reading, never waiting (a FIFO) and only if it is a regular file."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UserFileError(path, "no such file") from None
    except PermissionError:
        raise UserFileError(path, "permission denied") from None
    except OSError as exc:
        raise UserFileError(path, exc.strerror or str(exc)) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        what = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a device, pipe or socket)"
        raise UserFileError(path, f"is {what}, so it cannot be a game record")
    return os.fdopen(fd, "rb", buffering=1 << 16)


def open_for_listing(path: str) -> tuple[BinaryIO, int, int]:
    """The file opened for :func:`scan_games`, its size and modification time; UserFileError
    (in words) if it cannot be opened, is no regular file or holds UTF-16 text. Cheap enough
    for the GUI thread: it reads two bytes."""
    handle = _open_regular(path)
    try:
        info = os.fstat(handle.fileno())
        if handle.read(2) in _UTF16_MARKS:
            raise UserFileError(path, "is UTF-16 text; a game record must be saved as UTF-8 or Latin-1")
        handle.seek(0)
    except OSError as exc:
        handle.close()
        raise UserFileError(path, exc.strerror or str(exc)) from None
    except UserFileError:
        handle.close()
        raise
    return handle, info.st_size, info.st_mtime_ns


def list_stream(handle: BinaryIO, path: str, size: int, modified: int, progress: Progress | None = None,
                stop: StopAsked | None = None) -> PgnListing:
    """Every game of a file opened by :func:`open_for_listing` (which this closes)."""
    listing = PgnListing(path, size, modified)
    with handle:
        try:
            for game in scan_games(handle, size, progress, stop, name=path):
                listing.add(game)
        except OSError as exc:
            raise UserFileError(path, exc.strerror or str(exc)) from None
    return listing


def list_file(path: str, progress: Progress | None = None, stop: StopAsked | None = None) -> PgnListing:
    """Every game of the file at ``path`` (see :func:`scan_games`)."""
    handle, size, modified = open_for_listing(path)
    return list_stream(handle, path, size, modified, progress, stop)
