"""What the thinking indicator and the hint say about a search, as plain words.

Built on the GUI thread from a :class:`~rules.engine.SearchResult` while the game on the
board still shows the searched position, so the best move can carry its piece letter as
in the move list.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules import Game, Move, RulesError
from rules.engine import SearchResult

from ..line import describe_ply
from ..scores import WhiteScore, white_score
from .levels import level_label
from .search import HINT, SearchRequest


@dataclass(frozen=True)
class Report:
    purpose: str
    side: str
    level: str
    depth: int
    best: str
    score: str
    nodes: int
    #: The score as a number from White's side (None before the first depth completes).
    white: WhiteScore | None = None

    def text(self) -> str:
        who = self.side.capitalize()
        if self.purpose == HINT:
            head = f"Hint for {who}"
        else:
            head = f"{who} ({self.level}) thinks"
        parts = [head]
        if self.depth:
            parts.append(f"depth {self.depth}")
        if self.best:
            parts.append(f"best {self.best}")
        if self.score:
            parts.append(self.score)
        return " · ".join(parts)


def move_label(game: Game, move: Move) -> str:
    """The move as the move list writes it (the mover's letter, then the move text)."""
    try:
        return describe_ply(game, move)[2]
    except (RulesError, KeyError, IndexError):
        return str(move)


def score_words(result: SearchResult, white_to_move: bool) -> str:
    """The score from White's side, as every panel writes it: "+0.35 (White slightly better)"."""
    return white_score(result.score, result.mate_in, white_to_move).text()


def report_of(request: SearchRequest, result: SearchResult, game: Game) -> Report:
    best = move_label(game, result.best_move) if result.best_move is not None else ""
    white = request.side == "white"  # the searched position's side to move
    return Report(request.purpose, request.side, level_label(request.level), result.depth, best,
                  score_words(result, white), result.nodes, white_score(result.score, result.mate_in, white))


def starting_report(request: SearchRequest) -> Report:
    """What the indicator says before the first depth completes."""
    return Report(request.purpose, request.side, level_label(request.level), 0, "", "", 0)
