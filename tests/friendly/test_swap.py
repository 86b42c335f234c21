"""The Displacer Squirrel's swap (docs/variants/friendly.md, "Displacer Squirrel"; RULINGS
friendly 9): "not with a frozen piece. A pawn that is swapped counts as moved; a pawn swapped
onto its promotion rank must promote, or the swap is illegal."
"""

from __future__ import annotations

from positions import friendly, moves_from

import rules


def test_swap_trades_places_and_makes_the_pawn_moved() -> None:
    """"For purposes of a Pawn's initial move, Displacement does count as a move": the pawn on b3
    (unmoved, two steps open) swapped to d4 and back is on its first square but steps one only."""
    g = friendly({"b3": "white pawn", "d4": "white displacer-squirrel", "k10": "black impala"})
    assert moves_from(g, "b3") == {"b3b4", "b3b5"}
    g.play("d4b3/swap")
    assert g.board()["d4"] == "white pawn" and g.board()["b3"] == "white displacer-squirrel"
    g.play("k10j8")
    g.play("b3d4/swap")
    g.play("j8k10")
    assert g.board()["b3"] == "white pawn"
    assert moves_from(g, "b3") == {"b3b4"}
    assert "P[m]" in g.fen()


def test_swap_is_not_a_capture_and_never_with_an_enemy() -> None:
    g = friendly({"e5": "white displacer-squirrel", "g6": "black impala", "c6": "white impala"})
    found = moves_from(g, "e5")
    assert "e5g6" in found and "e5g6/swap" not in found
    assert "e5c6/swap" in found and "e5c6" not in found


def test_frozen_squirrel_cannot_swap() -> None:
    """A frozen piece cannot move at all, swaps included."""
    g = friendly({"e5": "white displacer-squirrel", "c6": "white impala", "e6": "black jellyfish"})
    assert moves_from(g, "e5") == set()


def test_pawn_swapped_onto_its_promotion_rank_must_promote() -> None:
    """The Squirrel on d12 swaps with the pawn on d10, which lands on d12: with a Caliph in White's
    pool the swap promotes it (text d12d10=caliph/swap); with nothing in the pool the swap is not
    possible under the default no-advance, and leaves a pawn under stay-pawn."""
    pieces = {"d12": "white displacer-squirrel", "d10": "white pawn"}
    plain = friendly(pieces)
    with_pool = rules.new_game("friendly", fen=plain.fen() + " captured=C/")
    assert "d12d10=caliph/swap" in moves_from(with_pool, "d12")
    assert not any("/swap" in m and "d10" in m for m in moves_from(with_pool, "d12") if "=" not in m)
    with_pool.play("d12d10=caliph/swap")
    assert with_pool.board()["d12"] == "white caliph" and with_pool.board()["d10"] == "white displacer-squirrel"
    assert not with_pool.pos.pools[0]
    assert "d12d10/swap" not in moves_from(plain, "d12")
    stay = friendly(pieces, empty_pool_promotion="stay-pawn")
    assert "d12d10/swap" in moves_from(stay, "d12")
