"""The clock the move-rule fade reads (rules/engine/progress_clock.py, makes_progress).

A lead fades with the plies since the last progress: a capture, a promotion, or a pawn's
own step nearer promotion. The move-count rule's clock also restarts when a power moves a
pawn (Flight and Ferry: a pawn riding its Ferry along the bank, over the water and back,
or sending it elsewhere), and an engine that faded by that clock played such moves only
to restart it. These positions check what counts as progress and that the engine's
evaluation of a game reads the plies since progress, not the rule's clock.
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Engine, Evaluator
from rules.engine.progress_clock import makes_progress

#: A White Pawn rides the c5 Ferry, White is a Rook up; the move-count clock stands at 7.
PAWN_ON_FERRY = "4k3/8/8/8/8/2P5/8/8/8/R3K3 w - - 7 1 ferries=(c5,f5)"


def _progress_of(game: rules.Game, text: str) -> tuple[bool, int]:
    """Whether the move is progress, and the move-count clock after it."""
    move = next(m for m in game.rules.legal_moves(game.pos) if m.text == text)
    pos = game.pos.copy()
    pos.push(move)
    return makes_progress(pos, move, game.rules.pawn_kinds), pos.halfmove


@pytest.mark.parametrize("text", ["c5d5/ferry", "c5c6/ferry", "c5/h6", "c5/e5"])
def test_a_pawn_moved_by_its_ferry_is_no_progress_though_the_rule_clock_restarts(text: str) -> None:
    # The Ferry power's carries and sends: the clock restarts (a pawn moved), the pawn is
    # no nearer promotion for good (a carry can take it back over the water next move).
    game = rules.new_game("flight-and-ferry", fen=PAWN_ON_FERRY)
    assert _progress_of(game, text) == (False, 0)


def test_a_pawns_own_step_forward_is_progress() -> None:
    game = rules.new_game("flight-and-ferry", fen="4k3/8/8/8/8/8/8/3P4/8/R3K3 w - - 7 1 ferries=(c5,f5)")
    assert _progress_of(game, "d3d4") == (True, 0)


def test_a_piece_move_is_no_progress_and_a_capture_is() -> None:
    game = rules.new_game("chess", fen="4k3/8/8/3p4/8/8/8/R2QK3 w - - 7 1")
    assert _progress_of(game, "a1a2") == (False, 8)
    assert _progress_of(game, "d1d5") == (True, 0)


def test_a_promotion_is_progress() -> None:
    game = rules.new_game("chess", fen="4k3/1P6/8/8/8/8/8/4K3 w - - 7 1")
    assert _progress_of(game, "b7b8=queen") == (True, 0)


def test_the_engine_fades_a_lead_by_the_plies_since_progress() -> None:
    # Four Ferry carries of the Pawn and four King steps: the rule's clock reads 1 (the
    # last carry restarted it), the plies since progress are the 7 of the start plus 8.
    game = rules.new_game("flight-and-ferry", fen=PAWN_ON_FERRY)
    for text in ["c5d5/ferry", "e10e9", "d5c5/ferry", "e9e10", "c5d5/ferry", "e10e9", "d5c5/ferry", "e9e10"]:
        game.play(text)
    assert game.pos.halfmove == 1
    evaluator = Evaluator(game.rules)
    ctx = game.rules.context(game.pos)
    by_progress = evaluator.evaluate(game.pos, ctx, None, 15)
    by_clock = evaluator.evaluate(game.pos, ctx)
    assert by_progress < by_clock  # White's Rook is the lead that fades
    assert Engine(game).evaluate(game) == by_progress


def test_a_bare_position_falls_back_on_the_rule_clock() -> None:
    # No game, no moves to count from: the clock is all there is.
    game = rules.new_game("flight-and-ferry", fen=PAWN_ON_FERRY)
    evaluator = Evaluator(game.rules)
    assert Engine(game).evaluate(game.pos) == evaluator.evaluate(game.pos, game.rules.context(game.pos), None, 7)
