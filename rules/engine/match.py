"""Engine-against-engine games, for the ``play`` command and the benchmark."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..game import Game, Result
from .players import Player

#: Games still going after this many plies are stopped and scored as draws.
DEFAULT_MAX_PLIES = 400


@dataclass
class PlayedGame:
    """One finished (or stopped) game: who played, the moves, and how it ended."""

    variant: str
    white: str
    black: str
    moves: list[str] = field(default_factory=list)
    result: Result | None = None
    #: The game started with Black to move (a position given as text).
    black_first: bool = False

    @property
    def score(self) -> str:
        return self.result.score() if self.result is not None else "1/2-1/2"

    @property
    def reason(self) -> str:
        return self.result.reason if self.result is not None else "stopped at the move limit"

    def points(self, color: str) -> float:
        """Points of ``color`` ("white"/"black"): 1 win, 0.5 draw or stopped, 0 loss."""
        if self.result is None or self.result.winner is None:
            return 0.5
        return 1.0 if self.result.winner == color else 0.0

    def move_text(self) -> str:
        """The moves (in SAN) numbered in pairs: ``1. e4 e5 2. ...``."""
        parts = ["1. ..."] if self.black_first and self.moves else []
        offset = 1 if self.black_first else 0
        for i, move in enumerate(self.moves, offset):
            if i % 2 == 0:
                parts.append(f"{i // 2 + 1}.")
            parts.append(move)
        return " ".join(parts)


def play_game(
    game: Game,
    white: Player,
    black: Player,
    max_plies: int = DEFAULT_MAX_PLIES,
    on_move: Callable[[Game, Any], None] | None = None,
) -> PlayedGame:
    """Play ``game`` on to its end (or the ply limit) and return the record.

    A draw that the rules let the side to move claim (FIDE's threefold repetition and
    fifty-move rule) is claimed: the engine scores it as a draw, and would claim it."""
    played = PlayedGame(game.variant, white.name, black.name, black_first=game.pos.turn == 1)
    players = (white, black)
    while game.result is None and len(played.moves) < max_plies:
        if game.draw_claim() is not None:
            game.claim_draw()
            break
        mover = players[game.pos.turn]
        move = mover.choose(game)
        text = game.san(move)
        game.play(move)
        played.moves.append(text)
        if on_move is not None:
            on_move(game, move)
    played.result = game.result
    return played


@dataclass
class MatchScore:
    """Points of two players over a match with colours alternating."""

    first: str
    second: str
    games: list[PlayedGame] = field(default_factory=list)
    first_points: float = 0.0
    second_points: float = 0.0

    def add(self, played: PlayedGame, first_is_white: bool) -> None:
        self.games.append(played)
        first_color, second_color = ("white", "black") if first_is_white else ("black", "white")
        self.first_points += played.points(first_color)
        self.second_points += played.points(second_color)

    @property
    def wins(self) -> int:
        """Games the first player won."""
        return sum(
            1 for i, g in enumerate(self.games)
            if g.result is not None and g.result.winner == ("white" if i % 2 == 0 else "black")
        )


def play_match(
    new_game: Callable[[], Game],
    first: Player,
    second: Player,
    games: int,
    max_plies: int = DEFAULT_MAX_PLIES,
    on_game: Callable[[int, PlayedGame], None] | None = None,
) -> MatchScore:
    """``games`` games, ``first`` White in the odd-numbered ones (1st, 3rd, ...)."""
    score = MatchScore(first.name, second.name)
    for i in range(games):
        first_is_white = i % 2 == 0
        white, black = (first, second) if first_is_white else (second, first)
        played = play_game(new_game(), white, black, max_plies)
        score.add(played, first_is_white)
        if on_game is not None:
            on_game(i + 1, played)
    return score
