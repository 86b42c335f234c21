"""PGN text: files of several games, tags, and the names other programs give our variants.

A PGN file holds games one after another, each its tags then its move text. This module
writes tag lines (:func:`tag_lines`, :func:`quote_tag`), undoes their escapes
(:func:`unquote_tag`), holds a listed game's tags for a chooser (:class:`GameText`) and maps
the ``Variant`` tag to our ids. It knows nothing of moves or games: :mod:`rules.pgntree` reads
a file into its games, :mod:`rules.gamerecord` plays and writes them.

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
from .limits import excerpt

#: Names other programs write for standard chess in the Variant tag (lichess: ``Standard``,
#: ``From Position``; XBoard: ``normal``).
CHESS_NAMES = frozenset({"", "standard", "chess", "classical", "normal", "from position", "fromposition"})
#: Tags shown when a file's games are listed.
LIST_TAGS = ("White", "Black", "Event", "Date", "Result")

_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
_TAG_ESCAPES = {"n": "\n", "r": "\r"}
_CHESS_KEYS = frozenset(re.sub(r"[\s_.\-]+", "", n) for n in CHESS_NAMES)


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


def name_key(name: str) -> str:
    """A variant name as it is compared: case, spaces, hyphens, underscores and dots ignored, so
    lichess's ``King of the Hill`` and ``Three-check``, pychess.org's ``Kingofthehill`` and
    Fairy-Stockfish's ``kingofthehill`` meet."""
    return re.sub(r"[\s_.\-]+", "", name).casefold()


def variant_of_tags(tags: dict[str, str]) -> str:
    """Our variant id for a record's tags; an unknown name comes back as written, for the caller
    to report with the variant list.

    The ``Variant`` tag may hold our id, the Fairy-Stockfish name of the variant file's
    ``fairy_stockfish`` key, the variant's own name, or a name other programs write for standard
    chess (:data:`CHESS_NAMES`), in any case and spacing (:func:`name_key`)."""
    if tags.get("VariantId"):
        return tags["VariantId"]
    name = tags.get("Variant", "").strip()
    known = catalogue().ids()
    if name in known:
        return name
    wanted = name_key(name)
    if wanted in _CHESS_KEYS:
        return "chess"
    for vid in known:
        if name_key(vid) == wanted:
            return vid
    for vid in known:
        try:
            names = (fairy_stockfish_name(vid), catalogue().get(vid).name)
        except RulesError:
            continue
        if any(n is not None and name_key(n) == wanted for n in names):
            return vid
    return name


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
