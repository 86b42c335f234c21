"""Chess: the strongest level against Stockfish held to a rating: a benchmark, never a test.

Stockfish (the Debian package ``stockfish``: ``apt-get install stockfish``) is driven
through python-chess's ``chess.engine`` with ``UCI_LimitStrength`` on and ``UCI_Elo`` set
to each rating asked for. Both sides get the same time per move. Games come in pairs
from the same opening (a list of common first moves below), colours swapped; python-chess
referees (checkmate, stalemate, insufficient material, threefold repetition and the
fifty-move rule claimed at once). Our engine plays on its own ``rules`` game kept in step.
A game where both sides report a lead of ``--adjudicate`` centipawns for the same side,
four plies running, is scored for that side; ``--jobs`` plays games in parallel processes.

    .venv/bin/python bench/stockfish_match.py                          # 1350, 1600, 1800: 20 games each, 1 s
    .venv/bin/python bench/stockfish_match.py --elo 1600 --games 6 --move-time 0.5
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine

import rules
from rules.engine import Engine, Limits
from rules.gctune import tune_after_startup

STOCKFISH = "/usr/games/stockfish"
#: Openings in UCI moves, each played once with each colour.
OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6",  # open game
    "e2e4 c7c5 g1f3 d7d6",  # Sicilian
    "d2d4 d7d5 c2c4 e7e6",  # Queen's Gambit Declined
    "d2d4 g8f6 c2c4 g7g6",  # King's Indian
    "e2e4 e7e6 d2d4 d7d5",  # French
    "e2e4 c7c6 d2d4 d7d5",  # Caro-Kann
    "c2c4 e7e5 b1c3 g8f6",  # English
    "g1f3 d7d5 g2g3 g8f6",  # Reti
    "e2e4 d7d5 e4d5 d8d5",  # Scandinavian
    "d2d4 f7f5 g2g3 g8f6",  # Dutch
]
PROMOTION_LETTERS = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}


def uci_of(move: rules.Move) -> str:
    """Our move as UCI text (castling is already the king's two-square move)."""
    text = move.origin + move.destination
    if move.promotion:
        text += PROMOTION_LETTERS[move.promotion]
    return text


def our_move(game: rules.Game, uci: str) -> rules.Move:
    for move in game.legal_moves():
        if uci_of(move) == uci:
            return move
    raise SystemExit(f"Stockfish played {uci}, which our rules do not list as legal in {game.fen()}")


#: Both sides must report at least this lead for the same side, this many plies running,
#: for a game to be adjudicated (a won ending takes long and proves nothing).
ADJUDICATE_PLIES = 4


@dataclass
class Task:
    elo: int
    number: int
    ours_white: bool
    opening: str
    move_time: float
    max_plies: int
    adjudicate: int
    stockfish: str


@dataclass
class Played:
    task: Task
    points: float
    reason: str
    plies: int
    depths: list[int]
    #: The game in UCI moves, and each mover's own score of its move (White's view, centipawns).
    moves: list[str]
    scores: list[int]


def white_view(score: chess.engine.PovScore | None) -> int | None:
    if score is None:
        return None
    return score.white().score(mate_score=100_000)


def play(task: Task) -> Played:
    """One game, with a Stockfish process of its own; returns our points and how it ended."""
    board = chess.Board()
    game = rules.new_game("chess")
    engine = Engine(game.rules, "strongest")
    depths: list[int] = []
    streak: list[int] = []  # each mover's own score, from White's side, one per ply
    for uci in task.opening.split():
        board.push_uci(uci)
        game.play(our_move(game, uci))

    def ended(points: float, reason: str) -> Played:
        return Played(task, points, reason, board.ply(), depths, played_moves(board), streak)

    with chess.engine.SimpleEngine.popen_uci(task.stockfish) as sf:
        sf.configure({"UCI_LimitStrength": True, "UCI_Elo": task.elo, "Threads": 1, "Hash": 16})
        while not board.is_game_over(claim_draw=True) and board.ply() < task.max_plies:
            ours = board.turn == (chess.WHITE if task.ours_white else chess.BLACK)
            if ours:
                result = engine.search(game, Limits(time=task.move_time))
                assert result.best_move is not None
                depths.append(result.depth)
                uci = uci_of(result.best_move)
                streak.append(result.score if board.turn == chess.WHITE else -result.score)
            else:
                played = sf.play(board, chess.engine.Limit(time=task.move_time), info=chess.engine.INFO_SCORE)
                assert played.move is not None
                uci = played.move.uci()
                seen = white_view(played.info.get("score"))
                streak.append(seen if seen is not None else 0)
            board.push_uci(uci)
            game.play(our_move(game, uci))
            recent = streak[-ADJUDICATE_PLIES:]
            if task.adjudicate and len(recent) == ADJUDICATE_PLIES:
                if all(v >= task.adjudicate for v in recent) or all(v <= -task.adjudicate for v in recent):
                    white_won = recent[-1] > 0
                    return ended(1.0 if white_won == task.ours_white else 0.0, "adjudicated")
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return ended(0.5, "move limit")
    reason = outcome.termination.name.lower().replace("_", " ")
    if outcome.winner is None:
        return ended(0.5, reason)
    return ended(1.0 if outcome.winner == task.ours_white else 0.0, reason)


def played_moves(board: chess.Board) -> list[str]:
    return [m.uci() for m in board.move_stack]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--elo", type=int, nargs="*", default=[1350, 1600, 1800], help="UCI_Elo settings")
    parser.add_argument("--games", type=int, default=20, help="games per rating (pairs of colours)")
    parser.add_argument("--move-time", type=float, default=1.0, help="seconds per move, each side")
    parser.add_argument("--max-plies", type=int, default=300, help="games still going after this are draws")
    parser.add_argument("--adjudicate", type=int, default=1000,
                        help="centipawns both sides must report for the same side, 4 plies running (0: never)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, each in a process of its own")
    parser.add_argument("--log", type=Path, default=None, help="append each game's moves and scores here")
    parser.add_argument("--stockfish", default=STOCKFISH)
    parser.add_argument("--first-opening", type=int, default=0, help="index in OPENINGS of the first pair's opening")
    args = parser.parse_args()
    path = args.stockfish if Path(args.stockfish).exists() else shutil.which("stockfish")
    if path is None:
        raise SystemExit(
            f"Stockfish is missing (looked for {args.stockfish} and on PATH): install it with "
            "`apt-get install stockfish` or pass --stockfish PATH"
        )
    print(f"chess vs {path} at UCI_LimitStrength, {args.move_time:g} s per move each, "
          f"{args.games} games per rating, colours alternating, {args.jobs} game(s) at a time, "
          f"adjudicated at {args.adjudicate} cp")
    sys.stdout.flush()
    tasks = [
        Task(elo, number, number % 2 == 0, OPENINGS[(args.first_opening + number // 2) % len(OPENINGS)],
             args.move_time, args.max_plies, args.adjudicate, path)
        for elo in args.elo for number in range(args.games)
    ]
    started = time.monotonic()
    done: dict[int, list[Played]] = {elo: [] for elo in args.elo}
    with ProcessPoolExecutor(max_workers=args.jobs, initializer=tune_after_startup) as pool:
        for got in pool.map(play, tasks):
            task = got.task
            done[task.elo].append(got)
            if args.log is not None:
                with args.log.open("a") as log:
                    log.write(json.dumps({"elo": task.elo, "game": task.number + 1, "ours_white": task.ours_white,
                                          "points": got.points, "reason": got.reason, "moves": got.moves,
                                          "white_scores": got.scores}) + "\n")
            print(f"  Elo {task.elo} game {task.number + 1} ({task.opening}): ours as "
                  f"{'White' if task.ours_white else 'Black'} {got.points:g} ({got.reason}, {got.plies} plies)")
            sys.stdout.flush()
    for elo, games in done.items():
        points = sum(g.points for g in games)
        tally = {v: sum(1 for g in games if g.points == v) for v in (1.0, 0.5, 0.0)}
        depths = [d for g in games for d in g.depths]
        mean_depth = sum(depths) / len(depths) if depths else 0.0
        print(f"UCI_Elo {elo}: {points:g} / {len(games)} ({100 * points / max(1, len(games)):.0f}%)  "
              f"+{tally[1.0]} ={tally[0.5]} -{tally[0.0]}  our mean depth {mean_depth:.1f}")
    print(f"all games: {time.monotonic() - started:.0f} s")

if __name__ == "__main__":
    main()
