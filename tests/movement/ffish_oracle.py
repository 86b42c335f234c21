"""Fairy-Stockfish (pyffish) as the oracle for a variant written in our format.

:func:`compare_game` plays one seeded random game in both and returns the first
disagreement in words, or None: at every ply the legal move sets, the board after the
move and the end verdict (who wins, or a draw, or not over) must be identical.
Used by tests/movement/test_ffish_differential.py (few plies) and bench/ffish_diff.py.
"""

from __future__ import annotations

import random

import pyffish as sf

import rules
from rules.game import Game
from rules.judge import check_counts
from rules.moves import Move

#: Our reasons for draws Fairy-Stockfish leaves to a claim (is_optional_game_end).
CLAIMED = {"threefold repetition", "fifty-move rule", "insufficient material"}
#: Our reasons for repetitions with a winner (perpetual check or chase, "fourfold repetition"...).
REPETITION_REASONS = ("perpetual", "twofold repetition", "threefold repetition", "fourfold repetition")


def ffish_name(variant_id: str) -> str:
    name = rules.variant(variant_id).raw.get("fairy_stockfish")
    assert isinstance(name, str), f"{variant_id} has no fairy_stockfish name"
    return name


def move_text(game: Game, m: Move) -> str:
    """Our move as Fairy-Stockfish's UCI text."""
    text = m.origin + m.destination
    if m.promotion:
        text += game.rules.types[m.promotion].letter.lower()
    return text


def placement(game: Game) -> str:
    """Our board in FEN placement form, ranks from the top, with the variant's letters."""
    geo = game.rules.geo
    board = game.pos.board
    rows = []
    for rank in reversed(range(geo.ranks)):
        row, empty = "", 0
        for file in range(geo.files):
            p = board[geo.square(file, rank)]
            if p is None:
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            letter = game.rules.types[p.kind].letter
            row += letter if p.color == 0 else letter.lower()
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def oracle_verdict(name: str, fen: str) -> tuple[bool, str | None]:
    """(over, winner) by Fairy-Stockfish: winner "white", "black" or None for a draw."""
    white_to_move = fen.split()[1] == "w"
    over, value = sf.is_immediate_game_end(name, fen, [])
    if not over and not sf.legal_moves(name, fen, []):
        over, value = True, sf.game_result(name, fen, [])
    if not over:
        return False, None
    if value == 0:
        return True, None
    mover_wins = value > 0
    return True, "white" if mover_wins == white_to_move else "black"


def compare_game(variant_id: str, seed: int, plies: int) -> str | None:
    """Play a seeded random game in both; the first disagreement, or None."""
    name = ffish_name(variant_id)
    rng = random.Random(seed)
    game = rules.new_game(variant_id)
    fen = sf.start_fen(name)
    if placement(game) != fen.split()[0]:
        return f"start placements differ: ours {placement(game)}, theirs {fen.split()[0]}"
    limit = game.rules.outcomes.check_limit
    played: list[str] = []
    # Their position text after each move; the whole move list goes in only where history
    # matters (a draw by repetition), so each ply costs the same.
    theirs_fen = fen
    for ply in range(plies + 1):
        where = f"{variant_id} seed {seed} ply {ply} after {' '.join(played)}"
        if placement(game) != theirs_fen.split()[0]:
            return f"{where}: boards differ: ours {placement(game)}, theirs {theirs_fen.split()[0]}"
        if limit:
            given = check_counts(game.pos)
            left = next(f for f in theirs_fen.split() if "+" in f).split("+")
            if (limit - given[0], limit - given[1]) != (int(left[0]), int(left[1])):
                return f"{where}: check counts differ: ours given {given}, theirs left {left}"
        result = game.result
        if result is not None and result.reason in CLAIMED:
            claim = sf.is_optional_game_end(name, fen, played)[0] or all(
                sf.has_insufficient_material(name, fen, played)
            )
            if not claim:
                return f"{where}: ours is a draw by {result.reason}, which Fairy-Stockfish does not allow"
            return None
        if result is not None and result.reason == "bare kings":
            # Both sides bare is a draw by the rules; Fairy-Stockfish plays on to its move rule.
            bare = all(c.upper() == "K" for c in theirs_fen.split()[0] if c.isalpha())
            return None if bare else f"{where}: ours says bare kings on {theirs_fen}"
        if result is not None and result.reason.startswith(REPETITION_REASONS):
            # A repetition Fairy-Stockfish decides among its optional ends (perpetual check or
            # chase, a repetition's own result): it needs the moves, not only the position.
            ended, value = sf.is_optional_game_end(name, fen, played)
            mover = "white" if theirs_fen.split()[1] == "w" else "black"
            theirs_winner = None if value == 0 else mover if value > 0 else ("black" if mover == "white" else "white")
            if not ended or theirs_winner != result.winner:
                return f"{where}: ours {result.winner} ({result.reason}), theirs {ended} {theirs_winner}"
            return None
        over, winner = oracle_verdict(name, theirs_fen)
        ours_over = result is not None
        if (ours_over, result.winner if result else None) != (over, winner):
            ours = f"{result.winner} ({result.reason})" if result else "not over"
            theirs = (winner or "draw") if over else "not over"
            return f"{where}: verdicts differ: ours {ours}, theirs {theirs} [{theirs_fen}]"
        if over:
            return None
        ours_moves = {move_text(game, m): m for m in game.legal_moves()}
        their_moves = sf.legal_moves(name, theirs_fen, [])
        if set(ours_moves) != set(their_moves) or len(ours_moves) != len(game.legal_moves()):
            only_ours = sorted(set(ours_moves) - set(their_moves))
            only_theirs = sorted(set(their_moves) - set(ours_moves))
            return f"{where}: move sets differ: only ours {only_ours}, only theirs {only_theirs} [{theirs_fen}]"
        if ply == plies:
            return None
        chosen = rng.choice(sorted(their_moves))
        game.play(ours_moves[chosen])
        played.append(chosen)
        theirs_fen = sf.get_fen(name, theirs_fen, [chosen])
    return None
