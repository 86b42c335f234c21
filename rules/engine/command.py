"""``python -m rules play``: engine-against-engine games, printed move by move."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ..game import Game
from .match import DEFAULT_MAX_PLIES, PlayedGame, play_game
from .players import make_player, player_names


def add_play_arguments(p: argparse.ArgumentParser) -> None:
    names = ", ".join(player_names())
    p.add_argument("--white", default="strongest", metavar="LEVEL", help=f"White's player: {names}")
    p.add_argument("--black", default="strongest", metavar="LEVEL", help=f"Black's player: {names}")
    p.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    p.add_argument("--time", type=float, metavar="SECONDS", help="seconds per move, instead of each level's own")
    p.add_argument("--alternate", action="store_true", help="swap colours after every game")
    p.add_argument(
        "--max-plies", type=int, default=DEFAULT_MAX_PLIES,
        help=f"stop a game after this many plies and score it a draw (default {DEFAULT_MAX_PLIES})",
    )
    p.add_argument("--seed", default=None, help="seed for the players' random choices (repeatable games)")
    p.add_argument("--quiet", action="store_true", help="print results only, not the moves")


def run_play(args: argparse.Namespace, new_game: Callable[[argparse.Namespace], Game]) -> int:
    """Play the games; ``new_game`` builds a fresh Game from the parsed arguments."""
    if args.games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    try:
        first = make_player(args.white, args.time, args.seed and f"{args.seed}-white")
        second = make_player(args.black, args.time, args.seed and f"{args.seed}-black")
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    points = {first.name + " (first)": 0.0, second.name + " (second)": 0.0}
    labels = list(points)
    for number in range(1, args.games + 1):
        swapped = args.alternate and number % 2 == 0
        white, black = (second, first) if swapped else (first, second)
        game = new_game(args)
        played = play_game(game, white, black, args.max_plies)
        first_color, second_color = ("black", "white") if swapped else ("white", "black")
        points[labels[0]] += played.points(first_color)
        points[labels[1]] += played.points(second_color)
        _print_game(number, played, args.quiet)
    print(f"after {args.games} game(s): " + ", ".join(f"{name} {score:g}" for name, score in points.items()))
    return 0


def _print_game(number: int, played: PlayedGame, quiet: bool) -> None:
    plies = len(played.moves)
    print(
        f"game {number}: {played.white} (white) vs {played.black} (black): "
        f"{played.score} ({played.reason}) after {plies} plies"
    )
    if not quiet:
        print(f"  {played.move_text()}")
    sys.stdout.flush()
