"""Strength levels, from a beginner that makes clear mistakes to the strongest.

A level bounds the search (depth and seconds per move) and, at the bottom, makes
the engine choose loosely: it scores every move, adds random noise to the
scores, and now and then plays a random legal move. The beginner also looks no
further than the captures it can make at once (no quiescence), so it takes
guarded pieces and leaves its own hanging.
"""

from __future__ import annotations

from dataclasses import dataclass

from .limits import Limits


@dataclass(frozen=True)
class Level:
    name: str
    label: str
    depth: int
    seconds: float
    quiescence: bool = True
    #: Standard deviation, in centipawns, of the noise added to every move's score.
    noise: int = 0
    #: Chance of playing a random legal move instead.
    blunder: float = 0.0

    def limits(self, seconds: float | None = None) -> Limits:
        """This level's limits, with another time per move if given."""
        return Limits(depth=self.depth, time=self.seconds if seconds is None else seconds)

    @property
    def loose(self) -> bool:
        """True if this level picks among scored moves rather than the single best."""
        return self.noise > 0 or self.blunder > 0


LEVELS: tuple[Level, ...] = (
    Level("beginner", "Beginner", depth=1, seconds=0.5, quiescence=False, noise=150, blunder=0.25),
    Level("novice", "Novice", depth=1, seconds=1.0, noise=60, blunder=0.08),
    Level("intermediate", "Intermediate", depth=2, seconds=2.0, noise=25),
    Level("advanced", "Advanced", depth=3, seconds=3.0),
    Level("expert", "Expert", depth=5, seconds=6.0),
    Level("strongest", "Strongest", depth=64, seconds=10.0),
)

_BY_NAME = {level.name: level for level in LEVELS}


def level_names() -> list[str]:
    """Level names from weakest to strongest."""
    return [level.name for level in LEVELS]


def get_level(name: str | Level) -> Level:
    """The level with this name (or the level itself); ValueError names the choices."""
    if isinstance(name, Level):
        return name
    found = _BY_NAME.get(name)
    if found is None:
        raise ValueError(f"unknown strength level {name!r}; choose one of: {', '.join(level_names())}")
    return found
