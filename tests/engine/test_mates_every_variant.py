"""Mates found at a fixed depth in every variant, checked against a brute force over the rules.

Positions worked out by hand from each variant's rules (comments say why each is a mate).
Each search has a depth limit and no time limit, so the verdict never depends on the
machine's speed. The winning captures are in test_captures.py and test_friendly.py; the
variants this file leaves out (an ``outcomes`` table, no plain Rook) have their wins in one
and winning captures in test_classic_wins.py.
"""

from __future__ import annotations

import pytest
from winning import winning_moves

import rules
from rules.engine import Engine, Limits
from rules.moves import Move

FILES = "abcdefghijkl"


def _plays_rook_mates(variant: str) -> bool:
    """A royal King, a plain Rook and Pawns, and checkmate as the only way to win: Friendly has
    no Rook, Pocket 43's Rooks turn into Bishops when they move, and variants with an
    ``outcomes`` table (bare king, extinction, goals, check counts) end games otherwise."""
    vdef = rules.variant(variant)
    return (
        variant not in ("friendly", "pocket43")
        and "king" in vdef.royal
        and {"rook", "pawn"} <= set(vdef.pieces)
        and not vdef.raw.get("outcomes")
    )


ROOK_VARIANTS = [v for v in rules.variant_ids() if _plays_rook_mates(v)]


def _corner_and_ranks(variant: str) -> tuple[str, int]:
    geo = rules.new_game(variant).rules.geo
    return FILES[geo.files - 1], geo.ranks


def _assert_mate_in_two(game: rules.Game, depth: int) -> Move:
    pos = game.pos.copy()
    assert not winning_moves(pos), "the position must not hold a mate in one"
    result = Engine(game).search(game, Limits(depth=depth))
    assert result.best_move is not None
    assert result.mate_in == 2, result.describe()
    pos.push(result.best_move)
    replies = game.rules.legal_moves(pos)
    assert replies, "the first move must not end the game"
    for reply in replies:
        pos.push(reply)
        assert winning_moves(pos), f"after {result.best_move} {reply} there is no mate"
        pos.pop()
    return result.best_move


@pytest.mark.parametrize("variant", ROOK_VARIANTS)
def test_back_rank_mate_in_one(variant: str) -> None:
    # Rule: checkmate. The black King on the g-file of the last rank is walled in by its own
    # three pawns; the Rook slides up the a-file to the last rank (in Flight and Ferry a
    # full-range rook move, the only kind that crosses the water) and nothing can block,
    # capture it or step aside. Only Ra-last is mate.
    _, ranks = _corner_and_ranks(variant)
    below = ranks - 1
    rook_from = "a2" if variant == "flight-and-ferry" else "a1"
    placement = {
        "g1": "white king", rook_from: "white rook", f"g{ranks}": "black king",
        f"f{below}": "black pawn", f"g{below}": "black pawn", f"h{below}": "black pawn",
    }
    game = rules.new_game(variant, placement=placement)
    assert [str(m) for m in winning_moves(game.pos.copy())] == [f"{rook_from}a{ranks}"]
    result = Engine(game).search(game, Limits(depth=3))
    assert str(result.best_move) == f"{rook_from}a{ranks}"
    assert result.mate_in == 1
    game.play(result.best_move)
    assert game.result is not None and game.result.reason == "checkmate" and game.result.winner == "white"


@pytest.mark.parametrize("variant", ROOK_VARIANTS)
def test_two_rook_ladder_mate_in_two(variant: str) -> None:
    # Rule: checkmate. The black King stands alone in the far corner; White's Rooks on a2 and
    # b1 mate in two: one Rook takes the next-to-last rank (the King can only shuffle along
    # the last), the other then checks along the last rank. No mate in one exists (no Rook
    # reaches the last rank with the King's escape rank covered).
    corner, ranks = _corner_and_ranks(variant)
    placement = {f"{corner}1": "white king", "a2": "white rook", "b1": "white rook", f"{corner}{ranks}": "black king"}
    game = rules.new_game(variant, placement=placement)
    _assert_mate_in_two(game, depth=4)


def test_pocket43_pawn_mate_in_one() -> None:
    # Rule: checkmate; a Rook or Knight move flips every piece of its family, so a pawn
    # gives this mate. The black King on g6 has f5, f6 and g5 around it; its pawns hold f6
    # and g5. f4-f5 checks (a pawn takes diagonally forward, onto g6), the pawn on e4
    # guards f5, Black's pawns cannot take backwards, and a pawn's check cannot be blocked
    # (no piece may enter the Pocket to help: Black has none but pawns and the King).
    placement = {
        "d1": "white king", "e4": "white pawn", "f4": "white pawn",
        "g6": "black king", "g5": "black pawn", "f6": "black pawn",
    }
    game = rules.new_game("pocket43", placement=placement)
    assert [str(m) for m in winning_moves(game.pos.copy())] == ["f4f5"]
    result = Engine(game).search(game, Limits(depth=3))
    assert str(result.best_move) == "f4f5"
    assert result.mate_in == 1


def test_friendly_lady_mates_the_last_friend_in_one() -> None:
    # Rules: only the last Friend is royal, and a Friend has only the moves it borrows from
    # friendly pieces that could capture it. Black's single Friend on a12 borrows nothing
    # (its one pawn, on h10, moves down the board), so it can never step out of check.
    # White's two Friends are not royal. The Lady in Waiting (a queen of at most six
    # squares) on e4 checks from e8 (the diagonal d9-c10-b11), g6 (six squares of the same
    # diagonal) or a8 (up the a-file): each is mate, nothing black can block or capture.
    placement = {
        "k1": "white friend", "l1": "white friend", "a3": "white pawn", "e4": "white lady-in-waiting",
        "a12": "black friend", "h10": "black pawn",
    }
    game = rules.new_game("friendly", placement=placement)
    assert sorted(str(m) for m in winning_moves(game.pos.copy())) == ["e4a8", "e4e8", "e4g6"]
    result = Engine(game).search(game, Limits(depth=3))
    assert str(result.best_move) in ("e4a8", "e4e8", "e4g6")
    assert result.mate_in == 1
    game.play(result.best_move)
    assert game.result is not None and game.result.winner == "white"
