"""Blender promotion: only to own pieces the opponent captured, compounds only as
captured, and the original-Queen inheritance rule. Pools are given in the position
text (``captured=<White's>/<Black's>``) or made by play."""

from __future__ import annotations

import pytest

import rules

# White pawn on e7 with e8 free; Kings on a1 and h8 (off the pawn's squares).
BOARD = "7k/4P3/8/8/8/8/8/K7 w - - 0 1"


def promotions(fen: str, variant: str = "blender", **options: object) -> set[str]:
    g = rules.new_game(variant, options=dict(options), fen=fen)
    return {str(m) for m in g.legal_moves() if m.origin == "e7"}


POOLS = [
    # White's captured pieces, and the promotions they allow
    ("R", {"e7e8=rook"}),
    ("RC", {"e7e8=rook", "e7e8=chancellor"}),
    ("BN", {"e7e8=bishop", "e7e8=knight"}),
    ("A", {"e7e8=archbishop"}),
    ("M", {"e7e8=amazon"}),
    ("BBQ", {"e7e8=bishop", "e7e8=queen"}),
]


@pytest.mark.parametrize(("pool", "expected"), POOLS)
def test_promotion_only_to_own_captured_pieces(pool: str, expected: set[str]) -> None:
    """Rule: "Pawns may promote to any piece that has been captured by the opponent ... it
    can only promote to a compound piece if that piece was captured that way": a captured
    Bishop and Knight give no Archbishop, a captured Archbishop gives neither part."""
    assert promotions(BOARD.replace(" 0 1", f" 0 1 captured={pool}/")) == expected


def test_black_captures_do_not_count_for_white() -> None:
    """Rule: only White's own captured pieces are on offer: with only a black Queen in the
    pools the pawn may not advance at all (ruling: no-advance by default)."""
    assert promotions(BOARD.replace(" 0 1", " 0 1 captured=/q")) == set()
    assert promotions(BOARD.replace(" 0 1", " 0 1 captured=/q"), empty_pool_promotion="stay-pawn") == {"e7e8"}


def test_promotion_takes_the_piece_out_of_the_pool() -> None:
    """Rule (common rulings): using a captured piece takes it out of the pool."""
    g = rules.new_game("blender", fen=BOARD.replace(" 0 1", " 0 1 captured=RC/"))
    g.play("e7e8=chancellor")
    assert g.board()["e8"] == "white chancellor"
    assert "captured=R/" in g.fen()


def test_promoted_compound_can_separate() -> None:
    """Rule: "If the Pawn promotes to a compound piece, then it can subsequently Separate
    into its components"."""
    g = rules.new_game("blender", fen=BOARD.replace(" 0 1", " 0 1 captured=A/"))
    g.play("e7e8=archbishop")
    g.play("h8h7")
    seps = {str(m) for m in g.legal_moves() if m.origin == "e8" and m.kind == "separate"}
    assert "e8d6/knight" in seps and "e8a4/bishop" in seps


def test_promoted_queen_is_original_when_only_the_original_was_captured() -> None:
    """Rule: "This includes a Pawn that has taken a promotion to Queen, if the only Queen
    available at the time of promotion is the original" -- it may neither merge nor separate."""
    fen = "7k/4P3/8/8/8/3N4/8/K7 w - - 0 1 captured=Q[original]/"
    g = rules.new_game("blender", fen=fen)
    g.play("e7e8=queen")
    assert "original" in g.piece_at("e8").flags  # type: ignore[union-attr]
    g.play("h8h7")
    assert not [m for m in g.legal_moves() if m.kind == "separate"]
    assert "d3e5" in {str(m) for m in g.legal_moves()}  # a knight move, to an empty square now
    g.play("e8e5")
    g.play("h7g8")
    assert "d3e5" not in {str(m) for m in g.legal_moves()}  # the Knight may not join the Queen


def test_promoted_queen_is_a_merged_one_when_both_kinds_were_captured() -> None:
    """Rule (ruling 4): the promoted Queen is original only if the original is the only
    Queen in the pool; otherwise it is a merged Queen and the original stays in the pool."""
    fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1 captured=QQ[original]/"
    g = rules.new_game("blender", fen=fen)
    assert promotions(fen) == {"e7e8=queen"}
    g.play("e7e8=queen")
    assert not g.piece_at("e8").flags  # type: ignore[union-attr]
    assert "captured=Q[original]/" in g.fen()


def test_captured_original_queen_goes_to_the_pool_as_original() -> None:
    """Rule: a captured Queen keeps what it was; the original Queen taken in play comes back
    as the original."""
    g = rules.new_game("blender", fen="3qk3/8/8/8/8/8/8/3RK3 w - - 0 1".replace("3qk3", "3q[original]k3"))
    g.play("d1d8")
    assert "captured=/q[original]" in g.fen()


def test_captured_compound_goes_to_the_pool_whole() -> None:
    """Rule: a compound is captured as that compound: the pool gets a Chancellor, not a Rook
    and a Knight."""
    g = rules.new_game("blender", fen="4k3/8/8/3c4/8/8/8/3RK3 w - - 0 1")
    g.play("d1d5")
    assert "captured=/c" in g.fen()
    assert g.pos.pools[1][0].kind == "chancellor"
