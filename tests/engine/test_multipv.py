"""Several best lines (``Engine.search(lines=n)``, UCI's MultiPV): each further line is the best
root move not yet given, with its own score and continuation; the answer stays the first line's
move. Positions worked out by hand; every search is depth- or node-limited."""

from __future__ import annotations

import pytest

import rules
from rules.engine import MAX_LINES, Engine, Limits

# White's pawns each take a piece: e4xd5 the Queen (the Rook takes back along rank 5: 9 - 1),
# g4xh5 the Rook (the Queen takes back: 5 - 1), b2xc3 the Knight (nothing takes back: 3). At
# depth 1 the reply is judged by captures alone, so a quiet move leaves Black to take the e4
# pawn: the three captures are the three best moves, in that order, and a quiet move is fourth.
THREE_CAPTURES = "4k3/8/8/3q3r/4P1P1/2n5/1P6/4K3 w - - 0 1"
# Ra1-a8 mates; no other move does.
BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def first_moves(result) -> list[str]:
    return [str(line.pv[0]) for line in result.principal_lines()]


def test_lines_are_the_best_moves_in_order_each_with_its_own_score():
    game = rules.new_game("chess", fen=THREE_CAPTURES)
    result = Engine(game.rules).search(game, Limits(depth=1), lines=4)
    assert first_moves(result)[:3] == ["e4d5", "g4h5", "b2c3"]
    scores = [line.score for line in result.lines]
    assert scores[0] > scores[1] > scores[2] > scores[3]
    # The first line is the answer itself.
    assert (result.lines[0].score, result.lines[0].pv) == (result.score, result.pv)
    assert str(result.best_move) == "e4d5"


def test_one_line_answers_as_the_search_always_did():
    game = rules.new_game("chess", fen=THREE_CAPTURES)
    single = Engine(game.rules).search(game, Limits(depth=3))
    several = Engine(game.rules).search(game, Limits(depth=3), lines=3)
    assert single.lines == ()
    assert single.principal_lines()[0].pv == single.pv
    assert (several.best_move, several.score) == (single.best_move, single.score)
    assert several.nodes > single.nodes  # the further lines are searches of their own


def test_a_mate_line_says_mate_and_the_next_line_does_not():
    game = rules.new_game("chess", fen=BACK_RANK)
    result = Engine(game.rules).search(game, Limits(depth=3), lines=2)
    assert first_moves(result)[0] == "a1a8"
    assert result.lines[0].mate_in == 1
    assert result.lines[1].mate_in is None


def test_never_more_lines_than_legal_moves_or_than_allowed():
    # The lone King in the corner has three moves.
    game = rules.new_game("chess", fen="k7/8/8/8/8/8/8/4K2R b - - 0 1")
    result = Engine(game.rules).search(game, Limits(depth=2), lines=5)
    moves = first_moves(result)
    assert sorted(moves) == sorted(str(m) for m in game.legal_moves())
    wide = Engine(rules.new_game("chess").rules).search(rules.new_game("chess"), Limits(depth=1), lines=50)
    assert len(wide.lines) == MAX_LINES


def test_a_search_stopped_midway_keeps_distinct_lines_led_by_its_answer():
    game = rules.new_game("pocket43")
    for nodes in (60, 400, 1500):
        result = Engine(game.rules).search(game, Limits(nodes=nodes), lines=3)
        moves = first_moves(result)
        assert moves[0] == str(result.best_move)
        assert len(set(moves)) == len(moves) <= 3
        assert all(line.pv[0] in game.legal_moves() for line in result.principal_lines())


def test_several_lines_are_deterministic():
    game = rules.new_game("flight-and-ferry")
    game.play("c3c4")
    runs = [Engine(game.rules).search(game, Limits(nodes=3000), lines=3) for _ in range(2)]
    assert runs[0].lines == runs[1].lines
    assert runs[0].nodes == runs[1].nodes


@pytest.mark.slow
def test_further_lines_cost_about_a_search_each_not_a_blow_up():
    # A Pocket 43 middle game where the third line, searched in the full window after the
    # first, once took 6.5 million nodes at depth 6 (the first line: 56 thousand). Searched in
    # a window around its last score, as the first line is, each further line costs about one
    # more search. Node counts, not time: the same on any machine.
    game = rules.new_game("pocket43", fen="2bkb1w/pp1pppp/W2a3/1wp1PPP/PPPPK2/aAB1BAW w - - 0 8")
    single = Engine(game.rules).search(game, Limits(depth=6))
    several = Engine(game.rules).search(game, Limits(depth=6), lines=3)
    assert several.best_move == single.best_move
    assert several.nodes < 4 * single.nodes
