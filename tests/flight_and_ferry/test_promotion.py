"""Promotion: optional on the far side's piece rank, compulsory on the last rank, capped.

Seed 004: "An unpromoted Pawn reaching the starting square of an enemy FIDE piece or
Queenfiler can optionally be promoted to a piece that the enemy has captured. An unpromoted
Pawn reaching the far rank must be promoted to one of the same player's other capturable
pieces, with the only restriction that no player can exceed twice the array number of any
piece at any one time."
RULINGS flight-and-ferry 5: "Promotion: optional on rank 9 (Wales: 2) to a captured own piece;
compulsory on rank 10 (Wales: 1) to any own non-King type, never exceeding twice that type's
starting number."

Array numbers: White has 1 Queen, 2 each of Rook, Bishop, Knight and Golddragon, no Queenfiler
or Copperdragon; Black has 1 Queen, 2 each of Rook, Queenfiler, Knight and Copperdragon, no
Bishop or Golddragon.
"""

from __future__ import annotations

from positions import moves_from

import rules

VARIANT = "flight-and-ferry"


def test_optional_promotion_on_rank_9_to_a_captured_piece() -> None:
    """White pawn c8 with a captured White Rook and Knight: c9 as a pawn, or as either."""
    g = rules.new_game(VARIANT, fen="8/4k3/2P5/8/8/8/8/8/8/4K3 w - - 0 1 ferries=(c5,f5) captured=NR/")
    assert moves_from(g, "c8") == {"c8c9", "c8c9=rook", "c8c9=knight"}


def test_optional_promotion_uses_up_the_captured_piece() -> None:
    """The promoted Rook comes out of the pool; the Knight stays there. Undo restores both."""
    g = rules.new_game(VARIANT, fen="8/4k3/2P5/8/8/8/8/8/8/4K3 w - - 0 1 ferries=(c5,f5) captured=NR/")
    before = g.fen()
    g.play("c8c9=rook")
    assert g.board()["c9"] == "white rook"
    assert "captured=N/" in g.fen()
    g.undo()
    assert g.fen() == before


def test_no_optional_promotion_without_captured_pieces() -> None:
    """With nothing captured the pawn simply steps to rank 9."""
    g = rules.new_game(VARIANT, fen="8/4k3/2P5/8/8/8/8/8/8/4K3 w - - 0 1 ferries=(c5,f5)")
    assert moves_from(g, "c8") == {"c8c9"}


def test_black_optional_promotion_is_on_rank_2() -> None:
    """For Wales the optional rank is 2: Black pawn f3 with a captured Black Queenfiler."""
    g = rules.new_game(VARIANT, fen="4k3/8/8/8/8/8/8/5p2/8/K7 b - - 0 1 ferries=(c5,f5) captured=/f")
    assert moves_from(g, "f3") == {"f3f2", "f3f2=queenfiler"}


def test_compulsory_promotion_on_rank_10_is_capped() -> None:
    """White pawn c9 with two Queens already on the board (twice the array's one): it must
    promote, to Rook, Bishop, Knight or Golddragon, but not Queen, and never to Queenfiler or
    Copperdragon (White's array has none, so twice that is none)."""
    g = rules.new_game(VARIANT, fen="8/2P1k3/8/8/8/8/8/8/8/Q3K2Q w - - 0 1 ferries=(c5,f5)")
    assert moves_from(g, "c9") == {"c9c10=rook", "c9c10=bishop", "c9c10=knight", "c9c10=golddragon"}


def test_compulsory_promotion_to_queen_while_under_the_cap() -> None:
    """With one Queen on the board a second is allowed."""
    g = rules.new_game(VARIANT, fen="8/2P1k3/8/8/8/8/8/8/8/Q3K3 w - - 0 1 ferries=(c5,f5)")
    assert moves_from(g, "c9") == {
        "c9c10=queen", "c9c10=rook", "c9c10=bishop", "c9c10=knight", "c9c10=golddragon",
    }


def test_black_compulsory_promotion_uses_its_own_array() -> None:
    """Black pawn c2 reaching rank 1: Queen, Queenfiler, Rook, Knight or Copperdragon; never
    Bishop or Golddragon, which Wales's array lacks."""
    g = rules.new_game(VARIANT, fen="4k3/8/8/8/8/8/8/8/2p5/7K b - - 0 1 ferries=(c5,f5)")
    assert moves_from(g, "c2") == {
        "c2c1=queen", "c2c1=queenfiler", "c2c1=rook", "c2c1=knight", "c2c1=copperdragon",
    }


def test_the_cap_also_limits_optional_promotion() -> None:
    """ "No player can exceed twice the array number ... at any one time": with two Queens on
    the board a captured Queen in the pool cannot be brought back on rank 9."""
    g = rules.new_game(VARIANT, fen="8/4k3/2P5/8/8/8/8/8/8/Q3K2Q w - - 0 1 ferries=(c5,f5) captured=Q/")
    assert moves_from(g, "c8") == {"c8c9"}


def test_a_pawn_with_nothing_left_to_become_may_not_reach_the_last_rank() -> None:
    """Every type White may have is at its cap (2 Queens, 4 Rooks, 4 Bishops, 4 Knights,
    4 Golddragons): the compulsory promotion is impossible, so c9-c10 is not a move."""
    g = rules.new_game(
        VARIANT,
        fen="8/2P4k/GGGG4/NNNN4/BBBB4/8/RRRR4/8/8/Q3K2Q w - - 0 1 ferries=(c5,f5)",
    )
    assert moves_from(g, "c9") == set()
    assert "must promote" in g.why_illegal("c9c10")
