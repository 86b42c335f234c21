"""The engine plays table positions from the table (root probe), and scores them exactly in its
search; with no table built it searches as before."""

from __future__ import annotations

import rules
from rules.engine.engine import Engine
from rules.engine.limits import Limits
from rules.tablebase import LOSS, build_table

KQK_FEN = "k3/4/1K2/2Q1 w - - 0 1"  # tiny-chess: White to move


def test_the_engine_plays_the_table_move_with_its_mate_distance(tiny_variant, tables_dir):
    table = build_table(tiny_variant, "KQvK", jobs=1)
    game = rules.new_game(tiny_variant, fen=KQK_FEN)
    here = table.probe(game.pos)
    result = Engine(game).search(limits=Limits(depth=2))
    assert result.from_table
    assert result.mate_in == here.moves
    game.play(result.best_move)
    after = table.probe(game.pos)
    assert (after.value, after.plies) == (LOSS, here.plies - 1)


def test_without_a_table_the_engine_searches(tiny_variant, tables_dir):
    game = rules.new_game(tiny_variant, fen=KQK_FEN)
    result = Engine(game).search(limits=Limits(depth=2))
    assert not result.from_table and result.nodes > 0


def test_the_search_scores_a_table_position_below_the_root(tiny_variant, tables_dir):
    """A KRvK position where the Rook can take the Queen: the search below the root meets KRvK,
    whose table says how the game ends."""
    build_table(tiny_variant, "KRvK", jobs=1)
    game = rules.new_game(tiny_variant, fen="k3/3q/1K2/3R w - - 0 1")
    result = Engine(game).search(limits=Limits(depth=1))
    assert not result.from_table  # KRvKQ has no table
    assert str(result.best_move) == "d1d3"
    assert result.mate_in is not None and result.mate_in > 0
