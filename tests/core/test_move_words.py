"""Moves in words and the facts the board marks before a move (rules/explain.py,
rules/movewords.py; RULINGS friendly 4 and 7, blender 1, pocket43 3).

Rule 7: "Poison (Jellyfish, Poison, and Friends borrowing either): a piece that captures it by
any means except rifle is removed too." Rule 4: "While a side has exactly one Friend it is royal."
"""

from __future__ import annotations

from positions import friendly, placed

import rules


def move(g: rules.Game, text: str) -> rules.Move:
    return next(m for m in g.legal_moves() if str(m) == text)


def test_a_capture_of_the_poison_says_the_captor_dies() -> None:
    """Rule 7: the Lady in Waiting on c2 takes the Poison on c7 and is removed too."""
    g = friendly({"c2": "white lady-in-waiting", "c7": "black poison"})
    taking = move(g, "c2c7")
    assert g.captor_dies(taking)
    assert g.move_in_words(taking) == "Lady in Waiting c2 takes the Poison on c7 and dies"


def test_a_rifle_shot_at_the_jellyfish_does_not_kill_the_archer() -> None:
    """Rule 7: "by any means except rifle": the Archer on d4 shoots the Jellyfish at e6."""
    g = friendly({"d4": "white archer", "e6": "black jellyfish"})
    shot = next(m for m in g.legal_moves() if m.kind == "rifle" and m.captures == ("e6",))
    assert not g.captor_dies(shot)
    assert g.move_in_words(shot) == "Archer d4 shoots the Jellyfish on e6 without moving"


def test_a_plain_capture_and_a_quiet_move_in_words() -> None:
    g = friendly({"c2": "white lady-in-waiting", "c7": "black impala"})
    assert not g.captor_dies(move(g, "c2c7"))
    assert g.move_in_words("c2c7") == "Lady in Waiting c2 takes the Impala on c7"
    assert g.move_in_words("c2c4") == "Lady in Waiting c2 moves to c4"


def test_the_last_friend_is_the_lone_royal() -> None:
    """Rule 4: White keeps one Friend (e1), Black two: only White's is royal by being last."""
    g = placed("friendly", {"e1": "white friend", "e12": "black friend", "f12": "black friend"}, "white")
    assert g.lone_royal_squares() == ["e1"]


def test_no_lone_royal_while_each_side_has_several_friends() -> None:
    assert rules.new_game("friendly").lone_royal_squares() == []


def test_kings_are_never_lone_royals_in_chess() -> None:
    """Chess's royal_mode is "always": the King is royal whatever the count, no mark needed."""
    assert rules.new_game("chess").lone_royal_squares() == []


def test_a_blender_merge_in_words() -> None:
    """Blender rule 1: the Rook merges with the Knight into a Chancellor."""
    g = rules.new_game("blender")
    assert g.move_in_words("a1b1") == "Rook a1 merges with the Knight on b1 into a Chancellor"


def test_a_flip_in_words_names_the_movers_new_form() -> None:
    """Pocket43 rule 3: after a polypiece's board move every piece of its family flips, the
    mover included: the Falcon a1 moves to a3 and becomes a Windmill, with three others."""
    g = rules.new_game("pocket43")
    assert g.move_in_words("a1a3") == "Falcon a1 moves to a3, becoming a Windmill, flipping 3 other pieces"
