"""Blender Chess merges, worked out by hand from the rules text and the rulings.

Positions are small: a white King on e1, a black King out of the way, and the
pieces under test. Expected move lists are written out square by square.
"""

from __future__ import annotations

import pytest
from positions import moves_from

import rules
from rules.errors import IllegalMoveError


def game(placement: dict[str, str], variant: str = "blender", **options: object) -> rules.Game:
    return rules.new_game(variant, options=dict(options), placement=placement)


def merges(g: rules.Game) -> set[str]:
    return {str(m) for m in g.legal_moves() if m.kind == "merge"}


KINGS = {"e1": "white king", "a8": "black king"}

BASIC_MERGES = [
    # mover on d4, target square it reaches by its own move, pieces, result
    ("rook", "d6", "bishop", "queen"),
    ("bishop", "f6", "rook", "queen"),
    ("bishop", "b6", "knight", "archbishop"),
    ("knight", "e6", "bishop", "archbishop"),
    ("knight", "f5", "rook", "chancellor"),
    ("rook", "g4", "knight", "chancellor"),
]


@pytest.mark.parametrize(("mover", "target_sq", "target", "result"), BASIC_MERGES)
def test_basic_pieces_merge_either_way(mover: str, target_sq: str, target: str, result: str) -> None:
    """Rule: "Rook and Bishop (or Bishop and Rook) to a new Queen, and Knight and Bishop
    (or Bishop and Knight) to an Archbishop"; Rook and Knight either way make a Chancellor.
    The mover "captures" its friend by its ordinary move and the two become one piece."""
    g = game({**KINGS, "d4": f"white {mover}", target_sq: f"white {target}"})
    found = [m for m in g.legal_moves() if m.origin == "d4" and m.destination == target_sq]
    assert [m.kind for m in found] == ["merge"]
    assert found[0].captures == ()
    g.play(found[0])
    assert g.board() == {**KINGS, target_sq: f"white {result}"}


def test_rook_merges_with_the_knight_beside_it_as_an_opening_move() -> None:
    """Rule: "one possible opening move is for a Rook to Merge with the Knight next to it,
    becoming a Chancellor". From the start only the two Rooks can merge (onto their Knights)."""
    g = rules.new_game("blender")
    assert merges(g) == {"a1b1", "h1g1"}
    g.play("a1b1")
    assert g.board()["b1"] == "white chancellor"
    assert "a1" not in g.board()


def test_knight_reaches_only_what_its_own_move_reaches() -> None:
    """Rule (ruling 1): a merge is a move of a piece onto a friendly piece by its ordinary
    move. The Knight on b5 has its six knight moves plus the merge onto the Rook on d4;
    the Rook on b4 (not a knight move away) cannot be joined."""
    g = game({**KINGS, "b5": "white knight", "d4": "white rook", "b4": "white rook"})
    assert moves_from(g, "b5") == {"b5a3", "b5c3", "b5d6", "b5c7", "b5a7", "b5d4"}


def test_a_slider_cannot_merge_through_a_piece() -> None:
    """Rule: the merge is the piece's ordinary move, so a Rook blocked by its own Knight on
    d5 merges with that Knight and cannot reach the Bishop behind it on d7."""
    g = game({**KINGS, "d4": "white rook", "d5": "white knight", "d7": "white bishop"})
    assert {m.destination for m in g.legal_moves() if m.origin == "d4" and m.kind == "merge"} == {"d5"}


AMAZON_JOINS = [
    # basic mover on its square, compound on d4, the move is a knight/bishop/rook move
    ("knight", "e6", "queen"),
    ("bishop", "f6", "chancellor"),
    ("rook", "d7", "archbishop"),
]


@pytest.mark.parametrize(("basic", "basic_sq", "compound"), AMAZON_JOINS)
def test_basic_piece_joins_compound_to_make_an_amazon(basic: str, basic_sq: str, compound: str) -> None:
    """Rule: "to make an Amazon, a basic piece Joins ("captures") a compound piece -- Knight
    to Queen, Bishop to Chancellor, or Rook to Archbishop"."""
    g = game({**KINGS, "d4": f"white {compound}", basic_sq: f"white {basic}"})
    g.play(f"{basic_sq}d4")
    assert g.board() == {**KINGS, "d4": "white amazon"}


REVERSE_JOINS = [
    # compound on d4, basic piece on a square the compound's own move reaches
    ("queen", "d6", "knight"),
    ("chancellor", "d6", "bishop"),
    ("archbishop", "f6", "rook"),
]


@pytest.mark.parametrize(("compound", "basic_sq", "basic"), REVERSE_JOINS)
def test_compound_never_moves_onto_a_basic_piece(compound: str, basic_sq: str, basic: str) -> None:
    """Rule: "The compound does not 'capture' the new component" -- a Queen moving onto a
    Knight (and the like) is no move at all, though the Knight may join the Queen. (A part
    of the compound may still leave and merge there: that is a separation, tested apart.)"""
    g = game({**KINGS, "d4": f"white {compound}", basic_sq: f"white {basic}"})
    assert not [m for m in g.legal_moves() if m.kind == "merge"]
    reason = g.why_illegal(f"d4{basic_sq}")
    assert "does not move onto" in reason and "may join" in reason


def test_two_compounds_do_not_merge_in_plain_blender() -> None:
    """Rule: "Two compound pieces cannot Merge with each other (unless it's to form a
    Centauride)" -- and plain Blender has no Centauride: Archbishop onto Chancellor fails."""
    g = game({**KINGS, "d4": "white archbishop", "f6": "white chancellor"})
    assert not [m for m in g.legal_moves() if m.kind == "merge"]
    assert "make no piece" in g.why_illegal("d4f6")


def test_nothing_merges_into_an_amazon_in_plain_blender() -> None:
    """Rule: the Amazon has all three basic moves; in plain Blender no recipe takes in a
    fourth piece, so a Knight cannot move onto an Amazon."""
    g = game({**KINGS, "d4": "white amazon", "e6": "white knight"})
    assert "e6d4" not in moves_from(g, "e6")


def test_king_and_pawns_never_merge() -> None:
    """Rule: "the King and Pawns are exempt from all Merges". The Knight on f3 reaches the
    Pawn on d2 and the King on e1 by knight moves but merges with neither; the King does
    not step onto its Rook; the Pawn does not take its own Knight."""
    g = game({"e1": "white king", "a8": "black king", "d2": "white pawn", "f3": "white knight",
              "d1": "white rook", "e2": "white pawn"})
    assert moves_from(g, "f3") == {"f3g1", "f3h2", "f3h4", "f3g5", "f3e5", "f3d4"}
    assert "e1d1" not in moves_from(g, "e1")
    assert moves_from(g, "e2") == {"e2e3", "e2e4"}
    assert "never merges" in g.why_illegal("f3d2")
    assert "never merges" in g.why_illegal("e1d1")


ORIGINAL_QUEEN = "4k3/8/8/8/3Q[original]4/8/4N3/4K3 w - - 0 1"
MERGED_QUEEN = "4k3/8/8/8/3Q4/8/4N3/4K3 w - - 0 1"


def test_original_queen_cannot_be_joined() -> None:
    """Rule: "the original Queen cannot Merge (with a Knight, to become an Amazon)". The
    same position with a Queen made by merging allows the Knight's join."""
    original = rules.new_game("blender", fen=ORIGINAL_QUEEN)
    merged = rules.new_game("blender", fen=MERGED_QUEEN)
    assert "e2d4" not in moves_from(original, "e2")
    assert "original" in original.why_illegal("e2d4")
    assert "e2d4" in moves_from(merged, "e2")


def test_original_queen_cannot_join_a_friend() -> None:
    """Rule: the original Queen never merges, also as the moving piece: onto a Nightrider
    in Mega-Blender (a recipe that exists for merged Queens) it has no move."""
    fen = "4k3/8/8/8/3Q[original]4/8/8/3{NN}K3 w - - 0 1"
    original = rules.new_game("mega-blender", fen=fen)
    merged = rules.new_game("mega-blender", fen=fen.replace("[original]", ""))
    assert "d4d1" not in moves_from(original, "d4")
    assert "d4d1" in moves_from(merged, "d4")


def test_the_queen_on_the_board_at_the_start_is_the_original() -> None:
    """Rule: the Queen that starts on the board is the original one; merged Queens are not."""
    g = rules.new_game("blender")
    assert "original" in g.piece_at("d1").flags  # type: ignore[union-attr]
    assert "original" in g.piece_at("d8").flags  # type: ignore[union-attr]
    g.play("a1b1")
    assert not g.piece_at("b1").flags  # type: ignore[union-attr]


def test_merge_refused_when_it_leaves_the_king_in_check() -> None:
    """Rule: the standard rules of chess stay in force, so a merge may not expose the
    King. The Rook on e2 shields the King from the black Rook on e8: merging it onto the
    Knight on c2 is refused, while the Knight joining the Rook on e2 keeps the shield."""
    g = game({"e1": "white king", "e2": "white rook", "c2": "white knight",
              "e8": "black rook", "a8": "black king"})
    assert "e2c2" not in moves_from(g, "e2")
    assert "attacked" in g.why_illegal("e2c2")
    assert "c2e2" not in moves_from(g, "c2")  # c2 to e2 is no knight move
    g2 = game({"e1": "white king", "e2": "white rook", "c3": "white knight",
               "e8": "black rook", "a8": "black king"})
    assert "c3e2" in moves_from(g2, "c3")
    g2.play("c3e2")
    assert g2.board()["e2"] == "white chancellor"


def test_merge_move_text_round_trips_and_is_not_a_capture() -> None:
    """Rule: a merge removes no enemy piece: it is written origin+destination, parses back,
    leaves both pools empty and counts toward the fifty-move clock like a quiet move."""
    g = game({"e1": "white king", "h8": "black king", "b1": "white knight", "a1": "white rook"})
    move = g.parse_move("a1b1")
    assert move.kind == "merge" and not move.captures
    g.play(move)
    assert g.pos.pools == ((), ())
    assert g.pos.halfmove == 1
    again = rules.new_game("blender", fen=g.fen())
    assert again.board() == g.board()


def test_ambiguous_merge_text_is_refused_with_the_choices() -> None:
    """Rule (Cuisinart): "Two Ferzes make a Bishop, but could also become an Alfil" -- the
    player chooses, so the bare squares do not name a move."""
    g = game({**KINGS, "d4": "white ferz", "e5": "white ferz"}, variant="cuisinart")
    with pytest.raises(IllegalMoveError, match="ambiguous"):
        g.play("d4e5")
    g.play("d4e5/alfil")
    assert g.board()["e5"] == "white alfil"
