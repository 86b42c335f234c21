"""Game queries the app draws from: checks, pools, attacked squares."""

from __future__ import annotations

import rules


def test_checked_squares_and_pools() -> None:
    game = rules.new_game("chess", fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    assert game.checked_squares() == ("e1",)
    game.play("e1e2")
    assert game.pools() == ([], ["black rook"])
    assert rules.new_game("chess").checked_squares() == ()


def test_attacked_squares_cover_empty_defended_and_enemy_squares() -> None:
    """A rook on a1 with a white knight on a3 and a black pawn on c1: the rook covers
    a2, defends a3 (not beyond), covers b1 and attacks c1 (not beyond); the knight adds
    its own squares; the king on h8... is Black's."""
    game = rules.new_game("chess", fen="7k/8/8/8/8/N7/8/R1p4K w - - 0 1")
    attacked = set(game.attacked_squares("white"))
    rook = {"a2", "a3", "b1", "c1"}
    knight = {"b5", "c4", "c2", "b1"}
    king = {"g1", "g2", "h2"}
    assert attacked == rook | knight | king


def test_square_markers_show_the_ferries() -> None:
    """Flight and Ferry: the Ferries start on c5 and f5 and are drawn under squares."""
    game = rules.new_game("flight-and-ferry")
    assert game.square_markers() == {"c5": "ferry", "f5": "ferry"}
    assert rules.new_game("chess").square_markers() == {}
