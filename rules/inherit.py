"""A child variant doing without some of its parent's pieces (``remove_pieces``).

Merging a child's table over its parent's can add and change pieces but not take one away:
a key left out inherits. ``remove_pieces = ["queen", ...]`` in the child's own table drops
those pieces from the parent's table *before* the child's table is merged over it, so a
piece the child also defines starts afresh from the child's keys alone. The catalogue and
the variant designer merge through :func:`without_removed`; :func:`removal_problems` says
in words what a removal leaves wrong (a name the parent has no piece of, a setup that
still places a removed piece's letter).
"""

from __future__ import annotations

from typing import Any

from .placementcheck import PLACEMENT_TOKEN

#: The key of a variant's own table that names the parent's pieces it does without.
REMOVE_KEY = "remove_pieces"


def removed_names(own: dict[str, Any]) -> list[str]:
    """The piece ids the own table removes (anything that is not a string is left to the key check)."""
    value = own.get(REMOVE_KEY)
    if not isinstance(value, list):
        return []
    return [name for name in value if isinstance(name, str)]


def without_removed(base: dict[str, Any], own: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``base`` (the parent's merged table) without the pieces ``own`` removes, and those
    pieces' rows by id. ``base`` itself is not changed: the copy shares everything else."""
    names = removed_names(own)
    pieces = base.get("pieces")
    if not names or not isinstance(pieces, dict):
        return base, {}
    kept = {pid: row for pid, row in pieces.items() if pid not in names}
    removed = {pid: row for pid, row in pieces.items() if pid in names}
    return {**base, "pieces": kept}, removed


def removal_problems(own: dict[str, Any], base: dict[str, Any], merged: dict[str, Any],
                     has_parent: bool) -> list[tuple[str, str]]:
    """What the own table's ``remove_pieces`` leaves wrong, as (key, message) pairs: the key is
    ``remove_pieces`` or a setup's name. ``base`` is the parent's merged table, ``merged``
    the child's table after the removal and the merge."""
    names = removed_names(own)
    if not names:
        return []
    if not has_parent:
        return [(REMOVE_KEY, "remove_pieces takes pieces away from a parent variant, and this variant has no parent")]
    problems: list[tuple[str, str]] = []
    parent_pieces = base.get("pieces")
    parent_pieces = parent_pieces if isinstance(parent_pieces, dict) else {}
    for name in names:
        if name not in parent_pieces:
            problems.append((REMOVE_KEY, f"remove_pieces names {name!r}, but the parent variant has no piece "
                                         f"with that id"))
    remaining = merged.get("pieces")
    remaining = remaining if isinstance(remaining, dict) else {}
    letters_in_use = {_letter_of(row) for row in remaining.values()}
    removed_letters = {
        letter: pid for pid in names if pid in parent_pieces and pid not in remaining
        for letter in [_letter_of(parent_pieces[pid])] if letter and letter not in letters_in_use
    }
    setups = merged.get("setups")
    for setup_name, setup in (setups.items() if isinstance(setups, dict) else ()):
        placement = setup.get("placement") if isinstance(setup, dict) else None
        if not isinstance(placement, str):
            continue
        for letter in sorted(_placement_letters(placement) & set(removed_letters)):
            problems.append((setup_name, f"setup {setup_name!r} places {letter}, the letter of the piece "
                                         f"{removed_letters[letter]!r} that remove_pieces takes away; give the "
                                         f"setup a placement without it"))
    return problems


def _letter_of(row: Any) -> str:
    letter = row.get("letter") if isinstance(row, dict) else None
    return letter.upper() if isinstance(letter, str) else ""


def _placement_letters(placement: str) -> set[str]:
    """The piece letters a placement uses, upper case (a longer letter as written in its braces)."""
    out: set[str] = set()
    for match in PLACEMENT_TOKEN.finditer(placement):
        _digits, letter, long_letter, _state = match.groups()
        token = letter or long_letter
        if token:
            out.add(token.upper())
    return out
