"""The notation shown for a piece: its whole move, not just its plain Betza row.

A piece's ``betza`` row is what the generator compiles; powers add what Betza cannot
say. The shown notation (``PieceType.notation``, the piece panel and the rules window)
covers both: the variant file's ``notation`` key where it gives one (XBetza legs and
words, see docs/notation.md), otherwise the plain Betza followed by each power's name
and description, so it never claims less than the piece does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def power_label(name: str) -> str:
    """How a power is named in a notation: its registered name in words ("fire breath")."""
    return name.replace("-", " ")


def default_notation(betza: str, powers: Iterable[str], descriptions: Mapping[str, str]) -> str:
    """The plain Betza, then each power by name with its one-line description (from
    ``descriptions``, the known powers' one-line descriptions by name)."""
    parts = [betza] if betza else []
    for name in powers:
        text = descriptions.get(name, "").rstrip(".")
        parts.append(f"{power_label(name)}: {text[:1].lower() + text[1:]}" if text else power_label(name))
    return " + ".join(parts) or "no moves of its own"
