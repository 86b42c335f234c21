"""Jellyfish freezes and poison (docs/variants/friendly.md, "Freeze" and "Poison"; RULINGS
friendly 7).

Rule 7: "Jellyfish: an adjacent enemy piece cannot move at all (no step, slide, leap, swap,
rifle). A frozen piece keeps its own passive powers but attacks nothing ... Poison (Jellyfish,
Poison, and Friends borrowing either): a piece that captures it by any means except rifle is
removed too, and goes to its owner's captured pool."
"""

from __future__ import annotations

from positions import friendly, moves_from

import rules


def pool(g: rules.Game, color: int) -> list[str]:
    return sorted(p.kind for p in g.pos.pools[color])


def test_jellyfish_freezes_adjacent_enemies_even_their_rifle() -> None:
    """The black Jellyfish on e6 freezes the Lady on e5 and the Archer on f5, whose rifle shot at
    g7 is gone too."""
    g = friendly({"e6": "black jellyfish", "e5": "white lady-in-waiting", "f5": "white archer", "g7": "black impala"})
    assert moves_from(g, "e5") == set() and moves_from(g, "f5") == set()


def test_jellyfish_does_not_hinder_pieces_moving_past() -> None:
    """"this does not affect pieces merely moving past the Jellyfish": the Lady slides from c4 along
    rank 4 past d4 e4 f4, all next to the Jellyfish on e5, to i4."""
    g = friendly({"e5": "black jellyfish", "c4": "white lady-in-waiting"})
    assert {m for m in moves_from(g, "c4") if m[3] == "4" and m[2] > "c"} == {
        "c4d4", "c4e4", "c4f4", "c4g4", "c4h4", "c4i4"}


def test_jellyfish_does_not_freeze_its_own_side() -> None:
    g = friendly({"e6": "white jellyfish", "e5": "white impala"})
    assert moves_from(g, "e5") == {"e5" + s for s in "f7 d7 f3 d3 g6 c6 g4 c4 h9 b9 h1 b1 i8 a8 i2 a2".split()}


def test_frozen_jellyfish_still_freezes() -> None:
    """A frozen piece "keeps its own passive powers": the two Jellyfish freeze each other, and the
    white one still freezes the black Impala on f6."""
    g = friendly({"e5": "white jellyfish", "e6": "black jellyfish", "f6": "black impala"}, to_move="black")
    assert moves_from(g, "e6") == set() and moves_from(g, "f6") == set()
    assert moves_from(rules.new_game("friendly", fen=g.fen().replace(" b ", " w ")), "e5") == set()


def test_capturing_a_poison_removes_the_captor() -> None:
    """The Impala takes the Poison on e5 and is removed; each piece goes to its owner's pool."""
    g = friendly({"d3": "white impala", "e5": "black poison"})
    g.play("d3e5")
    assert "e5" not in g.board() and "d3" not in g.board()
    assert pool(g, 0) == ["impala"] and pool(g, 1) == ["poison"]


def test_capturing_a_jellyfish_from_afar_removes_the_captor() -> None:
    g = friendly({"e2": "white lady-in-waiting", "e5": "black jellyfish"})
    g.play("e2e5")
    assert "e5" not in g.board()
    assert pool(g, 0) == ["lady-in-waiting"] and pool(g, 1) == ["jellyfish"]


def test_locust_capture_takes_the_poison() -> None:
    """The Ghost jumps the Poison from e4 to e6 and is removed there."""
    g = friendly({"e4": "white ghost", "e5": "black poison"})
    g.play("e4e6xe5")
    assert not {"e4", "e5", "e6"} & set(g.board())
    assert pool(g, 0) == ["ghost"]


def test_withdrawal_capture_takes_the_poison() -> None:
    """The Hangman withdraws from the Poison on e5 to e3 and is removed there."""
    g = friendly({"e4": "white hangman", "e5": "black poison"})
    g.play("e4e3xe5")
    assert not {"e3", "e4", "e5"} & set(g.board())
    assert pool(g, 0) == ["hangman"]


def test_rifle_capture_does_not_take_the_poison() -> None:
    """"except rifle": the Archer shoots the Poison on f7 and the Jellyfish on d7 and stays."""
    g = friendly({"e5": "white archer", "f7": "black poison", "d7": "black jellyfish", "k10": "black impala"})
    g.play("e5xf7")
    g.play("k10j8")
    g.play("e5xd7")
    assert g.board()["e5"] == "white archer"
    assert pool(g, 0) == [] and pool(g, 1) == ["jellyfish", "poison"]


def test_poisoned_move_is_described() -> None:
    g = friendly({"d3": "white impala", "e5": "black poison"})
    info = g.describe_move("d3e5")
    assert info["kind"] == "normal" and info["captures"] == ["e5"] and info["poisoned"] == ["e5"]
