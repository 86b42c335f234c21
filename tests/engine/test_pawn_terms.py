"""Evaluation terms that make a lead count: passed and weak pawns, mop-up, trading down."""

from __future__ import annotations

import rules
from rules.engine import Evaluator


def _score(placement: dict[str, str], turn: str = "white", weights: dict[str, float] | None = None) -> int:
    """White's score (the evaluation is from the side to move's view)."""
    game = rules.new_game("chess", placement=placement, to_move=turn)
    evaluator = Evaluator(game.rules) if weights is None else Evaluator(
        game.rules, _config(game.rules, weights)
    )
    score = evaluator.evaluate(game.pos, game.rules.context(game.pos))
    return score if turn == "white" else -score


def _config(rules_: rules.Rules, weights: dict[str, float]):  # type: ignore[no-untyped-def]
    from rules.engine.terms import engine_config

    return engine_config(rules_, weights)


KINGS = {"e1": "white king", "e8": "black king"}


def test_a_pawn_is_passed_only_with_no_enemy_pawn_ahead_on_its_file_or_beside_it() -> None:
    off = {"passed-pawn": 0.0}

    def passed_gain(placement: dict[str, str]) -> int:
        return _score(placement) - _score(placement, weights=off)

    # Black's e7 pawn stands ahead of White's d5 on a neighbouring file: neither is passed.
    assert passed_gain({**KINGS, "d5": "white pawn", "e7": "black pawn"}) == 0
    # Black's pawn on the a-file is far away: White's d5 is passed (and Black's a7, barely).
    assert passed_gain({**KINGS, "d5": "white pawn", "a7": "black pawn"}) > 20


def test_a_passed_pawn_counts_more_the_further_it_has_come() -> None:
    scores = [_score({**KINGS, f"a{rank}": "white pawn", "h7": "black pawn"}) for rank in (3, 5, 7)]
    assert scores[0] < scores[1] < scores[2]


def test_passed_pawns_count_for_black_too() -> None:
    # Mirror images evaluate alike: Black's passed a2 pawn is worth what White's a7 is.
    white = _score({**KINGS, "a7": "white pawn", "h5": "black pawn"})
    black = _score({"e8": "black king", "e1": "white king", "a2": "black pawn", "h4": "white pawn"}, turn="black")
    assert white == -black


def test_doubled_and_isolated_pawns_are_weaker() -> None:
    healthy = _score({**KINGS, "c2": "white pawn", "d2": "white pawn", "c7": "black pawn", "d7": "black pawn"})
    doubled = _score({**KINGS, "c2": "white pawn", "c3": "white pawn", "c7": "black pawn", "d7": "black pawn"})
    assert doubled < healthy
    isolated = _score({**KINGS, "a2": "white pawn", "d2": "white pawn", "c7": "black pawn", "d7": "black pawn"})
    assert isolated < healthy


def test_pawn_terms_switch_off_by_weight() -> None:
    placement = {**KINGS, "c2": "white pawn", "c3": "white pawn", "c7": "black pawn", "d7": "black pawn"}
    off = {"passed-pawn": 0.0, "pawn-structure": 0.0}
    mirrored = {**KINGS, "c2": "white pawn", "d2": "white pawn", "c7": "black pawn", "d7": "black pawn"}
    # Without the terms, a doubled pawn differs from a healthy one only by its squares' tables.
    assert _score(placement, weights=off) - _score(mirrored, weights=off) > (
        _score(placement) - _score(mirrored)
    )


def test_the_side_ahead_likes_its_pieces_near_the_enemy_royal() -> None:
    # White is a queen and a rook up: the rook closer to Black's king scores more (mop-up),
    # where in an even position the same rook move would be worth about nothing.
    near = _score({"e1": "white king", "h8": "black king", "d1": "white queen", "g5": "white rook"})
    far = _score({"e1": "white king", "h8": "black king", "d1": "white queen", "b2": "white rook"})
    assert near > far


def test_the_side_ahead_gains_by_trading_pieces() -> None:
    # White is a rook up in both; with a pair of knights traded, the lead counts for more.
    full = {**KINGS, "a1": "white rook", "h1": "white rook", "a8": "black rook",
            "b1": "white knight", "b8": "black knight"}
    traded = {k: v for k, v in full.items() if k not in ("b1", "b8")}
    gain_full = _score(full) - _score(full, weights={"simplify": 0.0})
    gain_traded = _score(traded) - _score(traded, weights={"simplify": 0.0})
    assert 0 <= gain_full < gain_traded


def test_pawns_in_front_of_the_royal_shelter_it_while_the_enemy_has_pieces() -> None:
    # White has castled short: the pawns on f2, g2 and h2 shield the King on g1. With the h-pawn
    # pushed to h4 (it no longer shields: more than two squares ahead) White is worse, though
    # the pushed pawn is further up the board.
    enemy = {"e8": "black king", "d8": "black queen", "a8": "black rook", "h8": "black rook"}
    home = _score({**enemy, "g1": "white king", "d1": "white queen", "f2": "white pawn", "g2": "white pawn",
                   "h2": "white pawn", "f7": "black pawn", "g7": "black pawn", "h7": "black pawn"})
    pushed = _score({**enemy, "g1": "white king", "d1": "white queen", "f2": "white pawn", "g2": "white pawn",
                     "h4": "white pawn", "f7": "black pawn", "g7": "black pawn", "h7": "black pawn"})
    assert home > pushed


def test_pawn_advance_counts_more_once_the_pieces_are_gone() -> None:
    # The same two pawn steps gain more in a king-and-pawn ending than with the enemy's
    # pieces on the board (passed pawns are kept out: both pawns are blocked by Black's).
    blocked = {"a3": "white pawn", "a7": "black pawn"}
    pushed = {"a5": "white pawn", "a7": "black pawn"}
    pieces = {"a8": "black rook", "h8": "black rook", "d8": "black queen", "a1": "white rook",
              "h1": "white rook", "d1": "white queen"}
    ending_gain = _score({**KINGS, **pushed}) - _score({**KINGS, **blocked})
    middle_gain = _score({**KINGS, **pieces, **pushed}) - _score({**KINGS, **pieces, **blocked})
    assert ending_gain > middle_gain > 0
