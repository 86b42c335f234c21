"""Players for engine matches: the engine at a level, a random mover, a greedy capturer.

Each takes a :class:`~rules.game.Game` whose turn it is and returns a legal move,
leaving the game as it found it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from .engine import Engine
from .evaluate import Evaluator
from .levels import get_level, level_names
from .limits import Limits, SearchResult

if TYPE_CHECKING:
    from ..game import Game
    from ..moves import Move
    from ..ruleset import Rules


class Player(Protocol):
    name: str

    def choose(self, game: Game) -> Move: ...


class RandomPlayer:
    """Any legal move, uniformly."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Move:
        return self.rng.choice(game.legal_moves())


class GreedyPlayer:
    """Looks one ply ahead: the move that gains the most material now, at random among equals."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.name = "greedy"
        self.rng = random.Random(seed)
        self._evaluators: dict[int, Evaluator] = {}

    def _evaluator(self, rules: Rules) -> Evaluator:
        found = self._evaluators.get(id(rules))
        if found is None:
            found = self._evaluators[id(rules)] = Evaluator(rules)
        return found

    def choose(self, game: Game) -> Move:
        evaluator = self._evaluator(game.rules)
        me = game.pos.turn
        pos = game.pos.copy()
        best: list[Move] = []
        best_gain: int | None = None
        for m in game.legal_moves():
            pos.push(m)
            material = evaluator.material(pos)
            pos.pop()
            gain = material[me] - material[1 - me]
            if best_gain is None or gain > best_gain:
                best, best_gain = [m], gain
            elif gain == best_gain:
                best.append(m)
        return self.rng.choice(best)


class SearchPlayer:
    """The engine at a strength level, optionally with another time per move.

    Given a ``depth``, it searches that deep with no time limit: the same moves on any
    machine (for tests; matches meant to measure strength use time).
    """

    def __init__(
        self, level: str, seconds: float | None = None, seed: int | str | None = None, depth: int | None = None,
    ) -> None:
        self.level = get_level(level)
        self.name = level
        self.seconds = seconds
        self.seed = seed
        self.depth = depth
        self.last: SearchResult | None = None
        self._engines: dict[int, Engine] = {}

    def engine(self, rules: Rules) -> Engine:
        found = self._engines.get(id(rules))
        if found is None:
            # A text seed, not hash(): string hashes differ from one process to the next.
            seed = None if self.seed is None else f"{self.seed}/{rules.variant.id}"
            found = self._engines[id(rules)] = Engine(rules, self.level, seed=seed)
        return found

    def choose(self, game: Game) -> Move:
        limits = Limits(depth=self.depth) if self.depth is not None else self.level.limits(self.seconds)
        self.last = self.engine(game.rules).search(game, limits)
        assert self.last.best_move is not None, "asked to move in a finished game"
        return self.last.best_move


def player_names() -> list[str]:
    return ["random", "greedy", *level_names()]


def make_player(
    name: str, seconds: float | None = None, seed: int | str | None = None, depth: int | None = None,
) -> Player:
    """A player by name: ``random``, ``greedy`` or a strength level (see :class:`SearchPlayer`)."""
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name not in level_names():
        raise ValueError(f"unknown player {name!r}; choose one of: {', '.join(player_names())}")
    return SearchPlayer(name, seconds, seed, depth)
