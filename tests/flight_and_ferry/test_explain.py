"""Explanation data for the app: Ferries and passengers, the water line, what moves do.

The schema is documented in docs/variants/flight-and-ferry.md ("Explanation data"); these
tests pin it down on small positions whose answers are worked out by hand.
"""

from __future__ import annotations

import rules

VARIANT = "flight-and-ferry"


def test_explain_lists_each_ferry_with_its_passenger_and_moves() -> None:
    """Knight riding c5, f5 empty: the Knight may carry to b5 d5 b6 c6 d6 and send to the 14
    other squares of ranks 5-6; the empty Ferry has no passenger and no moves."""
    g = rules.new_game(VARIANT, placement={"c5": "white knight", "a1": "white king", "h10": "black king"})
    data = g.explain()["ferry"]
    first, second = data["ferries"]
    assert first["square"] == "c5" and first["passenger"] == "white knight"
    assert set(first["carry_to"]) == {"b5", "d5", "b6", "c6", "d6"}
    assert len(first["send_to"]) == 14 and "f5" not in first["send_to"] and "c5" not in first["send_to"]
    assert second == {"square": "f5", "passenger": None, "carry_to": [], "send_to": []}
    assert data["ranks"] == [5, 6]
    assert "golddragon" not in data["riders"] and "pawn" in data["riders"]


def test_explain_gives_the_water_line_and_the_flyers() -> None:
    """The water runs between ranks 5 and 6; the pieces with full forward and backward rook
    moves (Rook, Queen, both dragons) are the flyers."""
    water = rules.new_game(VARIANT).explain()["water"]
    assert water["between_ranks"] == [5, 6]
    assert water["flyers"] == ["copperdragon", "golddragon", "queen", "rook"]


def test_describe_move_says_which_moves_carry_or_send_the_ferry() -> None:
    """Knight riding c5: the carry onto d6, the send under the d6 pawn, and an ordinary move
    that leaves the Ferry each say so."""
    g = rules.new_game(
        VARIANT, placement={"c5": "white knight", "d6": "black pawn", "a1": "white king", "h10": "black king"}
    )
    assert g.describe_move("c5d6/ferry")["ferry_carry"] == {"from": "c5", "to": "d6"}
    assert g.describe_move("c5/d6")["ferry_send"] == {"from": "c5", "to": "d6", "boarding": "black pawn"}
    plain = g.describe_move("c5a4")
    assert plain["leaves_ferry"] == "c5" and "ferry_carry" not in plain


def test_describe_move_says_what_a_dragon_move_captures() -> None:
    """Pass-through of the Knight riding c5; fire-breath on the ally riding f5."""
    g = rules.new_game(
        VARIANT,
        placement={"c1": "white golddragon", "c5": "black knight", "b1": "white golddragon", "f5": "white pawn",
                   "a1": "white king", "h10": "black king"},
    )
    passing = g.describe_move("c1c7xc5")["dragon_capture"]
    assert passing == {"kind": "pass-through", "captures": ["c5"], "victims": ["black knight"]}
    breath = g.describe_move("b1d3xf5")["dragon_capture"]
    assert breath == {"kind": "fire-breath", "captures": ["f5"], "victims": ["white pawn"], "ally": True}


def test_explain_lists_the_burns_on_offer() -> None:
    """Golddragon b1 and a Black Knight riding f5: the three quiet moves along b1-f5 burn it."""
    g = rules.new_game(
        VARIANT, placement={"b1": "white golddragon", "f5": "black knight", "a1": "white king", "h10": "black king"}
    )
    burns = g.explain()["fire-breath"]["burns"]
    assert {b["move"] for b in burns["b1"]} == {"b1c2xf5", "b1d3xf5", "b1e4xf5"}
