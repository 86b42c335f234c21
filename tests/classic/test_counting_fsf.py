"""Differential test of the counting rules against pyffish (Fairy-Stockfish): Makruk's and
Sittuyin's (ASEAN) counting, from positions set up in or just before the counting phase.

Seeded random games from each position; at every ply both programs must agree on the position
text (its six fields: placement, side, castling, the counting limit or en passant square, the
count or halfmove clock, the move number), on the legal moves, and on the end: Fairy-Stockfish
offers the counting draw (like the fifty-move and repetition draws) as a claim
(``is_optional_game_end``), which ends the game here by itself. Reading back Fairy-Stockfish's
position text gives the same text and moves.
"""

from __future__ import annotations

import random

import pyffish as sf
import pytest
from textvariants import add_variant

import rules
from rules.iniexport import export_ini

#: Positions in or just before the counting phase: each limit of each style, restarts, the
#: bare king taking the last pawn, a promotion ending the pawns, counts near their limits.
STARTS = {
    "makruk": [
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 40",  # one rook: 16 moves, pieces' honour
        "3mk3/8/8/8/8/8/8/R3K1N1 w - - 0 1",  # board's honour, then pieces' honour once bare
        "3mk3/8/8/8/8/8/8/3RK3 w - 128 40 30",  # a running count, restarted by a capture
        "4k3/8/8/8/8/8/8/R3K3 w - 32 31 40",  # a count one ply from its limit
        "8/8/8/3k4/4P3/8/8/R3K3 b - - 0 40",  # the bare king may take the last pawn
        "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1",  # two knights: 32 moves
        "4k3/8/8/8/8/8/8/2S1KS2 w - - 0 1",  # two khons: 22 moves
        "4k3/8/8/8/8/8/8/3MKS2 w - - 0 1",  # one khon: 44 moves
        "4k3/8/8/8/8/8/8/3MK3 w - - 0 1",  # a Met alone: 64 moves
        "2snk3/8/8/8/8/8/8/R3K1N1 w - - 0 1",  # both sides with pieces
        "4k3/8/1p6/2P5/8/8/8/RN2K3 w - - 0 1",  # pawns still on the board
    ],
    "sittuyin": [
        "8/8/4k3/8/8/8/8/R3K3[] w - - 0 40",  # a Chariot: 16 moves from 0
        "8/8/4k3/8/8/8/8/S3K3[] w - - 0 40",  # an Elephant: 44 moves
        "8/8/4k3/8/8/8/8/N3KF2[] w - - 0 40",  # a Horse: 64 moves, with the fifty-move rule
        "8/8/4k3/8/8/8/8/F3K3[] w - - 0 40",  # a General alone: no count
        "8/8/4k3/8/8/8/8/R3K3[] w - 32 30 40",  # a count near its limit
        "8/8/4k3/8/3P4/8/8/R3K3[] w - - 0 40",  # the last pawn may promote
        "8/8/4k1n1/8/8/8/8/R3K3[] w - - 0 40",  # the weaker side still has a Horse
        "8/8/4k1n1/8/3P4/8/8/R1N1K3[] w - - 0 40",
    ],
}
CASES = [(vid, fen) for vid, fens in STARTS.items() for fen in fens]
SEEDS = 3
#: Long enough for every limit above to pass (64 moves is 128 plies), or the fifty-move rule.
MAX_PLIES = 300


def fsf_text(game: rules.Game, move: rules.Move) -> str:
    """Our move in Fairy-Stockfish's UCI form (these variants play no drops past the setup)."""
    promotion = game.rules.types[move.promotion].letter.lower() if move.promotion else ""
    return move.origin + move.destination + promotion


def six_fields(fen: str) -> str:
    """The fields both programs write (ours may add the pools of captured pieces after them)."""
    return " ".join(fen.split()[:6])


def play_and_compare(vid: str, start: str, seed: int) -> str:
    """Play one seeded random game from ``start`` in both; the reason it ended (ours)."""
    rng = random.Random(seed)
    game = rules.new_game(vid, fen=start)
    history: list[str] = []
    for ply in range(MAX_PLIES):
        where = f"{vid} from {start!r}, seed {seed}, ply {ply}, after {' '.join(history)}"
        theirs = sf.get_fen(vid, start, history)
        assert six_fields(game.fen()) == theirs, where
        their_moves = sorted(sf.legal_moves(vid, start, history))
        result = game.result
        if not their_moves:  # mate or stalemate: decided the same way
            value = sf.game_result(vid, start, history)
            assert result is not None and (result.winner is None) == (value == 0), where
            return result.reason
        claim, value = sf.is_optional_game_end(vid, start, history)
        assert not sf.is_immediate_game_end(vid, start, history)[0], where
        if claim:  # the counting, fifty-move and repetition draws: a claim there, the end here
            assert value == 0 and result is not None and result.winner is None, (where, result)
            return result.reason
        assert result is None, (where, result)
        ours = {fsf_text(game, m): m for m in game.legal_moves()}
        assert sorted(ours) == their_moves, where
        again = rules.new_game(vid, fen=theirs)  # their text reads back the same
        assert six_fields(again.fen()) == theirs and len(again.legal_moves()) == len(ours), where
        chosen = rng.choice(their_moves)
        game.play(ours[chosen])
        history.append(chosen)
    return "not over"


#: The first seed in the quick loop; the next ones (another second each) in the full run.
SEEDED = [pytest.param(vid, fen, seed, marks=[pytest.mark.slow] if seed else [])
          for vid, fen in CASES for seed in range(SEEDS)]


@pytest.mark.parametrize(("vid", "start", "seed"), SEEDED)
def test_games_in_the_counting_phase_agree_with_fairy_stockfish(vid: str, start: str, seed: int) -> None:
    play_and_compare(vid, start, seed)


def test_the_counting_draws_are_reached() -> None:
    # The harness above is only worth something if its games reach the counting draws.
    reasons = {play_and_compare("sittuyin", "8/8/4k3/8/8/8/8/R3K3[] w - 32 30 40", 0),
               play_and_compare("makruk", "4k3/8/8/8/8/8/8/R3K3 w - 32 31 40", 0)}
    assert reasons == {"counting rule (16 moves)"}


@pytest.mark.parametrize("vid", ["makruk", "sittuyin"])
def test_at_the_limit_the_draw_is_a_claim_there_and_the_end_here(vid: str) -> None:
    # K + R v K, the count one ply from its limit of 16 moves (32 plies).
    hand = "[]" if vid == "sittuyin" else ""
    start = f"4k3/8/8/8/8/8/8/R3K3{hand} w - 32 32 40"
    game = rules.new_game(vid, fen=start)
    assert game.result is None and sf.is_optional_game_end(vid, start, [])[0] is False
    game.play("a1a2")
    assert game.result is not None and (game.result.winner, game.result.reason) == (None, "counting rule (16 moves)")
    assert sf.is_optional_game_end(vid, start, ["a1a2"]) == (True, 0)
    assert sf.is_immediate_game_end(vid, start, ["a1a2"])[0] is False
    assert sf.legal_moves(vid, start, ["a1a2"])  # Fairy-Stockfish plays on unless the draw is claimed


@pytest.mark.parametrize("vid", ["makruk", "sittuyin"])
def test_checkmate_on_the_move_past_the_limit_wins(vid: str) -> None:
    # The count passes its limit with Ra8, which mates: mate comes first in both.
    hand = "[]" if vid == "sittuyin" else ""
    start = f"7k/8/6K1/8/8/8/8/R7{hand} w - 32 32 40"
    game = rules.new_game(vid, fen=start)
    game.play("a1a8")
    assert game.result is not None and (game.result.winner, game.result.reason) == ("white", "checkmate")
    assert sf.legal_moves(vid, start, ["a1a8"]) == []
    assert sf.is_optional_game_end(vid, start, ["a1a8"])[0] is False
    assert sf.game_result(vid, start, ["a1a8"]) < 0  # the side to move (Black) has lost


def test_an_exported_asean_variant_counts_in_fairy_stockfish_as_here(variant_folder) -> None:
    # Makruk with ASEAN counting, exported (its Khon as Fairy-Stockfish's silver, the khon its
    # counting counts) and loaded into pyffish under the same name.
    add_variant(variant_folder, '[variant.aseanruk]\nparent = "makruk"\nfairy_stockfish = "aseanruk"\n'
                                '[variant.aseanruk.outcomes]\ncounting = "asean"\ncounting_board = 0\n'
                                'counting_pieces = [["rook", 1, 16], ["silver", 1, 44], ["knight", 1, 64]]\n')
    section = export_ini("aseanruk")
    assert "countingRule = asean" in section and "silver = s" in section
    sf.load_variant_config(section)
    for start in ("4k3/8/8/8/8/8/8/S3K3 w - - 0 40", "4k3/8/8/8/8/8/8/R3K3 w - 32 30 40"):
        play_and_compare("aseanruk", start, 0)
