"""Chess: the strongest level against Stockfish held to a rating: a benchmark, never a test.

Stockfish (the Debian package ``stockfish``: ``apt-get install stockfish``) is driven
through python-chess's ``chess.engine`` with ``UCI_LimitStrength`` on and ``UCI_Elo`` set
to each rating asked for. Both sides get the same time per move. Games come in pairs
from the same opening (a list of common first moves below), colours swapped; python-chess
referees (checkmate, stalemate, insufficient material, threefold repetition and the
fifty-move rule claimed at once). Our engine plays on its own ``rules`` game kept in step.

    .venv/bin/python bench/stockfish_match.py                          # 1350, 1600, 1800: 20 games each, 1 s
    .venv/bin/python bench/stockfish_match.py --elo 1600 --games 6 --move-time 0.5
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from pathlib import Path

import chess
import chess.engine

import rules
from rules.engine import Engine, Limits

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


def play(sf: chess.engine.SimpleEngine, ours_white: bool, opening: str, move_time: float,
         max_plies: int, depths: list[int]) -> tuple[float, str, int]:
    """One game; returns our points, how it ended, and its length in plies."""
    board = chess.Board()
    game = rules.new_game("chess")
    engine = Engine(game.rules, "strongest")
    for uci in opening.split():
        board.push_uci(uci)
        game.play(our_move(game, uci))
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        ours = board.turn == (chess.WHITE if ours_white else chess.BLACK)
        if ours:
            result = engine.search(game, Limits(time=move_time))
            assert result.best_move is not None
            depths.append(result.depth)
            uci = uci_of(result.best_move)
        else:
            played = sf.play(board, chess.engine.Limit(time=move_time))
            assert played.move is not None
            uci = played.move.uci()
        board.push_uci(uci)
        game.play(our_move(game, uci))
    outcome = board.outcome(claim_draw=True)
    if outcome is None:
        return 0.5, "move limit", board.ply()
    reason = outcome.termination.name.lower().replace("_", " ")
    if outcome.winner is None:
        return 0.5, reason, board.ply()
    return (1.0 if outcome.winner == ours_white else 0.0), reason, board.ply()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--elo", type=int, nargs="*", default=[1350, 1600, 1800], help="UCI_Elo settings")
    parser.add_argument("--games", type=int, default=20, help="games per rating (pairs of colours)")
    parser.add_argument("--move-time", type=float, default=1.0, help="seconds per move, each side")
    parser.add_argument("--max-plies", type=int, default=300, help="games still going after this are draws")
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
          f"{args.games} games per rating, colours alternating")
    sys.stdout.flush()
    with chess.engine.SimpleEngine.popen_uci(path) as sf:
        for elo in args.elo:
            sf.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16})
            started = time.monotonic()
            points = 0.0
            tally = {1.0: 0, 0.5: 0, 0.0: 0}
            depths: list[int] = []
            for number in range(args.games):
                ours_white = number % 2 == 0
                opening = OPENINGS[(args.first_opening + number // 2) % len(OPENINGS)]
                got, reason, plies = play(sf, ours_white, opening, args.move_time, args.max_plies, depths)
                points += got
                tally[got] += 1
                print(f"  Elo {elo} game {number + 1} ({opening}): ours as {'White' if ours_white else 'Black'} "
                      f"{got:g} ({reason}, {plies} plies)")
                sys.stdout.flush()
            mean_depth = sum(depths) / len(depths) if depths else 0.0
            print(f"UCI_Elo {elo}: {points:g} / {args.games} ({100 * points / max(1, args.games):.0f}%)  "
                  f"+{tally[1.0]} ={tally[0.5]} -{tally[0.0]}  our mean depth {mean_depth:.1f}  "
                  f"{time.monotonic() - started:.0f} s")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
