"""The winning capture in a prepared position of each variant.

Each position offers a decoy capture that loses or gains less; the comments say
why the winning one wins, worked out by hand from the variant's rules.
"""

from __future__ import annotations

import pytest

import rules
from rules.engine import Engine, Limits

BLENDER_FAMILY = [v for v in rules.variant_ids() if "blender" in v or "cuisinart" in v]


def _best(variant: str, placement: dict[str, str], depth: int = 3) -> tuple[rules.Game, rules.Move]:
    game = rules.new_game(variant, placement=placement)
    result = Engine(game).search(game, Limits(depth=depth))
    assert result.best_move is not None
    assert result.best_move in game.legal_moves()
    return game, result.best_move


def test_chess_takes_the_undefended_queen_not_the_defended_bishop() -> None:
    # Nxe5 wins the queen (Bxe5 recaptures only a knight); Qxd4 Qxd4 Nxd4 wins just a bishop,
    # and Nxd4 loses the knight to Qxd4.
    placement = {
        "g1": "white king", "d1": "white queen", "f3": "white knight",
        "f2": "white pawn", "g2": "white pawn", "h2": "white pawn",
        "g8": "black king", "e5": "black queen", "d4": "black bishop",
        "f7": "black pawn", "g7": "black pawn", "h7": "black pawn",
    }
    _, move = _best("chess", placement)
    assert str(move) == "f3e5"


def test_pocket43_falcon_hops_to_take_the_rook() -> None:
    # The Falcon on a1 hops its own pawn on a2 and takes the loose Rook on a5; the decoy
    # d2xe3 wins only a pawn, and the Rook would then flee (to the Pocket, say).
    placement = {
        "d1": "white king", "a1": "white falcon", "a2": "white pawn", "d2": "white pawn",
        "d6": "black king", "a5": "black rook", "e3": "black pawn",
    }
    game, move = _best("pocket43", placement)
    assert str(move) == "a1a5"
    game.play(move)
    # The Falcon flipped on arrival: the position after the capture is what the engine judged.
    assert game.board()["a5"] == "white windmill"


@pytest.mark.parametrize("variant", BLENDER_FAMILY)
def test_blender_compound_takes_the_queen(variant: str) -> None:
    # The Chancellor (Rook + Knight) can take the loose Queen on e6 by its Knight move (whole,
    # or by sending its Knight alone and leaving a Rook) or the loose Rook on d8 by its Rook
    # move; the Queen is worth more.
    placement = {
        "e1": "white king", "d4": "white chancellor",
        "g8": "black king", "e6": "black queen", "d8": "black rook", "e7": "black pawn", "f7": "black pawn",
    }
    _, move = _best(variant, placement)
    assert move.captures == ("e6",)


def test_flight_and_ferry_rook_crosses_the_water_to_take_the_queen() -> None:
    # Only full-range rook moves cross the water between ranks 5 and 6: Ra2xa9 takes the loose
    # Queen; the decoy Nxc3 trades a Knight for a Knight (Bxc3).
    placement = {
        "e1": "white king", "a2": "white rook", "b1": "white knight",
        "e10": "black king", "a9": "black queen", "c3": "black knight", "e5": "black bishop",
    }
    _, move = _best("flight-and-ferry", placement)
    assert str(move) == "a2a9"
