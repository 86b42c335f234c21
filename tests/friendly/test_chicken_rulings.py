"""Friendly rulings 10 and 11 (../shared/RULINGS.md): when a Chicken is under attack, counting
enemy Chickens' retreats by a least fixed point, a Friend's borrowed retreat, and which Hia
sources stop Bodyguards and Friends sliding with a Bodyguard's move.

Two Friends per side stand where nothing below reaches them, so none is royal. Expected move
sets are worked out by hand from the rules text: White's Chicken retreats toward rank 1,
Black's toward rank 12; a retreat slides like a Rook or Bishop and captures.
"""

from __future__ import annotations

from positions import moves_from, to

import rules

FRIENDS = {"k1": "white friend", "l1": "white friend", "a12": "black friend", "l12": "black friend"}


def game(pieces: dict[str, str], to_move: str = "white", **options: str) -> rules.Game:
    return rules.new_game("friendly", placement={**FRIENDS, **pieces}, to_move=to_move, options=options)


def retreat_facts(g: rules.Game) -> dict[str, dict[str, object]]:
    return {item["square"]: item for item in g.explain()["chicken-retreat"]["chickens"]}


# The position: the white Mtawala on a4 attacks the black Chicken on e4 along rank 4.
THROUGH_A_RETREAT = {"e6": "white chicken-pawn", "e4": "black chicken-pawn", "a4": "white mtawala"}


# ------------------------------------------------------------------ ruling 10: the fixed point


def test_chicken_attacked_by_an_attacked_enemy_chickens_retreat_may_retreat() -> None:
    """Ruling 10: the black Chicken on e4 is attacked by the Mtawala, so its retreat up the e-file
    (capturing on e6) counts as a capture: the white Chicken on e6 is under attack too and may
    retreat straight back to e5 and e4 (taking the black Chicken) and diagonally back to
    d5 c4 b3 a2 and f5 g4 h3 i2 j1, besides its step to e7."""
    g = game(THROUGH_A_RETREAT)
    assert moves_from(g, "e6") == to("e6", "e7 e5 e4 d5 c4 b3 a2 f5 g4 h3 i2 j1")
    assert "e6" in g.attacked_squares("black")


def test_the_attacked_enemy_chicken_retreats_and_captures_with_black_to_move() -> None:
    """Ruling 10, the other side: the black Chicken on e4, attacked by the Mtawala, steps to e3 or
    retreats up the e-file to e5 and e6 (capturing the white Chicken) and diagonally up to
    d5 c6 b7 a8 and f5 g6 h7 i8 j9 k10 l11."""
    g = game(THROUGH_A_RETREAT, to_move="black")
    assert moves_from(g, "e4") == to("e4", "e3 e5 e6 d5 c6 b7 a8 f5 g6 h7 i8 j9 k10 l11")
    assert "e4" in g.attacked_squares("white")


def test_two_chickens_that_reach_each_other_only_by_retreating_are_not_under_attack() -> None:
    """Ruling 10: "Two Chickens that could reach each other only by retreating are therefore not
    under attack": without the Mtawala neither Chicken may retreat, so each only steps forward."""
    g = game({"e6": "white chicken-pawn", "e4": "black chicken-pawn"})
    assert moves_from(g, "e6") == {"e6e7"}
    assert "e6" not in g.attacked_squares("black")
    black = game({"e6": "white chicken-pawn", "e4": "black chicken-pawn"}, to_move="black")
    assert moves_from(black, "e4") == {"e4e3"}
    assert "e4" not in black.attacked_squares("white")


def test_a_chain_of_three_chickens() -> None:
    """Ruling 10, repeated until nothing changes: the Mtawala attacks the black Chicken on e4,
    whose retreat captures the white Chicken on e6, whose diagonal retreat (f5, g4) captures the
    black Chicken on g4, which therefore may retreat too: up the g-file to g12, diagonally to
    h5 i6 j7 k8 l9 and to f5 and e6 (taking the white Chicken), besides its step to g3."""
    pieces = {**THROUGH_A_RETREAT, "g4": "black chicken-pawn"}
    black = game(pieces, to_move="black")
    assert moves_from(black, "g4") == to("g4", "g3 g5 g6 g7 g8 g9 g10 g11 g12 h5 i6 j7 k8 l9 f5 e6")
    facts = retreat_facts(black)
    assert facts["g4"]["reason"] == (
        "attacked by the Chicken Pawn on e6, itself attacked by the Chicken Pawn on e4, "
        "itself attacked by the Mtawala on a4"
    )
    # The chain starts at the Mtawala: without it no Chicken of the three may retreat.
    calm = game({"e6": "white chicken-pawn", "e4": "black chicken-pawn", "g4": "black chicken-pawn"},
                to_move="black")
    assert moves_from(calm, "g4") == {"g4g3"}
    assert not any(item["may_retreat"] for item in retreat_facts(calm).values())


def test_the_explanation_says_why_a_chicken_may_retreat() -> None:
    """The explanation data names the chain of attackers behind each retreat."""
    facts = retreat_facts(game(THROUGH_A_RETREAT))
    assert facts["e4"]["may_retreat"] is True
    assert facts["e4"]["attacked_by"] == ["a4"]
    assert facts["e4"]["reason"] == "attacked by the Mtawala on a4"
    assert facts["e6"]["may_retreat"] is True
    assert facts["e6"]["through"] == "e4"
    assert facts["e6"]["reason"] == "attacked by the Chicken Pawn on e4, itself attacked by the Mtawala on a4"


def test_a_retreat_refused_while_not_under_attack_says_why() -> None:
    g = game({"e6": "white chicken-pawn", "e4": "black chicken-pawn"})
    assert g.why_illegal("e6e5") == (
        "the Chicken Pawn on e6 may retreat only while an enemy piece attacks it, and none does now"
    )


def test_attack_bound_covers_attacks_through_retreats() -> None:
    """The borrowing power's cheap bound (``may_attack``) must never miss an attack the exact test
    finds, including attacks that exist only through a chain of retreats."""
    g = game({**THROUGH_A_RETREAT, "g4": "black chicken-pawn", "g2": "white friend"})
    r = g.rules
    bound = r.power_objects["borrowing"]
    ctx = r.context(g.pos)
    for target in range(r.geo.board_size):
        for by in (0, 1):
            if r.is_attacked(g.pos, target, by, ctx):
                assert bound.may_attack(g.pos, target, by), (r.geo.names[target], by)


# ------------------------------------------------------------------ ruling 10: a Friend's borrowed retreat

# The black Impala on f8 attacks the white Chicken on e6 (a knight leap), so the Chicken's retreat
# down the e-file reaches the white Friend on e3: the Chicken guards it and lends it its moves.
LENDING_CHICKEN = {"e6": "white chicken-pawn", "f8": "black impala", "e3": "white friend"}


def test_friend_uses_a_borrowed_retreat_while_it_is_under_attack() -> None:
    """Ruling 10: "A Friend that borrows a Chicken's retreat may use it while the Friend itself is
    under attack." The black Mtawala on a3 attacks the Friend along rank 3: besides the borrowed
    pawn step to e4 it retreats (toward White's side) to e2, e1, d2, c1, f2 and g1."""
    g = game({**LENDING_CHICKEN, "a3": "black mtawala"})
    assert moves_from(g, "e3") == to("e3", "e4 e2 e1 d2 c1 f2 g1")
    assert retreat_facts(g)["e3"]["reason"] == "attacked by the Mtawala on a3"


def test_friend_does_not_use_a_borrowed_retreat_while_not_under_attack() -> None:
    """Ruling 10: with nothing attacking the Friend on e3, it borrows the Chicken's moves but may
    only make the pawn step to e4 (it has moved, so no double step; nothing to capture)."""
    g = game(LENDING_CHICKEN)
    borrowed = next(f for f in g.explain()["borrowing"]["friends"] if f["square"] == "e3")
    assert [lender["square"] for lender in borrowed["lenders"]] == ["e6"]
    assert "chicken-retreat" in borrowed["powers"]
    assert moves_from(g, "e3") == {"e3e4"}


def test_friend_guarded_by_an_unattacked_chicken_borrows_nothing() -> None:
    """Rule 5 with ruling 10: the Chicken guards the Friend only by its retreat, which it has only
    while attacked; without the Impala the Friend has no lender."""
    g = game({"e6": "white chicken-pawn", "e3": "white friend"})
    borrowed = next(f for f in g.explain()["borrowing"]["friends"] if f["square"] == "e3")
    assert borrowed["lenders"] == []
    assert moves_from(g, "e3") == set()


# ------------------------------------------------------------------ ruling 11: Hia and borrowing

# The white Bodyguard on e3 guards the white Friend on e5 with its two-square move (through e4),
# so the Friend borrows the Bodyguard's moves (Q2) and its Hia.
GUARDED_FRIEND = {"e3": "white bodyguard", "e5": "white friend"}


def test_bodyguard_is_stopped_by_its_own_sides_friends_borrowed_hia() -> None:
    """Ruling 11: "a Bodyguard ignores only real Bodyguards of its own side, never a Friend's
    borrowed Hia". The white Bodyguard on g6 moving left stops on f6, next to the Friend on e5, and
    cannot go on to e6; moving down-left it stops on f5. The real Bodyguard on e3 stops it nowhere."""
    g = game({**GUARDED_FRIEND, "g6": "white bodyguard"})
    assert moves_from(g, "g6") == to("g6", "f6 g7 g8 g5 g4 h6 i6 h7 i8 h5 i4 f7 e8 f5")
    # With the Friend's own switch turned off, the Bodyguard passes.
    g.play("e5/hia-off")
    assert {"g6e6", "g6e4"} <= moves_from(g, "g6")


def test_friend_sliding_with_a_borrowed_bodyguard_move_is_stopped_by_its_own_real_bodyguards() -> None:
    """Ruling 11: "a Friend sliding with a borrowed Bodyguard move is stopped by every Hia source the
    option says stops sliders, its own side's real Bodyguards included". The Friend on e5 slides
    two squares (Q2) except where a first step lands next to a white Bodyguard: f5 and f6 (next to
    g6), d4, e4 and f4 (next to e3)."""
    pieces = {**GUARDED_FRIEND, "g6": "white bodyguard"}
    g = game(pieces)
    assert moves_from(g, "e5") == to("e5", "e6 e7 e4 d5 c5 f5 d6 c7 f6 d4 f4")
    # Under hia_affects = enemy-only no own source stops it: g5, g7, c3 and g3 open up.
    free = game(pieces, hia_affects="enemy-only")
    assert moves_from(free, "e5") == to("e5", "e6 e7 e4 d5 c5 f5 g5 d6 c7 f6 g7 d4 c3 f4 g3")
