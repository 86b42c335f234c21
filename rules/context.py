"""Board-wide facts computed once per position before moves are generated."""

from __future__ import annotations

from typing import Any


class Context:
    """What powers decided about a position, read by the move generator.

    * ``frozen``: squares whose pieces cannot move or attack.
    * ``atoms``: per square, generator atoms replacing the piece type's own.
    * ``powers``: per square, power names replacing the piece type's own.
    * ``stops``: per square, the squares where that piece's slides must stop
      (a slide that starts on one of them goes one square only).
    * ``forward``: squares whose attacks must be found by generating moves.
    * ``info``: explanation data, by power name.
    """

    __slots__ = ("frozen", "atoms", "powers", "stops", "forward", "info")

    def __init__(self) -> None:
        self.frozen: set[int] = set()
        self.atoms: dict[int, tuple[Any, ...]] = {}
        self.powers: dict[int, tuple[str, ...]] = {}
        self.stops: dict[int, frozenset[int]] = {}
        self.forward: set[int] = set()
        self.info: dict[str, Any] = {}

    def parts(self) -> tuple[Any, ...]:
        """Every field's value (a compiled class has no ``__slots__`` to list them by)."""
        return (self.frozen, self.atoms, self.powers, self.stops, self.forward, self.info)

    @property
    def is_empty(self) -> bool:
        return not (self.frozen or self.atoms or self.powers or self.stops or self.forward)


EMPTY = Context()
