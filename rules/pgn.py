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

from .errors import GameRecordError
from .limits import excerpt
from .variantnames import CHESS_NAMES, fairy_stockfish_name, name_key, variant_of_name

__all__ = ["CHESS_NAMES", "GameText", "fairy_stockfish_name", "name_key", "quote_tag", "tag_lines",
           "unquote_tag", "variant_of_tags", "variant_tag", "LIST_TAGS"]

#: Tags shown when a file's games are listed.
LIST_TAGS = ("White", "Black", "Event", "Date", "Result")

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


def variant_tag(variant_id: str) -> str | None:
    """What the Variant tag says for this variant; None for chess (standard PGN has none)."""
    if variant_id == "chess":
        return None
    return fairy_stockfish_name(variant_id) or variant_id


def variant_of_tags(tags: dict[str, str]) -> str:
    """Our variant id for a record's tags; an unknown name comes back as written, for the caller
    to report with the variant list.

    The ``Variant`` tag may hold our id, the Fairy-Stockfish name of the variant file's
    ``fairy_stockfish`` key, the variant's own name, XBoard's or lichess's name for it, or a name
    other programs write for standard chess, in any case and spacing
    (:func:`rules.variantnames.variant_of_name`)."""
    if tags.get("VariantId"):
        return tags["VariantId"]
    name = tags.get("Variant", "").strip()
    return variant_of_name(name) or name


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
