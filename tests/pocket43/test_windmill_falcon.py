"""The Falcon and the Windmill (docs/variants/pocket43.md, "Pieces"; RULINGS pocket43 rule 4).

Rule 4: "Falcon: along queen lines it must pass exactly one piece of either colour, then
may stop on any empty square beyond or capture the first enemy beyond. Windmill: pick an
occupied square next to it as the pivot, and travel clockwise or anticlockwise round the
eight squares around the pivot, stopping on any empty square or capturing the first enemy
met; the board edge and own pieces block; it never returns to its start square."
"""

from __future__ import annotations

import rules


def board_moves_of(game: rules.Game, origin: str) -> set[str]:
    """Texts of the legal moves of one piece, leaving out its move into the Pocket."""
    return {str(m) for m in game.legal_moves() if m.origin == origin and m.destination != "pocket"}


def captures_of(game: rules.Game, origin: str) -> set[str]:
    return {sq for m in game.legal_moves() if m.origin == origin for sq in m.captures}


# ------------------------------------------------------------------ Windmill


def test_windmill_turns_both_ways_round_its_pivot_and_never_returns_home() -> None:
    """Rule 4: round the pivot d4 the ring is c5 d5 e5 e4 e3 d3 c3 c4; from d3 the Windmill
    goes clockwise through c3 c4 c5 d5 e5 e4 e3 or anticlockwise the other way, at most seven
    squares, and never back to d3. d4 is its only occupied neighbour."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white windmill", "d4": "white pawn", "g6": "black king",
    })
    assert board_moves_of(g, "d3") == {"d3c3", "d3c4", "d3c5", "d3d5", "d3e5", "d3e4", "d3e3"}
    assert len([m for m in g.legal_moves() if m.origin == "d3"]) == 8  # seven turns + the Pocket, no repeats


def test_windmill_is_blocked_by_its_own_piece_on_the_ring() -> None:
    """Rule 4, "own pieces block": a white Knight on d5 stops both turns round d4, so the
    Windmill reaches c3 c4 c5 one way and e3 e4 e5 the other, never d5."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white windmill", "d4": "white pawn", "d5": "white knight",
        "g6": "black king",
    })
    assert board_moves_of(g, "d3") == {"d3c3", "d3c4", "d3c5", "d3e3", "d3e4", "d3e5"}


def test_windmill_captures_the_first_enemy_each_way_and_stops() -> None:
    """Rule 4, "capturing the first enemy met": black pawns on c5 and e5 are taken, one
    each way, and d5 between them is out of reach."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white windmill", "d4": "white pawn",
        "c5": "black pawn", "e5": "black pawn", "g6": "black king",
    })
    assert board_moves_of(g, "d3") == {"d3c3", "d3c4", "d3c5", "d3e3", "d3e4", "d3e5"}
    assert captures_of(g, "d3") == {"c5", "e5"}


def test_windmill_is_blocked_by_the_board_edge() -> None:
    """Rule 4, "the board edge blocks": round the pivot a2 three ring squares lie off the
    board, so from b2 the Windmill reaches only b1 a1 one way and b3 a3 the other."""
    g = rules.new_game("pocket43", placement={
        "g1": "white king", "b2": "white windmill", "a2": "white pawn", "g6": "black king",
    })
    assert board_moves_of(g, "b2") == {"b2b1", "b2a1", "b2b3", "b2a3"}


def test_windmill_without_an_occupied_neighbour_cannot_move_on_the_board() -> None:
    """Rule 4: the pivot must be an occupied square next to the Windmill."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white windmill", "d5": "black pawn", "g6": "black king",
    })
    assert board_moves_of(g, "d3") == set()


def test_windmill_pivots_on_an_enemy_piece_too_and_gives_check() -> None:
    """Rule 4, "an occupied square": the black pawn on d4 serves as the pivot; turning round
    it the Windmill meets the black King on d5 first, so Black is in check."""
    g = rules.new_game("pocket43", to_move="black", placement={
        "a1": "white king", "d3": "white windmill", "d4": "black pawn", "d5": "black king",
    })
    assert g.in_check()


# ------------------------------------------------------------------ Falcon


def test_falcon_without_hurdles_has_no_board_move() -> None:
    """Rule 4: with no piece on any of its eight lines the Falcon cannot move on the board."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white falcon", "g5": "black king",
    })
    assert board_moves_of(g, "d3") == set()


def test_falcon_with_one_hurdle_on_each_of_the_eight_lines() -> None:
    """Rule 4: over exactly one piece of either colour, then any empty square beyond or the
    first enemy beyond. N over d4: d5 d6. S over d2: d1. E over e3: f3, takes g3. W over b3
    (c3 is empty, the hurdle need not be adjacent): a3. NE over e4: f5 is White's, nothing.
    NW over c4: b5, takes a6. SE over e2: f1. SW over c2: takes b1."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white falcon", "d4": "white pawn", "b3": "white pawn",
        "e4": "white knight", "f5": "white pawn", "e2": "white pawn", "c2": "white pawn",
        "g4": "black king", "d2": "black pawn", "e3": "black pawn", "g3": "black knight",
        "c4": "black knight", "a6": "black bishop", "b1": "black knight",
    })
    assert board_moves_of(g, "d3") == {
        "d3d5", "d3d6", "d3d1", "d3f3", "d3g3", "d3a3", "d3b5", "d3a6", "d3f1", "d3b1",
    }
    assert captures_of(g, "d3") == {"g3", "a6", "b1"}


def test_falcon_cannot_pass_two_pieces() -> None:
    """Rule 4, "exactly one piece": N has d4 and d5 in a row, so nothing; E has e3 then the
    enemy f3, which is the first piece beyond and is taken, g3 stays out of reach; W the same
    with c3 then b3."""
    g = rules.new_game("pocket43", placement={
        "a1": "white king", "d3": "white falcon", "d4": "white pawn", "d5": "white pawn",
        "c3": "white pawn", "g5": "black king", "e3": "black pawn", "f3": "black pawn",
        "b3": "black pawn",
    })
    assert board_moves_of(g, "d3") == {"d3f3", "d3b3"}


def test_falcon_gives_check_over_a_hurdle() -> None:
    """Rule 4: the Falcon on d1 hops the white pawn on d3 and attacks the King on d6."""
    g = rules.new_game("pocket43", to_move="black", placement={
        "a1": "white king", "d1": "white falcon", "d3": "white pawn", "d6": "black king",
    })
    assert g.in_check()


def test_piece_may_not_become_the_hurdle_for_an_enemy_falcon() -> None:
    """Rule 4 with king safety: a Knight landing on d3 would be the one piece between the
    black Falcon on d6 and the white King on d1, so b2-d3 is illegal (after the flip it is an
    Alibaba, still a hurdle); a4, c4 and the Pocket stay."""
    g = rules.new_game("pocket43", placement={
        "d1": "white king", "b2": "white knight", "d6": "black falcon", "g6": "black king",
    })
    assert {str(m) for m in g.legal_moves() if m.origin == "b2"} == {"b2a4", "b2c4", "b2pocket"}
