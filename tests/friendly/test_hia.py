"""The Bodyguard's Hia zone and its switch (docs/variants/friendly.md, "Hia"; RULINGS friendly 8).

Rule 8: "a sliding move (any move through adjacent squares: the sliders' slides, the
Bodyguard's two-square move, pawn double steps and the Patient step-capture, the Chicken's
retreats, the Ghost's locust jump) stops on the first square adjacent to an active Hia
source; a slider that starts adjacent moves one square. Leaps and riders of leaps ... are not
affected."

A black Bodyguard on e8 has the zone d7 e7 f7 d8 f8 d9 e9 f9 in most tests.
"""

from __future__ import annotations

from positions import friendly, moves_from, to

import rules


def test_slider_passing_a_zone_stops_on_its_first_square() -> None:
    """The Mtawala's rook slide north from e3 stops on e7, next to the Bodyguard, and cannot reach
    e8; its other lines and its Zebra leaps are untouched."""
    g = friendly({"e3": "white mtawala", "e8": "black bodyguard"})
    assert moves_from(g, "e3") == to("e3", "f3 g3 h3 i3 j3 k3 l3 d3 c3 b3 a3 e2 e1 e4 e5 e6 e7"
                                     " g6 c6 h5 b5 h1 b1")


def test_slider_may_capture_on_the_zone_square_where_it_stops() -> None:
    g = friendly({"e3": "white mtawala", "e8": "black bodyguard", "e7": "black impala"})
    assert {"e3e7"} <= moves_from(g, "e3")


def test_slider_starting_in_a_zone_moves_one_square() -> None:
    """The Lady in Waiting on d7 starts next to the Bodyguard: one square in each direction, so
    it may capture the Bodyguard itself on e8."""
    g = friendly({"d7": "white lady-in-waiting", "e8": "black bodyguard"})
    assert moves_from(g, "d7") == to("d7", "c6 c7 c8 d6 d8 e6 e7 e8")


def test_leaps_of_a_slider_in_a_zone_are_free() -> None:
    """"the Caliph and Mtawala can still use their leaps": the Caliph on d7 slides one square
    diagonally but makes all eight Camel leaps."""
    g = friendly({"d7": "white caliph", "e8": "black bodyguard"})
    assert moves_from(g, "d7") == to("d7", "c6 c8 e6 e8 e10 c10 e4 c4 g8 a8 g6 a6")


def test_riders_of_leaps_are_not_affected() -> None:
    """Rule 8: "Leaps and riders of leaps (Dayrider, Midnighter) are not affected": the Dayrider's
    dabbaba ride north from e3 lands on e5, e7 (a zone square) and goes on to e9 and e11; a
    slide would have stopped on e7."""
    g = friendly({"e3": "white dayrider", "e8": "black bodyguard"})
    assert {"e3e5", "e3e7", "e3e9", "e3e11"} <= moves_from(g, "e3")


def test_bodyguard_two_square_move_is_a_slide() -> None:
    """The white Bodyguard on e5 next to the zone of the black one on g5 (f4 f5 f6 ...) stops on
    f4, f5, f6 and cannot capture g5."""
    g = friendly({"e5": "white bodyguard", "g5": "black bodyguard"})
    assert moves_from(g, "e5") == to("e5", "d4 c3 d5 c5 d6 c7 e4 e3 e6 e7 f4 f5 f6")


def test_pawn_double_step_is_stopped_by_a_zone() -> None:
    """Pawn double steps are slides: b4 is next to the black Bodyguard on c5, so the pawn on b3
    stops there."""
    g = friendly({"b3": "white pawn", "c5": "black bodyguard"})
    assert moves_from(g, "b3") == {"b3b4"}


def test_patient_step_capture_is_stopped_by_a_zone() -> None:
    """"the Patient step-capture" is a slide: with e4 next to the black Bodyguard on d5, neither
    e3e5 nor the step-capture e3f5 is possible."""
    g = friendly({"e3": "white patient-pawn", "f5": "black impala", "d5": "black bodyguard"})
    assert moves_from(g, "e3") == {"e3e4"}


def test_chicken_retreat_is_stopped_by_a_zone() -> None:
    """"the Chicken's retreats": attacked by the Impala on g8, the Chicken on f6 retreats, but its
    right diagonal stops on h4, next to the black Bodyguard on h3."""
    g = friendly({"f6": "white chicken-pawn", "g8": "black impala", "h3": "black bodyguard"})
    assert moves_from(g, "f6") == to("f6", "f7 f5 f4 f3 f2 f1 e5 d4 c3 b2 a1 g5 h4")


def test_ghost_beside_a_bodyguard_may_jump_it_but_nothing_else() -> None:
    """"A Ghost beside a Bodyguard may still locust-capture that Bodyguard": e7e9xe8 is legal; the
    jump over the Impala on d7 is not, because the Ghost starts in the zone."""
    g = friendly({"e7": "white ghost", "e8": "black bodyguard", "d7": "black impala"})
    assert {str(m) for m in g.legal_moves() if m.kind == "locust"} == {"e7e9xe8"}


def test_ghost_jump_over_a_piece_standing_in_a_zone_is_stopped() -> None:
    """The jump from c5 over the Impala on d6 passes d6, next to the Bodyguard on e7: the slide
    stops there, so no capture."""
    g = friendly({"c5": "white ghost", "d6": "black impala", "e7": "black bodyguard"})
    assert not any(m.kind == "locust" for m in g.legal_moves())


def test_frozen_bodyguard_keeps_its_zone() -> None:
    """Rule 7: "A frozen piece keeps its own passive powers": the Bodyguard on e8 frozen by the
    white Jellyfish on e9 still stops the Mtawala on e7."""
    g = friendly({"e3": "white mtawala", "e8": "black bodyguard", "e9": "white jellyfish"})
    north = {m for m in moves_from(g, "e3") if m[2] == "e"}
    assert north == to("e3", "e4 e5 e6 e7 e2 e1")


# ------------------------------------------------------------------ hia_affects


def test_default_bodyguard_ignores_its_own_bodyguards() -> None:
    """Option hia_affects = all-but-friendly-bodyguards (default): the white Bodyguard on e5 slides
    two squares although its neighbour on f5 is a white Bodyguard (which blocks the east line)."""
    g = friendly({"e5": "white bodyguard", "f5": "white bodyguard"})
    assert moves_from(g, "e5") == to("e5", "d4 c3 d5 c5 d6 c7 e4 e3 e6 e7 f4 g3 f6 g7")


def test_all_option_bodyguards_stop_their_own_bodyguards() -> None:
    """hia_affects = all: the same Bodyguard starts next to f5 and moves one square only."""
    g = friendly({"e5": "white bodyguard", "f5": "white bodyguard"}, hia_affects="all")
    assert moves_from(g, "e5") == to("e5", "d4 d5 d6 e4 e6 f4 f6")


def test_default_and_all_stop_own_sliders_enemy_only_does_not() -> None:
    """The white Lady on c4 slides east past d4, next to the white Bodyguard on e5: stopped on d4
    by default and under all, free (to i4, six squares) under enemy-only."""
    pieces = {"c4": "white lady-in-waiting", "e5": "white bodyguard"}

    def east(g: rules.Game) -> set[str]:
        return {m for m in moves_from(g, "c4") if m[3] == "4" and m[2] > "c"}

    assert east(friendly(pieces)) == {"c4d4"}
    assert east(friendly(pieces, hia_affects="all")) == {"c4d4"}
    assert east(friendly(pieces, hia_affects="enemy-only")) == to("c4", "d4 e4 f4 g4 h4 i4")


def test_enemy_only_still_stops_enemy_sliders() -> None:
    g = friendly({"e3": "white mtawala", "e8": "black bodyguard"}, hia_affects="enemy-only")
    assert "e3e8" not in moves_from(g, "e3") and "e3e7" in moves_from(g, "e3")


# ------------------------------------------------------------------ the switch


def test_switch_is_an_action_that_does_not_pass_the_turn() -> None:
    """Rule 8: "Each Hia source has an on/off switch that its owner may flip at the start of his
    turn, before his move, at no cost". Off, the Bodyguard on e5 no longer stops the Lady on c4;
    the same source cannot be flipped twice in one turn."""
    g = friendly({"c4": "white lady-in-waiting", "e5": "white bodyguard"})
    assert [str(a) for a in g.legal_actions()] == ["e5/hia-off"]
    g.play("e5/hia-off")
    assert g.to_move == "white"
    assert g.legal_actions() == []
    assert {"c4e4", "c4i4"} <= moves_from(g, "c4")
    assert g.explain()["hia"]["sources"] == [
        {"square": "e5", "piece": "white bodyguard", "active": False, "borrowed": False,
         "zone": ["d4", "e4", "f4", "d5", "f5", "d6", "e6", "f6"]}
    ]


def test_switch_stays_until_flipped_back_and_is_recorded() -> None:
    """"it stays until flipped back and is recorded in the game record"."""
    g = friendly({"c4": "white lady-in-waiting", "e5": "white bodyguard", "h10": "black impala"})
    g.play("e5/hia-off")
    g.play("c4c5")
    g.play("h10g8")
    assert "c5e7" in moves_from(g, "c5")  # passes d6, next to the switched-off Bodyguard
    assert [str(a) for a in g.legal_actions()] == ["e5/hia-on"]
    record = rules.game_record(g)
    assert "{[%action e5/hia-off]}" in record
    again = rules.load_game(record)
    assert again.fen() == g.fen()
    g.play("e5/hia-on")
    assert "c5d6" in moves_from(g, "c5") and "c5e7" not in moves_from(g, "c5")


def test_switched_off_enemy_bodyguard_stops_nothing() -> None:
    """The switch is part of the position (the piece's flag hia-off in position text)."""
    g = friendly({"e3": "white mtawala", "e8": "black bodyguard"})
    fen = g.fen().replace("g", "g[hia-off]", 1)
    off = rules.new_game("friendly", fen=fen)
    assert off.board()["e8"] == "black bodyguard"
    assert "e3e8" in moves_from(off, "e3")


def test_archer_in_a_zone_still_shoots() -> None:
    """"The Archer can still use its rifle capture": next to the black Bodyguard on e8, the Archer on
    d7 slides one square only, but shoots the Impala on e5 (a Knight's leap away)."""
    g = friendly({"d7": "white archer", "e8": "black bodyguard", "e5": "black impala"})
    assert moves_from(g, "d7") == to("d7", "c6 c8 e6 e8") | {"d7xe5"}


def test_poison_knight_is_a_leap_unless_the_option_makes_it_a_slide() -> None:
    """Our reading: the Poison's lame Knight move is a leap, which Hia zones ignore (option
    poison_knight_hia = leap); with poison_knight_hia = slide its path is a slide. The black
    Bodyguard on e3 has e4 in its zone: from e5 the moves to d3 and f3 pass e4."""
    pieces = {"e5": "white poison", "e3": "black bodyguard"}
    knights = to("e5", "f7 d7 f3 d3 g6 g4 c6 c4")
    assert moves_from(friendly(pieces), "e5") == knights
    assert moves_from(friendly(pieces, poison_knight_hia="slide"), "e5") == knights - to("e5", "f3 d3")
    inside = friendly({"e4": "white poison", "e3": "black bodyguard"}, poison_knight_hia="slide")
    assert moves_from(inside, "e4") == {"e4e3"}


def test_hia_switch_is_offered_to_bodyguards_and_the_friend_only() -> None:
    """The Hia switch belongs to Hia sources (the Bodyguards) and to the Friend that borrows their
    Hia: the power names the flag for those kinds and no other, so the setup editor offers it."""
    rules_ = rules.make_rules("friendly")
    flags = {
        kind: [flag for power in rules_.power_objects.values() for flag in power.piece_flags(kind)]
        for kind in rules_.types
    }
    assert {kind for kind, found in flags.items() if found} == {"bodyguard", "friend"}
    assert flags["bodyguard"] == ["hia-off"]
