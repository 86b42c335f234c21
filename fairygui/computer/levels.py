"""The engine's strength levels as the new-game dialog offers them, each with one line of words.

The levels and their limits belong to ``rules.engine``; the sentence for each is put
together here from the level's own figures, so a retuned level describes itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import LEVELS, Level, get_level, level_names

#: The level offered when nobody has chosen one yet: it plays sensibly and answers fast.
DEFAULT_LEVEL = "intermediate"
#: Deeper than any game reaches in practice: the level is bounded by its time alone.
UNBOUNDED_DEPTH = 20
#: Seconds a move for another program's engine playing a side (the built-in levels have their own).
ENGINE_MOVE_SECONDS = 2.0


@dataclass(frozen=True)
class LevelChoice:
    name: str
    label: str
    description: str


def _seconds(value: float) -> str:
    return f"{value:g} s"


def describe_level(level: Level) -> str:
    """One line: how far the level looks, how long it may take, and how it errs."""
    own = getattr(level, "description", "")
    if isinstance(own, str) and own:
        return own  # the engine's own words, should it come to have them
    if level.depth >= UNBOUNDED_DEPTH:
        parts = [f"looks as deep as {_seconds(level.seconds)} a move allows"]
    else:
        plies = "half-move" if level.depth == 1 else "half-moves"
        parts = [f"looks {level.depth} {plies} ahead (at most {_seconds(level.seconds)} a move)"]
    if not level.quiescence:
        parts.append("does not follow exchanges to their end")
    if level.noise:
        parts.append(f"misjudges positions by about {level.noise / 100:.2g} pawns")
    if level.blunder:
        parts.append(f"plays one move in {round(1 / level.blunder)} at random")
    if not level.loose:
        parts.append("always plays the best move it finds")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


def level_choices() -> list[LevelChoice]:
    """Every level, weakest first."""
    return [LevelChoice(level.name, level.label, describe_level(level)) for level in LEVELS]


def is_level(name: object) -> bool:
    return isinstance(name, str) and name in level_names()


def level_label(name: str) -> str:
    return get_level(name).label if is_level(name) else name
