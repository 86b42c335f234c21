"""Friendly Game captures: a Friend taking by a borrowed move, and a poisoned capture avoided.

Positions worked out by hand from the rules text and rulings: a Friend borrows the moves
of every friendly piece that could capture it (a Lady in Waiting is a queen limited to six
squares); a piece that captures a Poison (other than by a rifle shot) is removed too.
"""

from __future__ import annotations

import rules
from rules.engine import Engine, Limits
from rules.engine.search import Search

# Two Friends a side, so neither side's Friends are royal yet, and a pawn each so that
# neither side is stalemated when its other pieces are gone (Friends alone cannot move).
FRIENDS = {
    "k1": "white friend", "l1": "white friend", "k12": "black friend", "l12": "black friend",
    "a3": "white pawn", "b11": "black pawn",
}


def test_friend_takes_the_lady_with_a_move_borrowed_from_its_guard() -> None:
    # The white Lady on d2 guards the Friend on d4 along the file, so the Friend moves like a
    # Lady too. Black's loose Lady on h8 (which eyes the Friend along the diagonal) can be
    # taken by the Friend alone: d4-e5-f6-g7-h8 is four squares of a diagonal.
    placement = {**FRIENDS, "d4": "white friend", "d2": "white lady-in-waiting", "h8": "black lady-in-waiting"}
    game = rules.new_game("friendly", placement=placement)
    takers = [m for m in game.legal_moves() if m.captures == ("h8",)]
    assert [m.origin for m in takers] == ["d4"], "only the Friend can reach h8"
    result = Engine(game).search(game, Limits(depth=2))
    assert result.best_move is not None
    assert result.best_move.origin == "d4" and result.best_move.captures == ("h8",)
    game.play(result.best_move)
    assert game.board()["h8"] == "white friend"


def test_engine_does_not_take_a_poison_with_its_lady() -> None:
    # The Lady on f5 can take the Poison on g6 (diagonal), but would be removed with it: a
    # Lady for a Poison. The pawn on c3 can take the loose pawn on d4 for free. Ordering by
    # victim alone puts the Poison first; the search must see what that capture costs.
    placement = {
        **FRIENDS,
        "f5": "white lady-in-waiting", "g6": "black poison",
        "c3": "white pawn", "d4": "black pawn",
    }
    game = rules.new_game("friendly", placement=placement)
    captures = sorted(str(m) for m in game.legal_moves() if m.captures)
    assert captures == ["c3d4", "f5g6"]
    for depth in (1, 2, 3):
        engine = Engine(game)
        result = engine.search(game, Limits(depth=depth))
        assert str(result.best_move) != "f5g6", depth
        scores = {str(m): score for m, score in engine_root_scores(engine, game, depth)}
        # Losing the Lady for a Poison scores far below taking the pawn.
        assert scores["f5g6"] < scores["c3d4"] - 500, depth
    # The rules agree that the Poison would have taken the Lady with it.
    game.play("f5g6")
    assert "g6" not in game.board() and "f5" not in game.board()


def engine_root_scores(engine: Engine, game: rules.Game, depth: int) -> list[tuple[rules.Move, int]]:
    search = Search(game.rules, engine.evaluator, engine.table, Limits(), lean=engine.lean)
    return search.root_scores(game.pos.copy(), depth)


def test_engine_takes_a_friend_when_it_can() -> None:
    # Black's Friend on e8 stands loose in front of White's Mtawala (a Rook plus a Zebra leap)
    # on e2. Taking it beats the quiet e2e1, which would lend the Mtawala's moves to both
    # White Friends on rank 1: a Friend is a reserve life, worth more than any one piece.
    placement = {**FRIENDS, "e2": "white mtawala", "e8": "black friend", "h5": "black pawn"}
    game = rules.new_game("friendly", placement=placement)
    result = Engine(game).search(game, Limits(depth=2))
    assert str(result.best_move) == "e2e8"
