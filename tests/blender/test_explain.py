"""Explanation data for the app: compounds and their parts, possible merges, what a
drop onto a friendly piece would make, what a merge or separation move does."""

from __future__ import annotations

import rules
from rules.explain import drop_results

PLACEMENT = {
    "e1": "white king", "h8": "black king",
    "d4": "white chancellor", "f5": "white bishop", "b5": "white knight",
}


def test_explain_lists_each_compound_with_parts_and_originality() -> None:
    """Each compound on the board is reported with its square, parts, whether it is
    original, and for each part it can release what stays and where it may go."""
    g = rules.new_game("blender", fen="3q[original]3k/8/8/8/3C4/8/8/4K3 w - - 0 1")
    compounds = {c["square"]: c for c in g.explain()["separate"]["compounds"]}
    assert set(compounds) == {"d4", "d8"}
    queen = compounds["d8"]
    assert (queen["color"], queen["piece"], queen["original"], queen["releases"]) == ("black", "queen", True, [])
    assert queen["components"] == ["bishop", "rook"]
    chancellor = compounds["d4"]
    assert chancellor["original"] is False and chancellor["components"] == ["knight", "rook"]
    releases = {r["leaves"]: r for r in chancellor["releases"]}
    assert releases["knight"]["stays"] == "rook" and releases["rook"]["stays"] == "knight"
    # The Rook may go up the d-file only as far as d8, taking the Queen; not beyond.
    rook_moves = set(releases["rook"]["moves"])
    assert {"d4d7/rook", "d4d8/rook"} <= rook_moves
    assert len(releases["knight"]["moves"]) == 8


def test_explain_lists_possible_merges_with_results() -> None:
    """For each legal merge: origin, destination, the two pieces and the possible results."""
    g = rules.new_game("blender", placement=PLACEMENT)
    # The Knight on b5 reaches the Chancellor but no recipe joins them; the Bishop reaches
    # no friend; the Chancellor may not enter the Bishop: no merge at all.
    assert g.explain()["merge"]["merges"] == []
    cuisinart = rules.new_game("cuisinart", placement={"e1": "white king", "h8": "black king",
                                                       "d4": "white ferz", "e5": "white ferz"})
    entry = [m for m in cuisinart.explain()["merge"]["merges"] if m["origin"] == "d4"]
    assert entry == [{
        "origin": "d4", "destination": "e5", "color": "white", "mover": "ferz", "target": "ferz",
        "results": ["bishop", "alfil"], "moves": ["d4e5/bishop", "d4e5/alfil"],
    }]


def test_drop_results_for_the_app() -> None:
    """A drop onto a friendly piece: the recipe's results, the legal moves that do it (a
    part leaving to merge included), or the reason there is none."""
    g = rules.new_game("blender", placement=PLACEMENT)
    chancellor_onto_bishop = drop_results(g, "d4", "f5")
    assert chancellor_onto_bishop["results"] == []
    assert chancellor_onto_bishop["moves"] == [
        {"move": "d4f5/knight", "kind": "separate", "arrives": "archbishop", "stays": "rook"}
    ]
    knight_onto_chancellor = drop_results(g, "b5", "d4")
    assert knight_onto_chancellor["moves"] == []
    assert "make no piece" in knight_onto_chancellor["reason"]
    q = rules.new_game("blender", placement={"e1": "white king", "h8": "black king",
                                             "d4": "white queen", "e6": "white knight"})
    join = drop_results(q, "e6", "d4")
    assert join["results"] == ["amazon"] and join["moves"][0]["arrives"] == "amazon"
    start = rules.new_game("blender")
    assert "original" in drop_results(start, "b1", "d1")["reason"]


def test_describe_move_says_what_merges_and_separations_make() -> None:
    """describe_move reports a merge's pieces and result, and a separation's leaving part,
    the part that stays, and what arrives on the destination."""
    g = rules.new_game("blender", placement=PLACEMENT)
    sep = g.describe_move("d4f5/knight")
    assert sep["separate"] == {"piece": "chancellor", "leaves": "knight", "stays": "rook",
                               "arrives": "archbishop", "merges_with": "bishop"}
    q = rules.new_game("blender", placement={"e1": "white king", "h8": "black king",
                                             "d4": "white queen", "e6": "white knight"})
    assert q.describe_move("e6d4")["merge"] == {"mover": "knight", "target": "queen", "result": "amazon",
                                                 "choices": ["amazon"]}


def test_explain_carries_the_recipe_table() -> None:
    """The recipe table in force comes with the explanation, so the app can show it; the
    option changes it (listed-only drops the derived Unicorn join)."""
    full = rules.new_game("mega-blender").explain()["merge"]["recipes"]
    listed = rules.new_game("mega-blender", options={"merge_recipes": "listed-only"}).explain()["merge"]["recipes"]
    unicorn = {"mover": "knight", "target": "archbishop", "results": ["unicorn"], "listed": False,
               "group": "components"}
    assert unicorn in full["merges"] and unicorn not in listed["merges"]
    assert all(m["listed"] for m in listed["merges"])


def test_why_illegal_explains_refused_merges() -> None:
    """The refusal names the rule: the King never merges; the original Queen never merges."""
    start = rules.new_game("blender")
    assert "never merges" in start.why_illegal("e1d1")
    assert "original" in start.why_illegal("d1e1")
