"""The evaluation's named terms and their weights, with a variant's own say.

Every term has a built-in weight (1.0 means "as tuned for chess"). A variant may
reweight terms, switch on the optional ones, and give powers a bonus, in its data::

    [variant.<id>.data.engine.terms]
    pocket = 1.0          # switch on an optional term
    mobility = 0.5        # halve a built-in one

    [variant.<id>.data.engine.power_values]
    freeze = 80           # centipawns a piece gains for holding the power

The names are listed in :data:`DEFAULT_WEIGHTS` and described in ``docs/engine.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..errors import VariantFileError

if TYPE_CHECKING:
    from ..ruleset import Rules

DEFAULT_WEIGHTS: dict[str, float] = {
    "mobility": 1.0,  # moves each piece has from its square (empty board, against its average)
    "centre": 1.0,  # pieces nearer the middle of the board
    "pawn-advance": 1.0,  # pawns nearer promotion
    "royal-safety": 1.0,  # royal pieces sheltered early, active late, the last royal kept clear of enemies
    "royal-attack": 1.0,  # enemy pieces that reach the squares around a royal piece (where royals are always royal)
    "mop-up": 1.0,  # when well ahead: drive the enemy royal to the edge and go after it
    "frozen": 1.0,  # a frozen piece can neither move nor guard
    "borrowed": 1.0,  # worth of moves a piece holds only while others lend them (a Friend)
    "royal-count": 1.0,  # where only the last royal is royal: each further one is a reserve life
    "passed-pawn": 1.0,  # a pawn no enemy pawn can stop or take on its way, more so in the ending
    "pawn-structure": 1.0,  # doubled pawns and pawns with no own pawn on a neighbouring file
    "army-balance": 1.0,  # unequal armies at the start count as equal (their designer balanced them)
    "simplify": 1.0,  # the side ahead gains as pieces come off (a lead counts for more with less on the board)
    "move-rule": 1.0,  # a lead fades as the move-count rule nears (so the side ahead makes progress)
    "vehicle": 1.0,  # a piece standing on a vehicle a power gives (a Ferry) can carry it over or send it
    # Optional terms, off unless a variant switches them on:
    "pocket": 0.0,  # a piece kept on an extra square (the Pocket) is safe and can return anywhere
    "pool": 0.0,  # captured own pieces that promotion can bring back
    "stranded": 0.0,  # late in the game, a piece that cannot cross a barrier and has no vehicle to take
}


@dataclass(frozen=True)
class EngineConfig:
    """Term weights and power bonuses for one variant."""

    weights: dict[str, float]
    power_values: dict[str, int]

    def weight(self, name: str) -> float:
        return self.weights[name]


def engine_config(rules: Rules, overrides: dict[str, float] | None = None) -> EngineConfig:
    """The variant's term weights (built-in, then its data, then ``overrides``)."""
    variant = rules.variant
    data: Any = variant.data.get("engine", {})
    problems: list[tuple[int | None, str]] = []
    if not isinstance(data, dict):
        raise VariantFileError(variant.source, [(None, "data.engine must be a table")])
    weights = dict(DEFAULT_WEIGHTS)
    given_terms = data.get("terms", {})
    power_values: dict[str, int] = {}
    for name, value in {**given_terms, **(overrides or {})}.items():
        if name not in DEFAULT_WEIGHTS:
            known = ", ".join(sorted(DEFAULT_WEIGHTS))
            problems.append((None, f"data.engine.terms: unknown term {name!r}; known terms: {known}"))
        elif not isinstance(value, int | float) or isinstance(value, bool):
            problems.append((None, f"data.engine.terms.{name} must be a number, not {value!r}"))
        else:
            weights[name] = float(value)
    for name, value in data.get("power_values", {}).items():
        if not isinstance(value, int | float) or isinstance(value, bool):
            problems.append((None, f"data.engine.power_values.{name} must be a number, not {value!r}"))
        else:
            power_values[name] = round(value)
    for key in data:
        if key not in ("terms", "power_values"):
            problems.append((None, f"data.engine: unknown key {key!r}; use terms or power_values"))
    if problems:
        raise VariantFileError(variant.source, problems)
    return EngineConfig(weights, power_values)
