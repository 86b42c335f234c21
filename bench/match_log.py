"""Summarise a ``bench/engine_baseline.py --log`` file: a benchmark aid, never a test.

For each game: who had White, the result for the new engine, how it ended and after how
many plies, and each engine's last score (from the new engine's side) at the given ply
(``--at``, 200 by default) if the game lasted that long. Then, per ply limit of
``--limits``, the points the same games would have given had they been stopped as draws
there, and how many of the games still going at ``--at`` had one side ahead by
``--lead`` centipawns or more in both engines' eyes, and what became of them.

    .venv/bin/python bench/match_log.py /tmp/match.log --at 200 --limits 200 300 400
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path


@dataclass
class LoggedGame:
    variant: str
    number: int
    new_is_white: bool
    points: float
    reason: str
    #: Scores from White's side, one per engine move (the opening's random plies have none).
    white_scores: list[int]
    #: The game's moves in the log's text, the opening's random plies included.
    moves: list[str]

    @property
    def plies(self) -> int:
        return len(self.moves)

    def scores_at(self, ply: int) -> tuple[int, int] | None:
        """(new engine's, baseline's) last scores at or before ``ply``, from the new engine's side."""
        opening = self.plies - len(self.white_scores)
        seen = self.white_scores[: max(0, ply - opening)]
        if len(seen) < 2:
            return None
        sign = 1 if self.new_is_white else -1
        # Ply index i (from 0) after the opening was played by White when opening + i is even.
        by_white = [s for i, s in enumerate(seen) if (opening + i) % 2 == 0]
        by_black = [s for i, s in enumerate(seen) if (opening + i) % 2 == 1]
        if not by_white or not by_black:
            return None
        new, old = (by_white, by_black) if self.new_is_white else (by_black, by_white)
        return sign * new[-1], sign * old[-1]

    def leader(self, ply: int, lead: int) -> str | None:
        """"new" or "baseline": the engine both engines' last scores at ``ply`` put ``lead`` or more ahead."""
        scores = self.scores_at(ply)
        if scores is None:
            return None
        if min(scores) >= lead:
            return "new"
        if max(scores) <= -lead:
            return "baseline"
        return None


def read_log(path: Path) -> list[LoggedGame]:
    games = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            games.append(LoggedGame(
                variant=str(raw["variant"]), number=int(raw["game"]), new_is_white=bool(raw["new_is_white"]),
                points=float(raw["points"]), reason=str(raw["reason"]),
                white_scores=[int(s) for s in raw["white_scores"]], moves=[str(m) for m in raw["moves"]],
            ))
        except (ValueError, KeyError, TypeError) as error:
            raise SystemExit(f"{path}, line {number}: not a game record of engine_baseline.py ({error})") from None
    return games


def capped_points(points: float, plies: int, limit: int) -> float:
    """The new engine's points had a game of ``plies`` been stopped as a draw after ``limit`` plies."""
    return points if plies <= limit else 0.5


def capped_line(games: list[tuple[float, int]], limit: int) -> str:
    """The score of games given as (new engine's points, plies) had they been stopped after ``limit`` plies."""
    points = [capped_points(p, plies, limit) for p, plies in games]
    return (f"stopped after {limit} plies: new {sum(points):g} / {len(points)} "
            f"({100 * sum(points) / max(1, len(points)):.0f}%)  +{points.count(1.0)} "
            f"={points.count(0.5)} -{points.count(0.0)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", type=Path)
    parser.add_argument("--at", type=int, default=200, help="the ply whose scores are shown")
    parser.add_argument("--limits", type=int, nargs="*", default=[200], help="ply limits to score the games at")
    parser.add_argument("--lead", type=int, default=300, help="centipawns that count as a clear lead")
    args = parser.parse_args()
    games = read_log(args.log)
    for variant in sorted({g.variant for g in games}):
        mine = sorted((g for g in games if g.variant == variant), key=lambda g: g.number)
        print(f"{variant}: {len(mine)} games")
        for g in mine:
            at = g.scores_at(args.at) if g.plies > args.at else None
            shown = f"  at ply {args.at}: new {at[0]:+d}, baseline {at[1]:+d}" if at else ""
            print(f"  game {g.number:2d} new as {'White' if g.new_is_white else 'Black'}: {g.points:g} "
                  f"({g.reason}, {g.plies} plies){shown}")
        total = sum(g.points for g in mine)
        print(f"  as played: {total:g} / {len(mine)} ({100 * total / max(1, len(mine)):.0f}%)")
        for limit in args.limits:
            print("  " + capped_line([(g.points, g.plies) for g in mine], limit))
        going = [g for g in mine if g.plies > args.at]
        for side in ("new", "baseline"):
            led = [g for g in going if g.leader(args.at, args.lead) == side]
            ends = ", ".join(f"{g.points:g}" for g in led) or "none"
            print(f"  still going at ply {args.at} with the {side} engine ahead by {args.lead} cp or more "
                  f"by both counts: {len(led)} (new engine's points then: {ends})")


if __name__ == "__main__":
    main()
