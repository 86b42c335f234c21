"""Betza notation in words, for players: the one place a piece's plain movement is said.

Two forms over the same atoms, so the words always match what the rules do:

* labels, for the app's piece panel and the variant designer: "bishop slides, camel
  leaps (no capture)" (:func:`betza_words`, :func:`betza_sentence`);
* phrases, for the reason a move is refused (:mod:`rules.refusals`): "slides any distance
  orthogonally", "steps one square in any direction" (:func:`movement_phrases`).

Both say orthogonal and diagonal twins once ("queen slides", "... in any direction").
"""

from __future__ import annotations

from .betza import Atom, parse_betza
from .errors import RulesError
from .legs import CAPTURE, CIRCULAR, CROOKED, DESTROY, EN_PASSANT, ENDLESS, FINAL_GRASSHOP, HURDLE, MOVE, Leg

LEAP_NAMES = {
    (0, 1): "wazir", (1, 1): "ferz", (0, 2): "dabbaba", (1, 2): "knight", (2, 2): "alfil",
    (0, 3): "threeleaper", (1, 3): "camel", (2, 3): "zebra", (3, 3): "tripper", (1, 4): "giraffe",
}


# ---------------------------------------------------------------- what both forms read off an atom


def _shape(atom: Atom) -> tuple[int, int]:
    """The leap without its direction, shorter leg first: (0, 1) a wazir step, (1, 2) a knight."""
    x, y = sorted(abs(v) for v in atom.leap)
    return x, y


def _in_every_direction(atom: Atom) -> bool:
    x, y = _shape(atom)
    full = 4 if x == 0 or x == y else 8
    return len(atom.vectors) >= full


def _twins(a: Atom, b: Atom) -> bool:
    """An orthogonal and a diagonal step or slide alike in all else: said once, in any direction."""
    legs = {_shape(a), _shape(b)}
    same = (a.max_range, a.can_move, a.can_capture, a.hop, a.lame, a.initial) == (
        b.max_range, b.can_move, b.can_capture, b.hop, b.lame, b.initial
    )
    plain = not a.legs and not b.legs
    return plain and legs == {(0, 1), (1, 1)} and same and len(a.vectors) + len(b.vectors) == 8


# ---------------------------------------------------------------- labels (piece panel, designer)


def _leap_name(atom: Atom) -> str:
    key = _shape(atom)
    return LEAP_NAMES.get(key, f"({key[0]},{key[1]})")


def _directions(atom: Atom) -> str:
    ys = {dy for _, dy in atom.vectors}
    if _in_every_direction(atom):
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
    if atom.legs:
        return legs_words(atom)
    a, b = _shape(atom)
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
        text = f"{where}{_leap_name(atom)}-rider leaps"
    elif atom.max_range > 1:
        text = f"{where}{_leap_name(atom)}-rider leaps of up to {atom.max_range}"
    else:
        text = f"{where}{_leap_name(atom)} leaps"
    notes = _mode_notes(atom)
    if atom.initial:
        notes.append("first move")
    if atom.lame:
        notes.append("path must be clear")
    if atom.hop:
        notes.append("over one piece")
    return f"{text} ({', '.join(notes)})" if notes else text


# ---------------------------------------------------------------- XBetza moves (rules/legs.py)

_TURN_WORDS = {
    "f": "straight on", "b": "straight back", "l": "turning left", "r": "turning right",
    "fl": "turning half left", "fr": "turning half right", "bl": "turning sharply left",
    "br": "turning sharply right",
}
_TURN_SETS = {
    frozenset({"f", "l", "r", "fl", "fr", "bl", "br"}): "any way but straight back",
    frozenset({"fl", "fr"}): "turning half left or right",
    frozenset({"bl", "br"}): "turning sharply left or right",
    frozenset({"l", "r"}): "turning left or right",
    frozenset({"f", "b"}): "straight on or back",
}


#: Turns that ``z`` or ``q`` choose by the path's last bend, by the pair of turns they stand for.
_CHOSEN_WORDS = {
    frozenset({"l", "r"}): "turning", frozenset({"fl", "fr"}): "turning half",
    frozenset({"bl", "br"}): "turning sharply",
}


def _turns_words(turns: frozenset[str]) -> str:
    known = _TURN_SETS.get(turns)
    if known is not None:
        return known
    order = ["f", "fl", "fr", "l", "r", "bl", "br", "b"]
    said = [_TURN_WORDS[t] for t in order if t in turns]
    return " or ".join(said)


def _leg_turns_words(leg: Leg) -> str:
    """A later leg's turns, ``z`` and ``q`` said by the bend before: "turning half the other way"."""
    said = [_turns_words(leg.turns)] if leg.turns else []
    for chosen, way in ((leg.zig, "the other way from its last bend"), (leg.round, "the same way as its last bend")):
        if chosen:
            said.append(f"{_CHOSEN_WORDS.get(chosen, _turns_words(chosen))} {way}")
    return " or ".join(said)


def _leg_noun(atom: Atom, leg: Leg, k: int, plural: bool) -> str:
    a, b = _shape(atom)
    ride = leg.reach != 1
    if b == 1:
        noun = "slide" if ride else "step"
    else:
        noun = "ride" if ride else "leap"
    if plural:
        noun += "s"
    if ride and leg.reach != ENDLESS:
        noun += f" of {'exactly' if leg.exact else 'up to'} {leg.reach}"
    if k == 0:
        where = "" if _in_every_direction(atom) else _directions(atom)
        name = "" if b == 1 and a in (0, 1) else _leap_name(atom) + " "
        if b == 1:
            name = ("orthogonal " if a == 0 else "diagonal ") if not ride else ("rook " if a == 0 else "bishop ")
        return f"{where}{name}{noun}"
    return f"{noun} {_leg_turns_words(leg)}"


def _leg_modes(leg: Leg, last: bool) -> list[str]:
    out: list[str] = []
    modes = leg.modes
    if last:
        if leg.hop:
            out.append("to the square just beyond the first piece in its way" if leg.hop == FINAL_GRASSHOP
                       else "over one piece")
        if modes == EN_PASSANT:
            out.append("captures en passant only")
        elif modes & MOVE and not modes & (CAPTURE | DESTROY):
            out.append("no capture")
        elif modes & CAPTURE and not modes & MOVE:
            out.append("captures only")
        if modes & EN_PASSANT and modes != EN_PASSANT:
            out.append("also en passant")
    else:
        if modes & CAPTURE:
            out.append("capturing there" if not modes & MOVE else "capturing if an enemy stands there")
        if modes & HURDLE:
            out.append("onto a piece, which stays")
        if modes & EN_PASSANT:
            out.append("onto the en passant square, taking the piece that passed it")
    if modes & DESTROY:
        out.append("removing a piece of its own there")
    if leg.jump:
        out.append("over the first square, whatever stands there" if leg.reach != 1 else "only over a piece")
    if leg.lame:
        out.append("path must be clear")
    if leg.unload:
        out.append("a piece it takes is set down where this part starts")
    return out


def legs_words(atom: Atom) -> str:
    """An XBetza move beyond plain Betza in words: "orthogonal step, then step turning half left
    or right", "crooked bishop slides", "rook slides round the side edges"."""
    first = atom.legs[0]
    parts: list[str] = []
    single = len(atom.legs) == 1
    for k, leg in enumerate(atom.legs):
        last = k == len(atom.legs) - 1
        text = _leg_noun(atom, leg, k, single)
        if leg.shape == CROOKED:
            text = f"crooked {text}, zig-zagging"
        elif leg.shape == CIRCULAR:
            text = f"circular {text}, turning round"
        notes = _leg_modes(leg, last)
        parts.append(f"{text} ({', '.join(notes)})" if notes else text)
    text = ", then ".join(parts)
    if not single:
        count = {2: "two", 3: "three", 4: "four"}.get(len(atom.legs), str(len(atom.legs)))
        text = f"{count}-part moves: {text}"
    extras = []
    if first.wrap:
        extras.append("round the side edges")
    if atom.initial:
        extras.append("first move")
    return f"{text} ({', '.join(extras)})" if extras else text


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


# ---------------------------------------------------------------- phrases (why a move is refused)


def squares_in_words(n: int) -> str:
    words = {1: "one square", 2: "two squares", 3: "three squares"}
    return words.get(n, f"{n} squares")


def movement_phrases(atoms: tuple[Atom, ...]) -> list[str]:
    """Each Betza atom as a phrase ("leaps (1,2)", "slides diagonally any distance"),
    orthogonal and diagonal twins said once ("steps one square in any direction")."""
    out: list[str] = []
    used: set[int] = set()
    for i, atom in enumerate(atoms):
        if i in used:
            continue
        fellows = [j for j in range(i + 1, len(atoms)) if j not in used and _fellow_leapers(atom, atoms[j])]
        if fellows and _fellow_leapers(atom, atom):
            used.update(fellows)
            leaps = [f"({x},{y})" for x, y in (_shape(atoms[k]) for k in (i, *fellows))]
            out.append(f"leaps {', '.join(leaps[:-1])} or {leaps[-1]}")
            continue
        twin = next((j for j in range(i + 1, len(atoms)) if j not in used and _twins(atom, atoms[j])), None)
        if twin is not None:
            used.add(twin)
            out.append(_atom_phrase(atom, any_direction=True))
        else:
            out.append(_atom_phrase(atom))
    return out


def _fellow_leapers(a: Atom, b: Atom) -> bool:
    """Both plain oblique leapers in every direction, said together ("leaps (1,2) or (1,3)")."""
    return all(
        t.max_range == 1 and t.can_move and t.can_capture and not (t.hop or t.lame or t.initial)
        and 0 < _shape(t)[0] < _shape(t)[1] and len(t.vectors) == 8
        for t in (a, b)
    )


def _direction(atom: Atom) -> str:
    if _in_every_direction(atom):
        return ""
    ys = {(dy > 0) - (dy < 0) for _, dy in atom.vectors}
    xs = {(dx > 0) - (dx < 0) for dx, _ in atom.vectors}
    straight = xs == {0} or ys == {0}
    if ys == {1}:
        return "straight forward" if straight else "forward"
    if ys == {-1}:
        return "straight backward" if straight else "backward"
    if ys == {0}:
        return "sideways"
    if xs == {0}:
        return "forward or backward"
    return "in some directions"


def _atom_phrase(atom: Atom, any_direction: bool = False) -> str:
    if atom.legs:
        return "moves as " + legs_words(atom)
    x, y = _shape(atom)
    where = "in any direction" if any_direction else _direction(atom)
    line = "orthogonally" if x == 0 else "diagonally" if x == y else ""
    toward = where if where.startswith("straight") or not line else f"{line} {where}".strip()
    if any_direction:
        toward = where
    straight = x == 0 or x == y
    if atom.max_range == 1 and straight:
        verb, text = ("steps" if y == 1 else "moves"), f"{squares_in_words(y)} {toward}"
    elif straight and y == 1:
        reach = "any distance" if atom.max_range == 0 else f"up to {atom.max_range} squares"
        verb, text = "slides", f"{reach} {toward}"
    elif atom.max_range == 1:
        verb, text = "leaps", f"({x},{y}){' ' + where if where else ''}"
    else:
        reach = "any number of" if atom.max_range == 0 else f"up to {atom.max_range}"
        verb, text = "rides", f"{reach} ({x},{y}) leaps in a line{' ' + where if where else ''}"
    if atom.can_capture and not atom.can_move:
        verb = {"steps": "captures", "moves": "captures", "slides": "captures sliding",
                "leaps": "captures leaping", "rides": "captures riding"}[verb]
    phrase = f"{verb} {text}"
    if atom.grasshopper:
        phrase += " to the square just beyond the first piece in its way"
    elif atom.hop:
        phrase += " by jumping over one piece"
    if atom.lame:
        phrase += " over empty squares"
    if atom.can_move and not atom.can_capture:
        phrase += " without capturing"
    if atom.initial:
        phrase = "on its first move " + phrase
    return phrase
