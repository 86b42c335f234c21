"""Checks are searched in full: a late quiet check is never reduced towards the horizon.

Late-move reductions search late quiet moves a ply shallower. A check reduced so leaves
the reply to it at the horizon, where quiescence tries captures only, so the quiet mate
that follows is never seen. The position below comes from a Flight and Ferry game against
the engine of commit 7054b60, where the reduced check cost the game.
Every verdict is checked against a brute force over the rules; the search has a depth
limit and no time limit.
"""

from __future__ import annotations

from bare_search import bare_search
from winning import winning_moves

import rules
from rules.engine import Engine, Limits
from rules.engine.limits import MATE_BOUND

# White to move. Black's Queen stands on e1 behind White's lines and the Copperdragon on
# f6 looks down the f-file at White's King on g2's side, a file only White's Queen on f5
# closes. Ferries on d5 (under a White Bishop) and a6 (under a White pawn).
FEN = (
    "3f4/5k2/4nnr1/3c4/P4cp1/3BBQ2/1PNG2P1/4P2P/1G4K1/4q3 w - - 1 70 "
    "captured=NPPPRR/pppppppfr ferries=(d5,a6)"
)


def test_moving_the_queen_off_the_f_file_allows_a_mate_in_two() -> None:
    # Rules: checkmate; the Copperdragon flies over the water along a file. After Qf5-e4
    # the dragon drops to f1 with check (diagonally onto g2), the King can only step to h1
    # or h2, and either way the dragon steps to g1: mate, the Queen on e1 guarding it.
    game = rules.new_game("flight-and-ferry", fen=FEN)
    assert not winning_moves(game.pos.copy())
    game.play("f5e4")
    game.play("f6f1")
    assert sorted(str(m) for m in game.legal_moves()) == ["g2h1", "g2h2"]
    for reply in game.legal_moves():
        pos = game.pos.copy()
        pos.push(reply)
        assert [str(m) for m in winning_moves(pos)] == ["f1g1"]


def test_a_null_window_search_finds_the_mate_behind_the_late_quiet_check() -> None:
    # Inside the tree, as it was met in the game: Black to move after Qe4, three plies
    # left, a null window. The check f6-f1 is a quiet move late in Black's order; reduced,
    # White's King move falls to the horizon and the quiet f1-g1 mate is never tried (the
    # search answered -2.52 pawns). Searched in full it proves the mate.
    game = rules.new_game("flight-and-ferry", fen=FEN)
    game.play("f5e4")
    pos = game.pos.copy()
    search = bare_search(game.rules, depth=3)
    search.pos = pos
    search.mobility[0] = len(game.rules.pseudo_moves(pos, game.rules.context(pos)))
    score = search._negamax(3, 0, 1, 1)
    assert score >= MATE_BOUND


def test_the_engine_keeps_the_queen_on_the_f_file() -> None:
    # The same game, at the root: searched depth by depth with one table, as the engine
    # plays a game (with reductions on checks it played Qe4 at depth 4 here).
    game = rules.new_game("flight-and-ferry", fen=FEN)
    engine = Engine(game)
    for depth in range(1, 5):
        result = engine.search(game, Limits(depth=depth))
    assert result.best_move is not None
    assert str(result.best_move) != "f5e4", result.describe()
    assert result.mate_in is None, result.describe()
