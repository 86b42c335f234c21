"""What a search is asked (limits) and what it answers (a result)."""

from __future__ import annotations

from dataclasses import dataclass

from ..moves import Move

#: Score of a won position, less the plies it takes to win.
MATE = 100_000
#: Scores beyond this are wins or losses in a known number of plies.
MATE_BOUND = MATE - 1_000
#: Above every score a search can give: the start of a search for the best.
INFINITY = MATE + 1
#: The deepest ply a search reaches, check extensions and quiescence included.
MAX_PLY = 128


@dataclass(frozen=True)
class Limits:
    """When a search must stop: the first limit reached ends it.

    ``time`` is a hard limit in seconds: the search returns a legal move by then
    (give or take the work of one node). ``None`` everywhere means: until stopped.
    """

    depth: int | None = None
    time: float | None = None
    nodes: int | None = None
    #: The root moves to choose among, by their text (UCI's ``searchmoves``; the XBoard mode
    #: leaves out moves XBoard cannot relay). None, or a set naming no legal move: all of them.
    only: frozenset[str] | None = None


def root_choices(limits: Limits, legal: list[Move]) -> list[Move]:
    """The legal moves a search may answer with under ``limits.only``."""
    if limits.only is None:
        return legal
    return [move for move in legal if str(move) in limits.only] or legal


#: The most lines one search gives (``Engine.search(lines=...)``): each costs a search of its own.
MAX_LINES = 8


@dataclass(frozen=True)
class PrincipalLine:
    """One line of a search: a root move (``pv[0]``), its score and the expected continuation.

    ``score`` and ``mate_in`` read as in :class:`SearchResult`, from the side to move's view.
    """

    score: int
    pv: tuple[Move, ...]
    mate_in: int | None = None


@dataclass(frozen=True)
class SearchResult:
    """The best move found and how it was found.

    ``score`` is in centipawns from the side to move's point of view; ``mate_in``
    is set when the search proved a forced result: positive, the side to move
    mates in that many of its own moves; negative, it is mated. ``best_move`` is
    None only when the position has no legal move (the game is over).

    ``lines`` holds the best lines, best first, where the search was asked for more
    than one (the first is ``score``/``pv``/``mate_in`` again); otherwise it is empty.
    :meth:`principal_lines` gives them either way.
    """

    best_move: Move | None
    score: int
    depth: int
    nodes: int
    pv: tuple[Move, ...]
    seconds: float
    mate_in: int | None = None
    lines: tuple[PrincipalLine, ...] = ()
    #: the answer comes from an endgame table (rules/tablebase): exact, no search
    from_table: bool = False

    def main_line(self) -> PrincipalLine:
        """The answer's own line: its score, its expected line and its mate distance."""
        return PrincipalLine(self.score, self.pv, self.mate_in)

    def principal_lines(self) -> tuple[PrincipalLine, ...]:
        """Every line the search gives, best first: the main line alone unless it was asked for more."""
        if self.lines:
            return self.lines
        return (self.main_line(),) if self.pv else ()

    @property
    def nps(self) -> float:
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    def describe(self) -> str:
        """One line for logs and the command line: depth, score, nodes, line."""
        score = f"mate {self.mate_in}" if self.mate_in is not None else f"{self.score / 100:+.2f}"
        line = " ".join(str(m) for m in self.pv)
        return f"depth {self.depth} score {score} nodes {self.nodes} ({self.nps:.0f}/s) pv {line}"


def mate_in(score: int) -> int | None:
    """Moves to mate (negative: to be mated) for a mate score, else None."""
    if score >= MATE_BOUND:
        return (MATE - score + 1) // 2
    if score <= -MATE_BOUND:
        return -((MATE + score + 1) // 2)
    return None
