"""The royal-attack term (rules/engine/evaluate.py, ROYAL_ATTACK_CP).

Where royals are always royal, each enemy piece (not a pawn or royal) that reaches the
royal's zone (its square and its neighbours) on the board as it stands costs the royal's
side; more pieces on more squares cost more than in proportion.
"""

from __future__ import annotations

import rules
from rules.engine import Evaluator
from rules.engine.terms import engine_config

CASTLED = {"g1": "white king", "f2": "white pawn", "g2": "white pawn", "h2": "white pawn",
           "e8": "black king", "d7": "black pawn", "e7": "black pawn"}


def _attack_cost(variant: str, placement: dict[str, str]) -> int:
    """What the term takes from White's score in this position (White to move)."""
    game = rules.new_game(variant, placement=placement, to_move="white")
    pos = game.pos

    def score(weight: float) -> int:
        evaluator = Evaluator(game.rules, engine_config(game.rules, {"royal-attack": weight}))
        return evaluator.evaluate(pos, game.rules.context(pos))

    return score(0.0) - score(1.0)


def test_pieces_aimed_at_the_castled_king_cost_more_than_in_proportion() -> None:
    knight = _attack_cost("chess", {**CASTLED, "g4": "black knight"})  # reaches f2 and h2
    queen = _attack_cost("chess", {**CASTLED, "h4": "black queen"})  # h2 by h3, f2 by g3
    both = _attack_cost("chess", {**CASTLED, "g4": "black knight", "h4": "black queen"})
    assert 0 < knight < queen
    assert both > knight + queen


def test_pieces_far_from_the_king_cost_nothing() -> None:
    # The Bishop on c8 is shut in by its own d7 pawn; the Knight on a6 is three files away.
    assert _attack_cost("chess", {**CASTLED, "a6": "black knight", "c8": "black bishop"}) == 0


def test_a_line_blocked_before_the_zone_costs_nothing() -> None:
    open_file = _attack_cost("chess", {**CASTLED, "h8": "black rook"})  # down the h-file to h2
    blocked = _attack_cost("chess", {**CASTLED, "h8": "black rook", "h5": "black pawn"})
    assert open_file > 0
    assert blocked == 0


def test_the_term_is_off_where_only_the_last_royal_is_royal() -> None:
    game = rules.new_game("friendly")
    assert game.rules.royal_mode != "always"
    assert Evaluator(game.rules).w_royal_attack == 0


def test_the_term_is_off_where_a_power_can_veto_an_attack() -> None:
    # Flight and Ferry's water bars a Knight from taking across it, though its atoms reach there.
    game = rules.new_game("flight-and-ferry")
    assert any(p.overrides("allows_attack") for p in game.rules.power_objects.values())
    assert Evaluator(game.rules).w_royal_attack == 0
    assert Evaluator(rules.new_game("blender").rules).w_royal_attack == 1.0


def test_pocket43_switches_the_term_off_in_its_data() -> None:
    # Royals are always royal there, so only the variant's engine data turns the term off
    # (why: pocket43.toml and docs/engine.md).
    r = rules.make_rules("pocket43")
    assert r.royal_mode == "always"
    assert engine_config(r).weight("royal-attack") == 0
    assert Evaluator(r).w_royal_attack == 0
