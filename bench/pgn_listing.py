"""How fast a large PGN file is listed (rules/pgnscan.py), against python-chess's header reader.

    python bench/pgn_listing.py [--megabytes 100] [--path /tmp/fairychess-listing.pgn] [--skip-chess]

Writes (once; an existing file of the right size is reused) a PGN file of lichess-like games:
eight tags, clock comments on every move, now and then a variation and a NAG. Then times
:func:`rules.pgnscan.list_file` over it and prints the games, MB/s and the peak memory the
process reached (resource's maxrss: tracemalloc would slow the listing several times over),
then python-chess's ``chess.pgn.read_headers`` over the same
file for the ratio. Figures, not a test: nothing here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import random
import resource
import time
from pathlib import Path

from rules import pgnscan

OPENINGS = (
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7",
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O Nc6 a3 Bxc3 bxc3 dxc4 Bxc4 Qc7",
    "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5 Bg2 Nb6 Nf3 Nc6 O-O Be7 d3 O-O a3 Be6 b4 f6",
)


def _game(rng: random.Random, number: int) -> str:
    sans = rng.choice(OPENINGS).split()
    words = []
    for ply, san in enumerate(sans):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(san)
        words.append(f"{{ [%clk 0:0{rng.randint(0, 9)}:{rng.randint(10, 59)}] }}")
        if rng.random() < 0.03:
            words.append("$1")
        if rng.random() < 0.02:
            words.append(f"( {ply // 2 + 1}{'.' if ply % 2 == 0 else '...'} {san} )")
    result = rng.choice(("1-0", "0-1", "1/2-1/2"))
    lines, line = [], ""
    for word in [*words, result]:
        if len(line) + len(word) + 1 > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    tags = {"Event": f"Rated Blitz game {number % 97}", "Site": f"https://example.org/{number:08x}",
            "Date": f"2024.{number % 12 + 1:02}.{number % 28 + 1:02}", "White": f"player{rng.randint(1, 5000)}",
            "Black": f"player{rng.randint(1, 5000)}", "Result": result, "WhiteElo": str(rng.randint(800, 2800)),
            "BlackElo": str(rng.randint(800, 2800))}
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    return head + "\n" + "\n".join(lines) + "\n\n"


def make_file(path: Path, megabytes: int) -> int:
    """Write the file unless one of at least the size is there; its number of games."""
    marker = path.with_suffix(".games")
    if path.exists() and marker.exists() and path.stat().st_size >= megabytes * 1_000_000:
        return int(marker.read_text())
    rng = random.Random(47)
    count = size = 0
    with path.open("w", encoding="utf-8") as out:
        while size < megabytes * 1_000_000:
            text = _game(rng, count)
            out.write(text)
            size += len(text)
            count += 1
    marker.write_text(str(count))
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--path", type=Path, default=Path("/tmp/fairychess-listing.pgn"))
    parser.add_argument("--skip-chess", action="store_true", help="leave out python-chess's reader")
    args = parser.parse_args()
    games = make_file(args.path, args.megabytes)
    megabytes = args.path.stat().st_size / 1_000_000
    print(f"file: {args.path}, {megabytes:,.1f} MB, {games:,} games")

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    listing = pgnscan.list_file(str(args.path))
    ours = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    assert len(listing) == games, (len(listing), games)
    print(f"rules.pgnscan.list_file: {len(listing):,} games in {ours:.2f} s, {megabytes / ours:,.1f} MB/s, "
          f"peak memory {peak / 1024:,.1f} MB (the process; {(peak - before) / 1024:,.1f} MB more than before)")
    # Reading one game back is a seek and a read of its bytes.
    started = time.perf_counter()
    listing.game_text(len(listing) // 2)
    print(f"reading game {len(listing) // 2 + 1:,} alone: {(time.perf_counter() - started) * 1000:.2f} ms")

    if args.skip_chess:
        return
    import chess.pgn

    started = time.perf_counter()
    count = 0
    with args.path.open(encoding="utf-8") as handle:
        while chess.pgn.read_headers(handle) is not None:
            count += 1
    theirs = time.perf_counter() - started
    print(f"chess.pgn.read_headers: {count:,} games in {theirs:.2f} s, {megabytes / theirs:,.1f} MB/s")
    print(f"ratio: python-chess takes {theirs / ours:.2f}x the time of rules.pgnscan")


if __name__ == "__main__":
    main()
