"""Betza notation in words, for players: "bishop slides, camel leaps (no capture)".

Pure Python (no Qt): the app's piece panel and the variant designer both say a piece's
movement from the atoms this package parses, so the words always match what the rules do.
"""

from __future__ import annotations

from .betza import Atom, parse_betza
from .errors import RulesError

LEAP_NAMES = {
    (0, 1): "wazir", (1, 1): "ferz", (0, 2): "dabbaba", (1, 2): "knight", (2, 2): "alfil",
    (0, 3): "threeleaper", (1, 3): "camel", (2, 3): "zebra", (3, 3): "tripper", (1, 4): "giraffe",
}


def _leap_name(leap: tuple[int, int]) -> str:
    key = tuple(sorted(abs(v) for v in leap))
    return LEAP_NAMES.get(key, f"({key[0]},{key[1]})")  # type: ignore[arg-type]


def _directions(atom: Atom) -> str:
    ys = {dy for _, dy in atom.vectors}
    a, b = sorted(abs(v) for v in atom.leap)
    full = 4 if a == 0 or a == b else 8
    if len(atom.vectors) >= full:
        return ""
    if ys and all(y > 0 for y in ys):
        return "forward "
    if ys and all(y < 0 for y in ys):
        return "backward "
    if ys == {0}:
        return "sideways "
    return "some "


def atom_words(atom: Atom) -> str:
    """One Betza atom in words: "bishop slides", "camel leaps", "forward steps (no capture)"."""
    a, b = sorted(abs(v) for v in atom.leap)
    step = b == 1
    line = "orthogonal" if a == 0 else "diagonal"
    where = _directions(atom)
    if step and atom.max_range == 0:
        text = f"{where}{'rook' if a == 0 else 'bishop'} slides"
    elif step and atom.max_range > 1:
        text = f"{where}{line} slides of up to {atom.max_range}"
    elif step:
        text = f"{where}{line} steps"
    elif atom.max_range == 0:
        text = f"{where}{_leap_name(atom.leap)}-rider leaps"
    elif atom.max_range > 1:
        text = f"{where}{_leap_name(atom.leap)}-rider leaps of up to {atom.max_range}"
    else:
        text = f"{where}{_leap_name(atom.leap)} leaps"
    notes = _mode_notes(atom)
    if atom.initial:
        notes.append("first move")
    if atom.lame:
        notes.append("path must be clear")
    if atom.hop:
        notes.append("over one piece")
    return f"{text} ({', '.join(notes)})" if notes else text


def _merged(atoms: tuple[Atom, ...]) -> list[str]:
    """Orthogonal and diagonal parts with the same range and modifiers said once ("queen slides")."""
    words: list[str] = []
    used: set[int] = set()
    for i, atom in enumerate(atoms):
        if i in used:
            continue
        twin = next((j for j, other in enumerate(atoms) if j > i and j not in used and _twins(atom, other)), None)
        if twin is not None:
            used.add(twin)
            words.append(_king_or_queen(atom))
        else:
            words.append(atom_words(atom))
    return words


def _twins(a: Atom, b: Atom) -> bool:
    legs = {tuple(sorted(abs(v) for v in a.leap)), tuple(sorted(abs(v) for v in b.leap))}
    same = (a.max_range, a.can_move, a.can_capture, a.hop, a.lame, a.initial) == \
        (b.max_range, b.can_move, b.can_capture, b.hop, b.lame, b.initial)
    return legs == {(0, 1), (1, 1)} and same and len(a.vectors) + len(b.vectors) == 8


def _king_or_queen(atom: Atom) -> str:
    if atom.max_range == 1:
        text = "steps in any direction"
    elif atom.max_range == 0:
        text = "queen slides"
    else:
        text = f"slides of up to {atom.max_range} in any direction"
    notes = _mode_notes(atom)
    return f"{text} ({', '.join(notes)})" if notes else text


def _mode_notes(atom: Atom) -> list[str]:
    """What the atom may not do: move without capturing, or capture."""
    if atom.can_move and not atom.can_capture:
        return ["no capture"]
    if atom.can_capture and not atom.can_move:
        return ["captures only"]
    return []


def betza_words(betza: str) -> str:
    """A Betza string in words; the string itself if the rules cannot read it."""
    if not betza:
        return "no moves of its own"
    try:
        atoms = parse_betza(betza)
    except RulesError:
        return betza
    return ", ".join(_merged(atoms))


def betza_sentence(betza: str) -> str:
    """A Betza string as one sentence for a player ("It has knight leaps and bishop slides.").

    Raises :class:`~rules.errors.BetzaError` (with its ``position``) for a string the rules
    cannot read, so an editor can point at the fault."""
    if not betza.strip():
        return "It has no moves of its own."
    parts = _merged(parse_betza(betza))
    if len(parts) == 1:
        listed = parts[0]
    else:
        listed = ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"It has {listed}."
