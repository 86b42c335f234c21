"""PGN text: files of several games, tags, and the names other programs give our variants.

A PGN file holds games one after another, each its tags then its move text. This module
cuts a file into its games (:func:`split_games`, linear in the text's length, never
confused by a ``[`` inside a comment), reads and writes tag lines (:func:`read_tags`,
:func:`tag_lines`) and lists each game's tags for a chooser. It knows nothing of moves or
games: :mod:`rules.record` builds a game from one game's text, and writes one, on top of it.

The ``Variant`` tag: a chess record needs none (standard PGN); other variants carry the
name Fairy-Stockfish and pychess.org use where the variant is theirs (the variant file's
``fairy_stockfish`` key), otherwise our variant id. A ``VariantId`` tag beside a
Fairy-Stockfish name keeps our id exactly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .catalogue import catalogue
from .errors import GameRecordError, RulesError
from .limits import MAX_RECORD_CHARS, excerpt

#: Names other programs write for standard chess in the Variant tag.
CHESS_NAMES = frozenset({"", "standard", "chess", "classical", "normal", "from position", "fromposition"})
#: Tags shown when a file's games are listed.
LIST_TAGS = ("White", "Black", "Event", "Date", "Result")
#: Most games listed from one file.
MAX_GAMES_PER_FILE = 100_000

_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_TAG_ESCAPES = {"n": "\n", "r": "\r"}


@dataclass(frozen=True)
class GameText:
    """One game of a PGN file: its tags, its whole text, and the line it starts on."""

    tags: dict[str, str]
    text: str
    first_line: int

    def label(self) -> str:
        """"White - Black, Event, Date, Result" with the tags it has."""
        players = " - ".join(self.tags.get(t, "?") for t in ("White", "Black"))
        rest = [self.tags[t] for t in ("Event", "Date", "Result") if self.tags.get(t)]
        return ", ".join([players, *rest])


def fairy_stockfish_name(variant_id: str) -> str | None:
    """The name Fairy-Stockfish gives this variant, from its file's ``fairy_stockfish`` key."""
    name = catalogue().get(variant_id).raw.get("fairy_stockfish")
    return name if isinstance(name, str) and name.strip() else None


def variant_tag(variant_id: str) -> str | None:
    """What the Variant tag says for this variant; None for chess (standard PGN has none)."""
    if variant_id == "chess":
        return None
    return fairy_stockfish_name(variant_id) or variant_id


def variant_of_tags(tags: dict[str, str]) -> str:
    """Our variant id for a record's tags; GameRecordError if the variant is unknown."""
    if tags.get("VariantId"):
        return tags["VariantId"]
    name = tags.get("Variant", "").strip()
    known = catalogue().ids()
    if name in known:
        return name
    if name.lower() in CHESS_NAMES:
        return "chess"
    wanted = name.lower()
    for vid in known:
        try:
            theirs = fairy_stockfish_name(vid)
        except RulesError:
            continue
        if theirs is not None and theirs.lower() == wanted:
            return vid
    by_case = [vid for vid in known if vid.lower() == wanted]
    if by_case:
        return by_case[0]
    return name  # unknown: the caller reports it with the variant list


def split_games(text: str) -> list[GameText]:
    """The games of a PGN file, in order. A game starts at a tag line that follows move text
    (outside any comment); text without tags is one game."""
    if not isinstance(text, str):
        raise TypeError(f"a PGN text must be a str, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise GameRecordError(
            f"the file has {len(text):,} characters, more than the limit of {MAX_RECORD_CHARS:,} (MAX_RECORD_CHARS)"
        )
    starts: list[tuple[int, int]] = []  # (offset, line) of each game
    in_comment = False
    seen_moves = False
    offset = 0
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if not in_comment and stripped.startswith("[") and (seen_moves or not starts):
            starts.append((offset, number))
            seen_moves = False
        elif not in_comment and stripped and not stripped.startswith(("[", "%")):
            seen_moves = True
            if not starts:
                starts.append((offset, number))
        if not stripped.startswith("[") or in_comment:
            in_comment = _comment_open_after(line, in_comment)
        offset += len(line) + 1
        if len(starts) > MAX_GAMES_PER_FILE:
            raise GameRecordError(f"the file has more than {MAX_GAMES_PER_FILE:,} games (MAX_GAMES_PER_FILE)")
    games: list[GameText] = []
    for i, (start, line_no) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else len(text)
        chunk = text[start:end]
        if chunk.strip():
            games.append(GameText(_tags_of(chunk), chunk, line_no))
    return games


def _comment_open_after(line: str, open_: bool) -> bool:
    """Whether a ``{`` comment is still open at the end of this line of move text."""
    i, n = 0, len(line)
    while i < n:
        if open_:
            close = line.find("}", i)
            if close < 0:
                return True
            open_, i = False, close + 1
            continue
        brace, semi = line.find("{", i), line.find(";", i)
        if brace < 0:
            return False
        if 0 <= semi < brace:  # a rest-of-line comment hides the brace
            return False
        open_, i = True, brace + 1
    return open_


def _tags_of(chunk: str) -> dict[str, str]:
    try:
        return read_tags(chunk)[0]
    except GameRecordError:
        return {}


def game_at(text: str, index: int) -> GameText:
    """Game ``index`` (0 is the first) of a PGN file; GameRecordError if there is none."""
    games = split_games(text)
    if not games:
        raise GameRecordError("the file holds no game")
    if not 0 <= index < len(games):
        raise GameRecordError(f"the file has {len(games)} games; there is no game {excerpt(index + 1)}")
    return games[index]


def quote_tag(text: str) -> str:
    """A tag value with backslashes, quotes and line breaks escaped."""
    return (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    )


def unquote_tag(text: str) -> str:
    """A tag value as written, its escapes undone."""
    return re.sub(r"\\(.)", lambda m: _TAG_ESCAPES.get(m.group(1), m.group(1)), text)


def tag_lines(tags: dict[str, str]) -> list[str]:
    """The tag lines (``[Name "value"]``) of ``tags`` in order; GameRecordError if a name is
    not a word or a value not text."""
    for name, value in tags.items():
        if not isinstance(name, str) or not _TAG_NAME.fullmatch(name) or not isinstance(value, str):
            raise GameRecordError(f"tag {excerpt(name)} = {excerpt(value)} cannot be written: tags are words with text")
    return [f'[{k} "{quote_tag(v)}"]' for k, v in tags.items()]


def read_tags(text: str) -> tuple[dict[str, str], dict[str, int], int, int]:
    """The tags, the line of each, and where the move text starts (offset and line)."""
    tags: dict[str, str] = {}
    line_of: dict[str, int] = {}
    offset = 0
    number = 0
    # Lines end at "\n" only: str.splitlines would also break at form feeds and other
    # separators that a tag value may hold.
    for line in text.split("\n"):
        number += 1
        line += "\n"
        stripped = line.strip()
        if not stripped or stripped.startswith("%"):
            offset += len(line)
            continue
        if not stripped.startswith("["):
            return tags, line_of, offset, number
        m = _TAG.match(stripped)
        if not m:
            raise GameRecordError(f"cannot read tag {excerpt(stripped)}; tags look like [Name \"value\"]", number)
        tags[m.group(1)] = unquote_tag(m.group(2))
        line_of[m.group(1)] = number
        offset += len(line)
    return tags, line_of, offset, number + 1
