"""Start arrays and their options (docs/variants/friendly.md, "Setups"; RULINGS friendly 1).

Rule 1: "Rank 1 from the centre out: Friend, Friend, Caliph, Dayrider, Midnighter, Mtawala ...
Rank 2 a-l: Hangman, Impala, Poison, Buffalo, Displacer Squirrel, Bodyguard, Bodyguard, Archer,
Lady in Waiting, Gerbil, Ghost, Jellyfish. Rank 3 from the centre out: Scorpion, Patient,
Chicken, Berolina, Standard, Mecklenbeck pawns. Black reads "left to right" from its own side,
so Black's rank 11 runs l11..a11 in that order (option second_row: rotational default, mirror)."
"""

from __future__ import annotations

import pytest

import rules

FILES = "abcdefghijkl"
RANK1 = "mtawala midnighter dayrider caliph friend friend friend friend caliph dayrider midnighter mtawala"
RANK2 = ("hangman impala poison buffalo displacer-squirrel bodyguard bodyguard archer lady-in-waiting"
         " gerbil ghost jellyfish")
RANK3 = ("mecklenbeck-pawn pawn berolina-pawn chicken-pawn patient-pawn scorpion-pawn scorpion-pawn"
         " patient-pawn chicken-pawn berolina-pawn pawn mecklenbeck-pawn")


def row(color: str, rank: int, kinds: str | list[str]) -> dict[str, str]:
    names = kinds.split() if isinstance(kinds, str) else kinds
    return {f"{FILES[i]}{rank}": f"{color} {kind}" for i, kind in enumerate(names)}


def test_standard_setup_follows_the_text() -> None:
    """Every square of the standard array: Black's ranks 12 and 10 are symmetric, its rank 11 is
    White's rank 2 turned half round (Hangman on l11, Jellyfish on a11)."""
    board = rules.new_game("friendly").board()
    expected = {
        **row("white", 1, RANK1), **row("white", 2, RANK2), **row("white", 3, RANK3),
        **row("black", 12, RANK1), **row("black", 11, list(reversed(RANK2.split()))),
        **row("black", 10, RANK3),
    }
    assert board == expected


def test_second_row_mirror_puts_black_hangman_on_a11() -> None:
    """Option second_row = mirror: Black's second row on the same files as White's."""
    board = rules.new_game("friendly", options={"second_row": "mirror"}).board()
    assert {k: v for k, v in board.items() if k.endswith("11")} == row("black", 11, RANK2)
    assert {k: v for k, v in board.items() if k.endswith("2") and len(k) == 2} == row("white", 2, RANK2)


ORDER = ["ghost", "impala", "poison", "buffalo", "displacer-squirrel", "bodyguard", "bodyguard", "archer",
         "lady-in-waiting", "gerbil", "hangman", "jellyfish"]


def test_alternate_one_without_an_order_is_the_standard_array() -> None:
    assert rules.new_game("friendly", options={"setup": "alternate-1"}).board() == rules.new_game("friendly").board()


def test_alternate_one_takes_blacks_order_and_white_copies_it() -> None:
    """Setup alternate-1: "Black orders its second row freely with the Bodyguards in the two centre
    squares; White copies that order from its own side"."""
    g = rules.new_game("friendly", options={"setup": "alternate-1", "second_row_order": ",".join(ORDER)})
    board = g.board()
    assert {k: v for k, v in board.items() if k[1:] == "2"} == row("white", 2, ORDER)
    assert {k: v for k, v in board.items() if k[1:] == "11"} == row("black", 11, list(reversed(ORDER)))
    mirrored = rules.new_game("friendly", options={"setup": "alternate-1", "second_row": "mirror",
                                                   "second_row_order": " ".join(ORDER)}).board()
    assert {k: v for k, v in mirrored.items() if k[1:] == "11"} == row("black", 11, ORDER)


@pytest.mark.parametrize(("order", "words"), [
    (["bodyguard", "impala", "poison", "buffalo", "displacer-squirrel", "ghost", "bodyguard", "archer",
      "lady-in-waiting", "gerbil", "hangman", "jellyfish"], "centre"),
    (ORDER[:-1], "12 pieces"),
    ([*ORDER[:-1], "hangman"], "standard row"),
    ([*ORDER[:-1], "dragon"], "unknown"),
])
def test_alternate_one_rejects_bad_orders(order: list[str], words: str) -> None:
    with pytest.raises(rules.SetupError, match=words):
        rules.new_game("friendly", options={"setup": "alternate-1", "second_row_order": ",".join(order)})


def test_an_order_needs_the_alternate_one_setup() -> None:
    with pytest.raises(rules.SetupError, match="alternate-1"):
        rules.new_game("friendly", options={"second_row_order": ",".join(ORDER)})


def test_alternate_two_doubles_the_second_row_pieces() -> None:
    """Setup alternate-2: "rank 2 Hangman..Displacer Squirrel from each edge inward with the
    Bodyguards in the centre; rank 3 Archer..Jellyfish from each edge inward with two Knights in
    the centre; pawns on rank 4"."""
    half2 = ["hangman", "impala", "poison", "buffalo", "displacer-squirrel", "bodyguard"]
    half3 = ["archer", "lady-in-waiting", "gerbil", "ghost", "jellyfish", "knight"]
    rank2 = half2 + list(reversed(half2))
    rank3 = half3 + list(reversed(half3))
    board = rules.new_game("friendly", options={"setup": "alternate-2"}).board()
    expected = {
        **row("white", 1, RANK1), **row("white", 2, rank2), **row("white", 3, rank3), **row("white", 4, RANK3),
        **row("black", 12, RANK1), **row("black", 11, rank2), **row("black", 10, rank3), **row("black", 9, RANK3),
    }
    assert board == expected


def test_pawns_of_alternate_two_start_unmoved_on_rank_four() -> None:
    g = rules.new_game("friendly", options={"setup": "alternate-2"})
    assert {str(m) for m in g.legal_moves() if m.origin == "b4"} == {"b4b5", "b4b6"}
