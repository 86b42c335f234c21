"""PGN text as a tree: the tags, and the move text with its comments, NAGs and variations.

This module knows the text only; playing a record's moves is :mod:`rules.gamerecord`'s job.
A file is read in one pass over its text (linear in its length, whatever its comments hold)
into one :class:`RecordText` per game, the way python-chess's ``GameNode`` models a game:

* every :class:`Node` is a position; the root is the start, every other node the position
  after its ``move``; ``variations[0]`` is the main continuation, the others alternatives;
* a comment after a move belongs to that move (``comments``); a comment before the first move
  of a variation is that move's ``starting_comments``; a comment before the game's first move
  is the root's;
* NAGs (``$1``) and the annotation glyphs glued to a move (``!``, ``?``, ``!!``, ``??``,
  ``!?``, ``?!``) become the move's ``nags``; move numbers are not kept, being worked out.

Writing (:meth:`RecordText.pgn`) gives our export format: one tag a line, a blank line, the move
text wrapped before column 80, numbers before White's moves and before Black's where a comment
or a variation came between. Text already in that format is written back byte for byte; other
text comes back as the same tree.

Games are told apart the way lenient readers do: a tag line after move text, after a result, or
after a blank line that ends a tag section begins a new game, so a tag section without moves is
a game of its own. A tag whose value holds stray quotes (``[White ""Socrates Expert""]``) keeps
everything between its first and its last quote.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from .errors import GameRecordError
from .limits import excerpt
from .pgn import quote_tag, unquote_tag

RESULT_TOKENS = ("1-0", "0-1", "1/2-1/2", "*")
#: The annotation glyphs other programs glue to moves, as the NAGs they stand for.
NAG_GLYPHS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
#: Our export format's longest line of move text.
LINE_WIDTH = 79

#: A multi-letter piece letter in SAN (``{GR}e4``) is a brace group glued to its move, not a comment.
_LETTER_GROUP = r"\{[A-Z]{2,}\}"
_WORD_CHAR = r"[^\s{}();$]"
#: One token of PGN text; the streaming lister (rules.pgnbounds) cuts games with the same tokens.
MOVE_TEXT_TOKEN = re.compile(
    r"(?P<tag>(?m:^)[ \t]*\[[^\n]*)"
    r"|(?P<escape>(?m:^)%[^\n]*)"
    rf"|(?P<word>{_LETTER_GROUP}(?=[a-z@&^/x=-])(?:{_WORD_CHAR}|{_LETTER_GROUP})*"
    rf"|{_WORD_CHAR}+(?:{_LETTER_GROUP}{_WORD_CHAR}*)*)"
    r"|(?P<comment>\{[^}]*\}?)"
    r"|(?P<line_comment>;[^\n]*)"
    r"|(?P<open>\()|(?P<close>\))"
    r"|(?P<nag>\$[0-9]*)"
)
#: A tag line: a name, then a value between the first and the last quote.
_TAG_LINE = re.compile(r'\[\s*([A-Za-z0-9_][^\s"\]]*)\s*"(.*)"\s*\]\s*$')
_MOVE_NUMBER = re.compile(r"[0-9]+\.*|\.+")
_NUMBER_PREFIX = re.compile(r"[0-9]+\.+")
_GLYPH_SUFFIX = re.compile(r"[!?]{1,2}$")
#: A tag line further on: the text holds another game.
_LATER_TAG = re.compile(r"\n[ \t]*\[")


@dataclass(eq=False)
class Node:
    """A position of a game tree: the start (``move`` empty) or the position after ``move``."""

    #: The move as written (SAN or coordinate text), without annotation glyphs.
    move: str = ""
    nags: list[int] = field(default_factory=list)
    #: Comments after the move (at the root: before the first move), their text as written.
    comments: list[str] = field(default_factory=list)
    #: Comments before the move, where it begins a variation.
    starting_comments: list[str] = field(default_factory=list)
    #: What may follow: ``[0]`` is the main continuation, the rest are alternatives to it.
    variations: list[Node] = field(default_factory=list)
    parent: Node | None = field(default=None, repr=False)
    #: The line of the record the move was read from (0 for a move made since).
    line: int = 0

    def add(self, move: str, line: int = 0) -> Node:
        """A new last alternative after this position."""
        child = Node(move=move, parent=self, line=line)
        self.variations.append(child)
        return child

    def mainline(self) -> Iterator[Node]:
        """The nodes of the main continuation from here, this one excluded."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def ply(self) -> int:
        """Moves from the start to this position."""
        count, node = 0, self
        while node.parent is not None:
            count, node = count + 1, node.parent
        return count

    def is_main(self) -> bool:
        """Whether this position lies on the game's main line."""
        node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def promote(self) -> None:
        """Make this move the main continuation of its position (the old one an alternative)."""
        if self.parent is not None:
            self.parent.variations.remove(self)
            self.parent.variations.insert(0, self)

    def remove(self) -> None:
        """Delete this move and everything after it."""
        if self.parent is not None:
            self.parent.variations.remove(self)
            self.parent = None

    def same_as(self, other: Node) -> bool:
        """Whether two trees hold the same moves, comments, NAGs and variations."""
        return (
            self.move == other.move
            and self.nags == other.nags
            and self.comments == other.comments
            and self.starting_comments == other.starting_comments
            and len(self.variations) == len(other.variations)
            and all(a.same_as(b) for a, b in zip(self.variations, other.variations, strict=True))
        )


@dataclass(eq=False)
class RecordText:
    """One game of a PGN text: its tags in file order, its move tree and its result marker."""

    headers: dict[str, str] = field(default_factory=dict)
    root: Node = field(default_factory=Node)
    #: The termination marker the move text ends with ("" when it had none).
    result: str = ""
    #: The line of the text the game starts on, and the line of each tag.
    first_line: int = 1
    #: Where the game starts in the text read (in :func:`normalized` text).
    offset: int = 0
    header_lines: dict[str, int] = field(default_factory=dict)

    def same_as(self, other: RecordText) -> bool:
        """Equal as trees: tags (in order), moves, comments, NAGs, variations and result."""
        return (
            list(self.headers.items()) == list(other.headers.items())
            and self.result_marker() == other.result_marker()
            and self.root.same_as(other.root)
        )

    def result_marker(self) -> str:
        """The marker the move text ends with: as read, else the Result tag's, else ``*``."""
        if self.result:
            return self.result
        tag = self.headers.get("Result", "*")
        return tag if tag in RESULT_TOKENS else "*"

    def start_numbering(self) -> tuple[int, int]:
        """(side to move 0/1, move number) at the start, from the FEN tag where there is one."""
        fields = self.headers.get("FEN", "").split()
        turn = 1 if len(fields) > 1 and fields[1] == "b" else 0
        # Our position text may add fields after the move number (Ferries, checks given).
        written = fields[5] if len(fields) > 5 else ""
        number = int(written) if written.isascii() and written.isdigit() and 0 < int(written) < 10**6 else 1
        return turn, number

    def pgn(self) -> str:
        """The game as PGN text in our export format, with everything it holds."""
        lines = [f'[{name} "{quote_tag(value)}"]' for name, value in self.headers.items()]
        if lines:
            lines.append("")
        words = _MoveTextWriter(*self.start_numbering()).words(self.root)
        words.append(self.result_marker())
        lines.extend(_wrapped(words))
        return "\n".join(lines) + "\n"


class _MoveTextWriter:
    def __init__(self, turn: int, number: int) -> None:
        self.turn = turn
        self.number = number
        self.out: list[str] = []

    def words(self, root: Node) -> list[str]:
        self.out.extend(_comment_words(root.comments))
        self._line(root, 0, need_number=bool(root.comments))
        return self.out

    def _line(self, node: Node, ply: int, need_number: bool) -> None:
        # Written as python-chess writes it: the main move, then its alternatives, then on.
        while node.variations:
            main = node.variations[0]
            need_number = self._move(main, ply, need_number)
            for alternative in node.variations[1:]:
                first = len(self.out)
                after = self._move(alternative, ply, True)
                self._line(alternative, ply + 1, after)
                # Brackets hug their variation's first and last words, as python-chess writes them.
                self.out[first] = "(" + self.out[first]
                self.out[-1] += ")"
                need_number = True
            node, ply = main, ply + 1

    def _move(self, node: Node, ply: int, need_number: bool) -> bool:
        """Write one move; whether the next move needs its number."""
        self.out.extend(_comment_words(node.starting_comments))
        need_number = need_number or bool(node.starting_comments)
        white = (self.turn + ply) % 2 == 0
        number = self.number + (self.turn + ply) // 2
        if white:
            self.out.append(f"{number}.")
        elif need_number:
            self.out.append(f"{number}...")
        self.out.append(node.move)
        self.out.extend(f"${nag}" for nag in node.nags)
        self.out.extend(_comment_words(node.comments))
        return bool(node.comments)


def _comment_words(comments: list[str]) -> list[str]:
    # A comment holding "}" cannot be written in braces: it goes as a comment to the end of its line.
    return [f"{{{c}}}" if "}" not in c else f";{c}\n" for c in comments]


def _wrapped(words: list[str]) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in words:
        if current and len(current) + 1 + len(word) > LINE_WIDTH:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
        if current.endswith("\n"):  # a comment to the end of its line
            lines.append(current[:-1])
            current = ""
    if current:
        lines.append(current)
    return lines


class _Reader:
    """One pass over a PGN text, one RecordText per game."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.games: list[RecordText] = []
        self.counted = 0
        self.line = 1
        self.game: RecordText | None = None
        self._reset_moves()

    def _reset_moves(self) -> None:
        self.has_moves = False
        self.ended = False
        self.current: Node | None = None
        self.stack: list[tuple[Node, int]] = []
        self.fresh_variation = False
        #: Comments read between "(" and the variation's first move.
        self.pending: list[str] = []
        self.last_tag_end = -1

    def fault(self, message: str, line: int) -> GameRecordError:
        """A fault of the game being read, named by its number where the text holds several."""
        number = len(self.games) + (1 if self.game is not None and not self.ended else 0)
        if number > 1 or _LATER_TAG.search(self.text, self.counted):
            return GameRecordError(f"game {max(number, 1)}: {message}", line)
        return GameRecordError(message, line)

    def line_at(self, offset: int) -> int:
        # Counted forward only, so the whole pass stays linear.
        self.line += self.text.count("\n", self.counted, offset)
        self.counted = offset
        return self.line

    def read(self) -> list[RecordText]:
        for m in MOVE_TEXT_TOKEN.finditer(self.text):
            kind = m.lastgroup
            token = m.group()
            if kind == "tag":
                self._tag(token.strip(), m.start(), m.end())
            elif kind == "escape":
                continue
            elif kind == "word":
                self._word(token, m.start())
            elif kind == "comment":
                if not token.endswith("}") or len(token) < 2:
                    raise self.fault("a comment opened with '{' is never closed", self.line_at(m.start()))
                self._comment(token[1:-1], m.start())
            elif kind == "line_comment":
                self._comment(token[1:], m.start())
            elif kind == "open":
                self._open(m.start())
            elif kind == "close":
                self._close(m.start())
            elif kind == "nag":
                self._nag(token, m.start())
        self._finish()
        return self.games

    def _current_game(self, offset: int) -> RecordText:
        if self.game is None or self.ended:
            self._finish()
            self.game = RecordText(first_line=self.line_at(offset), offset=offset)
            self._reset_moves()
            self.current = self.game.root
        return self.game

    def _finish(self) -> None:
        if self.game is not None:
            if self.stack:
                raise self.fault("a variation opened with '(' is never closed", self.stack[-1][1])
            self.games.append(self.game)
            self.game = None

    def _tag(self, line: str, start: int, end: int) -> None:
        number = self.line_at(start)
        m = _TAG_LINE.match(line)
        if not m:
            raise self.fault(f"cannot read tag {excerpt(line)}; tags look like [Name \"value\"]", number)
        name, value = m.group(1), unquote_tag(m.group(2))
        game = self.game
        if game is not None and not self.ended:
            blank_before = self.last_tag_end >= 0 and not self.text[self.last_tag_end:start].strip(" \t\r\n") and (
                self.text.count("\n", self.last_tag_end, start) > 1
            )
            if self.has_moves or name in game.headers or blank_before or self.stack:
                if self.stack:
                    raise self.fault("a variation opened with '(' is never closed", self.stack[-1][1])
                self.ended = True
        game = self._current_game(start)
        game.headers[name] = value
        game.header_lines[name] = number
        self.last_tag_end = end

    def _word(self, token: str, offset: int) -> None:
        if token in RESULT_TOKENS and not self.stack:
            game = self._current_game(offset)
            game.result = token
            self.ended = True
            return
        if _MOVE_NUMBER.fullmatch(token) or token == "e.p.":
            return
        word = _NUMBER_PREFIX.sub("", token, count=1) if token[0].isdigit() else token
        nags: list[int] = []
        glyph = _GLYPH_SUFFIX.search(word)
        if glyph and glyph.group() in NAG_GLYPHS and len(word) > len(glyph.group()):
            nags.append(NAG_GLYPHS[glyph.group()])
            word = word[: glyph.start()]
        if not word:
            return
        self._current_game(offset)
        assert self.current is not None  # set with the game
        node = self.current.add(word, self.line_at(offset))
        node.nags.extend(nags)
        node.starting_comments.extend(self.pending)
        self.pending = []
        self.current = node
        self.has_moves = True
        self.fresh_variation = False

    def _comment(self, text: str, offset: int) -> None:
        game = self._current_game(offset)
        if self.fresh_variation:
            self.pending.append(text)
        elif self.current is None or self.current is game.root:
            game.root.comments.append(text)
        else:
            self.current.comments.append(text)

    def _nag(self, token: str, offset: int) -> None:
        self._current_game(offset)
        if len(token) > 1 and self.current is not None:
            self.current.nags.append(int(token[1:]))

    def _open(self, offset: int) -> None:
        game = self._current_game(offset)
        current = self.current if self.current is not None else game.root
        if current.parent is None:
            raise self.fault("a variation '(' comes before any move", self.line_at(offset))
        self.stack.append((current, self.line_at(offset)))
        self.current = current.parent
        self.fresh_variation = True
        self.pending = []

    def _close(self, offset: int) -> None:
        if not self.stack:
            raise self.fault("')' closes no variation", self.line_at(offset))
        self.current = self.stack.pop()[0]
        self.fresh_variation = False
        self.pending = []


def normalized(text: str) -> str:
    """The text as the reader reads it: ``\r\n`` line ends as ``\n``, without a byte order mark."""
    return text.replace("\r\n", "\n").lstrip("\ufeff")


def read_texts_until_fault(text: str) -> tuple[list[RecordText], GameRecordError | None]:
    """The games of a PGN text (in :func:`normalized` form) up to a fault: the games read
    whole, then the game the fault is in (what was read of it), and the fault (None if none)."""
    reader = _Reader(text)
    try:
        return reader.read(), None
    except GameRecordError as exc:
        broken = [reader.game] if reader.game is not None else []
        return reader.games + broken, exc


def read_texts(text: str) -> list[RecordText]:
    """Every game of a PGN text as a tree; GameRecordError names the game (in a text of
    several), the line and the fault."""
    if not isinstance(text, str):
        raise TypeError(f"a PGN text must be a str, not {type(text).__name__}")
    return _Reader(normalized(text)).read()
