"""Xiangqi's repetition verdicts (perpetual check, perpetual chase, the plain draw) against
pyffish, over random positions and repeated move cycles.

Each seed sets up a random legal position (the generals and a few pieces), may play one move
first, then picks a four-ply cycle (a move of each side and the two moves back), preferring
moves that chase something, plays it twice, and compares our result with Fairy-Stockfish's
``is_optional_game_end`` at every ply. Prints each disagreement and the verdicts counted.

    FAIRYCHESS_PURE_PYTHON=1 .venv/bin/python bench/chase_diff.py [first seed] [seeds]
"""

from __future__ import annotations

import random
import re
import sys
import time
from collections import Counter

import pyffish as sf

import rules
from rules.chasing import chased

VARIANT = "xiangqi"
#: Where each of Red's pieces may stand (file, rank from 0), Black's turned round.
SQUARES = {
    "A": [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)],
    "B": [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
}
PIECES = "RRCCNNAABBPPP"


def random_fen(rng: random.Random) -> str:
    board: dict[tuple[int, int], str] = {
        (rng.choice([3, 4, 5]), rng.choice([0, 1, 2])): "K",
        (rng.choice([3, 4, 5]), rng.choice([7, 8, 9])): "k",
    }
    for color in (0, 1):
        for _ in range(rng.randint(2, 6)):
            letter = rng.choice(PIECES)
            file, rank = rng.choice(SQUARES[letter]) if letter in SQUARES else (rng.randrange(9), rng.randrange(10))
            if letter == "P" and rank < 3:
                continue
            if color:
                file, rank = 8 - file, 9 - rank
            if (file, rank) not in board:
                board[(file, rank)] = letter if color == 0 else letter.lower()
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            letter = board.get((file, rank))
            if letter is None:
                empty += 1
                continue
            row, empty = row + (str(empty) if empty else "") + letter, 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + rng.choice("wb") + " - - 0 1"


def playable(fen: str) -> bool:
    """A position both programs accept and that is not over (pyffish is not asked about others)."""
    try:
        game = rules.new_game(VARIANT, fen=fen)
    except rules.RulesError:
        return False
    if game.result is not None or game.rules.in_check(game.pos, 1 - game.pos.turn):
        return False
    return not game.rules.royals_face(game.pos, 0) and sf.validate_fen(fen, VARIANT) == 1


def back(move: str) -> str:
    origin, destination = re.findall(r"[a-i]\d+", move)
    return destination + origin


def theirs(fen: str, moves: list[str]) -> tuple[bool, str | None]:
    ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
    if not ended:
        return (False, None)
    mover = "white" if sf.get_fen(VARIANT, fen, moves).split()[1] == "w" else "black"
    return (True, None if value == 0 else mover if value > 0 else ("black" if mover == "white" else "white"))


def chases(fen: str, moves: list[str]) -> list[bool]:
    """Does each of ``moves`` chase something (by our reading)?"""
    game = rules.new_game(VARIANT, fen=fen)
    chase = game.rules.outcomes.chasing
    assert chase is not None
    out = []
    for text in moves:
        before = game.pos.copy()
        game.play(text)
        last = game.pos.last_move()
        assert last is not None
        out.append(bool(chased(game.rules, chase, before, game.pos.copy(), last)))
    return out


def cycle(rng: random.Random, fen: str, pre: list[str]) -> list[str] | None:
    """Four quiet plies that return to the position, chasing where a few tries find it."""
    best: tuple[int, list[str]] | None = None
    pieces = sf.get_fen(VARIANT, fen, pre).split()[0]
    count = sum(c.isalpha() for c in pieces)
    firsts = sf.legal_moves(VARIANT, fen, pre)
    rng.shuffle(firsts)
    for first in firsts[:10]:
        seconds = sf.legal_moves(VARIANT, fen, pre + [first])
        rng.shuffle(seconds)
        for second in seconds[:6]:
            plies = [first, second, back(first), back(second)]
            line = pre[:]
            ok = True
            for ply in plies:
                if ply not in sf.legal_moves(VARIANT, fen, line):
                    ok = False
                    break
                line.append(ply)
            if not ok or sum(c.isalpha() for c in sf.get_fen(VARIANT, fen, line).split()[0]) != count:
                continue
            found = chases(fen, pre + plies)[len(pre):]
            score = int(found[0] and found[2]) + int(found[1] and found[3])
            if best is None or score > best[0]:
                best = (score, plies)
    return None if best is None else best[1]


def one(seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    fen = next((f for f in (random_fen(rng) for _ in range(100)) if playable(f)), None)
    if fen is None:
        return ("skipped", "")
    pre = [rng.choice(sf.legal_moves(VARIANT, fen, []))] if rng.random() < 0.5 else []
    plies = cycle(rng, fen, pre)
    if plies is None:
        return ("skipped", "")
    moves = pre + plies * 2
    game = rules.new_game(VARIANT, fen=fen)
    for n, text in enumerate(moves, 1):
        game.play(text)
        ours = (game.result is not None, game.result.winner if game.result else None)
        if ours != theirs(fen, moves[:n]):
            return ("DIFFERENT", f"{fen} {' '.join(moves[:n])}: ours {game.result}, theirs {theirs(fen, moves[:n])}")
        if game.result is not None:
            return (game.result.reason, "")
    return ("not over", "")


def main() -> None:
    first = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    counted: Counter[str] = Counter()
    start = time.perf_counter()
    for seed in range(first, first + seeds):
        verdict, detail = one(seed)
        counted[verdict] += 1
        if detail:
            print(f"seed {seed}: {detail}", flush=True)
    print(dict(counted), f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
