"""Position checks for the setup editor: each problem named in words."""

from __future__ import annotations

import rules


def test_start_position_has_no_problems() -> None:
    assert rules.check_position("chess", rules.new_game("chess").fen()) == []


def test_missing_and_extra_kings() -> None:
    problems = rules.check_position("chess", "4k3/8/8/8/8/8/8/8 w - - 0 1")
    assert "White has no King" in problems
    problems = rules.check_position("chess", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1")
    assert "White has 2 King pieces; at most 1" in problems


def test_pawns_where_they_can_never_stand() -> None:
    problems = rules.check_position("chess", "P3k3/8/8/8/8/8/8/3PK3 w - - 0 1")
    assert "the white Pawn on a8 stands where it would already have promoted" in problems
    assert "the white Pawn on d1 stands behind its starting rank, where it could never be" in problems


def test_side_not_to_move_in_check() -> None:
    problems = rules.check_position("chess", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1")
    assert "Black is in check but it is not Black's move" in problems


def test_unreadable_position_is_a_problem_not_a_crash() -> None:
    problems = rules.check_position("chess", "nonsense w")
    assert len(problems) == 1 and "placement" in problems[0]


def test_castling_rights_without_their_pieces() -> None:
    problems = rules.check_position("chess", "4k3/8/8/8/8/8/8/4K3 w KQ - 0 1")
    assert (
        "castling right 'K' needs the white King on e1 and the white Rook on h1, neither of them moved" in problems
    )
    assert any("castling right 'Q'" in p for p in problems)


def test_impossible_en_passant_square() -> None:
    problems = rules.check_position("chess", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1")
    assert "en passant square e3: no pawn of the side that just moved has skipped it" in problems
    assert rules.check_position("chess", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1") == []


def test_friendly_pawn_on_its_promotion_rank() -> None:
    """Friendly: pawns promote on rank 12, so none can stand there."""
    game = rules.new_game(
        "friendly", placement={"a1": "white friend", "l12": "black friend", "c12": "white pawn"}
    )
    problems = rules.check_position("friendly", game.fen())
    assert any("c12" in p and "promoted" in p for p in problems)


def test_a_kyoto_pawn_on_its_start_square_or_dropped_anywhere_is_possible() -> None:
    """Kyoto Shogi turns a piece over on every move (the whole board is its compulsory zone), but
    a Pawn stands unturned on its start square, and a Pawn dropped face up may stand anywhere."""
    assert rules.check_position("kyotoshogi", rules.new_game("kyotoshogi").fen()) == []
    assert rules.check_position("kyotoshogi", "p1k2/n3b/2P2/1BNK1/T4[] w - - 0 7") == []


def test_a_shogi_pawn_on_the_last_rank_cannot_have_been_dropped_there() -> None:
    """Shogi: a Pawn may not be dropped where it could never move, and one moving there promotes."""
    problems = rules.check_position("shogi", "lnsgkgsnl/1r3P1b1/ppppp1ppp/9/9/9/PPPPP1PPP/1B5R1/LNSGKGSNL[] w - - 0 1")
    assert problems == []
    problems = rules.check_position("shogi", "lnsgkgsPl/1r5b1/ppppp1ppp/9/9/9/PPPPP1PPP/1B5R1/LNSGKGSNL[] w - - 0 1")
    assert "the white Pawn on h9 stands where it would already have promoted" in problems
