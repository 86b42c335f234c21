"""Where the games of a PGN file's bytes begin and end, and the tags a list of them shows.

:class:`GameCutter` is fed a file's bytes in blocks of whole lines (a line too long for one
block comes in pieces, cut after a space or tab where the piece has one, so that no token shorter
than a piece is cut) and finds the games exactly where :func:`rules.pgntree.read_texts` finds
them: a tag line after move text, after a result, after a blank line that ends a tag section, or
repeating a tag of its game begins a new game; a tag line inside a ``{...}`` comment is no tag;
``%`` lines and ``;`` comments are skipped.

Most of a file is the move text of a game under way, which nothing but a result, a variation, a
tag or ``%`` line, a ``;`` comment or a comment running over lines can end or change. One byte
pattern (:data:`_QUIET_LINES`) passes over every line of such text in one call of the regular
expression engine, whole comments and flat one-line variations included, and stops at the first
line that holds anything else. Tag lines of the usual shape (``[Name "value"]``) are read by one
byte pattern each, and only the values of :data:`rules.pgn.LIST_TAGS` are decoded. Everything
else (other tag shapes, comments over lines, nested variations, a result glued to a word, move
text outside a game) goes through the tree reader's own tokens (``pgntree.MOVE_TEXT_TOKEN``) line by line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .pgn import LIST_TAGS, unquote_tag
from .pgntree import MOVE_TEXT_TOKEN, RESULT_TOKENS

#: Tag lines as the tree reader reads them: a name, then everything between the first and last quote.
_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_][^\s"\]]*)\s*"(.*)"\s*\]\s*$')
#: The usual shape of a tag line, in bytes. Whatever it matches, _TAG_LINE reads the same name and
#: value from (the name is plain ASCII, and nothing but spaces, tabs and "]" follows the last quote).
_PLAIN_TAG = rb'[ \t]*\[[ \t]*([A-Za-z0-9_]+)[ \t]*"([^\n]*)"[ \t]*\][ \t\r]*\n'
_PLAIN_TAG_LINE = re.compile(_PLAIN_TAG)
#: Tag lines of the usual shape, each from a line's start; where a run of tag lines ends.
_PLAIN_TAG_LINES = re.compile(rb"(?m)^" + _PLAIN_TAG)
_AFTER_TAG_LINES = re.compile(rb"\n(?![ \t]*\[)")
_MOVE_NUMBER = re.compile(r"[0-9]+\.*|\.+")
_LETTER_GROUP = re.compile(rb"\{[A-Z]{2,}\}")
_RESULT_BYTES = tuple(token.encode("ascii") for token in RESULT_TOKENS)
#: What a line of a game under way may hold without changing where the game ends: any byte but
#: "{", "(", ";", "*", "/", "-" and the line end; "/" and "-" where no result can hold them (all
#: results but "*" have "1-", "0-" or "1/2" in them); comments closed on the line; variations
#: closed on the line with nothing nested (a result inside a variation ends nothing).
_QUIET_TEXT = (
    rb"(?:[^{(;*/\n-]++|(?<![01])[/-]|[/-](?![012])|\{[^}\n]*+\}"
    rb"|\((?:[^(){};\n]++|\{[^}\n]*+\})*+\))*+"
)
_QUIET_PREFIX = re.compile(_QUIET_TEXT)
#: Whole lines of quiet move text (a tag or "%" line is never quiet).
_QUIET_LINES = re.compile(rb"(?:(?![ \t]*\[|%)" + _QUIET_TEXT + rb"\n)*+")
#: A result standing alone (what follows it: a space, the line end or the end of the file).
_RESULT_HERE = re.compile(rb"(?:1-0|0-1|1/2-1/2|\*)(?=[ \t\r\n]|\Z)")
_REST_BLANK = re.compile(rb"[ \t\r]*(?:\n|\Z)")
_BLANK_LINE = re.compile(rb"[ \t\r]*\n")
_TAG_OR_ESCAPE = re.compile(rb"[ \t]*\[|%")
#: A line of move text that surely holds a move: an optional move number, then a word beginning
#: with a letter that is not "e.p." (no result begins with a letter).
_FIRST_MOVE = re.compile(rb"[ \t]*(?:[0-9]+\.+[ \t]*)?(?:[A-Za-df-z]|e(?!\.))")
_SPACES = b" \t\r"
_DASH_SLASH = b"-/"
_TAG_FIRST_BYTES = b"[ \t"
_LIST_INDEX = {name.encode("ascii"): index for index, name in enumerate(LIST_TAGS)}


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


class GameCutter:
    """The state of the tree reader that decides where games begin, and nothing more.

    Call :meth:`feed` with each block of the file in order, take the games from ``found``, and
    call :meth:`finish` at the end."""

    def __init__(self) -> None:
        self.values: dict[bytes, str] = {}  # one copy of each tag value seen (players and events repeat)
        self.found: list[ListedGame] = []
        self.count = 0
        self.start = -1  # byte offset of the game being read, -1 before the first
        self.start_line = 0
        self.tags: list[str] = []
        #: The names of the game's tags, as bytes (the tree reader's names, encoded as their line was).
        self.names: set[bytes] = set()
        self.ended = False
        self.has_moves = False
        self.depth = 0
        self.in_comment = False
        # Since the game's last tag line: whether only blank lines came, and how many.
        self.tagged = False
        self.only_blank = True
        self.blank_lines = 0
        #: The kind of line the next block's first bytes continue: "" (a new line), "tag",
        #: "skip" (a "%" line or a ";" comment) or "text".
        self.mid_line = ""
        # The block being read, its offset in the file, and the line number at ``counted`` in it.
        self.buf = b""
        self.base = 0
        self.counted = 0
        self.line = 1
        #: Where a run of lines beginning with "[" that are not all plain tag lines ends.
        self.run_end = 0

    # -- feeding ---------------------------------------------------------------------------

    def feed(self, buf: bytes, base: int, pos: int = 0, final: bool = False) -> None:
        """Read ``buf``, the file's bytes from offset ``base``, from ``pos`` on. It ends with a
        line end unless it is a piece of a long line or (``final``) the end of the file."""
        self.line += self.buf.count(b"\n", self.counted)
        self.buf, self.base, self.counted = buf, base, 0
        self.run_end = 0
        end = len(buf)
        while pos < end:
            if self.mid_line or self.in_comment:
                pos = self._line_by_tokens(pos)
            elif self.has_moves and not self.ended and not self.depth:
                match = _QUIET_LINES.match(buf, pos)
                assert match is not None  # it matches the empty text
                pos = match.end()
                if pos < end:
                    pos = self._busy_line(pos, final)
            else:
                pos = self._line_outside_moves(pos, final)

    def line_at(self, pos: int) -> int:
        """The line number of byte ``pos`` of the block (counted forward only: linear)."""
        if pos > self.counted:
            self.line += self.buf.count(b"\n", self.counted, pos)
            self.counted = pos
        return self.line

    def finish(self, end: int) -> None:
        if self.start >= 0:
            self.begin(end, 0)
            self.start = -1

    # -- the fast paths --------------------------------------------------------------------

    def _busy_line(self, pos: int, final: bool) -> int:
        """A line of a game under way that is not quiet: most often the one its result ends."""
        buf = self.buf
        newline = buf.find(b"\n", pos)
        if newline < 0 and not final:
            return self._line_by_tokens(pos)  # a piece of a long line
        if _TAG_OR_ESCAPE.match(buf, pos):
            return self._line_outside_moves(pos, final)
        prefix = _QUIET_PREFIX.match(buf, pos)
        stop = prefix.end() if prefix is not None else pos
        if pos < stop < len(buf) and buf[stop] in _DASH_SLASH:  # the "-" of "1-0" or "0-1", the "/" of "1/2-1/2"
            stop -= 1
        result = _RESULT_HERE.match(buf, stop)
        if result is None or (stop > pos and buf[stop - 1] not in _SPACES):
            return self._line_by_tokens(pos)
        self.ended = True
        after = result.end()
        line_end = newline + 1 if newline >= 0 else len(buf)
        if not _REST_BLANK.match(buf, after):  # more after the result: the next game may begin here
            body = _body(buf[pos:line_end])
            self._tokens(body, self.base + pos, self.line_at(pos), after - pos)
        return line_end

    def _line_outside_moves(self, pos: int, final: bool) -> int:
        """A line between games, in a tag section or inside a variation."""
        buf = self.buf
        if buf[pos] in _TAG_FIRST_BYTES:
            if pos >= self.run_end:  # a run of lines that may be tag lines begins: all plain?
                after = _AFTER_TAG_LINES.search(buf, pos)
                end = buf.rfind(b"\n", pos, after.start() + 1 if after is not None else len(buf)) + 1
                if end > pos:
                    pairs = _PLAIN_TAG_LINES.findall(buf, pos, end)
                    if len(pairs) == buf.count(b"\n", pos, end):  # every line from pos to end
                        self._tag_lines(pairs, pos, end)
                        return end
                self.run_end = end  # not all: its lines one by one (searching the run once)
            tag = _PLAIN_TAG_LINE.match(buf, pos)
            if tag is not None:
                self._tag(tag.group(1), tag.group(2), pos)
                return tag.end()
        blank = _BLANK_LINE.match(buf, pos)
        if blank is not None:
            self.blank_lines += 1
            return blank.end()
        if buf.startswith(b"%", pos) and (final or buf.find(b"\n", pos) >= 0):
            self.only_blank = False
            newline = buf.find(b"\n", pos)
            return newline + 1 if newline >= 0 else len(buf)
        in_tag_section = self.start >= 0 and not self.ended and not self.has_moves and not self.depth
        if in_tag_section and _FIRST_MOVE.match(buf, pos):
            # The game's first move: from here on the line is move text of a game under way.
            self.has_moves = True
            self.only_blank = False
            return pos
        return self._line_by_tokens(pos)

    def _tag_lines(self, pairs: list[tuple[bytes, bytes]], pos: int, end: int) -> None:
        """Tag lines of the usual shape from ``pos`` to ``end``, their names and values."""
        self._tag(*pairs[0], pos)
        rest = dict(pairs[1:])
        if len(rest) < len(pairs) - 1 or not self.names.isdisjoint(rest):
            # A tag repeated: a new game begins at it.
            for line in _PLAIN_TAG_LINE.finditer(self.buf, pos, end):
                if line.start() > pos:
                    self._tag(line.group(1), line.group(2), line.start())
            return
        self.names.update(rest)
        for name, index in _LIST_INDEX.items():
            raw_value = rest.get(name)
            if raw_value is not None:
                self.tags[index] = self._value(raw_value)

    def _value(self, raw: bytes) -> str:
        """A tag's value from its bytes between the quotes (one copy of each value)."""
        value = self.values.get(raw)
        if value is None:
            text = _decode(raw)
            value = self.values[raw] = unquote_tag(text) if "\\" in text else text
        return value

    def _tag(self, name: bytes | None, raw_value: bytes, pos: int) -> None:
        """A tag line at ``pos`` (``name`` None: a line beginning with "[" that is no tag)."""
        if self.start >= 0 and not self.ended:
            blank_before = self.tagged and self.only_blank and self.blank_lines > 0
            if self.has_moves or name in self.names or blank_before or self.depth:
                self.ended = True
        if self.start < 0 or self.ended:
            self.begin(self.base + pos, self.line_at(pos))
        if name is not None:
            self.names.add(name)
            index = _LIST_INDEX.get(name)
            if index is not None:
                self.tags[index] = self._value(raw_value)
        self.tagged, self.only_blank, self.blank_lines = True, True, 0

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

    # -- token by token --------------------------------------------------------------------

    def _line_by_tokens(self, pos: int) -> int:
        """One line (or the piece of one the block holds) read through the tree reader's tokens."""
        buf = self.buf
        newline = buf.find(b"\n", pos)
        whole = newline >= 0
        end = newline + 1 if whole else len(buf)
        body = _body(buf[pos:end])
        here = self.base + pos
        line = self.line_at(pos)
        continued = self.mid_line
        ends_in = continued
        if continued in ("tag", "skip"):
            pass
        elif self.in_comment:
            self.only_blank = self.only_blank and not body.strip(_SPACES)
            close = body.find(b"}")
            ends_in = "text"
            if close >= 0:
                self.in_comment = False
                ends_in = self._move_text(body, here, line, close + 1)
        elif not continued and body.lstrip(b" \t").startswith(b"["):
            text, utf8 = _decode_marked(body)
            match = _TAG_LINE.match(text.strip())
            if match is None:
                self._tag(None, b"", pos)
            else:
                encoding = "utf-8" if utf8 else "latin-1"
                self._tag(match.group(1).encode(encoding), match.group(2).encode(encoding), pos)
            ends_in = "tag"
        elif not continued and body.startswith(b"%"):
            self.only_blank = False
            ends_in = "skip"
        else:
            ends_in = "text"
            if body.strip(_SPACES):
                self.only_blank = False
                ends_in = self._move_text(body, here, line, mid_line=bool(continued))
            elif not continued:
                self.blank_lines += 1
        self.mid_line = "" if whole else ends_in
        return end

    def _move_text(self, raw: bytes, offset: int, line: int, pos: int = 0, mid_line: bool = False) -> str:
        """The tokens of a line of move text from byte ``pos`` (not inside a comment; ``mid_line``:
        ``raw`` goes on a line begun in the block before); "skip" if the text ends inside a ";"
        comment, else "text"."""
        if self.has_moves and not self.ended and not self.depth and _nothing_ends_here(raw, pos):
            return "text"
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
                return "skip" if semi >= 0 else "text"
            close = raw.find(b"}", brace + 1)
            if close < 0:
                self.in_comment = True
                return "text"
            if _LETTER_GROUP.fullmatch(raw, brace, close + 1):
                break  # a piece letter ({GR}e4) may be glued to a word: the token ends elsewhere
            pos = close + 1
        return self._tokens(raw, offset, line, pos, mid_line)

    def _tokens(self, raw: bytes, offset: int, line: int, pos: int, mid_line: bool = False) -> str:
        text, utf8 = _decode_marked(raw)
        wide = utf8 and len(text) != len(raw)  # characters of more than one byte
        start = len(raw[:pos].decode("utf-8")) if wide and pos else pos
        if mid_line:
            # Not at a line's start, "[" and "%" begin no tag or escape line: a "\r" before
            # the text (whitespace to the tokens) keeps "^" from matching at its start.
            text, start = "\r" + text, start + 1
        shift = 1 if mid_line else 0
        # Where a game may begin, in bytes: counted on from the last such place (linear in the line).
        char_at, byte_at = shift, 0
        ends_in = "text"
        for m in MOVE_TEXT_TOKEN.finditer(text, start):
            kind, token = m.lastgroup, m.group()
            if kind == "close":
                self.depth = max(0, self.depth - 1)
                continue
            if kind not in ("word", "comment", "open", "nag", "line_comment"):
                continue  # "tag" and "escape" match only at a line's start, which the caller looked at
            if kind == "word" and (_MOVE_NUMBER.fullmatch(token) or token == "e.p."):
                continue
            if self.start < 0 or self.ended:
                if wide:
                    byte_at += len(text[char_at:m.start()].encode("utf-8"))
                    char_at = m.start()
                else:
                    byte_at = m.start() - shift
                self.begin(offset + byte_at, line)
            if kind == "word":
                if token in RESULT_TOKENS and not self.depth:
                    self.ended = True
                else:
                    self.has_moves = True
            elif kind == "comment" and (len(token) < 2 or not token.endswith("}")):
                self.in_comment = True  # it goes on over the next lines
            elif kind == "open":
                self.depth += 1
            elif kind == "line_comment":
                ends_in = "skip"  # the rest of the line, also in the next piece of a long one
        return ends_in


def _nothing_ends_here(raw: bytes, pos: int) -> bool:
    """Whether the line from ``pos`` surely holds no result, variation or line comment and
    leaves no comment open: moves and closed comments only (most lines of most files)."""
    if b"(" in raw or b";" in raw or any(r in raw for r in _RESULT_BYTES):
        return False
    brace = raw.rfind(b"{", pos)
    # The comment holding the last "{" closes at a "}" after it, and none opens after that.
    return brace < 0 or raw.rfind(b"}", pos) > brace


def _body(raw: bytes) -> bytes:
    """A line without its line end."""
    if raw.endswith(b"\r\n"):
        return raw[:-2]
    return raw[:-1] if raw.endswith(b"\n") else raw


def _decode(raw: bytes) -> str:
    return _decode_marked(raw)[0]


def _decode_marked(raw: bytes) -> tuple[str, bool]:
    """The text of a line, and whether it was UTF-8 (else Latin-1, which every byte is)."""
    try:
        return raw.decode("utf-8"), True
    except UnicodeDecodeError:
        return raw.decode("latin-1"), False
