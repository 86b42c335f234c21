"""Engine strength and speed, per variant: a benchmark, never a test.

Prints, for each variant:

* speed: nodes per second and the depth reached thinking 5 s on the start position;
* matches at 1 s per move: the strongest level against a random mover (target: wins
  every game of 20) and against a one-ply greedy capturer (target: at least 90% of the
  points over 20 games), colours alternating, the engine White in the odd games.

The full run takes hours; flags make partial runs::

    .venv/bin/python bench/engine.py                                   # everything
    .venv/bin/python bench/engine.py --variants chess pocket43 --games 4 --jobs 2
    .venv/bin/python bench/engine.py --no-matches --think 2            # speed only
    .venv/bin/python bench/engine.py --no-speed --opponents greedy --move-time 0.5
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass

import rules
from rules.engine import Engine, Limits, make_player
from rules.engine.match import play_game
from rules.engine.players import SearchPlayer


@dataclass
class GameOutcome:
    variant: str
    opponent: str
    number: int
    engine_white: bool
    points: float  # the engine's
    reason: str
    plies: int
    depths: list[int]
    seconds: float


def speed(variant: str, think: float) -> tuple[float, int, int]:
    game = rules.new_game(variant)
    result = Engine(game).search(game, Limits(time=think))
    return result.nps, result.depth, result.nodes


def one_game(job: tuple[str, str, int, float, int, int]) -> GameOutcome:
    variant, opponent_name, number, move_time, max_plies, seed = job
    engine = SearchPlayer("strongest", move_time, seed=f"{seed}-{number}")
    opponent = make_player(opponent_name, seed=f"{seed}-{variant}-{number}")
    engine_white = number % 2 == 1
    white, black = (engine, opponent) if engine_white else (opponent, engine)
    depths: list[int] = []

    def note(game: rules.Game, move: object) -> None:
        # The side that just moved is the one whose turn it no longer is.
        mover_is_white = game.pos.turn == 1
        if mover_is_white == engine_white and engine.last is not None:
            depths.append(engine.last.depth)

    started = time.monotonic()
    played = play_game(rules.new_game(variant), white, black, max_plies, on_move=note)
    color = "white" if engine_white else "black"
    return GameOutcome(
        variant, opponent_name, number, engine_white, played.points(color), played.reason,
        len(played.moves), depths, time.monotonic() - started,
    )


def report_match(variant: str, opponent: str, games: list[GameOutcome], target: str) -> None:
    wins = sum(1 for g in games if g.points == 1)
    draws = sum(1 for g in games if g.points == 0.5)
    losses = len(games) - wins - draws
    points = sum(g.points for g in games)
    share = 100 * points / len(games)
    depths = [d for g in games for d in g.depths]
    mean_depth = statistics.mean(depths) if depths else 0.0
    reasons: dict[str, int] = {}
    for g in games:
        reasons[g.reason] = reasons.get(g.reason, 0) + 1
    how = ", ".join(f"{n} {r}" for r, n in sorted(reasons.items(), key=lambda kv: -kv[1]))
    print(
        f"  vs {opponent:7} {len(games):3} games: +{wins} ={draws} -{losses}  {points:g} points ({share:.0f}%)  "
        f"mean plies {statistics.mean(g.plies for g in games):.0f}  mean depth {mean_depth:.1f}  "
        f"[{target}]  ({how})"
    )
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--variants", nargs="*", default=None, help="variant ids (default: every listed variant)")
    parser.add_argument("--think", type=float, default=5.0, help="seconds on the start position for the speed row")
    parser.add_argument("--move-time", type=float, default=1.0, help="engine seconds per move in matches")
    parser.add_argument("--games", type=int, default=20, help="games per opponent and variant")
    parser.add_argument("--opponents", nargs="*", default=["random", "greedy"], choices=["random", "greedy"])
    parser.add_argument("--max-plies", type=int, default=400, help="games still going after this are draws")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once (processes)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-speed", action="store_true")
    parser.add_argument("--no-matches", action="store_true")
    args = parser.parse_args()
    variants = args.variants or rules.variant_ids()

    if not args.no_speed:
        print(f"speed: strongest level, {args.think:g} s on the start position")
        for variant in variants:
            nps, depth, nodes = speed(variant, args.think)
            print(f"  {variant:20} {nps:8.0f} nodes/s  depth {depth:2}  ({nodes} nodes)")
            sys.stdout.flush()

    if args.no_matches:
        return
    print(
        f"matches: strongest at {args.move_time:g} s/move, {args.games} games per opponent, "
        f"colours alternating, draw after {args.max_plies} plies"
    )
    jobs = [
        (variant, opponent, number, args.move_time, args.max_plies, args.seed)
        for variant in variants
        for opponent in args.opponents
        for number in range(1, args.games + 1)
    ]
    targets = {"random": "target: all wins", "greedy": "target: >= 90%"}
    results: dict[tuple[str, str], list[GameOutcome]] = {}
    started = time.monotonic()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            outcomes = pool.imap(one_game, jobs)
            _collect(outcomes, results, jobs, targets)
    else:
        _collect(map(one_game, jobs), results, jobs, targets)
    print(f"matches took {time.monotonic() - started:.0f} s")


def _collect(outcomes, results, jobs, targets) -> None:  # noqa: ANN001
    expected: dict[tuple[str, str], int] = {}
    for variant, opponent, *_ in jobs:
        expected[(variant, opponent)] = expected.get((variant, opponent), 0) + 1
    current = None
    for outcome in outcomes:
        key = (outcome.variant, outcome.opponent)
        if outcome.variant != current:
            current = outcome.variant
            print(f"{current}:")
        results.setdefault(key, []).append(outcome)
        if len(results[key]) == expected[key]:
            report_match(outcome.variant, outcome.opponent, results[key], targets[outcome.opponent])


if __name__ == "__main__":
    main()
