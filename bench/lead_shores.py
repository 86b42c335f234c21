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

#: Flight and Ferry's kinds that cross the water on their own (along a file); the rest ride Ferries.
CROSSERS = ("queen", "rook", "golddragon", "copperdragon")


def shore_counts(game: LoggedGame, side: str, crossers: tuple[str, ...]) -> Counter[str]:
    """The side's pieces at the end of the game, kings left out, by (own/far, crosser/ferry-bound)."""
    played = rules.new_game(game.variant)
    water = played.rules.variant.data.get("water")
    if not isinstance(water, dict) or "after_rank" not in water:
        raise SystemExit(f"{game.variant} has no water (data.water.after_rank); this count is for Flight and Ferry")
    after_rank = int(water["after_rank"])
    for move in game.moves:
        played.play(move)
    counts: Counter[str] = Counter()
    for square, name in played.board().items():
        color, kind = name.split(" ", 1)
        if color != side or kind == "king":
            continue
        south = int(square[1:]) <= after_rank
        own = south if side == "white" else not south
        counts[f"{'own' if own else 'far'} {'crosser' if kind in crossers else 'ferry-bound'}"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("logs", type=Path, nargs="+")
    parser.add_argument("--at", type=int, default=199, help="the ply whose scores decide who was ahead")
    parser.add_argument("--lead", type=int, default=300, help="centipawns both engines must agree on")
    parser.add_argument("--crossers", nargs="*", default=list(CROSSERS), help="kinds that cross the water alone")
    args = parser.parse_args()
    crossers = tuple(args.crossers)
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
            side = "white" if (who == "new") == game.new_is_white else "black"
            counts = shore_counts(game, side, crossers)
            games[who] += 1
            none_crossed[who] += counts["far ferry-bound"] == 0
            totals[who].update(counts)
            print(f"{path.name} game {game.number}: {who} ({side}) ahead; "
                  + ", ".join(f"{key} {counts[key]}" for key in sorted(counts)))
    for who, total in totals.items():
        print(f"{games[who]} games drawn at the ply limit with the {who} engine {args.lead} cp or more "
              f"ahead at ply {args.at}")
        print(f"  its pieces needing a Ferry: {total['own ferry-bound']} on its own shore, "
              f"{total['far ferry-bound']} across; none across in {none_crossed[who]} games")
        print(f"  its pieces crossing alone:  {total['own crosser']} on its own shore, {total['far crosser']} across")


if __name__ == "__main__":
    main()
