"""Explanation data for the app (docs/variants/pocket43.md, "Explanation data for the app"):
each polypiece's form and other form, the Pocket's content, the pieces a move would flip,
and why a Pocket move is refused. The expected data follow from the flip rule (RULINGS
pocket43 rule 3) worked by hand on each position.
"""

from __future__ import annotations

import rules

POSITION = {
    "a1": "white king", "c1": "white bishop", "g1": "white rook", "pocket": "white rook",
    "f6": "black king", "c6": "black bishop", "b6": "black knight",
}


def test_each_polypiece_form_and_other_form() -> None:
    """Rule 3: the family decides the other form; the Pocket's piece is listed, and marked as
    out of reach of flips in the base game."""
    data = rules.new_game("pocket43", placement=POSITION).explain()["polypiece-flip"]
    pieces = {p["square"]: (p["piece"], p["form"], p["other"], p["flips"]) for p in data["pieces"]}
    assert pieces == {
        "c1": ("white bishop", "bishop", "rook", True),
        "g1": ("white rook", "rook", "bishop", True),
        "pocket": ("white rook", "rook", "bishop", False),
        "c6": ("black bishop", "bishop", "rook", True),
        "b6": ("black knight", "knight", "alibaba", True),
    }
    assert data["families"] == {
        "bishop-rook": ["bishop", "rook"], "knight-alibaba": ["knight", "alibaba"],
        "falcon-windmill": ["falcon", "windmill"],
    }


def test_pocket_content() -> None:
    """Rule 1: the Pocket holds one piece; the app is told which and whose."""
    data = rules.new_game("pocket43", placement=POSITION).explain()["pocket"]
    assert (data["content"], data["owner"], data["kind"]) == ("white rook", "white", "rook")
    empty = rules.new_game("pocket43").explain()["pocket"]
    assert empty["content"] is None


def test_move_description_lists_the_flipped_squares() -> None:
    """Rule 3: c1-d2 flips the mover (now on d2), the Rook on g1 and the black Bishop on c6,
    but not the Rook in the Pocket nor the Knight; the Rook leaving the Pocket flips nothing."""
    g = rules.new_game("pocket43", placement=POSITION)
    described = g.describe_move("c1d2")
    assert set(described["flips"]) == {"d2", "g1", "c6"}
    assert described["flip_forms"] == {"d2": "rook", "g1": "bishop", "c6": "rook"}
    assert g.describe_move("pocketd3")["flips"] == []


def test_move_description_of_a_capture_leaves_out_the_victim() -> None:
    """Rule 3, "captures included": the Rook takes the Bishop on c5; the victim is gone, so
    only the mover (on c5) and the Bishop on e1 flip."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "c3": "white rook", "e1": "white bishop", "f6": "black king", "c5": "black bishop",
    })
    assert set(g.describe_move("c3c5")["flips"]) == {"c5", "e1"}


def test_synchronous_move_description_includes_the_pocket() -> None:
    """Synchronous: a move into the Pocket flips its family, the Pocket included."""
    g = rules.new_game("pocket43", options={"synchronous": True}, placement={
        "a1": "white king", "c1": "white bishop", "g6": "black king", "c6": "black bishop",
    })
    assert set(g.describe_move("c1pocket")["flips"]) == {"pocket", "c6"}
    assert all(p["flips"] for p in g.explain()["polypiece-flip"]["pieces"])


def test_cube_explanation_says_who_may_enter() -> None:
    """Cube: after White enters, White may not enter again before Black."""
    g = rules.new_game("pocket43", options={"cube": True}, placement={
        "a1": "white king", "c1": "white bishop", "g6": "black king",
    })
    assert g.explain()["pocket-cube"] == {"last_entrant": None, "may_enter": {"white": True, "black": True}}
    g.play("c1pocket")
    assert g.explain()["pocket-cube"] == {"last_entrant": "white", "may_enter": {"white": False, "black": True}}


def test_promotion_forms_under_synchronous() -> None:
    """Synchronous: with a Rook and a Windmill about, promotion keeps those forms."""
    g = rules.new_game("pocket43", options={"synchronous": True}, placement={
        "e1": "white king", "c5": "white pawn", "a3": "white windmill", "g6": "black king", "a4": "black rook",
    })
    forms = g.explain()["polypiece-promotion"]["promotion_forms"]["white"]
    assert forms == {"bishop-rook": ["rook"], "knight-alibaba": ["knight", "alibaba"], "falcon-windmill": ["windmill"]}
