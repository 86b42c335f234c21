"""Keeping the designed variant coherent while it is edited, and saying what was done.

Filling a section that a power reads (Promotion, Castling) turns that power on, since a
section nobody reads does nothing; changing the board's size makes every setup follow it,
keeping each piece that still fits on its square and naming those that no longer do. The
rules say which power reads which section (``rules.sectioncheck``); nothing here knows a
variant. No Qt here: the designer window shows the sentences returned.
"""

from __future__ import annotations

from typing import Any

from rules.placementcheck import PLACEMENT_TOKEN
from rules.sectioncheck import SECTIONS, readers, unread_sections

from .document import FieldPath, VariantDocument

#: A row of a placement as cells: a piece's token (with its state), or None for an empty square.
Cells = list[str | None]


def turn_on_reader(doc: VariantDocument, path: FieldPath) -> str | None:
    """After an edit at ``path``: if it filled a section no power reads, add the power that
    reads it to the variant's powers; the sentence saying so, or None."""
    section = path[0] if path else ""
    if section not in SECTIONS or section not in unread_sections(doc.merged()):
        return None
    names = readers(section)
    if not names:
        return None
    powers = doc.value(("powers",))
    current = [p for p in powers if isinstance(p, str)] if isinstance(powers, list) else []
    doc.set(("powers",), [*current, names[0]])
    return (f"The {SECTIONS[section]} section is read by the {names[0]} power, so it is now on "
            "(Board and rules, powers).")


#: A piece's texts written for its moves: inherited ones describe the parent's piece.
MOVE_TEXTS = ("description", "notation")


def set_aside_inherited_texts(doc: VariantDocument, path: FieldPath) -> str | None:
    """After an edit of an inherited piece's moves (``betza``, ``powers``): its description and
    notation, still the parent's, describe the parent's piece (a Knight's words on a
    Nightrider), so they are set aside (written empty; the form offers the parent's text to
    start from). The sentence saying so, or None."""
    if len(path) != 3 or path[0] != "pieces" or path[2] not in ("betza", "powers"):
        return None
    pid = path[1]
    parent_row = doc.parent_table().get("pieces", {}).get(pid)
    if not isinstance(parent_row, dict):
        return None
    if all(doc.value(("pieces", pid, key)) == parent_row.get(key) for key in ("betza", "powers")):
        return None  # moving as the parent's piece again: its texts fit
    cleared = [key for key in MOVE_TEXTS
               if doc.own_value(("pieces", pid, key)) is None and isinstance(parent_row.get(key), str)
               and parent_row[key]]
    for key in cleared:
        doc.set(("pieces", pid, key), "")
    if not cleared:
        return None
    name = parent_row.get("name") or pid
    verb = "describes" if len(cleared) == 1 else "describe"
    return (f"The {' and '.join(cleared)} came from the parent's {name} and {verb} its moves, not these: set "
            "aside. The field offers the parent's text to start from.")


def placement_cells(placement: str) -> list[Cells] | None:
    """A placement's ranks from the top, each as cells; None if it cannot be read."""
    rows: list[Cells] = []
    for text in placement.split("/"):
        cells: Cells = []
        pos = 0
        while pos < len(text):
            match = PLACEMENT_TOKEN.match(text, pos)
            if match is None:
                return None
            pos = match.end()
            digits, _letter, _long, state = match.groups()
            if digits:
                if len(digits) > 3:
                    return None
                cells.extend([None] * int(digits))
            elif state:
                if not cells or cells[-1] is None:
                    return None
                cells[-1] = f"{cells[-1]}{state}"
            else:
                cells.append(match.group(0))
        rows.append(cells)
    return rows


def placement_text(rows: list[Cells]) -> str:
    out: list[str] = []
    for cells in rows:
        text, empty = "", 0
        for cell in cells:
            if cell is None:
                empty += 1
                continue
            if empty:
                text += str(empty)
                empty = 0
            text += cell
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out)


def _piece_words(token: str, names: dict[str, str]) -> str:
    letter = token.split("[")[0].strip("{}")
    color = "White" if letter[:1].isupper() else "Black"
    return f"the {color.lower()} {names.get(letter.upper(), letter)}"


def refit(placement: str, files: int, ranks: int, names: dict[str, str]) -> tuple[str, list[str]] | None:
    """The placement on a ``files`` x ``ranks`` board: every square keeps its name (a1 stays
    a1), new squares are empty; returns it and the pieces that no longer fit, as words with
    their squares. None when the placement cannot be read or already fits."""
    rows = placement_cells(placement)
    if rows is None or (len(rows) == ranks and all(len(cells) == files for cells in rows)):
        return None
    by_rank = {len(rows) - i: cells for i, cells in enumerate(rows)}
    dropped: list[str] = []
    for rank, cells in sorted(by_rank.items()):
        for file, cell in enumerate(cells):
            if cell is not None and (rank > ranks or file >= files):
                square = f"{chr(ord('a') + file)}{rank}"
                dropped.append(f"{_piece_words(cell, names)} on {square}")
    fitted: list[Cells] = []
    for rank in range(ranks, 0, -1):
        cells = by_rank.get(rank, [])
        fitted.append([cells[f] if f < len(cells) else None for f in range(files)])
    return placement_text(fitted), dropped


def follow_board_size(doc: VariantDocument) -> list[str]:
    """Make every setup fit the board's size now; a sentence per setup that changed."""
    merged = doc.merged()
    files, ranks = merged.get("files", 8), merged.get("ranks", 8)
    setups = merged.get("setups")
    if not isinstance(files, int) or not isinstance(ranks, int) or not isinstance(setups, dict):
        return []
    if not (1 <= files <= 26 and 1 <= ranks <= 26):
        return []
    names = _letter_names(merged)
    notes: list[str] = []
    for name, row in setups.items():
        placement = row.get("placement") if isinstance(row, dict) else None
        if not isinstance(placement, str):
            continue
        result = refit(placement, files, ranks, names)
        if result is None:
            continue
        new, dropped = result
        doc.set(("setups", name, "placement"), new)
        kept = "every piece kept" if not dropped else "no room for " + ", ".join(dropped)
        notes.append(f"Setup {name} now fits the {files}x{ranks} board ({kept}).")
    return notes


def _letter_names(merged: dict[str, Any]) -> dict[str, str]:
    pieces = merged.get("pieces")
    out: dict[str, str] = {}
    for pid, row in pieces.items() if isinstance(pieces, dict) else ():
        if isinstance(row, dict) and isinstance(row.get("letter"), str):
            out[row["letter"].upper()] = str(row.get("name") or pid.replace("-", " ").title())
    return out
