"""Where a side's unconverted lead stood: a benchmark aid for Flight and Ferry, never a test.

A ``bench/engine_baseline.py --log`` game drawn at the ply limit with one side well ahead in
both engines' eyes (``--lead`` centipawns at ``--at``, as ``bench/match_log.py`` counts
them) is replayed to its end, and the side ahead's pieces are counted by shore: its own
side of the water or the enemy's, split into those that can cross the water on their own
(``--crossers``) and those that need a Ferry. A lead whose pieces never crossed is a lead
the search had no plan to convert.

    .venv/bin/python bench/lead_shores.py /tmp/logs/ab05_s11.log /tmp/logs/ab05_s12.log
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from match_log import LoggedGame, read_log

import rules


def shore_counts(game: LoggedGame, side: int, crossers: frozenset[str] | None) -> Counter[str]:
    """The side's pieces at the end of the game, royals left out, by (own/far, crosser/ferry-bound).

    The shores and the kinds that cross alone are the rules' own (the power whose ``barrier``
    hook splits the board: Flight and Ferry's water); ``crossers`` replaces those kinds.
    """
    played = rules.new_game(game.variant)
    barrier = next((b for power in played.rules.variant_powers if (b := power.barrier()) is not None), None)
    if barrier is None:
        raise SystemExit(f"{game.variant} has no power that splits the board in shores "
                         "(this count is for Flight and Ferry)")
    shore, flyers = barrier
    if crossers is None:
        crossers = flyers
    for move in game.moves:
        played.play(move)
    royal_kinds = played.rules.royal_kinds
    counts: Counter[str] = Counter()
    for square, p in enumerate(played.pos.board[: len(shore)]):
        if p is None or p.color != side or p.kind in royal_kinds:
            continue
        # White (colour 0) starts on shore 0, below the water, and Black on shore 1.
        own = shore[square] == side
        counts[f"{'own' if own else 'far'} {'crosser' if p.kind in crossers else 'ferry-bound'}"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", type=Path, nargs="+")
    parser.add_argument("--at", type=int, default=199, help="the ply whose scores decide who was ahead")
    parser.add_argument("--lead", type=int, default=300, help="centipawns both engines must agree on")
    parser.add_argument("--crossers", nargs="*", default=None,
                        help="kinds that cross the water alone (default: the rules' flyers)")
    args = parser.parse_args()
    crossers = None if args.crossers is None else frozenset(args.crossers)
    totals: dict[str, Counter[str]] = {"new": Counter(), "baseline": Counter()}
    games: Counter[str] = Counter()
    none_crossed: Counter[str] = Counter()
    for path in args.logs:
        for game in read_log(path):
            if game.reason != "move limit":
                continue
            who = game.leader(args.at, args.lead)
            if who is None:
                continue
            side = 0 if (who == "new") == game.new_is_white else 1
            counts = shore_counts(game, side, crossers)
            games[who] += 1
            none_crossed[who] += counts["far ferry-bound"] == 0
            totals[who].update(counts)
            print(f"{path.name} game {game.number}: {who} ({('white', 'black')[side]}) ahead; "
                  + ", ".join(f"{key} {counts[key]}" for key in sorted(counts)))
    for who, total in totals.items():
        print(f"{games[who]} games drawn at the ply limit with the {who} engine {args.lead} cp or more "
              f"ahead at ply {args.at}")
        print(f"  its pieces needing a Ferry: {total['own ferry-bound']} on its own shore, "
              f"{total['far ferry-bound']} across; none across in {none_crossed[who]} games")
        print(f"  its pieces crossing alone:  {total['own crosser']} on its own shore, {total['far crosser']} across")


if __name__ == "__main__":
    main()
