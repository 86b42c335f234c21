"""Explanations for the app (docs/variants/friendly.md, "Explanation data"): plain data for
Friends' lenders, Hia sources and zones, frozen pieces, poisonous pieces, what a move does,
and why a move is refused when a power is the cause.
"""

from __future__ import annotations

import json

from positions import friendly

import rules


def test_explanation_is_plain_data_with_every_section() -> None:
    g = rules.new_game("friendly")
    data = g.explain()
    assert json.loads(json.dumps(data)) == data
    assert {"borrowing", "hia", "freeze", "poison"} <= set(data)


def test_borrowing_explains_each_lender_with_its_moves_and_powers() -> None:
    """The Friend on e5 borrows from the Poison on e4 alone: its Betza cW and its powers
    (poison, and the lame-path rule)."""
    g = friendly({"e5": "white friend", "e4": "white poison"})
    friend = [f for f in g.explain()["borrowing"]["friends"] if f["square"] == "e5"][0]
    assert friend == {
        "square": "e5", "piece": "white friend", "frozen": False,
        "lenders": [{"square": "e4", "piece": "white poison", "via": None, "chain": [], "moves": "cW",
                     "initial_moves": False, "powers": ["poison", "poison-path"]}],
        "moves": "cW", "powers": ["poison", "poison-path"],
    }


def test_hia_freeze_and_poison_sections() -> None:
    g = friendly({"e5": "black bodyguard", "h5": "white jellyfish", "h6": "black impala", "c3": "black poison"})
    data = g.explain()
    assert {"square": "e5", "piece": "black bodyguard", "active": True, "borrowed": False,
            "zone": ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]} in data["hia"]["sources"]
    assert data["freeze"]["frozen"] == [{"square": "h6", "piece": "black impala", "by": ["h5"]}]
    assert data["poison"] == {"pieces": ["c3", "h5"], "borrowed": []}


def test_move_descriptions_name_kind_and_every_square() -> None:
    g = friendly({"e5": "white archer", "f7": "black poison", "c4": "white displacer-squirrel",
                  "e3": "white impala"})
    shot = g.describe_move("e5xf7")
    assert (shot["kind"], shot["origin"], shot["destination"], shot["captures"]) == ("rifle", "e5", "e5", ["f7"])
    assert "poisoned" not in shot
    swap = g.describe_move("c4e3/swap")
    assert (swap["kind"], swap["destination"], swap["captures"]) == ("swap", "e3", [])
    assert swap["swapped"] == {"from": "e3", "to": "c4"} and swap["affects"] == ["c4"]


def test_poison_explanation_names_borrowed_poison() -> None:
    g = friendly({"e4": "white poison", "e5": "white friend"})
    assert g.explain()["poison"] == {"pieces": ["e4", "e5"], "borrowed": ["e5"]}


def test_switch_description() -> None:
    g = friendly({"e5": "white bodyguard"})
    assert g.describe_move("e5/hia-off")["switch"] == {"square": "e5", "on": False}


def test_why_illegal_names_the_power() -> None:
    """Refusals: frozen (by whom), stopped by a Hia zone (whose), a Friend without a lender for that
    square, and a capture that would poison the last Friend."""
    frozen = friendly({"e6": "black jellyfish", "e5": "white lady-in-waiting", "k5": "white impala"})
    assert "frozen by the Jellyfish on e6" in frozen.why_illegal("e5e4")
    hia = friendly({"e3": "white mtawala", "e8": "black bodyguard"})
    assert "Hia zone of the Bodyguard on e8" in hia.why_illegal("e3e8")
    lonely = friendly({"e5": "white friend", "k5": "white impala"})
    assert "no lender" in lonely.why_illegal("e5e6")
    lent = friendly({"e5": "white friend", "e4": "white poison"})
    assert "Poison on e4" in lent.why_illegal("e5e9")
    last = rules.new_game("friendly", placement={"e5": "white friend", "d3": "white impala",
                                                 "f7": "black poison", "a12": "black friend"})
    assert "would poison your last Friend" in last.why_illegal("e5f7")
