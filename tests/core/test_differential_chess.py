"""Differential test: our chess against python-chess over seeded random games.

Every ply the legal move sets must be identical, and so must the verdicts on
check, checkmate, stalemate, insufficient material, and the draws of FIDE's rules: the
fifty-move rule and threefold repetition may be claimed (the game goes on), the
seventy-five-move rule and fivefold repetition end the game by themselves.
"""

from __future__ import annotations

import random

import chess
import pytest

import rules

GAMES = 300
BATCHES = 6


def _our_move_text(m: chess.Move) -> str:
    text = m.uci()
    if m.promotion:
        names = {chess.QUEEN: "queen", chess.ROOK: "rook", chess.BISHOP: "bishop", chess.KNIGHT: "knight"}
        text = text[:4] + "=" + names[m.promotion]
    return text


def _normalise(ours: rules.Move) -> str:
    # python-chess writes en passant as plain UCI; ours adds the captured square.
    text = f"{ours.origin}{ours.destination}"
    if ours.promotion:
        text += "=" + ours.promotion
    return text


@pytest.mark.parametrize("batch", range(BATCHES))
@pytest.mark.slow
def test_random_games_agree_with_python_chess(batch: int) -> None:
    per_batch = GAMES // BATCHES
    for seed in range(batch * per_batch, (batch + 1) * per_batch):
        rng = random.Random(seed)
        ref = chess.Board()
        ours = rules.new_game("chess")
        # Repetition-prone games: some seeds shuffle knights back and forth.
        shuffle = seed % 5 == 0
        for ply in range(300):
            ref_moves = sorted(_our_move_text(m) for m in ref.legal_moves)
            our_moves = sorted(_normalise(m) for m in ours.legal_moves())
            assert our_moves == ref_moves, f"seed {seed} ply {ply} {ref.fen()}"
            assert ours.in_check() == ref.is_check()
            result = ours.result
            expected = _reference_verdict(ref)
            assert (result.reason if result else None) == expected, f"seed {seed} ply {ply} {ref.fen()}"
            claimable = result is None and (ref.halfmove_clock >= 100 or ref.is_repetition(3))
            assert (ours.draw_claim() is not None) == claimable, f"seed {seed} ply {ply} {ref.fen()}"
            if result is not None:
                break
            if shuffle and ply < 40:
                knights = [m for m in ref.legal_moves if ref.piece_type_at(m.from_square) == chess.KNIGHT]
                move = rng.choice(knights or list(ref.legal_moves))
            else:
                move = rng.choice(list(ref.legal_moves))
            ref.push(move)
            ours.play(_our_move_text(move))
            assert ours.fen().split()[:4] == _comparable(ref), f"seed {seed} ply {ply}"


def _comparable(ref: chess.Board) -> list[str]:
    fields = ref.fen(en_passant="fen").split()[:4]
    return fields


def _reference_verdict(ref: chess.Board) -> str | None:
    if ref.is_checkmate():
        return "checkmate"
    if ref.is_stalemate():
        return "stalemate"
    if ref.is_insufficient_material():
        return "insufficient material"
    if ref.is_seventyfive_moves():
        return "seventy-five-move rule"
    if ref.is_fivefold_repetition():
        return "fivefold repetition"
    return None


@pytest.mark.parametrize("cycle", [["g1f3", "g8f6", "f3g1", "f6g8"], ["b1c3", "b8c6", "c3b1", "c6b8"]])
def test_repeated_positions_agree_with_python_chess(cycle: list[str]) -> None:
    """FIDE 9.2 and 9.6.1 against python-chess ply by ply: the third time a position stands the
    player to move may claim, the game goes on, and the fifth time ends it."""
    ref = chess.Board()
    ours = rules.new_game("chess")
    for ply in range(40):
        result = ours.result
        assert (result.reason if result else None) == _reference_verdict(ref), f"ply {ply}"
        assert (ours.draw_claim() is not None) == (result is None and ref.is_repetition(3)), f"ply {ply}"
        if result is not None:
            break
        move = cycle[ply % len(cycle)]
        ref.push_uci(move)
        ours.play(move)
    assert ours.result is not None and ours.result.reason == "fivefold repetition" and ours.ply == 16
