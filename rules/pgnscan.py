"""Listing the games of a PGN file of any size without reading it whole.

:func:`scan_games` reads a binary stream line by line (each line at most :data:`MAX_LINE_BYTES`
at a time) and gives the games one by one as :class:`ListedGame`: the byte offset and length of
the game's text, the line it starts on and the tags a list shows (:data:`rules.pgn.LIST_TAGS`).
Nothing else of a game is kept, so memory grows with the number of games only, and time with the
length of the file. A progress callback hears how many bytes have been read, and a stop callback
asked as often ends the scan with :class:`ListingCancelled`.

The games are cut exactly where :func:`rules.pgntree.read_texts` cuts them: a tag line after move
text, after a result, after a blank line that ends a tag section, or repeating a tag of its game
begins a new game; a tag line inside a ``{...}`` comment is no tag; ``%`` lines and ``;``
comments are skipped. Move text is looked at through the same tokens as the tree reader's
(``pgntree._TOKEN``), only where a token could change where a game ends; the rest of a line is
passed over with the string searches of Python's C code, which keeps a 100 MB file to seconds.
Faults that make a game unreadable (a malformed tag, an unclosed variation) do not stop the
listing: they are the chosen game's to report when it is read.

:func:`list_file` lists a file by its path into a compact :class:`PgnListing`;
:meth:`PgnListing.game_text` reads one game's bytes back (UTF-8, else Latin-1) for
:func:`rules.read_pgn`. One game's text is limited to :data:`~rules.limits.MAX_RECORD_CHARS`
bytes; the file as a whole has no limit.
"""

from __future__ import annotations

import os
import re
import stat
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from .errors import GameRecordError, RulesError, UserFileError
from .limits import MAX_RECORD_CHARS
from .pgn import LIST_TAGS, unquote_tag
from .pgntree import _TOKEN, RESULT_TOKENS

#: A longer line is looked at in pieces of this size (a token cut between two pieces may be
#: misread, which only a line of a megabyte without spaces could suffer).
MAX_LINE_BYTES = 1 << 20
#: How often (in bytes read) the progress and stop callbacks are called.
REPORT_BYTES = 1 << 20

_BOM = b"\xef\xbb\xbf"
_UTF16_MARKS = (b"\xff\xfe", b"\xfe\xff")
#: Tag lines as the tree reader reads them: a name, then everything between the first and last quote.
_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_][^\s"\]]*)\s*"(.*)"\s*\]\s*$')
_MOVE_NUMBER = re.compile(r"[0-9]+\.*|\.+")
_RESULT_BYTES = tuple(token.encode("ascii") for token in RESULT_TOKENS)
#: Before a game's text that begins in the middle of a line with "[" or "%": keeps them from
#: reading as a tag or an escape line when the game is read alone (whitespace, no line break).
_MID_LINE = "\u00a0"

Progress = Callable[[int, int], None]
StopAsked = Callable[[], bool]


class ListingCancelled(RulesError):
    """The listing was stopped on request; ``games`` were found in the ``read`` bytes."""

    def __init__(self, games: int, read: int) -> None:
        self.games = games
        self.read = read
        super().__init__(f"listing stopped after {games:,} games ({read:,} bytes read)")


@dataclass(frozen=True, slots=True)
class ListedGame:
    """One game of a file: where its text lies and the tags a list shows."""

    index: int
    offset: int
    length: int
    first_line: int
    #: The values of :data:`rules.pgn.LIST_TAGS`, in that order ("" for a missing tag).
    tags: tuple[str, ...]

    def tag(self, name: str) -> str:
        return self.tags[LIST_TAGS.index(name)] if name in LIST_TAGS else ""


class _Scanner:
    """The state of the tree reader that decides where games begin, and nothing more."""

    def __init__(self, values: dict[str, str]) -> None:
        self.values = values  # one copy of each tag value seen (players and events repeat)
        self.found: list[ListedGame] = []
        self.count = 0
        self.start = -1  # byte offset of the game being read, -1 before the first
        self.start_line = 0
        self.tags: list[str] = []
        self.names: set[str] = set()
        self.ended = False
        self.has_moves = False
        self.depth = 0
        self.in_comment = False
        # Since the game's last tag line: whether only blank lines came, and how many.
        self.tagged = False
        self.only_blank = True
        self.blank_lines = 0

    def begin(self, offset: int, line: int) -> None:
        """A token at ``offset`` begins a new game (if the one before has ended)."""
        if self.start >= 0:
            self.found.append(ListedGame(self.count, self.start, offset - self.start, self.start_line,
                                         tuple(self.tags)))
            self.count += 1
        self.start, self.start_line = offset, line
        self.tags = [""] * len(LIST_TAGS)
        self.names = set()
        self.ended = self.has_moves = False
        self.depth = 0
        self.tagged = False

    def need_game(self, offset: int, line: int) -> None:
        if self.start < 0 or self.ended:
            self.begin(offset, line)

    def tag_line(self, raw: bytes, offset: int, line: int) -> None:
        text = _decode(raw).strip()
        m = _TAG_LINE.match(text)
        name = m.group(1) if m else None
        if self.start >= 0 and not self.ended:
            blank_before = self.tagged and self.only_blank and self.blank_lines > 0
            if self.has_moves or name in self.names or blank_before or self.depth:
                self.ended = True
        self.need_game(offset, line)
        if m and name is not None:
            self.names.add(name)
            if name in LIST_TAGS:
                value = unquote_tag(m.group(2))
                self.tags[LIST_TAGS.index(name)] = self.values.setdefault(value, value)
        self.tagged, self.only_blank, self.blank_lines = True, True, 0

    def move_text(self, raw: bytes, offset: int, line: int, pos: int = 0) -> None:
        """The tokens of a line of move text from byte ``pos`` (not inside a comment)."""
        if self.has_moves and not self.ended and not self.depth and _nothing_ends_here(raw, pos):
            return
        while self.has_moves and not self.ended and not self.depth:
            # A game under way ends only at a result or a tag: pass over its moves and comments.
            brace = raw.find(b"{", pos)
            end = brace if brace >= 0 else len(raw)
            semi = raw.find(b";", pos, end)
            if semi >= 0:
                end, brace = semi, -1
            if b"(" in raw[pos:end] or any(r in raw[pos:end] for r in _RESULT_BYTES):
                break
            if brace < 0:
                return
            close = raw.find(b"}", brace + 1)
            if close < 0:
                self.in_comment = True
                return
            pos = close + 1
        self._tokens(raw, offset, line, pos)

    def _tokens(self, raw: bytes, offset: int, line: int, pos: int) -> None:
        text, utf8 = _decode_marked(raw)
        wide = utf8 and len(text) != len(raw)  # characters of more than one byte
        start = len(raw[:pos].decode("utf-8")) if wide and pos else pos
        for m in _TOKEN.finditer(text, start):
            kind, token = m.lastgroup, m.group()
            if kind == "close":
                self.depth = max(0, self.depth - 1)
                continue
            if kind not in ("word", "comment", "open", "nag", "line_comment"):
                continue  # "tag" and "escape" match only at a line's start, which the caller looked at
            if kind == "word" and (_MOVE_NUMBER.fullmatch(token) or token == "e.p."):
                continue
            if self.start < 0 or self.ended:
                at = offset + (len(text[:m.start()].encode("utf-8")) if wide else m.start())
                self.begin(at, line)
            if kind == "word":
                if token in RESULT_TOKENS and not self.depth:
                    self.ended = True
                else:
                    self.has_moves = True
            elif kind == "comment" and (len(token) < 2 or not token.endswith("}")):
                self.in_comment = True  # it goes on over the next lines
            elif kind == "open":
                self.depth += 1
            # "tag" and "escape" match only at a line's start, which the caller has looked at.

    def finish(self, end: int) -> None:
        if self.start >= 0:
            self.begin(end, 0)
            self.start = -1


def _nothing_ends_here(raw: bytes, pos: int) -> bool:
    """Whether the line from ``pos`` surely holds no result, variation or line comment and
    leaves no comment open: moves and closed comments only (most lines of most files)."""
    if b"(" in raw or b";" in raw or any(r in raw for r in _RESULT_BYTES):
        return False
    brace = raw.rfind(b"{", pos)
    # The comment holding the last "{" closes at a "}" after it, and none opens after that.
    return brace < 0 or raw.rfind(b"}", pos) > brace


def _decode(raw: bytes) -> str:
    return _decode_marked(raw)[0]


def _decode_marked(raw: bytes) -> tuple[str, bool]:
    """The text of a line, and whether it was UTF-8 (else Latin-1, which every byte is)."""
    try:
        return raw.decode("utf-8"), True
    except UnicodeDecodeError:
        return raw.decode("latin-1"), False


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
    scanner = _Scanner({})
    offset = 0
    line_number = 0
    next_report = REPORT_BYTES
    mid_line = ""  # the kind of line a piece of a long line continues: "", "tag", "skip", "text"
    readline = stream.readline
    while True:
        raw = readline(MAX_LINE_BYTES)
        if not raw:
            break
        here = offset
        offset += len(raw)
        if not mid_line:
            line_number += 1
        if here == 0:
            if raw.startswith(_UTF16_MARKS):
                raise UserFileError(name, "is UTF-16 text; a game record must be saved as UTF-8 or Latin-1")
            while raw.startswith(_BOM):  # the tree reader drops every mark at the start
                raw, here = raw[3:], here + 3
        if b"\x00" in raw:
            raise UserFileError(name, f"holds binary data (zero bytes) on line {line_number:,}, not a game record")
        whole = raw.endswith(b"\n")
        body = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1] if whole else raw
        continued, mid_line = mid_line, "" if whole else mid_line
        if continued == "tag" or continued == "skip":
            mid_line = "" if whole else continued
        elif scanner.in_comment:
            scanner.only_blank = scanner.only_blank and not body.strip(b" \t\r")
            close = body.find(b"}")
            if close >= 0:
                scanner.in_comment = False
                scanner.move_text(body, here, line_number, close + 1)
            mid_line = "" if whole else "text"
        elif not continued and body.lstrip(b" \t").startswith(b"["):
            scanner.tag_line(body, here, line_number)
            mid_line = "" if whole else "tag"
        elif not continued and body.startswith(b"%"):
            scanner.only_blank = False
            mid_line = "" if whole else "skip"
        else:
            if body.strip(b" \t\r"):
                scanner.only_blank = False
                scanner.move_text(body, here, line_number)
            elif not continued:
                scanner.blank_lines += 1
            mid_line = "" if whole else "text"
        if scanner.found:
            yield from scanner.found
            scanner.found.clear()
        if offset >= next_report:
            next_report = offset + REPORT_BYTES
            if progress is not None:
                progress(offset, max(total, offset))
            if stop is not None and stop():
                raise ListingCancelled(scanner.count, offset)
    scanner.finish(offset)
    yield from scanner.found
    if progress is not None:
        progress(offset, max(total, offset))


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
