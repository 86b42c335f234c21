"""The array, the options that move dragons and Ferries, and the Ferries as position state.

RULINGS flight-and-ferry 1: "Our array: 8 files x 10 ranks. Wessex (White, moves first):
Golddragons a1 and h1, rank 2 R N B Q K B N R, pawns rank 3. Wales (Black): pawns rank 8,
rank 9 R N Q' Q K Q' N R (Q' = Queenfiler), Copperdragons c10 and f10. Ferries on c5 and f5.
The dragon squares and Ferry squares are options."
Seed 004: "The Pawn double-step initial move, En Passant, and Castling follow FIDE rules."
"""

from __future__ import annotations

import pytest
from positions import moves_from

import rules
from rules.errors import FenError, SetupError

VARIANT = "flight-and-ferry"


def test_the_start_array_of_the_ruling() -> None:
    """Every piece of the ruling's array on its square, White (Wessex) to move, Ferries c5 f5."""
    g = rules.new_game(VARIANT)
    white_back = dict(zip("abcdefgh", "rook knight bishop queen king bishop knight rook".split(), strict=True))
    black_back = dict(zip("abcdefgh", "rook knight queenfiler queen king queenfiler knight rook".split(), strict=True))
    expected = {"a1": "white golddragon", "h1": "white golddragon", "c10": "black copperdragon",
                "f10": "black copperdragon"}
    for f in "abcdefgh":
        expected[f"{f}2"] = f"white {white_back[f]}"
        expected[f"{f}3"] = "white pawn"
        expected[f"{f}8"] = "black pawn"
        expected[f"{f}9"] = f"black {black_back[f]}"
    assert g.board() == expected
    assert g.to_move == "white"
    assert g.fen().endswith("ferries=(c5,f5)")


def test_pawn_double_step_from_the_start() -> None:
    """A pawn on its first square may step one or two: c3-c4 or c3-c5 (onto the Ferry)."""
    g = rules.new_game(VARIANT)
    assert moves_from(g, "c3") == {"c3c4", "c3c5"}


def test_dragon_and_ferry_squares_are_options() -> None:
    """The options move the Golddragons to b1 g1, the Copperdragons to d10 e10 and the
    Ferries to c6 f6; the rest of the array is unchanged."""
    g = rules.new_game(
        VARIANT,
        options={"golddragon_squares": "b1-g1", "copperdragon_squares": "d10-e10", "ferry_squares": "c6-f6"},
    )
    board = g.board()
    assert {sq for sq, p in board.items() if p == "white golddragon"} == {"b1", "g1"}
    assert {sq for sq, p in board.items() if p == "black copperdragon"} == {"d10", "e10"}
    assert g.fen().split()[0].startswith("3cc3/rnfqkfnr/")
    assert g.fen().endswith("ferries=(c6,f6)")


def test_a_bad_option_value_is_refused() -> None:
    """Ferries sail only on ranks 5 and 6, so c4-f4 is no choice of ferry_squares."""
    with pytest.raises(rules.OptionError, match="ferry_squares"):
        rules.new_game(VARIANT, options={"ferry_squares": "c4-f4"})


def test_placement_games_get_the_ferries_of_the_options() -> None:
    """A placement has no Ferry field; the Ferries stand where the options put them."""
    g = rules.new_game(VARIANT, placement={"e1": "white king", "e10": "black king"})
    assert g.fen().endswith("ferries=(c5,f5)")
    g = rules.new_game(
        VARIANT, options={"ferry_squares": "b5-g5"}, placement={"e1": "white king", "e10": "black king"}
    )
    assert g.fen().endswith("ferries=(b5,g5)")


def test_ferry_state_round_trips_through_position_text() -> None:
    """After a send the Ferries' squares are part of the position text and of the position's
    identity: reading the text back gives the same position, hash and moves."""
    g = rules.new_game(VARIANT, placement={"c5": "white rook", "a1": "white king", "h10": "black king"})
    g.play("c5/h6")
    text = g.fen()
    assert text.endswith("ferries=(f5,h6)")
    again = rules.new_game(VARIANT, fen=text)
    assert again.fen() == text
    assert again.pos.key() == g.pos.key()
    assert sorted(map(str, again.legal_moves())) == sorted(map(str, g.legal_moves()))


def test_ferry_order_in_position_text_does_not_matter() -> None:
    """The Ferries are interchangeable: their squares are written sorted along the board."""
    text = "7k/8/8/8/8/8/8/8/8/K7 w - - 0 1 ferries=(f5,c5)"
    assert rules.new_game(VARIANT, fen=text).fen().endswith("ferries=(c5,f5)")


@pytest.mark.parametrize(
    ("ferries", "message"),
    [
        ("ferries=(c5)", "2 Ferries"),
        ("ferries=(c5,c4)", "ranks 5 and 6"),
        ("ferries=(c5,c5)", "share"),
        ("ferries=(c5,z9)", "not a square"),
        ("ferries=c5", "parentheses"),
    ],
)
def test_bad_ferry_state_is_refused_with_a_reason(ferries: str, message: str) -> None:
    """Two Ferries, on distinct squares of ranks 5-6, written in parentheses."""
    with pytest.raises(FenError, match=message):
        rules.new_game(VARIANT, fen=f"7k/8/8/8/8/8/8/8/8/K7 w - - 0 1 {ferries}")


def test_a_dragon_may_not_be_set_up_on_a_ferry() -> None:
    """Dragons never stand on a Ferry, in a placement or in position text."""
    with pytest.raises(SetupError, match="cannot stand on a Ferry"):
        rules.new_game(VARIANT, placement={"c5": "white golddragon", "e1": "white king", "e10": "black king"})
    with pytest.raises(FenError, match="cannot stand on a Ferry"):
        rules.new_game(VARIANT, fen="7k/8/8/8/8/2c5/8/8/8/K7 w - - 0 1 ferries=(c5,f5)")


def test_castling_follows_fide_rules_on_rank_2() -> None:
    """King e2 and Rooks a2 h2 unmoved, nothing between: castling to g2 and c2."""
    g = rules.new_game(
        VARIANT, placement={"e2": "white king", "a2": "white rook", "h2": "white rook", "e9": "black king"}
    )
    assert {"e2g2", "e2c2"} <= moves_from(g, "e2")
    g.play("e2g2")
    assert g.board()["g2"] == "white king" and g.board()["f2"] == "white rook"


@pytest.mark.parametrize("flyer", ["rook", "copperdragon"])
def test_castling_is_refused_through_an_attacked_square(flyer: str) -> None:
    """A Black Rook or Copperdragon on f10 flies down the f-file over the water (and over the
    empty Ferry f5) and covers f2, which the King would cross: no short castling."""
    g = rules.new_game(
        VARIANT,
        placement={
            "e2": "white king", "a2": "white rook", "h2": "white rook", "e9": "black king", "f10": f"black {flyer}",
        },
    )
    moves = moves_from(g, "e2")
    assert "e2g2" not in moves and "e2c2" in moves


def test_en_passant_after_a_double_step() -> None:
    """White's double step d3-d5 passes d4; the Black pawn e5 may take en passant."""
    g = rules.new_game(
        VARIANT, placement={"e2": "white king", "d3": "white pawn", "e9": "black king", "e5": "black pawn"}
    )
    g.play("d3d5")
    assert moves_from(g, "e5") == {"e5e4", "e5d4xd5"}


def test_game_record_round_trip_with_ferry_moves() -> None:
    """A game with a carry and a send is written and read back move for move."""
    g = rules.new_game(VARIANT)
    for text in ("c3c5", "d8d7", "c5c6/ferry", "e8e7", "c6/e6"):
        g.play(text)
    again = rules.load_game(rules.game_record(g))
    assert again.fen() == g.fen()
    assert [str(m) for m in again.history] == [str(m) for m in g.history]
