"""What the analysis panel says about a search, as plain data built on the GUI thread from a
:class:`~rules.engine.SearchResult`: the score from White's side, the depth, the speed and the
best line in the move list's notation, and the next best lines where more were asked for. No
Qt here."""

from __future__ import annotations

from dataclasses import dataclass

from rules import Game, Move, RulesError
from rules.engine import PrincipalLine, SearchResult

from ..line import check_sign, describe_ply
from ..scores import WhiteScore, white_score

#: How far a centipawn score moves the evaluation bar: at this many centipawns the leading
#: side holds about three quarters of it.
BAR_SCALE_CP = 400


@dataclass(frozen=True)
class LineMove:
    move: Move
    label: str  # as the move list writes it, with its number ("12.", "12...") where it starts a turn


@dataclass(frozen=True)
class ScoredLine:
    """A line after the best one: its score from White's side and its moves."""

    score: str
    moves: tuple[LineMove, ...]


@dataclass(frozen=True)
class Evaluation:
    """One search report: everything the panel shows."""

    white_share: float  # 0..1: how much of the bar is White's
    score: str  # "+0.35 (White slightly better)", "White mates in 3": fairygui/scores.py
    short: str  # what fits on the bar: "+0.35", "M3"
    depth: int
    nodes: int
    nps: int
    line: tuple[LineMove, ...]
    #: The second best line and on, where the panel asks for more than one.
    others: tuple[ScoredLine, ...] = ()
    #: The score as a number from White's side (the evaluation graph plots it).
    white: WhiteScore | None = None


def white_share(result: SearchResult | PrincipalLine, white_to_move: bool) -> float:
    if result.mate_in is not None:
        winning_side_white = (result.mate_in > 0) == white_to_move
        return 1.0 if winning_side_white else 0.0
    cp = result.score if white_to_move else -result.score
    return 1.0 / (1.0 + 10 ** (-cp / BAR_SCALE_CP))


def score_of(result: SearchResult | PrincipalLine, white_to_move: bool) -> WhiteScore:
    return white_score(result.score, result.mate_in, white_to_move)


def score_text(result: SearchResult | PrincipalLine, white_to_move: bool) -> str:
    """The score from White's side, as every panel writes it (``fairygui/scores.py``)."""
    return score_of(result, white_to_move).text()


def short_text(result: SearchResult | PrincipalLine, white_to_move: bool) -> str:
    return score_of(result, white_to_move).short()


def line_of(game: Game, moves: tuple[Move, ...]) -> tuple[LineMove, ...]:
    """The moves labelled on a copy of ``game``; stops at the first move the copy refuses."""
    replay = game.copy()
    out: list[LineMove] = []
    for index, move in enumerate(moves):
        try:
            side, number, label, action = describe_ply(replay, move)
            replay.play(move)
        except RulesError:
            break
        if not action:
            label += check_sign(replay)
        if not action and (side == "white" or index == 0):
            label = f"{number}.{'' if side == 'white' else '..'} {label}"
        out.append(LineMove(move, label))
    return tuple(out)


def table_score_text(result: SearchResult, white_to_move: bool) -> str:
    """An endgame table's exact answer: "White mates in 14 (table)", "Draw (table)"."""
    if result.mate_in is None:
        return "Draw (table)"
    return f"{score_text(result, white_to_move)} (table)"


def evaluation_of(result: SearchResult, game: Game) -> Evaluation:
    white = game.to_move == "white"
    others = tuple(ScoredLine(score_text(line, white), line_of(game, line.pv)) for line in result.lines[1:])
    score = table_score_text(result, white) if result.from_table else score_text(result, white)
    return Evaluation(white_share(result, white), score, short_text(result, white),
                      result.depth, result.nodes, int(result.nps), line_of(game, result.pv),
                      tuple(line for line in others if line.moves), score_of(result, white))
