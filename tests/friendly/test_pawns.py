"""The six pawns: first and later moves, en passant, promotion (docs/variants/friendly.md,
"Pawns"; RULINGS friendly 3 and "Common to all variants").

White's pawns start on rank 3 (Mecklenbeck a3 l3, Standard b3 k3, Berolina c3 j3, Chicken d3
i3, Patient e3 h3, Scorpion f3 g3) and Black's on rank 10; a pawn placed on its side's pawn rank
has not moved (whichever type starts on that square), anywhere else it has. Two Friends per
side stand in far corners so that none is royal.
"""

from __future__ import annotations

import pytest
from positions import friendly, moves_from, to

import rules


def with_pools(g: rules.Game, pools: str) -> rules.Game:
    """The same position with captured pieces in the pools (text as in position text)."""
    return rules.new_game("friendly", options=g.options, fen=f"{g.fen()} captured={pools}")


# ------------------------------------------------------------------ Standard pawn


def test_standard_pawn_first_move_one_or_two_and_diagonal_captures() -> None:
    """Rule 3: "Standard is the chess pawn (double step from its first square ...)"."""
    g = friendly({"b3": "white pawn", "a4": "black impala", "c4": "black impala"})
    assert moves_from(g, "b3") == to("b3", "b4 b5 a4 c4")


def test_standard_pawn_later_moves_one_step_only() -> None:
    """Rule 3: the double step only "from its first square": on b5 the pawn has moved."""
    g = friendly({"b5": "white pawn", "c6": "black impala", "a6": "white impala"})
    assert moves_from(g, "b5") == to("b5", "b6 c6")


def test_standard_pawn_double_step_needs_both_squares_empty() -> None:
    """The double step passes b4: a piece there stops both steps; a piece on b5 only the second."""
    assert moves_from(friendly({"b3": "white pawn", "b4": "black impala"}), "b3") == set()
    assert moves_from(friendly({"b3": "white pawn", "b5": "black impala"}), "b3") == {"b3b4"}


def test_black_pawn_moves_down_the_board() -> None:
    """Black's pawns start on rank 10 and move toward rank 1."""
    g = friendly({"k10": "black pawn", "j9": "white impala"}, to_move="black")
    assert moves_from(g, "k10") == to("k10", "k9 k8 j9")


# ------------------------------------------------------------------ Berolina pawn


def test_berolina_first_move_diagonal_one_or_two_and_straight_capture() -> None:
    """Rule 3: "Berolina moves diagonally forward, captures straight forward, may first move two
    diagonally (path empty)". From c3: b4 d4, a5 over b4, e5 over d4; the enemy on c4 is taken."""
    g = friendly({"c3": "white berolina-pawn", "c4": "black impala"})
    assert moves_from(g, "c3") == to("c3", "b4 d4 a5 e5 c4")


def test_berolina_double_step_blocked_by_a_piece_on_the_way() -> None:
    """"Path empty": a piece on d4 closes d4 and e5; the enemy on b4 is not captured diagonally."""
    g = friendly({"c3": "white berolina-pawn", "d4": "white impala", "b4": "black impala"})
    assert moves_from(g, "c3") == set()


def test_berolina_later_moves_one_diagonal_step() -> None:
    g = friendly({"c5": "white berolina-pawn"})
    assert moves_from(g, "c5") == to("c5", "b6 d6")


# ------------------------------------------------------------------ Chicken pawn


def test_chicken_pawn_unattacked_moves_as_standard_pawn() -> None:
    """Rule 3: the Chicken is a standard pawn while no enemy attacks it."""
    assert moves_from(friendly({"d3": "white chicken-pawn"}), "d3") == to("d3", "d4 d5")
    assert moves_from(friendly({"f6": "white chicken-pawn"}), "f6") == {"f6f7"}


def test_chicken_pawn_retreats_like_rook_and_bishop_while_attacked() -> None:
    """Rule 3: "Chicken also retreats straight or diagonally backward like a rook or bishop ...
    while an enemy piece attacks it". The black Impala on g8 attacks f6 (a knight leap): straight
    back f5..f1, diagonally back e5..a1 and g5..k1, besides the step to f7."""
    g = friendly({"f6": "white chicken-pawn", "g8": "black impala"})
    assert moves_from(g, "f6") == to("f6", "f7 f5 f4 f3 f2 f1 e5 d4 c3 b2 a1 g5 h4 i3 j2 k1")
    assert {m.kind for m in g.legal_moves() if m.origin == "f6" and m.destination != "f7"} == {"retreat"}


def test_chicken_pawn_retreat_captures_and_is_blocked() -> None:
    """"captures included": a black piece on f3 is taken and ends the straight retreat; an own
    piece on d4 blocks the left diagonal after e5."""
    g = friendly({"f6": "white chicken-pawn", "g8": "black impala", "f3": "black impala", "d4": "white impala"})
    assert moves_from(g, "f6") == to("f6", "f7 f5 f4 f3 e5 g5 h4 i3 j2 k1")


def test_chicken_attacked_only_by_a_frozen_piece_cannot_retreat() -> None:
    """Rule 10: "frozen pieces don't count": the Impala on g8 is frozen by the white Jellyfish on h9."""
    g = friendly({"f6": "white chicken-pawn", "g8": "black impala", "h9": "white jellyfish"})
    assert moves_from(g, "f6") == {"f6f7"}


def test_chicken_retreat_of_two_squares_gives_no_en_passant() -> None:
    """Rule 3: en passant follows "a pawn's non-capturing double step"; a retreat is not one."""
    g = friendly({"f6": "white chicken-pawn", "g8": "black impala", "e4": "black pawn", "a10": "black pawn"})
    g.play("f6f4")
    assert g.fen().split()[3] == "-"
    assert not any(m.kind == "en-passant" for m in g.legal_moves())


# ------------------------------------------------------------------ Mecklenbeck pawn


def test_mecklenbeck_pawn_moves_as_standard_pawn() -> None:
    assert moves_from(friendly({"a3": "white mecklenbeck-pawn"}), "a3") == to("a3", "a4 a5")


def test_mecklenbeck_pawn_promotes_on_rank_ten() -> None:
    """Rule 3: "Mecklenbeck promotes on rank 10 (Black: 3)", to a captured own piece."""
    g = with_pools(friendly({"a9": "white mecklenbeck-pawn", "k9": "white pawn"}), "C/")
    assert moves_from(g, "a9") == {"a9a10=caliph"}
    assert moves_from(g, "k9") == {"k9k10"}
    black = with_pools(friendly({"a4": "black mecklenbeck-pawn"}, to_move="black"), "/c")
    assert moves_from(black, "a4") == {"a4a3=caliph"}


def test_mecklenbeck_pawn_promotes_on_rank_nine_in_alternate_setup_two() -> None:
    """Rule 1: in alternate-2 "the Mecklenbeck promotes on its 9th rank"."""
    g = with_pools(friendly({"a8": "white mecklenbeck-pawn"}, setup="alternate-2"), "C/")
    assert moves_from(g, "a8") == {"a8a9=caliph"}


# ------------------------------------------------------------------ Patient pawn


def test_patient_pawn_first_move_step_two_or_step_then_capture() -> None:
    """Rule 3: "Patient: first move one or two forward, or one forward and then a diagonal-forward
    capture, as one move". Black on d5 and f5 can be taken from e3 through e4; black on d4 by the
    ordinary diagonal capture."""
    g = friendly({"e3": "white patient-pawn", "d5": "black impala", "f5": "black impala", "d4": "black impala"})
    assert moves_from(g, "e3") == to("e3", "e4 e5 d5 f5 d4")
    step = [m for m in g.legal_moves() if str(m) == "e3f5"][0]
    assert (step.kind, step.captures) == ("normal", ("f5",))


def test_patient_pawn_step_capture_needs_the_first_square_empty() -> None:
    g = friendly({"e3": "white patient-pawn", "e4": "white impala", "f5": "black impala"})
    assert moves_from(g, "e3") == set()


def test_patient_pawn_later_moves_as_standard_pawn() -> None:
    """The opening options are for the first move only: on e6 (moved) no step-capture to d8/f8."""
    g = friendly({"e6": "white patient-pawn", "f8": "black impala", "d7": "black impala"})
    assert moves_from(g, "e6") == to("e6", "e7 d7")


# ------------------------------------------------------------------ Scorpion pawn


def test_scorpion_pawn_also_leaps_one_forward_two_sideways_without_capturing() -> None:
    """Rule 3: "Scorpion may also leap one forward and two sideways without capturing". From f3:
    d4 and h4 (an enemy on h4 blocks that leap, the pawn cannot capture there)."""
    assert moves_from(friendly({"f3": "white scorpion-pawn"}), "f3") == to("f3", "f4 f5 d4 h4")
    assert moves_from(friendly({"f3": "white scorpion-pawn", "h4": "black impala"}), "f3") == to("f3", "f4 f5 d4")


def test_scorpion_pawn_later_keeps_its_wide_leap() -> None:
    assert moves_from(friendly({"f6": "white scorpion-pawn"}), "f6") == to("f6", "f7 d7 h7")


# ------------------------------------------------------------------ en passant


def test_en_passant_after_a_standard_double_step() -> None:
    """Rule 3: "after any pawn's non-capturing double step, an enemy pawn whose capture could land
    on the skipped square may capture en passant on the next move"."""
    g = friendly({"b10": "black pawn", "c8": "white pawn"}, to_move="black")
    g.play("b10b8")
    ep = [m for m in g.legal_moves() if m.kind == "en-passant"]
    assert [str(m) for m in ep] == ["c8b9xb8"]
    g.play(ep[0])
    assert "b8" not in g.board() and g.board()["b9"] == "white pawn"


def test_en_passant_after_a_berolina_diagonal_double_step() -> None:
    """A Berolina's double step c10-e8 skips d9: a Standard pawn on c8 (capturing diagonally) and a
    Berolina on d8 (capturing straight forward) may each take it there."""
    g = friendly({"c10": "black berolina-pawn", "c8": "white pawn", "d8": "white berolina-pawn"}, to_move="black")
    g.play("c10e8")
    assert {str(m) for m in g.legal_moves() if m.kind == "en-passant"} == {"c8d9xe8", "d8d9xe8"}


def test_en_passant_only_on_the_next_move() -> None:
    g = friendly({"b10": "black pawn", "c8": "white pawn", "k5": "white impala", "j10": "black impala"},
                 to_move="black")
    g.play("b10b8")
    g.play("k5j7")
    g.play("j10i8")
    assert not any(m.kind == "en-passant" for m in g.legal_moves())


def test_friend_never_captures_en_passant() -> None:
    """Rule 5: a Friend gets "no en passant": the Friend on c8, guarded by the pawn on b7, borrows
    its diagonal capture but may not use it on the skipped square d9."""
    g = friendly({"e10": "black patient-pawn", "c8": "white friend", "b7": "white pawn"}, to_move="black")
    g.play("e10e8")
    assert not any(m.kind == "en-passant" for m in g.legal_moves())
    assert "c8d9" not in moves_from(g, "c8")


# ------------------------------------------------------------------ promotion


def test_promotion_only_to_captured_pieces_other_than_friends_and_pawns() -> None:
    """Rule 3: "Promotion on rank 12 (Black: 1), to a captured own piece other than a Friend or a
    pawn". White's pool holds a Caliph, a Friend, a Berolina pawn and a Ghost."""
    g = with_pools(friendly({"d11": "white pawn"}), "CF{PB}O/")
    assert moves_from(g, "d11") == {"d11d12=caliph", "d11d12=ghost"}
    g.play("d11d12=ghost")
    assert g.board()["d12"] == "white ghost"
    assert sorted(p.kind for p in g.pos.pools[0]) == ["berolina-pawn", "caliph", "friend"]


def test_promotion_with_an_empty_pool_no_advance_by_default() -> None:
    """Common rulings: with nothing to promote to "the pawn may not move onto the rank where it
    would have to promote" (option empty_pool_promotion, default no-advance). Black's pool holds
    a Caliph, but only White's own captured pieces count."""
    g = with_pools(friendly({"d11": "white pawn", "e12": "black impala"}), "/c")
    assert moves_from(g, "d11") == set()


def test_promotion_with_an_empty_pool_stay_pawn_option() -> None:
    """Option empty_pool_promotion = stay-pawn: the pawn arrives and stays a pawn."""
    g = friendly({"d11": "white pawn", "e12": "black impala"}, empty_pool_promotion="stay-pawn")
    assert moves_from(g, "d11") == to("d11", "d12 e12")
    g.play("d11e12")
    assert g.board()["e12"] == "white pawn"


VICTIMS = [("pawn", "b10", "c8"), ("chicken-pawn", "d10", "c8"), ("mecklenbeck-pawn", "a10", "b8"),
           ("patient-pawn", "e10", "d8"), ("scorpion-pawn", "f10", "e8")]


@pytest.mark.parametrize(("kind", "start", "taker"), VICTIMS)
def test_every_pawn_double_step_can_be_taken_en_passant(kind: str, start: str, taker: str) -> None:
    """Rule 3: "after any pawn's non-capturing double step ..." — each pawn type's straight double
    step from its start square, taken by a Standard pawn on the skipped square."""
    file = start[0]
    g = friendly({start: f"black {kind}", taker: "white pawn"}, to_move="black")
    g.play(f"{start}{file}8")
    assert {str(m) for m in g.legal_moves() if m.kind == "en-passant"} == {f"{taker}{file}9x{file}8"}


@pytest.mark.parametrize("kind", ["pawn", "chicken-pawn", "mecklenbeck-pawn", "patient-pawn", "scorpion-pawn"])
def test_every_diagonally_capturing_pawn_captures_en_passant(kind: str) -> None:
    """Rule 3: "an enemy pawn whose capture could land on the skipped square": every pawn type that
    captures diagonally forward (the Berolina captures straight, see above)."""
    g = friendly({"b10": "black pawn", "c8": f"white {kind}"}, to_move="black")
    g.play("b10b8")
    assert {str(m) for m in g.legal_moves() if m.kind == "en-passant"} == {"c8b9xb8"}


def test_any_pawn_on_its_pawn_rank_is_unmoved() -> None:
    """A Standard pawn placed on e3 (the Patient pawn's start square) and a Scorpion on c3 still
    have their first moves: the six types share the pawn rank."""
    g = friendly({"e3": "white pawn", "c3": "white scorpion-pawn"})
    assert moves_from(g, "e3") == to("e3", "e4 e5")
    assert moves_from(g, "c3") == to("c3", "c4 c5 a4 e4")
