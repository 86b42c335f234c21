"""Betza notation: parse a piece's movement string into compiled atoms.

Supported: the atoms W F D N A H C Z G, any leap written ``(x,y)``, the shorthands
K Q R B, doubled atoms as riders (``NN``, ``(2,5)(2,5)``), range limits (``Q6``,
``F2``), and the modifiers m c (move/capture only), f b l r v s h (directions),
n (lame: every square on the way must be empty), p (hop over exactly one piece
and land anywhere beyond it), g (grasshopper: hop over the first piece on the
line and land on the square just beyond it) and i (only while the piece has
never moved).

Directions follow H.G. Muller's reading for oblique atoms: a single letter picks
the pair of moves that lean most that way (``fN`` is the two narrow forward
moves), a two-letter word picks the member named first within the pair named
second (``fsN`` is the two wide forward moves, ``rfN`` the right one of the
forward pair), and ``h`` after a letter means the whole half board (``fhN``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .errors import BetzaError
from .legs import (
    CAPTURE,
    CIRCULAR,
    CROOKED,
    DESTROY,
    EN_PASSANT,
    ENDLESS,
    FINAL_GRASSHOP,
    FINAL_HOP,
    HALF_TURNS,
    HURDLE,
    MOVE,
    STRAIGHT,
    Leg,
)

LEAPS: dict[str, tuple[int, int]] = {
    "W": (0, 1),
    "F": (1, 1),
    "D": (0, 2),
    "N": (1, 2),
    "A": (2, 2),
    "H": (0, 3),
    "C": (1, 3),
    "Z": (2, 3),
    "G": (3, 3),
}
SHORTHANDS: dict[str, tuple[str, ...]] = {"K": ("W", "F"), "Q": ("W", "F"), "R": ("W",), "B": ("F",)}
RIDER_SHORTHANDS = {"Q", "R", "B"}
DIRECTION_LETTERS = set("fblrvsh")
OTHER_MODIFIERS = set("mcnpig")
#: XBetza's letters beyond plain Betza: a leg separator and per-leg or whole-move modifiers
#: (rules/legs.py says what each does).
XBETZA_MODIFIERS = set("aduyzqoje")
UNLIMITED = 0
#: Longest Betza string read (longer ones are refused, so parsing stays quick).
MAX_BETZA_LENGTH = 200
#: Largest coordinate of a leap ``(x,y)``: nothing longer fits on the largest board.
MAX_LEAP = 25


@dataclass(frozen=True)
class Atom:
    """One group of moves sharing a leap, a range and the same modifiers.

    ``vectors`` are (dx, dy) in White's orientation (dy > 0 is forward); Black's
    moves mirror dy. ``max_range`` is 1 for a leaper, N for a limited rider and
    0 for an unlimited rider.
    """

    leap: tuple[int, int]
    vectors: tuple[tuple[int, int], ...]
    max_range: int
    can_move: bool = True
    can_capture: bool = True
    hop: bool = False
    lame: bool = False
    initial: bool = False
    #: A grasshopper hop (``g``): it lands only on the square just beyond its hurdle.
    grasshopper: bool = False
    #: XBetza beyond plain Betza (multi-leg ``a``, ``z``, ``q``, ``o``, ``j``, ``u``, ``d``, exact
    #: ranges): the move's legs (rules/legs.py), ``vectors`` being the first leg's. Empty for
    #: plain Betza.
    legs: tuple[Leg, ...] = ()

    @property
    def is_rider(self) -> bool:
        return self.max_range != 1

    @property
    def is_step(self) -> bool:
        return max(abs(self.leap[0]), abs(self.leap[1])) == 1

    @property
    def is_slide(self) -> bool:
        """A move through adjacent squares: what a Hia zone can stop."""
        a, b = sorted((abs(self.leap[0]), abs(self.leap[1])))
        straight = a == 0 or a == b
        if self.legs:  # XBetza: a leg of steps or a straight lame leap, in a move that does not hop
            hops = any(leg.hop or leg.modes & HURDLE for leg in self.legs)
            return not hops and (b == 1 or any(leg.lame and straight and leg.reach == 1 for leg in self.legs))
        return (self.is_step and self.is_rider) or (self.lame and straight and b > 1)

    def lame_path(self, dx: int, dy: int) -> tuple[tuple[int, int], ...]:
        """Offsets of the squares a lame leap passes (empty for one-square leaps).

        Straight leaps pass every square on their line; oblique ones go
        orthogonally along the long axis first, then diagonally (the Xiangqi horse).
        """
        sx = (dx > 0) - (dx < 0)
        sy = (dy > 0) - (dy < 0)
        ax, ay = abs(dx), abs(dy)
        if ax == 0 or ay == 0 or ax == ay:
            steps = max(ax, ay)
            return tuple((sx * k, sy * k) for k in range(1, steps))
        path = []
        x = y = 0
        if ay > ax:
            for _ in range(ay - ax):
                y += sy
                path.append((x, y))
        else:
            for _ in range(ax - ay):
                x += sx
                path.append((x, y))
        while (x + sx, y + sy) != (dx, dy):
            x += sx
            y += sy
            path.append((x, y))
        return tuple(path)

    def flipped(self) -> Atom:
        """The same atom reflected across the board's middle rank: forward and backward swap,
        left and right stay the board's (the second side's ``orientation = "mirror"``)."""
        return self.turned(1, -1)

    def rotated(self) -> Atom:
        """The same atom turned half a turn: the second side's forward, left and right are its
        own, as it faces the board (``orientation = "rotate"``, as Fairy-Stockfish reads Betza)."""
        return self.turned(-1, -1)

    def turned(self, sx: int, sy: int) -> Atom:
        """The atom with every vector's x multiplied by ``sx`` and y by ``sy``."""
        return Atom(
            self.leap,
            tuple((sx * dx, sy * dy) for dx, dy in self.vectors),
            self.max_range,
            self.can_move,
            self.can_capture,
            self.hop,
            self.lame,
            self.initial,
            self.grasshopper,
            tuple(leg.turned(sx, sy) for leg in self.legs),
        )


def en_passant_only(atom: Atom) -> bool:
    """Is ``atom`` a move of one leg that only captures en passant (the ``e`` of ``fceF``)?"""
    return len(atom.legs) == 1 and atom.legs[0].modes == EN_PASSANT


def _all_vectors(a: int, b: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                v = (sx * x, sy * y)
                if v not in out:
                    out.append(v)
    return out


_VERTICAL = {"f", "b", "v"}
_HORIZONTAL = {"l", "r", "s"}
#: In a later leg ``z`` and ``q`` are sideways letters too (left or right, by the last bend).
_LATER_HORIZONTAL = {"l", "r", "s", "z", "q"}
_EXPAND = {"v": {"f", "b"}, "s": {"l", "r"}}


def _letters(c: str) -> set[str]:
    return _EXPAND.get(c, {c})


def _direction_words(text: str, horizontal: set[str] = _HORIZONTAL) -> list[str]:
    """Split a run of direction letters into words: 'f', 'fs', 'fh', 'ff'."""
    words: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ""
        pairs = (c in _VERTICAL and nxt in horizontal) or (c in horizontal and nxt in _VERTICAL)
        if nxt == "h" or (nxt == c and c in "fblrzq") or pairs:
            words.append(c + nxt)
            i += 2
        else:
            words.append(c)
            i += 1
    return words


def _vector_matches(word: str, dx: int, dy: int, a: int, b: int) -> bool:
    def side(c: str) -> bool:
        return {"f": dy > 0, "b": dy < 0, "l": dx < 0, "r": dx > 0}[c]

    def any_side(c: str) -> bool:
        return any(side(x) for x in _letters(c))

    if len(word) == 2 and word[1] == "h":
        return any_side(word[0])
    if len(word) == 2 and word[0] == word[1]:
        word = word[0]
    oblique = 0 < a < b
    if a == 0:  # orthogonal atom: every combination joins
        return any(any_side(c) for c in word)
    if not oblique:  # diagonal atom: a pair intersects
        return all(any_side(c) for c in word)
    if abs(dy) > abs(dx):
        pair, member = ("f" if dy > 0 else "b"), ("l" if dx < 0 else "r")
    else:
        pair, member = ("l" if dx < 0 else "r"), ("f" if dy > 0 else "b")
    if len(word) == 1:
        return pair in _letters(word)
    return pair in _letters(word[1]) and member in _letters(word[0])


#: XBetza's chiral sets of an oblique atom: the four moves turning right (``hr``: (1,2) and its
#: quarter turns clockwise) or left (``hl``).
_CHIRAL = {"hr": 1, "hl": -1}


def _vectors_for(text: str, pos: int, mods: str, dirs: str, a: int, b: int) -> list[tuple[int, int]]:
    """The moves of atom (a, b) that the direction letters ``dirs`` (of ``mods``, written at
    ``pos``) select: a first leg's."""
    h_at = pos + mods.index("h") if "h" in mods else pos
    if dirs in _CHIRAL and 0 < a < b:
        sense = _CHIRAL[dirs]
        v = (a, b) if sense == 1 else (b, a)
        out = []
        for _ in range(4):
            out.append(v)
            v = (v[1], -v[0]) if sense == 1 else (-v[1], v[0])
        return out
    if dirs.startswith("h"):
        if dirs in _CHIRAL:
            raise BetzaError(text, h_at, f"'{dirs}' picks the right- or left-handed moves of an oblique atom only")
        raise BetzaError(text, h_at, "'h' must follow a direction letter")
    vectors = _select(_all_vectors(a, b), _direction_words(dirs), a, b)
    if not vectors:
        raise BetzaError(text, pos, f"directions {dirs!r} select no move of this atom")
    return vectors


def _select(vectors: list[tuple[int, int]], words: list[str], a: int, b: int) -> list[tuple[int, int]]:
    if not words:
        return vectors
    return [v for v in vectors if any(_vector_matches(w, v[0], v[1], a, b) for w in words)]


@cache
def parse_betza(text: str) -> tuple[Atom, ...]:
    """Compile a Betza string into atoms; raises BetzaError naming the fault's position."""
    if len(text) > MAX_BETZA_LENGTH:
        raise BetzaError(
            text[:40] + "...", 0, f"the string has {len(text)} characters; the limit is {MAX_BETZA_LENGTH}"
        )
    atoms: list[Atom] = []
    i = 0
    n = len(text)
    if not text.strip():
        raise BetzaError(text, 0, "empty string")
    while i < n:
        start = i
        mods = ""
        while i < n and text[i].islower():
            c = text[i]
            if c not in DIRECTION_LETTERS and c not in OTHER_MODIFIERS and c not in XBETZA_MODIFIERS:
                raise BetzaError(text, i, f"unsupported modifier {c!r}")
            mods += c
            i += 1
        if i >= n:
            raise BetzaError(text, start, "modifiers with no atom after them")
        leaps, shorthand, i = _read_atom(text, i)
        rider = shorthand in RIDER_SHORTHANDS
        # A doubled atom rides.
        if shorthand is not None and text.startswith(shorthand, i) and not text[i:i + 1].islower():
            if text[i] == shorthand[0] and len(shorthand) == 1:
                rider = True
                i += 1
        elif shorthand is None and leaps and text.startswith(_atom_text(leaps[0]), i):
            rider = True
            i += len(_atom_text(leaps[0]))
        max_range = UNLIMITED if rider else 1
        exact = False
        digits_start = i
        while i < n and "0" <= text[i] <= "9":  # ASCII only: str.isdigit() also takes '²'
            i += 1
        digits = text[digits_start:i]
        if digits == "0":
            max_range = UNLIMITED  # XBetza: N0 is the nightrider, W0 the rook
        elif digits.startswith("0"):
            exact = True  # XBetza: W03 goes exactly three squares
            max_range = int(digits)
            if max_range < 1:
                raise BetzaError(text, digits_start, "range must be at least 1")
        elif digits:
            max_range = int(digits)
        compound = shorthand in ("K", "Q")  # 8-fold: later legs may go any of the eight ways
        if "e" in mods and not exact and not any(c in XBETZA_MODIFIERS - {"e"} for c in mods):
            # A plain move with en passant among its modes (fceF): the plain part stays plain Betza,
            # the en passant capture is a move of one leg (rules/legs.py).
            if "m" in mods or "c" in mods:
                atoms.extend(_make_atoms(text, start, mods.replace("e", ""), leaps, max_range))
            plain = mods.replace("m", "").replace("c", "")
            atoms.extend(_make_leg_atoms(text, start, plain, leaps, max_range, exact, compound))
        elif exact or any(c in XBETZA_MODIFIERS for c in mods):
            atoms.extend(_make_leg_atoms(text, start, mods, leaps, max_range, exact, compound))
        else:
            atoms.extend(_make_atoms(text, start, mods, leaps, max_range))
    return tuple(atoms)


def _atom_text(leap: tuple[int, int]) -> str:
    for letter, value in LEAPS.items():
        if value == leap:
            return letter
    return f"({leap[0]},{leap[1]})"


def _read_atom(text: str, i: int) -> tuple[list[tuple[int, int]], str | None, int]:
    c = text[i]
    if c in SHORTHANDS:
        return [LEAPS[x] for x in SHORTHANDS[c]], c, i + 1
    if c in LEAPS:
        return [LEAPS[c]], None, i + 1
    if c == "(":
        close = text.find(")", i)
        if close < 0:
            raise BetzaError(text, i, "'(' without a closing ')'")
        parts = text[i + 1:close].split(",")
        if len(parts) != 2 or not all(re.fullmatch(r"\s*[0-9]{1,3}\s*", p) for p in parts):
            raise BetzaError(text, i, "a leap is written (x,y) with two whole numbers")
        x, y = sorted(int(p) for p in parts)
        if y > MAX_LEAP:
            raise BetzaError(text, i, f"a leap's coordinates go up to {MAX_LEAP}")
        if y == 0:
            raise BetzaError(text, i, "the (0,0) leap goes nowhere")
        return [(x, y)], None, close + 1
    if c.isupper():
        raise BetzaError(text, i, f"unknown atom {c!r}")
    raise BetzaError(text, i, f"unexpected character {c!r}")


def _make_atoms(
    text: str, pos: int, mods: str, leaps: list[tuple[int, int]], max_range: int
) -> list[Atom]:
    can_move = "c" not in mods
    can_capture = "m" not in mods
    if "m" in mods and "c" in mods:
        raise BetzaError(text, pos, "'m' and 'c' together leave no move")
    if "p" in mods and "g" in mods:
        raise BetzaError(text, pos, "'p' and 'g' are two kinds of hop; use one")
    dirs = "".join(c for c in mods if c in DIRECTION_LETTERS)
    out = []
    for a, b in leaps:
        vectors = _vectors_for(text, pos, mods, dirs, a, b)
        out.append(
            Atom(
                leap=(a, b),
                vectors=tuple(vectors),
                max_range=max_range,
                can_move=can_move,
                can_capture=can_capture,
                hop="p" in mods or "g" in mods,
                lame="n" in mods,
                initial="i" in mods,
                grasshopper="g" in mods,
            )
        )
    return out


def _line_step(v: tuple[int, int]) -> tuple[tuple[int, int], int]:
    """The smallest step along ``v``'s line and how many of them make ``v``."""
    from math import gcd

    k = gcd(abs(v[0]), abs(v[1]))
    return (v[0] // k, v[1] // k), k


def overlaps(atoms: tuple[Atom, ...]) -> list[str]:
    """Pairs of atoms that can make the same move, in words (for ``check``'s warnings).

    Atoms on the same vector are merged when compiled, so their shared moves count
    once; an atom whose leap lies on another atom's ride (``RD``: the D leap is the
    rook's second step) still gives some moves twice.
    """
    out: list[str] = []
    for i, a in enumerate(atoms):
        for b in atoms[i + 1:]:
            if a.legs or b.legs:
                continue  # XBetza moves: their generator lists each move once
            same_hop = a.hop == b.hop and a.grasshopper == b.grasshopper
            if not same_hop or not ((a.can_move and b.can_move) or (a.can_capture and b.can_capture)):
                continue
            shared = set(a.vectors) & set(b.vectors)
            if shared:
                out.append(
                    f"atoms {_atom_text(a.leap)} and {_atom_text(b.leap)} both give the moves along "
                    f"{sorted(shared)[0]}; they are counted once"
                )
                continue
            for va in a.vectors:
                for vb in b.vectors:
                    (sa, ka), (sb, kb) = _line_step(va), _line_step(vb)
                    if sa != sb or a.hop:
                        continue
                    short, long_ = (a, b) if ka < kb else (b, a)
                    kshort, klong = min(ka, kb), max(ka, kb)
                    if short.is_rider and (short.max_range == UNLIMITED or short.max_range * kshort >= klong) and (
                        klong % kshort == 0
                    ):
                        out.append(
                            f"atom {_atom_text(long_.leap)} lands on a square that {_atom_text(short.leap)} rides to "
                            f"(along {va if ka == klong else vb}): the same move twice, which the program lists once"
                        )
                        break
                else:
                    continue
                break
    return out


def idle_modifiers(atoms: tuple[Atom, ...], tracks_moved: bool) -> list[str]:
    """Modifiers that change nothing, in words (for ``check``'s warnings)."""
    out: list[str] = []
    for a in atoms:
        name = _atom_text(a.leap)
        if a.legs:
            if a.initial and not tracks_moved:
                out.append(f"'i' on {name} does nothing: the piece does not track whether it moved (tracks_moved)")
            continue
        if a.initial and not tracks_moved:
            out.append(f"'i' on {name} does nothing: the piece does not track whether it moved (tracks_moved)")
        if a.hop and a.max_range == 1:
            letter = "g" if a.grasshopper else "p"
            out.append(f"'{letter}' on the leap {name} gives no move: a leap has no square beyond a hurdle")
        low, high = sorted((abs(a.leap[0]), abs(a.leap[1])))
        straight = low == 0 or low == high
        if a.lame and (a.is_step or (a.max_range != 1 and not straight)):
            out.append(f"'n' on {name} does nothing: only leaps longer than one step can be blocked")
    return list(dict.fromkeys(out))


# ------------------------------------------------------------------ XBetza legs

#: A later leg's direction words as turns against the leg before (rules/legs.py, TURNS).
_TURN_WORDS: dict[str, frozenset[str]] = {
    "f": frozenset({"f"}), "b": frozenset({"b"}), "l": frozenset({"l"}), "r": frozenset({"r"}),
    "v": frozenset({"f", "b"}), "s": frozenset({"l", "r"}),
    "fl": frozenset({"fl"}), "fr": frozenset({"fr"}), "bl": frozenset({"bl"}), "br": frozenset({"br"}),
    "fs": frozenset({"fl", "fr"}), "bs": frozenset({"bl", "br"}),
    "lv": frozenset({"fl", "bl"}), "rv": frozenset({"fr", "br"}), "vs": frozenset({"fl", "fr", "bl", "br"}),
    "fh": frozenset({"f", "fl", "fr"}), "bh": frozenset({"b", "bl", "br"}),
    "lh": frozenset({"l", "fl", "bl"}), "rh": frozenset({"r", "fr", "br"}),
}
#: A later leg without direction letters goes any way but straight back: of an eight-way atom
#: (oblique, or K and Q) all seven such ways, of a four-way atom (orthogonal or diagonal) straight
#: on or a right angle either way (as XBoard reads XBetza).
_ANY_BUT_BACK = frozenset({"f", "l", "r", "fl", "fr", "bl", "br"})
_FOUR_WAY_ON = frozenset({"f", "l", "r"})


def _turns(
    text: str, pos: int, dirs: str, eight_way: bool
) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """A later leg's turns: those its letters fix, those ``z`` allows (the way opposite to the
    path's last bend) and those ``q`` allows (the same way)."""
    if not dirs:
        return (_ANY_BUT_BACK if eight_way else _FOUR_WAY_ON), frozenset(), frozenset()
    if dirs.startswith("h"):
        raise BetzaError(text, pos, "'h' must follow a direction letter")
    fixed: set[str] = set()
    chosen: dict[str, set[str]] = {"z": set(), "q": set()}
    for word in _direction_words(dirs, _LATER_HORIZONTAL):
        key = word[0] if len(word) == 2 and word[0] == word[1] else word
        letter = next((c for c in key if c in "zq"), "")
        if letter:
            key = key.replace(letter, "s")
        found = _TURN_WORDS.get(key) or _TURN_WORDS.get(key[::-1])
        if found is None:
            raise BetzaError(text, pos, f"the direction {word!r} means nothing after 'a'")
        if letter:
            chosen[letter] |= found
        else:
            fixed |= found
    return frozenset(fixed), frozenset(chosen["z"]), frozenset(chosen["q"])


def _turned_atom(a: int, b: int) -> tuple[int, int] | None:
    """The atom a half right angle away: (0,n) and (n,n) swap; oblique atoms have none."""
    if a == 0:
        return (b, b)
    if a == b:
        return (0, b)
    return None


def _make_leg_atoms(
    text: str, pos: int, mods: str, leaps: list[tuple[int, int]], max_range: int, exact: bool,
    compound: bool = False,
) -> list[Atom]:
    """Atoms of an XBetza move: ``mods`` split into legs at each ``a``, one atom for all legs."""
    parts = mods.split("a")
    whole = set(mods)
    initial = "i" in whole
    wrap = "o" in whole
    # One leg: z and q shape the path (crooked, circular). In later legs they choose a turn's way
    # by the bend before (see _turns); the first leg of several has no bend before it.
    crooked, circular = len(parts) == 1 and "z" in whole, len(parts) == 1 and "q" in whole
    if crooked and circular:
        raise BetzaError(text, pos, "'z' (crooked) and 'q' (circular) are two path shapes; use one")
    if len(parts) > 1:
        for letter in "zq":
            if letter in parts[0]:
                raise BetzaError(
                    text, pos + parts[0].index(letter),
                    f"'{letter}' in a move of several legs turns a later leg by the bend before it; "
                    "the first leg has none",
                )
    shape = CROOKED if crooked else CIRCULAR if circular else STRAIGHT
    out: list[Atom] = []
    for a, b in leaps:
        if shape != STRAIGHT and max_range == 1:
            max_range = UNLIMITED  # a crooked or circular leap rides on (qN is the Rose)
        ride = max_range != 1
        legs: list[Leg] = []
        offset = pos
        for k, part in enumerate(parts):
            last = k == len(parts) - 1
            legs.append(_leg(text, offset, part, k, last, (a, b), ride, max_range, exact, shape, wrap, compound))
            if "y" in part or ("g" in part and not last):
                ride = not ride  # y (and a hurdle's g) turn a leap into a ride for the legs after, and back
            offset += len(part) + 1
        first = legs[0]
        out.append(
            Atom(
                leap=(a, b),
                vectors=first.vectors,
                max_range=max_range,
                can_move=bool(legs[-1].modes & MOVE),
                can_capture=any(leg.modes & (CAPTURE | DESTROY) for leg in legs),
                initial=initial,
                legs=tuple(legs),
            )
        )
    return out


def _leg(
    text: str,
    pos: int,
    part: str,
    k: int,
    last: bool,
    leap: tuple[int, int],
    ride: bool,
    max_range: int,
    exact: bool,
    shape: str,
    wrap: bool,
    compound: bool = False,
) -> Leg:
    a, b = leap
    modes = 0
    if "m" in part:
        modes |= MOVE
    if "c" in part:
        modes |= CAPTURE
    if "d" in part:
        modes |= DESTROY
    if "e" in part:
        modes |= EN_PASSANT
    hop = 0
    if "p" in part and "g" in part:
        raise BetzaError(text, pos, "'p' and 'g' are two kinds of hop; use one")
    if "p" in part or "g" in part:
        if last:
            hop = FINAL_GRASSHOP if "g" in part else FINAL_HOP
        else:
            modes |= HURDLE
    if not modes & (MOVE | CAPTURE | DESTROY | HURDLE | EN_PASSANT):
        modes |= MOVE if not last else MOVE | CAPTURE
    if last and "y" in part:
        raise BetzaError(text, pos + part.index("y"), "'y' changes the legs after it; the last leg has none")
    dirs = "".join(c for c in part if c in DIRECTION_LETTERS or (k > 0 and c in "zq"))
    # A leap that 'y' made a ride rides without a limit; a ride keeps its own limit.
    reach = 1 if not ride else max_range if max_range not in (1, UNLIMITED) else ENDLESS
    if k == 0:
        vectors = _vectors_for(text, pos, part, dirs, a, b)
        return Leg(
            tuple(vectors), frozenset(), modes, reach, exact and ride, "j" in part, "n" in part,
            "u" in part, hop, shape, wrap,
        )
    oblique = 0 < a < b
    turns, zig, round_ = _turns(text, pos, dirs, oblique or compound)
    vectors = _all_vectors(a, b)
    turned = _turned_atom(a, b)
    # Half turns make an orthogonal atom diagonal and back; a K or Q has both atoms anyway.
    if turned is not None and (compound or (turns | zig | round_) & HALF_TURNS):
        vectors += [v for v in _all_vectors(*turned) if v not in vectors]
    return Leg(
        tuple(vectors), turns, modes, reach, exact and ride, "j" in part, "n" in part, "u" in part, hop,
        STRAIGHT, wrap, zig, round_,
    )
