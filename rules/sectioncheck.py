"""Sections of a variant that nothing reads: check's warnings about a filled ``promotion`` or
``castling`` table while no power of the variant reads it, and about pawns that would stand
on their last rank unpromoted because no power promotes them.

Which power reads which section is declared by the powers themselves (``Power.reads_sections``),
so a new promotion power is known here without a change. Like :func:`keycheck.betza_warnings`,
the warnings are read from the tables and concern only what the file itself writes (a child
of chess without castling inherits chess's castling table and is not warned about it).
"""

from __future__ import annotations

from typing import Any

from .keycheck import writes
from .powers import known_powers
from .tomllines import key_lines
from .variant import Problem

#: The sections a power reads, as the designer shows them.
SECTIONS = {"promotion": "Promotion", "castling": "Castling"}


def readers(section: str) -> list[str]:
    """The powers that read a section; the one named after it first (the one to turn on)."""
    found = sorted(name for name, cls in known_powers().items() if section in cls.reads_sections)
    return sorted(found, key=lambda name: name != section)


def variant_powers(merged: dict[str, Any]) -> set[str]:
    """Every power the variant names: its own list and its pieces'."""
    names = {p for p in merged.get("powers", []) or [] if isinstance(p, str)}
    pieces = merged.get("pieces")
    for row in pieces.values() if isinstance(pieces, dict) else ():
        if isinstance(row, dict):
            names.update(p for p in row.get("powers", []) or [] if isinstance(p, str))
    return names


def unread_sections(merged: dict[str, Any]) -> list[str]:
    """The filled sections no power of the variant reads."""
    powers = variant_powers(merged)
    return [section for section in SECTIONS
            if isinstance(merged.get(section), dict) and merged[section]
            and not powers & set(readers(section))]


def section_warnings(vid: str, merged: dict[str, Any], own: dict[str, Any], text: str) -> list[Problem]:
    """Warnings about sections no power reads and pawns nothing promotes, for what ``own`` writes."""
    lines = key_lines(text)
    out: list[Problem] = []
    for section in unread_sections(merged):
        if writes(own, (section,)):
            power = readers(section)[0] if readers(section) else section
            out.append((lines.find(("variant", vid, section)),
                        f"the {SECTIONS[section]} section does nothing: no power of this variant reads it "
                        f"(add {power!r} to powers)"))
    pieces = merged.get("pieces")
    pawns = {pid: row for pid, row in (pieces.items() if isinstance(pieces, dict) else ())
             if isinstance(row, dict) and row.get("pawn") is True
             and (writes(own, ("pieces", pid)) or writes(own, ("powers",)))}
    # step-promotion (Sittuyin's promotion as a move of its own) reads its own data table.
    if pawns and not variant_powers(merged) & (set(readers("promotion")) | {"step-promotion"}):
        # A piece's name as the rules name it (its id in words when the file gives none).
        names = sorted({str(row.get("name") or pid.replace("-", " ").title()) for pid, row in pawns.items()})
        out.append((lines.find(("variant", vid, "powers")),
                    f"pawns ({', '.join(names)}) that reach their last rank stay pawns there: no power of this "
                    "variant promotes them (add 'promotion' to powers and fill the Promotion section)"))
    return out
