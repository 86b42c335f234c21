"""Mates in one and two in chess, checked against a brute-force search over the rules."""

from __future__ import annotations

import pytest
from winning import lost

import rules
from rules.engine import Engine, Limits
from rules.position import Position


def _mates_in(pos: Position, moves: int) -> bool:
    """Brute force: can the side to move force mate within ``moves`` of its moves?"""
    r = pos.rules
    for m in r.legal_moves(pos):
        pos.push(m)
        try:
            if lost(pos):
                return True
            if moves > 1:
                replies = r.legal_moves(pos)
                if replies and all(_after_reply_mates(pos, reply, moves - 1) for reply in replies):
                    return True
        finally:
            pos.pop()
    return False


def _after_reply_mates(pos: Position, reply: object, moves: int) -> bool:
    pos.push(reply)  # type: ignore[arg-type]
    try:
        return _mates_in(pos, moves)
    finally:
        pos.pop()


@pytest.mark.parametrize(
    "fen",
    [
        "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",  # back-rank mate
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  # scholar's mate
        "6k1/8/8/8/8/8/5PPP/3r2K1 b - - 0 1",  # the same idea for Black
    ],
)
def test_finds_mate_in_one(fen: str) -> None:
    game = rules.new_game("chess", fen=fen)
    result = Engine(game).search(game, Limits(depth=3))
    assert result.best_move is not None
    game.play(result.best_move)
    assert game.result is not None and game.result.reason == "checkmate"
    assert result.mate_in == 1


@pytest.mark.parametrize(
    "fen",
    [
        "kbK5/pp6/1P6/8/8/8/8/R7 w - - 0 1",  # the quiet rook sacrifice Ra6
        "7k/8/8/8/8/8/R7/1R5K w - - 0 1",  # two rooks on the edge
    ],
)
def test_finds_mate_in_two(fen: str) -> None:
    game = rules.new_game("chess", fen=fen)
    pos = game.pos.copy()
    assert not _mates_in(pos, 1), "the position must not hold a mate in one"
    result = Engine(game).search(game, Limits(depth=4))
    assert result.best_move is not None
    assert result.mate_in == 2
    pos.push(result.best_move)
    replies = game.rules.legal_moves(pos)
    assert replies
    for reply in replies:
        pos.push(reply)
        assert _mates_in(pos, 1), f"after {result.best_move} {reply} there is no mate"
        pos.pop()


def test_mated_side_sees_its_loss() -> None:
    # Black to move (king or pawn) is mated next move whatever it does.
    game = rules.new_game("chess", fen="k7/8/1K6/6p1/8/8/8/7R b - - 0 1")
    assert len(game.legal_moves()) == 2
    result = Engine(game).search(game, Limits(depth=3))
    assert result.mate_in == -1
    assert result.best_move in game.legal_moves()


def test_no_move_in_a_finished_game() -> None:
    game = rules.new_game("chess", fen="R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1")
    assert game.result is not None
    result = Engine(game).search(game, Limits(depth=2))
    assert result.best_move is None
    assert result.mate_in is not None and result.mate_in <= 0
