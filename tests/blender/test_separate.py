"""Blender Chess separations, worked out by hand from the rules text and the rulings."""

from __future__ import annotations

import rules


def game(placement: dict[str, str], variant: str = "blender") -> rules.Game:
    return rules.new_game(variant, placement=placement)


def separations(g: rules.Game, square: str) -> set[str]:
    return {str(m) for m in g.legal_moves() if m.origin == square and m.kind == "separate"}


def texts(origin: str, squares: str, part: str) -> set[str]:
    return {f"{origin}{sq}/{part}" for sq in squares.split()}


KINGS = {"e1": "white king", "h6": "black king"}

# Squares worked out by hand for a piece on d4 of an otherwise empty board (the
# white King on e1 and the black King on h6 are on none of them).
ROOK_D4 = "d5 d6 d7 d8 d3 d2 d1 c4 b4 a4 e4 f4 g4 h4"
BISHOP_D4 = "c5 b6 a7 e5 f6 g7 h8 c3 b2 a1 e3 f2 g1"
KNIGHT_D4 = "b3 b5 c2 c6 e2 e6 f3 f5"


def test_chancellor_sends_either_part_away() -> None:
    """Rule: "a Chancellor can Separate the Knight component to move away, leaving the Rook
    behind" -- and the Rook likewise, leaving the Knight. Each part moves by its own move."""
    g = game({**KINGS, "d4": "white chancellor"})
    assert separations(g, "d4") == texts("d4", KNIGHT_D4, "knight") | texts("d4", ROOK_D4, "rook")
    g.play("d4e6/knight")
    assert g.board() == {**KINGS, "d4": "white rook", "e6": "white knight"}


def test_whole_compound_and_a_part_to_the_same_square_are_told_apart() -> None:
    """Rule: the Chancellor may also move whole. Both d4d6 (the whole piece) and d4d6/rook
    (the Rook leaves) are legal and lead to different positions."""
    g = game({**KINGS, "d4": "white chancellor"})
    g.play("d4d6")
    assert g.board() == {**KINGS, "d6": "white chancellor"}
    g.undo()
    g.play("d4d6/rook")
    assert g.board() == {**KINGS, "d4": "white knight", "d6": "white rook"}


def test_amazon_releases_any_single_part_but_never_a_pair() -> None:
    """Rule: "any of the three components can separate out, leaving a two-part Merge behind
    (but not vice versa)". From d4: Bishop leaves (Chancellor stays), Rook leaves
    (Archbishop stays), Knight leaves (Queen stays); no Queen, Chancellor or Archbishop leaves."""
    g = game({**KINGS, "d4": "white amazon"})
    expected = texts("d4", BISHOP_D4, "bishop") | texts("d4", ROOK_D4, "rook") | texts("d4", KNIGHT_D4, "knight")
    assert separations(g, "d4") == expected
    for text, stays in (("d4h8/bishop", "chancellor"), ("d4a4/rook", "archbishop"), ("d4f5/knight", "queen")):
        g.play(text)
        assert g.board()["d4"] == f"white {stays}"
        g.undo()


def test_separating_part_captures() -> None:
    """Rule (ruling 2): the leaving part moves by its own ordinary move, captures included.
    The Rook leaves d4 taking the black Rook on d7; the Knight stays on d4."""
    g = game({**KINGS, "d4": "white chancellor", "d7": "black rook"})
    assert separations(g, "d4") >= {"d4d5/rook", "d4d6/rook", "d4d7/rook"}
    assert "d4d8/rook" not in separations(g, "d4")
    move = g.play("d4d7/rook")
    assert move.captures == ("d7",)
    assert g.board() == {**KINGS, "d4": "white knight", "d7": "white rook"}
    assert "captured=/r" in g.fen()


def test_separating_part_merges_at_its_destination() -> None:
    """Rule (ruling 2): the leaving part may land on a friendly piece and merge with it.
    The Chancellor's Rook goes to the Bishop on d7 (a new Queen) and its Knight to the
    Bishop on f5 (an Archbishop)."""
    g = game({**KINGS, "d4": "white chancellor", "d7": "white bishop", "f5": "white bishop"})
    seps = separations(g, "d4")
    assert {"d4d7/rook", "d4f5/knight"} <= seps
    assert "d4d8/rook" not in seps
    g.play("d4d7/rook")
    assert g.board() == {**KINGS, "d4": "white knight", "d7": "white queen", "f5": "white bishop"}
    assert not g.piece_at("d7").flags  # type: ignore[union-attr]  # a merged Queen is not original
    g.undo()
    g.play("d4f5/knight")
    assert g.board() == {**KINGS, "d4": "white rook", "d7": "white bishop", "f5": "white archbishop"}


def test_queen_made_by_merging_splits_into_rook_and_bishop() -> None:
    """Rule: a merged Queen may Separate into Bishop and Rook (the original one may not)."""
    g = game({**KINGS, "d4": "white queen"})
    assert separations(g, "d4") == texts("d4", BISHOP_D4, "bishop") | texts("d4", ROOK_D4, "rook")
    g.play("d4a1/bishop")
    assert g.board() == {**KINGS, "d4": "white rook", "a1": "white bishop"}


def test_original_queen_never_separates() -> None:
    """Rule: "the original Queen cannot ... Separate (into Bishop and Rook)"."""
    g = rules.new_game("blender", fen="8/8/7k/8/3Q[original]4/8/8/4K3 w - - 0 1")
    assert separations(g, "d4") == set()
    assert len([m for m in g.legal_moves() if m.origin == "d4"]) == 27


def test_separation_refused_when_it_leaves_the_king_in_check() -> None:
    """Rule: chess legality applies to separations. The black Rook on e8 checks the King on
    e1; of the Chancellor's separations only those that take the Rook (Knight to e8) or
    block the file (Knight to e4, Rook to e6) stand."""
    g = game({"e1": "white king", "d6": "white chancellor", "e8": "black rook", "a8": "black king"})
    assert separations(g, "d6") == {"d6e8/knight", "d6e4/knight", "d6e6/rook"}
    assert "attacked" in g.why_illegal("d6d1/rook")


def test_castling_lost_after_the_rook_merged_and_separated() -> None:
    """Rule (ruling 3): a rook that has taken part in a merge or separation has moved.
    The Knight joins the h1 Rook, then leaves again: the Rook never left h1, yet White may
    no longer castle short. A compound never castles."""
    g = rules.new_game("blender", fen="4k3/8/8/8/8/6N1/8/4K2R w K - 0 1")
    assert "e1g1" in {str(m) for m in g.legal_moves()}
    g.play("g3h1")
    g.play("e8e7")
    assert not [m for m in g.legal_moves() if m.kind == "castle"]  # the Chancellor never castles
    g.play("h1g3/knight")
    g.play("e7e8")
    assert g.board()["h1"] == "white rook"
    assert not [m for m in g.legal_moves() if m.kind == "castle"]
    assert g.fen().split()[2] == "-"


def test_castling_lost_after_the_rook_separated_back_home() -> None:
    """Rule (ruling 3): the Rook merges onto the Knight on h3, then separates back to h1
    leaving the Knight: it stands on its start square but has moved, so no castling."""
    g = rules.new_game("blender", fen="4k3/8/8/8/8/7N/8/R3K2R w KQ - 0 1")
    g.play("h1h3")
    assert g.board()["h3"] == "white chancellor"
    g.play("e8d8")
    g.play("h3h1/rook")
    assert g.board()["h3"] == "white knight" and g.board()["h1"] == "white rook"
    g.play("d8e8")
    castles = {str(m) for m in g.legal_moves() if m.kind == "castle"}
    assert castles == {"e1c1"}
    assert g.fen().split()[2] == "Q"


def test_rook_merging_from_its_corner_loses_that_castling_right() -> None:
    """Rule (ruling 3): after the opening merge a1b1 the Chancellor on b1 cannot castle and
    White keeps only the short castling right."""
    g = rules.new_game("blender")
    g.play("a1b1")
    assert g.fen().split()[2] == "Kkq"


def test_separation_text_round_trips_through_position_text() -> None:
    """Rule: a separation's text names the leaving part, parses back to the same move, and
    the position after it reads back identically."""
    g = game({**KINGS, "d4": "white amazon", "b2": "black bishop"})
    for m in g.legal_moves():
        assert g.parse_move(str(m)) == m
    g.play("d4b2/bishop")
    again = rules.new_game("blender", fen=g.fen())
    assert again.fen() == g.fen() and again.board() == g.board()


def test_castling_state_stays_canonical_after_a_merge_onto_the_rook() -> None:
    """Rule (common rulings, threefold repetition): positions with equal castling rights are
    equal. After the Knight joins the h1 Rook White has no castling right left, so the
    position equals the one read from text with no rights (same key, no unmoved marker)."""
    g = rules.new_game("blender", fen="4k3/8/8/8/8/6N1/8/4K2R w K - 0 1")
    g.play("g3h1")
    same = rules.new_game("blender", fen="4k3/8/8/8/8/8/8/4K2C b - - 1 1")
    assert g.fen() == same.fen()
    assert g.pos.key() == same.pos.key()
