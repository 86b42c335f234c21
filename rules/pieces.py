"""Piece values and piece types.

A :class:`Piece` is an immutable value (colour, type id, per-piece state). Pieces
are interned: equal values are the same object, so comparing and hashing them is
cheap and each distinct value has a small integer id used by position hashing.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from .betza import Atom
from .movement import NO_RULES, MovementRules

WHITE, BLACK = 0, 1
COLOR_NAMES = ("white", "black")


def color_index(name: str) -> int:
    try:
        return COLOR_NAMES.index(name)
    except ValueError:
        raise ValueError(f"colour must be 'white' or 'black', not {name!r}") from None


class Piece:
    """One piece: colour, type id and state. Build with :func:`piece`, never directly."""

    __slots__ = ("color", "kind", "moved", "flags", "components", "zid", "_moved_twin")

    color: int
    kind: str
    moved: bool
    flags: frozenset[str]
    components: tuple[str, ...]
    zid: int

    def __repr__(self) -> str:
        extra = []
        if self.moved:
            extra.append("moved")
        extra.extend(sorted(self.flags))
        if self.components:
            extra.append("+".join(self.components))
        tail = f" [{', '.join(extra)}]" if extra else ""
        return f"<{COLOR_NAMES[self.color]} {self.kind}{tail}>"

    def __str__(self) -> str:
        return f"{COLOR_NAMES[self.color]} {self.kind}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (piece, (self.color, self.kind, self.moved, self.flags, self.components))

    def as_moved(self) -> Piece:
        """This piece after it has moved (the same object if it already had)."""
        twin = self._moved_twin
        if twin is None:
            twin = piece(self.color, self.kind, True, self.flags, self.components)
            self._moved_twin = twin
        return twin

    def replace(
        self,
        *,
        color: int | None = None,
        kind: str | None = None,
        moved: bool | None = None,
        flags: frozenset[str] | None = None,
        components: tuple[str, ...] | None = None,
    ) -> Piece:
        return piece(
            self.color if color is None else color,
            self.kind if kind is None else kind,
            self.moved if moved is None else moved,
            self.flags if flags is None else flags,
            self.components if components is None else components,
        )


_INTERNED: dict[tuple[Any, ...], Piece] = {}
# Equality of pieces is identity, so two threads (the app and the engine) must
# never create twins of one value: creation is serialised, lookups are not.
_INTERN_LOCK = threading.Lock()


def piece(
    color: int,
    kind: str,
    moved: bool = False,
    flags: frozenset[str] | set[str] | tuple[str, ...] = frozenset(),
    components: tuple[str, ...] = (),
) -> Piece:
    """The interned piece with these attributes."""
    flags = frozenset(flags)
    key = (color, kind, moved, flags, components)
    found = _INTERNED.get(key)
    if found is not None:
        return found
    with _INTERN_LOCK:
        found = _INTERNED.get(key)
        if found is not None:
            return found
        return _create(key, color, kind, moved, flags, components)


def _create(
    key: tuple[Any, ...], color: int, kind: str, moved: bool, flags: frozenset[str], components: tuple[str, ...]
) -> Piece:
    p = object.__new__(Piece)
    p.color = color
    p.kind = kind
    p.moved = moved
    p.flags = flags
    p.components = components
    p.zid = len(_INTERNED) + 1
    p._moved_twin = p if moved else None
    _INTERNED[key] = p
    return p


@dataclass(frozen=True)
class PieceType:
    """A row of a variant's piece table."""

    id: str
    name: str
    letter: str
    betza: str
    atoms: tuple[Atom, ...]
    powers: tuple[str, ...] = ()
    description: str = ""
    tracks_moved: bool = False
    components: tuple[str, ...] = ()
    value: float | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False)
    #: The whole move as shown to players: XBetza legs and powers in words (rules/notation.py).
    notation: str = ""
    #: Region confinement, moves inside regions, hurdle and capture limits (rules/movement.py).
    movement: MovementRules = NO_RULES
