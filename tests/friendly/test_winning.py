"""Winning, check and draws (docs/variants/friendly.md, "Winning"; RULINGS friendly 4 and
"Common to all variants").

Rule 4: "Winning: capture all four enemy Friends. While a side has exactly one Friend it is
royal: it may not be left attacked, and with no legal move while attacked it is checkmated. A
move that removes your own last Friend (poison) is illegal."
"""

from __future__ import annotations

from positions import moves_from

import rules

BLACK_FRIENDS = {"k12": "black friend", "l12": "black friend"}


def game(pieces: dict[str, str], to_move: str = "white") -> rules.Game:
    return rules.new_game("friendly", placement={**BLACK_FRIENDS, **pieces}, to_move=to_move)


def test_last_friend_in_check_must_be_saved() -> None:
    """White's only Friend on a1 is attacked by the Lady on a7 (six squares): the Caliph must take
    her or block on a3; its other moves are illegal."""
    g = game({"a1": "white friend", "c5": "white caliph", "a7": "black lady-in-waiting"})
    assert g.in_check()
    assert {str(m) for m in g.legal_moves()} == {"c5a7", "c5a3"}


def test_last_friend_checkmated() -> None:
    """"with no legal move while attacked it is checkmated"."""
    g = game({"a1": "white friend", "a7": "black lady-in-waiting"})
    assert g.result is not None
    assert (g.result.winner, g.result.reason) == ("black", "checkmate")


def test_stalemate_is_a_draw() -> None:
    """Common rulings: "Stalemate is a draw": the Friend on a1 has no lender and is not attacked."""
    g = game({"a1": "white friend", "b7": "black lady-in-waiting"})
    assert g.result is not None and (g.result.winner, g.result.reason) == (None, "stalemate")


def test_with_several_friends_none_is_royal() -> None:
    """With two Friends, a Friend may stay attacked: no check, and every move stands."""
    g = game({"a1": "white friend", "l1": "white friend", "c5": "white caliph", "a7": "black lady-in-waiting"})
    assert not g.in_check()
    assert moves_from(g, "c5") == {"c5" + s for s in "d6 e7 f8 g9 h10 i11 j12 b6 a7 d4 e3 f2 g1 b4 a3"
                                   " d8 b8 d2 b2 f6 f4".split()}


def test_capturing_poison_with_the_last_friend_is_illegal() -> None:
    """"A move that removes your own last Friend (poison) is illegal": the Friend on e5, borrowing
    the Impala's leaps, may not take the Poison on f7; with a second Friend it may."""
    pieces = {"e5": "white friend", "d3": "white impala", "f7": "black poison"}
    g = game(pieces)
    assert moves_from(g, "e5") == {"e5" + s for s in "d7 f3 g6 c6 g4 c4 h9 b9 h1 b1 i8 a8 i2 a2".split()}
    assert "poison" in g.why_illegal("e5f7")
    assert "e5f7" in moves_from(game({**pieces, "l1": "white friend"}), "e5")


def test_rifle_shot_gives_check_and_cannot_be_blocked() -> None:
    """The black Archer on f7 can shoot e5 (a Knight's distance): check; only taking the Archer
    helps."""
    g = game({"e5": "white friend", "g5": "white impala", "f7": "black archer"})
    assert g.in_check()
    assert {str(m) for m in g.legal_moves()} == {"g5f7"}


def test_frozen_piece_gives_no_check() -> None:
    """Rule 7: a frozen piece "gives no check": the white Jellyfish on g8 freezes the Archer."""
    g = game({"e5": "white friend", "g5": "white impala", "f7": "black archer", "g8": "white jellyfish"})
    assert not g.in_check()


def test_chicken_retreat_gives_check_while_the_chicken_is_attacked() -> None:
    """The black Chicken on e6, attacked by the white Impala on f4, could retreat up the e-file
    and take the white Friend on e8: check. Without the Impala's attack there is none."""
    g = game({"e8": "white friend", "f4": "white impala", "e6": "black chicken-pawn"})
    assert g.in_check()
    calm = game({"e8": "white friend", "f3": "white impala", "e6": "black chicken-pawn"})
    assert not calm.in_check()


def test_all_friends_captured_loses() -> None:
    """"Winning: capture all four enemy Friends": here Black's last Friend stands attacked with
    White to move; once it is taken, Black has lost."""
    g = rules.new_game("friendly", placement={"a1": "white friend", "d3": "white impala", "e5": "black friend"})
    g.play("d3e5")
    assert g.result is not None and g.result.winner == "white" and "Friend" in g.result.reason
    assert g.legal_moves() == []


def test_fifty_move_rule() -> None:
    """Common rulings: a 50-move rule (no capture, no pawn move), on by default."""
    g = game({"a1": "white friend", "l1": "white friend", "e5": "white impala", "e9": "black impala"})
    g = rules.new_game("friendly", fen=g.fen().replace(" 0 1", " 99 60"))
    g.play("e5f7")
    assert g.result is not None and g.result.reason == "fifty-move rule"


def test_threefold_repetition() -> None:
    g = game({"a1": "white friend", "l1": "white friend", "e5": "white impala", "e9": "black impala"})
    for _ in range(2):
        for text in ("e5f7", "e9d7", "f7e5", "d7e9"):
            g.play(text)
    assert g.result is not None and g.result.reason == "threefold repetition"


def test_no_mate_while_a_switch_would_open_a_move() -> None:
    """Rule 8: a switch is flipped "at the start of his turn, before his move, at no cost". White's
    last Friend on a1 is checked by the Impala on b3; only the Ghost's jump c3-a3 over b3 would
    help, but the Ghost starts next to White's own Bodyguard on d2. No move is legal, yet it is
    not mate: switching the Bodyguard off opens the jump."""
    g = game({"a1": "white friend", "c3": "white ghost", "d2": "white bodyguard", "b3": "black impala"})
    assert g.in_check() and g.legal_moves() == []
    assert g.result is None
    g.play("d2/hia-off")
    assert {str(m) for m in g.legal_moves()} == {"c3a3xb3"}


def test_legality_is_judged_after_the_poison() -> None:
    """Common rulings: "Legality is judged on the position after every effect of the move". With
    two Friends, the one on e5 may not take the Poison on f7: the poison removes it, and the other
    Friend, left alone on a1, would stand attacked by the Lady on a7."""
    g = game({"e5": "white friend", "d3": "white impala", "f7": "black poison", "a1": "white friend",
              "a7": "black lady-in-waiting"})
    assert not g.in_check()
    assert "e5f7" not in moves_from(g, "e5") and "e5d7" in moves_from(g, "e5")
    assert "a1" in g.why_illegal("e5f7")
