"""Mega-Blender: the Nightrider family and every route to the Centauride, by hand."""

from __future__ import annotations

import pytest

import rules


def game(placement: dict[str, str], **options: object) -> rules.Game:
    return rules.new_game("mega-blender", options=dict(options), placement=placement)


def merge_results(g: rules.Game, origin: str, destination: str) -> list[str]:
    """What each legal merge from origin to destination leaves on the destination."""
    out = []
    for m in g.legal_moves():
        if m.kind == "merge" and m.origin == origin and m.destination == destination:
            g.play(m)
            out.append(g.board()[destination].split()[1])
            g.undo()
    return out


KINGS = {"h1": "white king", "a8": "black king"}


def test_two_knights_make_a_nightrider() -> None:
    """Rule: "a player may merge the two Knights into a Nightrider"."""
    g = game({**KINGS, "b1": "white knight", "c3": "white knight"})
    assert merge_results(g, "b1", "c3") == ["nightrider"]
    assert merge_results(g, "c3", "b1") == ["nightrider"]


def test_nightrider_moves_along_knight_lines() -> None:
    """Rule: "The Nightrider moves like a Knight, but can continue to move in a straight
    line". From d4 on an empty board (Kings h1, a8): twelve squares, worked out by hand."""
    g = game({**KINGS, "d4": "white nightrider"})
    normal = {m.destination for m in g.legal_moves() if m.origin == "d4" and m.kind == "normal"}
    assert normal == set("e6 f8 f5 h6 f3 h2 e2 c2 b3 b5 c6 b8".split())


@pytest.mark.parametrize(
    ("mover", "mover_sq", "target", "result"),
    [("bishop", "f6", "nightrider", "unicorn"), ("rook", "d1", "nightrider", "raven")],
)
def test_basic_piece_joins_a_nightrider(mover: str, mover_sq: str, target: str, result: str) -> None:
    """Rule: "a Bishop to a Nightrider becomes a Unicorn, while a Rook to a Knightrider
    becomes a Raven"; the Nightrider is the compound, so it never enters the basic piece."""
    g = game({**KINGS, "d4": f"white {target}", mover_sq: f"white {mover}"})
    assert merge_results(g, mover_sq, "d4") == [result]
    assert "may join" in g.why_illegal(f"d4{mover_sq}")


CENTAURIDE_ONE_WAY = [
    # basic piece on its square joins the compound on d4
    ("rook", "d1", "unicorn"),
    ("bishop", "g7", "raven"),
    ("knight", "c6", "amazon"),
]


@pytest.mark.parametrize(("basic", "basic_sq", "compound"), CENTAURIDE_ONE_WAY)
def test_centauride_one_way_routes(basic: str, basic_sq: str, compound: str) -> None:
    """Rule: "Rook to Unicorn, Bishop to Raven, or Knight to Amazon are unidirectional
    (smaller to larger only)": the basic piece joins; the compound never moves onto it."""
    g = game({**KINGS, "d4": f"white {compound}", basic_sq: f"white {basic}"})
    assert merge_results(g, basic_sq, "d4") == ["centauride"]
    assert not [m for m in g.legal_moves() if m.kind == "merge" and m.origin == "d4"]
    assert "does not move onto" in g.why_illegal(f"d4{basic_sq}")


def test_amazon_reaches_the_knight_but_may_not_merge_onto_it() -> None:
    """Rule: Knight to Amazon is one way. The Amazon on d4 reaches the Knight on c6 by its
    own knight move, yet has no merge there (only a part may leave and land on it)."""
    g = game({**KINGS, "d4": "white amazon", "c6": "white knight"})
    kinds = {m.kind for m in g.legal_moves() if m.origin == "d4" and m.destination == "c6"}
    assert kinds == {"separate"}  # the Amazon's Knight leaves and makes a Nightrider there
    g.play("d4c6/knight")
    assert g.board()["c6"] == "white nightrider" and g.board()["d4"] == "white queen"


def test_nightrider_and_queen_merge_either_way() -> None:
    """Rule: "Bidirectional Merges for this (where either can enter the other) are the
    Nightrider and Queen". No square pair lets each reach the other, so each direction
    has its own position: the Queen slides d4-d7 onto the Nightrider, the Nightrider
    leaps d4-f5 onto the Queen."""
    q_onto_n = game({**KINGS, "d4": "white queen", "d7": "white nightrider"})
    assert merge_results(q_onto_n, "d4", "d7") == ["centauride"]
    n_onto_q = game({**KINGS, "d4": "white nightrider", "f5": "white queen"})
    assert merge_results(n_onto_q, "d4", "f5") == ["centauride"]


def test_archbishop_and_chancellor_merge_either_way() -> None:
    """Rule: "... or Archbishop and Chancellor": either may enter the other. Archbishop on d4
    and Chancellor on f5 are a knight leap apart, so each reaches the other."""
    g = game({**KINGS, "d4": "white archbishop", "f5": "white chancellor"})
    assert merge_results(g, "d4", "f5") == ["centauride"]
    assert merge_results(g, "f5", "d4") == ["centauride"]


def test_knight_joins_an_archbishop_only_under_components_recipes() -> None:
    """Ruling 1: a basic piece may join a compound whenever the result is a piece of the
    variant (option merge_recipes=components): a Knight joining an Archbishop makes
    Bishop+Knight+Knight, the Unicorn; under listed-only (the text's list) it may not."""
    placement = {**KINGS, "d4": "white archbishop", "e6": "white knight"}
    assert merge_results(game(placement), "e6", "d4") == ["unicorn"]
    assert merge_results(game(placement, merge_recipes="listed-only"), "e6", "d4") == []


def test_knight_joins_a_chancellor_only_under_components_recipes() -> None:
    """Ruling 1: Knight onto Chancellor gives Rook+Knight+Knight, the Raven, under
    components; not under listed-only."""
    placement = {**KINGS, "d4": "white chancellor", "e6": "white knight"}
    assert merge_results(game(placement), "e6", "d4") == ["raven"]
    assert merge_results(game(placement, merge_recipes="listed-only"), "e6", "d4") == []


NIGHTRIDER_D4 = "e6 f8 f5 h6 f3 h2 e2 c2 b3 b5 c6 b8"
KNIGHT_D4 = "b3 b5 c2 c6 e2 e6 f3 f5"


def test_centauride_releases_any_single_part_or_two_part_compound() -> None:
    """Rule: "When Separating, the Centauride simply does the reverse, releasing any single
    component or two-part compound": Rook (Unicorn stays), Bishop (Raven), Knight (Amazon),
    Nightrider (Queen), Queen (Nightrider), Archbishop (Chancellor), Chancellor (Archbishop)."""
    g = game({"h5": "white king", "a8": "black king", "d4": "white centauride"})
    seps = [m for m in g.legal_moves() if m.kind == "separate"]
    stays = {}
    for m in seps:
        if m.choice not in stays:
            g.play(m)
            stays[m.choice] = g.board()["d4"].split()[1]
            g.undo()
    assert stays == {
        "rook": "unicorn", "bishop": "raven", "knight": "amazon", "nightrider": "queen",
        "queen": "nightrider", "archbishop": "chancellor", "chancellor": "archbishop",
    }
    nightrider = {m.destination for m in seps if m.choice == "nightrider"}
    assert nightrider == set(NIGHTRIDER_D4.split())


def test_unicorn_and_raven_separations_follow_the_recipes() -> None:
    """Rule: a merged piece separates by sending away a part, leaving the rest. The Unicorn
    (Bishop joined a Nightrider) releases the Bishop leaving a Nightrider, and under
    components also a Knight leaving an Archbishop; the Raven likewise with Rook/Chancellor."""
    for piece, parts_components, parts_listed in (
        ("unicorn", {"bishop", "knight"}, {"bishop"}),
        ("raven", {"rook", "knight"}, {"rook"}),
    ):
        for options, expected in (({}, parts_components), ({"merge_recipes": "listed-only"}, parts_listed)):
            g = game({**KINGS, "d4": f"white {piece}"}, **options)
            assert {m.choice for m in g.legal_moves() if m.kind == "separate"} == expected


def test_nightrider_splits_into_two_knights() -> None:
    """Rule: the Nightrider separates the way it merged: one Knight leaves by a knight's
    leap and one Knight stays."""
    g = game({**KINGS, "d4": "white nightrider"})
    seps = {m.destination for m in g.legal_moves() if m.kind == "separate"}
    assert seps == set(KNIGHT_D4.split())
    g.play("d4f5/knight")
    assert g.board()["d4"] == "white knight" and g.board()["f5"] == "white knight"
