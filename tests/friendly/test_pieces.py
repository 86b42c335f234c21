"""Each piece's moves on an open board (docs/variants/friendly.md, "Pieces"; RULINGS friendly 2).

Every position keeps two Friends per side in far corners (White l1 l2, Black a11 a12): with
more than one Friend none is royal, and none of those squares lies on a line or leap of the
piece under test. Expected squares are counted by hand from the ruling's description.
"""

from __future__ import annotations

from positions import friendly, moves_from, to


def test_caliph_slides_diagonally_and_leaps_as_camel() -> None:
    """Rule 2: "Caliph BC": bishop lines from e5 to the edges (7+4+4+4) and the eight (1,3) leaps."""
    g = friendly({"e5": "white caliph"})
    assert moves_from(g, "e5") == to("e5", "f6 g7 h8 i9 j10 k11 l12 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1"
                                     " d8 f8 d2 f2 b6 h6 b4 h4")


def test_dayrider_rides_alfil_and_dabbaba_and_steps_without_capturing() -> None:
    """Rule 2: "Dayrider: alfil-rider and dabbaba-rider (AADD), plus a one-square step in any
    direction that cannot capture". From e5: repeated (2,2) and (2,0) leaps to the edge, and the
    eight steps."""
    g = friendly({"e5": "white dayrider"})
    assert moves_from(g, "e5") == to("e5", "g7 i9 k11 c7 a9 g3 i1 c3 a1 e7 e9 e11 e3 e1 g5 i5 k5 c5 a5"
                                     " d4 d5 d6 e4 e6 f4 f5 f6")


def test_dayrider_captures_by_its_rides_only_and_stops_at_pieces() -> None:
    """Rule 2: the step "cannot capture"; a ride stops at the first piece it meets (capturing an
    enemy there, never passing it; an own piece blocks)."""
    g = friendly({"e5": "white dayrider", "g7": "black impala", "e7": "white impala", "f5": "black impala"})
    assert moves_from(g, "e5") == to("e5", "g7 c7 a9 g3 i1 c3 a1 e3 e1 g5 i5 k5 c5 a5"
                                     " d4 d5 d6 e4 e6 f4 f6")


def test_midnighter_rides_three_leaps_in_one_direction() -> None:
    """Rule 2: "Midnighter: riders of (1,2), (2,5) and (3,5), one leap kind and one direction per
    move". From e5: knight rides f7 g9 h11, d7 c9 b11, f3 g1, d3 c1, g6 i7 k8, c6 a7, g4 i3 k2,
    c4 a3; (2,5) leaps g10 c10 j7 j3; (3,5) leaps h10 b10 j8 j2 (their second leaps are off the board)."""
    g = friendly({"e5": "white midnighter"})
    assert moves_from(g, "e5") == to("e5", "f7 g9 h11 d7 c9 b11 f3 g1 d3 c1 g6 i7 k8 c6 a7 g4 i3 k2 c4 a3"
                                     " g10 c10 j7 j3 h10 b10 j8 j2")


def test_midnighter_ride_stops_at_a_piece_on_its_landing_square() -> None:
    """A rider of leaps is blocked only where it would land: an own piece on g9 ends the f7-g9-h11
    ride after f7; an enemy on i7 is captured and ends the g6-i7-k8 ride."""
    g = friendly({"e5": "white midnighter", "g9": "white impala", "i7": "black impala"})
    found = moves_from(g, "e5")
    assert {"e5f7", "e5g6", "e5i7"} <= found
    assert not {"e5g9", "e5h11", "e5k8"} & found


def test_mtawala_slides_as_rook_and_leaps_as_zebra() -> None:
    """Rule 2: "Mtawala RZ": rook lines from e5 (7+4+7+4) and the eight (2,3) leaps."""
    g = friendly({"e5": "white mtawala"})
    assert moves_from(g, "e5") == to("e5", "e6 e7 e8 e9 e10 e11 e12 e4 e3 e2 e1 f5 g5 h5 i5 j5 k5 l5 d5 c5"
                                     " b5 a5 g8 c8 g2 c2 h7 b7 h3 b3")


def test_hangman_steps_and_captures_only_by_withdrawal_both_versions_offered() -> None:
    """Rule 2: "Hangman: one-square step; capture by withdrawal, stepping directly away from an
    adjacent enemy (optional)". With a black Impala on e6 and an own Caliph on d4 the Hangman steps
    to the six empty neighbours; stepping to e4 may or may not take the Impala; it never captures
    by moving onto e6."""
    g = friendly({"e5": "white hangman", "e6": "black impala", "d4": "white caliph"})
    assert moves_from(g, "e5") == to("e5", "d5 d6 f4 f5 f6 e4") | {"e5e4xe6"}
    taking = [m for m in g.legal_moves() if str(m) == "e5e4xe6"][0]
    assert (taking.kind, taking.destination, taking.captures) == ("withdrawal", "e4", ("e6",))


def test_hangman_cannot_withdraw_onto_an_occupied_square() -> None:
    """Withdrawal steps "directly away" onto the square behind: with an own piece on d4, the enemy
    on f6 cannot be taken."""
    g = friendly({"e5": "white hangman", "f6": "black impala", "d4": "white caliph"})
    assert not any(m.kind == "withdrawal" for m in g.legal_moves())


def test_impala_leaps_knight_and_three_four() -> None:
    """Rule 2: "Impala N plus the (3,4) leap": 8 + 8 squares from e5."""
    g = friendly({"e5": "white impala"})
    assert moves_from(g, "e5") == to("e5", "f7 d7 f3 d3 g6 c6 g4 c4 h9 b9 h1 b1 i8 a8 i2 a2")


def test_poison_captures_orthogonally_and_moves_as_lame_knight() -> None:
    """Rule 2: "Poison: captures one square orthogonally only; moves (never capturing) as a lame
    knight whose orthogonal first square must be empty". Black on e6 is captured; the north
    knight moves need e6 empty, the west ones d5 empty (an own piece stands there), so only the
    south and east ones remain, and the Poison never steps to an empty neighbour."""
    g = friendly({"e5": "white poison", "e6": "black impala", "d5": "white caliph"})
    assert moves_from(g, "e5") == to("e5", "e6 f3 d3 g6 g4")


def test_poison_lame_path_either_option_opens_the_diagonal_route() -> None:
    """Option poison_lame_path = either: a knight move is open if either square on the way is
    empty; the blocked north and west moves now go by the empty diagonal squares d6, f6, d4."""
    g = friendly({"e5": "white poison", "e6": "black impala", "d5": "white caliph"}, poison_lame_path="either")
    assert moves_from(g, "e5") == to("e5", "e6 f3 d3 g6 g4 f7 d7 c6 c4")


def test_poison_knight_move_never_captures() -> None:
    """Rule 2: the lame knight move is "never capturing": an enemy on g6 stays."""
    g = friendly({"e5": "white poison", "g6": "black impala"})
    assert "e5g6" not in moves_from(g, "e5")


def test_buffalo_leaps_knight_camel_and_zebra() -> None:
    """Rule 2: "Buffalo NCZ": 24 leaps from e5."""
    g = friendly({"e5": "white buffalo"})
    assert moves_from(g, "e5") == to("e5", "f7 d7 f3 d3 g6 c6 g4 c4 f8 d8 f2 d2 h6 b6 h4 b4"
                                     " g8 c8 g2 c2 h7 b7 h3 b3")


def test_displacer_squirrel_leaps_two_away_captures_and_swaps() -> None:
    """Rule 2: "Displacer Squirrel: leaps to any square two away (NAD), capturing normally, or
    swaps places with a friendly piece there". An enemy on c3 is captured; the own Impala on g7
    is swapped with; the own Impala on e3 is frozen by the black Jellyfish on e2, and rule 9
    says no swap with a frozen piece."""
    g = friendly({"e5": "white displacer-squirrel", "c3": "black impala", "g7": "white impala",
                  "e3": "white impala", "e2": "black jellyfish"})
    assert moves_from(g, "e5") == to("e5", "f7 d7 f3 d3 g6 c6 g4 c4 c7 g3 c3 e7 g5 c5") | {"e5g7/swap"}


def test_bodyguard_slides_up_to_two_squares() -> None:
    """Rule 2: "Bodyguard Q2 (a slide)": two squares in each of the eight directions."""
    g = friendly({"e5": "white bodyguard"})
    assert moves_from(g, "e5") == to("e5", "d4 c3 d5 c5 d6 c7 e4 e3 e6 e7 f4 g3 f5 g5 f6 g7")


def test_archer_slides_two_diagonally_and_rifle_captures_at_knight_distance() -> None:
    """Rule 2: "Archer slides 1-2 squares diagonally and may capture that way, and rifle-captures
    at knight distance without moving". Black on g7 is taken by the slide, black on f7 by a rifle
    shot (text e5xf7: the Archer stays)."""
    g = friendly({"e5": "white archer", "g7": "black impala", "f7": "black impala"})
    assert moves_from(g, "e5") == to("e5", "f6 g7 d6 c7 f4 g3 d4 c3") | {"e5xf7"}
    shot = [m for m in g.legal_moves() if str(m) == "e5xf7"][0]
    assert (shot.kind, shot.origin, shot.destination, shot.captures) == ("rifle", "e5", "e5", ("f7",))
    g.play(shot)
    assert g.board()["e5"] == "white archer" and "f7" not in g.board()


def test_lady_in_waiting_slides_up_to_six_squares() -> None:
    """Rule 2: "Lady in Waiting Q6": e12 and l5 are seven squares away and out of reach."""
    g = friendly({"e5": "white lady-in-waiting"})
    assert moves_from(g, "e5") == to("e5", "e6 e7 e8 e9 e10 e11 e4 e3 e2 e1 f5 g5 h5 i5 j5 k5 d5 c5 b5 a5"
                                     " f6 g7 h8 i9 j10 k11 d6 c7 b8 a9 f4 g3 h2 i1 d4 c3 b2 a1")


def test_gerbil_leaps_alfil_and_one_four() -> None:
    """Rule 2: "Gerbil A plus the (1,4) leap"."""
    g = friendly({"e5": "white gerbil"})
    assert moves_from(g, "e5") == to("e5", "g7 c7 g3 c3 f9 d9 f1 d1 i6 a6 i4 a4")


def test_ghost_moves_without_capturing_and_captures_by_locust() -> None:
    """Rule 2: "Ghost: steps one square or leaps to any square two away (NAD), never capturing
    that way; captures only by locust: jumping over an adjacent enemy ... to the empty square
    directly beyond". Black on e6 is jumped to e7 (text e5e7xe6, beside the plain leap e5e7); the
    black piece on f6 cannot be jumped because g7 beyond it is occupied."""
    g = friendly({"e5": "white ghost", "e6": "black impala", "f6": "black impala", "g7": "white impala"})
    assert moves_from(g, "e5") == to("e5", "d4 d5 d6 e4 f4 f5 f7 d7 f3 d3 g6 c6 g4 c4 c7 g3 c3 e7 e3 g5 c5") | {
        "e5e7xe6"}
    jump = [m for m in g.legal_moves() if str(m) == "e5e7xe6"][0]
    assert (jump.kind, jump.destination, jump.captures) == ("locust", "e7", ("e6",))


def test_jellyfish_steps_like_a_king() -> None:
    """Rule 2: "Jellyfish K"."""
    g = friendly({"e5": "white jellyfish", "e6": "black impala"})
    assert moves_from(g, "e5") == to("e5", "d4 d5 d6 e4 e6 f4 f5 f6")


def test_knight_of_alternate_setup_two_leaps_as_in_chess() -> None:
    """Alternate Setup #2: "standard Knights"."""
    g = friendly({"e5": "white knight"})
    assert moves_from(g, "e5") == to("e5", "f7 d7 f3 d3 g6 c6 g4 c4")


def test_friend_without_a_guard_has_no_moves() -> None:
    """Rule 5: a Friend has no moves of its own; unguarded, it cannot move."""
    g = friendly({"e5": "white friend"})
    assert moves_from(g, "e5") == set()
