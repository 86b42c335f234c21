"""The sub-variants as options (docs/variants/pocket43.md, "Sub-variants"; RULINGS pocket43
rule 6): synchronous, antisynchronous, cube, river, berolina-pawns, and the starting forms.
"""

from __future__ import annotations

import pytest
from positions import moves_from

import rules

SYNC = {"synchronous": True}
ANTI = {"antisynchronous": True}
CUBE = {"cube": True}
RIVER = {"river": True}
BEROLINA = {"berolina-pawns": True}


def promotions(game: rules.Game, move: str) -> set[str]:
    return {m.promotion for m in game.legal_moves() if str(m).startswith(move + "=")}  # type: ignore[misc]


# ------------------------------------------------------------------ combinations


def test_synchronous_with_antisynchronous_is_a_clear_option_error() -> None:
    """Rule 6: options combine "where they don't contradict"; these two do."""
    with pytest.raises(rules.OptionError, match="'synchronous' and 'antisynchronous'"):
        rules.new_game("pocket43", options={**SYNC, **ANTI})


def test_all_compatible_options_combine() -> None:
    """Rule 6: the other sub-variants combine freely (here all at once with antisynchronous)."""
    g = rules.new_game("pocket43", options={**ANTI, **CUBE, **RIVER, **BEROLINA})
    assert g.board()["a5"] == "black berolina-pawn"
    assert g.legal_moves()


# ------------------------------------------------------------------ synchronous


def test_synchronous_move_into_the_pocket_flips_the_family() -> None:
    """Synchronous: "flips also reach the Pocket and moves to/from it": the Bishop entering
    the Pocket flips there, and the black Bishop on c6 flips too."""
    g = rules.new_game("pocket43", options=SYNC, placement={
        "a1": "white king", "c1": "white bishop", "g6": "black king", "c6": "black bishop",
    })
    g.play("c1pocket")
    assert g.board() == {"a1": "white king", "pocket": "white rook", "g6": "black king", "c6": "black rook"}
    g.play("g6g5")
    g.play("pocketd3")
    assert g.board() == {"a1": "white king", "d3": "white bishop", "g5": "black king", "c6": "black bishop"}


def test_synchronous_piece_in_the_pocket_flips_with_a_board_move() -> None:
    """Synchronous: pieces within the Pocket flip too."""
    g = rules.new_game("pocket43", options=SYNC, placement={
        "a1": "white king", "pocket": "white rook", "c3": "white bishop", "g6": "black king",
    })
    g.play("c3d4")
    assert g.board() == {"a1": "white king", "pocket": "white bishop", "d4": "white rook", "g6": "black king"}


def test_synchronous_promotion_keeps_each_family_in_one_form() -> None:
    """Seed: "if there are Rooks and Windmills on the board, a Pawn may promote only to Rook,
    Windmill, Knight or Alibaba"."""
    g = rules.new_game("pocket43", options=SYNC, placement={
        "e1": "white king", "c5": "white pawn", "a3": "white windmill", "g6": "black king", "a4": "black rook",
    })
    assert promotions(g, "c5c6") == {"rook", "windmill", "knight", "alibaba"}


def test_synchronous_promotion_capturing_the_last_of_a_family_frees_its_form() -> None:
    """Our reading (docs): the forms are judged after the promoting capture. Taking the only
    Rook on b6 leaves the Bishop/Rook family empty, so both forms are open there; the straight
    push leaves the Rook and allows only Rook."""
    g = rules.new_game("pocket43", options=SYNC, placement={
        "e1": "white king", "c5": "white pawn", "a3": "white windmill", "g6": "black king", "b6": "black rook",
    })
    assert promotions(g, "c5b6") == {"bishop", "rook", "windmill", "knight", "alibaba"}
    assert promotions(g, "c5c6") == {"rook", "windmill", "knight", "alibaba"}


def test_without_synchronous_promotion_is_free() -> None:
    """Rule 5 in the base game: any of the six forms, whatever is on the board."""
    g = rules.new_game("pocket43", placement={
        "e1": "white king", "c5": "white pawn", "a3": "white windmill", "g6": "black king", "a4": "black rook",
    })
    assert promotions(g, "c5c6") == {"bishop", "rook", "knight", "alibaba", "falcon", "windmill"}


# ------------------------------------------------------------------ antisynchronous


def test_antisynchronous_black_starts_in_the_other_forms() -> None:
    """Seed: "Black begins with Rooks, Dabbabbas [Alibabas] and Windmills"."""
    board = rules.new_game("pocket43", options=ANTI).board()
    assert [board[f + "6"] for f in "abcdefg"] == [
        "black windmill", "black alibaba", "black rook", "black king", "black rook", "black alibaba",
        "black windmill",
    ]
    assert [board[f + "1"] for f in "abcdefg"] == [
        "white falcon", "white knight", "white bishop", "white king", "white bishop", "white knight",
        "white falcon",
    ]


def test_antisynchronous_promotion_keeps_the_colours_opposite() -> None:
    """Seed: "if one player has only a Rook and the other a Windmill, the owner of the Rook may
    promote a Pawn only to Rook, Falcon, Knight or Alibaba"."""
    g = rules.new_game("pocket43", options=ANTI, placement={
        "e1": "white king", "a2": "white rook", "c5": "white pawn", "g6": "black king", "g3": "black windmill",
    })
    assert promotions(g, "c5c6") == {"rook", "falcon", "knight", "alibaba"}


def test_antisynchronous_flips_reach_the_pocket_and_keep_colours_opposite() -> None:
    """Antisynchronous "also extends the flips to the Pocket": entering it flips the mover and
    the black Rook, which becomes a Bishop while White's piece becomes a Rook."""
    g = rules.new_game("pocket43", options=ANTI, placement={
        "a1": "white king", "c1": "white bishop", "g6": "black king", "c6": "black rook",
    })
    g.play("c1pocket")
    assert g.board() == {"a1": "white king", "pocket": "white rook", "g6": "black king", "c6": "black bishop"}


# ------------------------------------------------------------------ cube


CUBE_START = {"a1": "white king", "c1": "white bishop", "g6": "black king", "f4": "black knight"}


def test_cube_forbids_entering_again_before_the_opponent() -> None:
    """Cube: "you may not enter the Pocket if the last piece to enter it was yours". White goes
    in and out; it may not enter again until Black has entered; then it may."""
    g = rules.new_game("pocket43", options=CUBE, placement=CUBE_START)
    for move in ("c1pocket", "g6g5", "pocketc1", "g5g6"):
        g.play(move)
    assert "c1pocket" not in moves_from(g)
    assert "cube rule" in g.why_illegal("c1pocket")
    g.play("a1a2")
    assert "f4pocket" in moves_from(g)
    for move in ("f4pocket", "a2a1", "pocketf4"):
        g.play(move)
    assert "c1pocket" in moves_from(g)


def test_without_cube_the_same_player_may_enter_again() -> None:
    """Base rule 2: any polypiece may enter the empty Pocket, whoever entered last."""
    g = rules.new_game("pocket43", placement=CUBE_START)
    for move in ("c1pocket", "g6g5", "pocketc1", "g5g6"):
        g.play(move)
    assert "c1pocket" in moves_from(g)


def test_cube_state_is_in_the_position_text() -> None:
    """Cube: the last entrant is part of the position: written as cube=w, read back, and
    refused where the option is off or the value is not a colour."""
    g = rules.new_game("pocket43", options=CUBE, placement=CUBE_START)
    g.play("c1pocket")
    assert g.fen().endswith("@pocket=B cube=w")
    back = rules.new_game("pocket43", options=CUBE, fen="6k/7/5n1/7/7/K1B4 w - - 0 1 cube=w")
    assert "c1pocket" not in moves_from(back)
    with pytest.raises(rules.FenError, match="cube option is off"):
        rules.new_game("pocket43", fen="6k/7/5n1/7/7/K1B4 w - - 0 1 cube=w")
    with pytest.raises(rules.FenError, match="must be 'w' or 'b'"):
        rules.new_game("pocket43", options=CUBE, fen="6k/7/5n1/7/7/K1B4 w - - 0 1 cube=x")


# ------------------------------------------------------------------ river


def test_river_pawn_on_its_fourth_or_fifth_rank_may_enter() -> None:
    """River: "a pawn on its 4th or 5th rank may enter the Pocket". White's are ranks 4-5
    (c4, d5 may; e3 may not); Black's are ranks 3-2 (b3, f2 may; g4 may not)."""
    placement = {
        "a1": "white king", "c4": "white pawn", "d5": "white pawn", "e3": "white pawn",
        "a6": "black king", "b3": "black pawn", "f2": "black pawn", "g4": "black pawn",
    }
    white = rules.new_game("pocket43", options=RIVER, placement=placement)
    assert {str(m) for m in white.legal_moves() if m.destination == "pocket"} == {"c4pocket", "d5pocket"}
    assert "rank 4 or 5" in white.why_illegal("e3pocket")
    black = rules.new_game("pocket43", options=RIVER, placement=placement, to_move="black")
    assert {str(m) for m in black.legal_moves() if m.destination == "pocket"} == {"b3pocket", "f2pocket"}


def test_river_pawn_leaves_for_ranks_two_to_five() -> None:
    """River: a pawn "leaves it for an empty square of ranks 2-5" (both colours)."""
    middle = {f + str(r) for f in "abcdefg" for r in (2, 3, 4, 5)}
    white = rules.new_game("pocket43", options=RIVER, placement={
        "a1": "white king", "pocket": "white pawn", "g6": "black king", "e4": "black pawn",
    })
    assert {m.destination for m in white.legal_moves() if m.origin == "pocket"} == middle - {"e4"}
    assert "ranks 2, 3, 4, 5" in white.why_illegal("pocketb6")
    black = rules.new_game("pocket43", options=RIVER, to_move="black", placement={
        "a1": "white king", "pocket": "black pawn", "g6": "black king",
    })
    assert {m.destination for m in black.legal_moves() if m.origin == "pocket"} == middle


def test_without_river_a_pawn_may_not_be_in_the_pocket() -> None:
    """Rule 2 without the river option: pawns never enter."""
    with pytest.raises(rules.SetupError):
        rules.new_game("pocket43", placement={"a1": "white king", "pocket": "white pawn", "g6": "black king"})


# ------------------------------------------------------------------ berolina pawns


def test_berolina_pawn_move_flips_every_pawn_on_the_board() -> None:
    """Berolina-pawns: "pawns are a polypiece family ... flipping after a pawn move", both
    colours and the mover included; the Bishop does not flip."""
    g = rules.new_game("pocket43", options=BEROLINA, placement={
        "a1": "white king", "c2": "white pawn", "e2": "white pawn", "g1": "white bishop",
        "g6": "black king", "d5": "black pawn",
    })
    g.play("c2c3")
    assert g.board() == {
        "a1": "white king", "c3": "white berolina-pawn", "e2": "white berolina-pawn", "g1": "white bishop",
        "g6": "black king", "d5": "black berolina-pawn",
    }


def test_officer_move_does_not_flip_pawns() -> None:
    """Berolina-pawns: the pawn family flips only after a pawn move."""
    g = rules.new_game("pocket43", options=BEROLINA, placement={
        "a1": "white king", "c2": "white pawn", "g1": "white bishop", "g6": "black king",
    })
    g.play("g1f2")
    assert g.board() == {"a1": "white king", "c2": "white pawn", "f2": "white rook", "g6": "black king"}


def test_berolina_pawn_moves_diagonally_and_captures_straight() -> None:
    """Berolina pawn: one step diagonally forward (c4 is occupied, so only e4), captures one
    step straight forward (d4). After the capture every pawn flips back."""
    g = rules.new_game("pocket43", options=BEROLINA, placement={
        "a1": "white king", "d3": "white berolina-pawn", "g6": "black king",
        "d4": "black pawn", "c4": "black knight",
    })
    assert moves_from(g, "d3") == {"d3e4", "d3d4"}
    assert [m.captures for m in g.legal_moves() if str(m) == "d3d4"] == [("d4",)]
    g.play("d3d4")
    assert g.board()["d4"] == "white pawn"


def test_black_berolina_pawn_moves_down_the_board() -> None:
    """Berolina pawn for Black: forward is towards rank 1."""
    g = rules.new_game("pocket43", options=BEROLINA, to_move="black", placement={
        "a1": "white king", "d3": "white knight", "g6": "black king", "d4": "black berolina-pawn",
    })
    assert moves_from(g, "d4") == {"d4c3", "d4e3", "d4d3"}


def test_berolina_promotion_flips_the_remaining_pawns() -> None:
    """Our reading (docs): a promotion is a pawn move, so the other pawns flip; the new piece
    has left the pawn family and is not flipped with it."""
    g = rules.new_game("pocket43", options=BEROLINA, placement={
        "a1": "white king", "c5": "white pawn", "e2": "white pawn", "g6": "black king", "a5": "black pawn",
    })
    g.play("c5c6=knight")
    assert g.board() == {
        "a1": "white king", "c6": "white knight", "e2": "white berolina-pawn",
        "g6": "black king", "a5": "black berolina-pawn",
    }


# ------------------------------------------------------------------ starting forms


def test_starting_forms_option_sets_both_sides() -> None:
    """The issue: Black may choose the common starting forms."""
    board = rules.new_game("pocket43", options={"starting_forms": "rook-alibaba-windmill"}).board()
    for rank, color in (("1", "white"), ("6", "black")):
        assert [board[f + rank] for f in "abcdefg"] == [
            f"{color} {k}" for k in ("windmill", "alibaba", "rook", "king", "rook", "alibaba", "windmill")
        ]


def test_starting_forms_with_antisynchronous_give_black_the_others() -> None:
    """Antisynchronous with chosen forms: White takes them, Black the other forms."""
    board = rules.new_game("pocket43", options={"starting_forms": "rook-knight-falcon", **ANTI}).board()
    assert [board[f + "1"] for f in "abcdefg"] == [
        f"white {k}" for k in ("falcon", "knight", "rook", "king", "rook", "knight", "falcon")
    ]
    assert [board[f + "6"] for f in "abcdefg"] == [
        f"black {k}" for k in ("windmill", "alibaba", "bishop", "king", "bishop", "alibaba", "windmill")
    ]


def test_unknown_starting_forms_value_is_an_option_error() -> None:
    """Options accept only their listed values."""
    with pytest.raises(rules.OptionError, match="starting_forms"):
        rules.new_game("pocket43", options={"starting_forms": "queen-knight-falcon"})
