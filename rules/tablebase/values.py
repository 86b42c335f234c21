"""What names a table and what a table answers, without numpy: the engine imports this (and
``probe``) at start-up, and numpy loads only when a table is actually opened or built."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ruleset import Rules

#: value codes in a finished table (side to move's view)
WIN, DRAW, LOSS, NONE = 1, 0, -1, -2


@dataclass(frozen=True)
class Job:
    """What names a table: variant id, options (sorted name=value pairs) and material."""

    variant: str
    options: tuple[tuple[str, Any], ...]
    material: str
    #: solve one position of each symmetric set (off where moves change the position's state:
    #: a symmetry would have to map the state too)
    symmetric: bool = True


def job_options(rules: Rules) -> tuple[tuple[str, Any], ...]:
    """The options of a Rules that differ from the variant's defaults, sorted: what names a
    table (so leaving a default out and spelling it give the same table)."""
    defaults = {name: opt.default for name, opt in rules.variant.options.items()}
    return tuple(sorted((k, v) for k, v in rules.options.items() if defaults.get(k, v) != v))


@dataclass(frozen=True)
class Probe:
    """A table's answer for one position, from the side to move's view."""

    value: int  # WIN, DRAW or LOSS
    plies: int  # plies to the end of the game with best play (0 for a draw)

    @property
    def moves(self) -> int:
        """The winning side's moves to the end (for a loss: the winner's moves still to come)."""
        return (self.plies + 1) // 2

    def words(self) -> str:
        """"Mate in 14", "Lost in 9", "Draw" (the end may be another win than mate)."""
        if self.value == DRAW:
            return "Draw"
        if self.value == WIN:
            return f"Mate in {self.moves}"
        return "Mated now" if self.plies == 0 else f"Mated in {self.moves}"
