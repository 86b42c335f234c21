"""Counted mobility in the quiescence search (rules/engine/quiescence.py).

Where most of an army's worth has powers, the quiescence search lists every move of
the side to move anyway; their number, against the opponent's count one ply up, is
the mobility term of its stand-pat score. Where plain pieces' quiet moves are skipped
(chess), nothing is counted and the stand-pat score is the static evaluation.
"""

from __future__ import annotations

import pytest
from bare_search import bare_search

import rules
from rules.engine import Evaluator
from rules.engine.evaluate import mostly_powered
from rules.engine.state import mobility_count


@pytest.mark.parametrize(
    ("variant", "counted"),
    [
        ("chess", False),  # every piece is plain: quiescence skips their quiet moves
        ("blender", False),
        ("flight-and-ferry", True),  # every piece rides Ferries or flies
        ("pocket43", True),
        ("friendly", True),
        # Twelve of White's 23 pieces are plain Ferzes and Wazirs, but most of the worth
        # is in the pieces with powers: counting pays.
        ("ultimate-cuisinart", True),
    ],
)
def test_counting_depends_on_the_share_of_powered_worth(variant: str, counted: bool) -> None:
    r = rules.make_rules(variant)
    assert bare_search(r).count_mobility is counted


def test_ultimate_cuisinart_plain_pieces_are_the_minor_share() -> None:
    r = rules.make_rules("ultimate-cuisinart")
    assert {"ferz", "wazir"} <= r.quiet_skip_kinds
    assert mostly_powered(r, Evaluator(r).values.kind_cp)


def _quiet_position(variant: str) -> rules.Game:
    """The start after a knight's move each way: no capture for either side."""
    game = rules.new_game(variant)
    for text in ("b1c3", "b8c6") if variant == "chess" else ():
        game.play(text)
    return game


@pytest.mark.parametrize("variant", ["flight-and-ferry", "ultimate-cuisinart"])
def test_stand_pat_adds_the_move_count_difference(variant: str) -> None:
    game = rules.new_game(variant)
    r = game.rules
    pos = game.pos.copy()
    search = bare_search(r)
    search.pos = pos
    ctx = r.context(pos)
    assert not [m for m in r.pseudo_moves(pos, ctx) if m.caps]  # the start: nothing to capture
    mine = mobility_count(r.pseudo_moves(pos, ctx))
    static = search.evaluator.evaluate(pos, ctx, None)
    wide = 10**6
    search.mobility[0] = mine - 10  # the opponent had ten moves fewer one ply up
    with_fewer = search._quiesce(-wide, wide, 1, 0)
    search.mobility[0] = mine + 10
    with_more = search._quiesce(-wide, wide, 1, 0)
    assert with_fewer == static + search.evaluator.mobility_score(mine, mine - 10)
    assert with_more == static + search.evaluator.mobility_score(mine, mine + 10)
    assert with_fewer > static > with_more


def test_an_unknown_count_adds_nothing() -> None:
    """After a pass (null move) the opponent's count is not known: no mobility term."""
    game = rules.new_game("ultimate-cuisinart")
    r = game.rules
    pos = game.pos.copy()
    search = bare_search(r)
    search.pos = pos
    search.mobility[0] = -1
    assert search._quiesce(-(10**6), 10**6, 1, 0) == search.evaluator.evaluate(pos, r.context(pos), None)


def test_chess_stand_pat_is_the_static_score() -> None:
    game = _quiet_position("chess")
    r = game.rules
    pos = game.pos.copy()
    search = bare_search(r)
    search.pos = pos
    search.mobility[0] = 5
    assert search._quiesce(-(10**6), 10**6, 1, 0) == search.evaluator.evaluate(pos, r.context(pos), None)


def test_a_passengers_sends_count_as_one_move() -> None:
    """Moves told apart only by a choice count once: a Ferry passenger's sends.

    After c3c5 the White pawn rides the Ferry on c5. It may send that Ferry to any other
    square of ranks 5 and 6 but f5, where the other Ferry stands: 16 - 2 = 14 sends, each
    with origin and destination c5. Counted as moves they were worth a Knight's mobility.
    """
    game = rules.new_game("flight-and-ferry")
    game.play("c3c5")
    game.play("b8b7")
    r = game.rules
    moves = r.pseudo_moves(game.pos, r.context(game.pos))
    sends = [m for m in moves if m.kind == "ferry-send"]
    assert len(sends) == 14
    c5 = r.geo.parse("c5")
    assert {(m.o, m.d) for m in sends} == {(c5, c5)}
    assert mobility_count(moves) == len(moves) - 13


def test_promotion_choices_count_as_one_move() -> None:
    game = rules.new_game("chess", fen="7k/P7/8/8/8/8/8/K7 w - - 0 1")
    r = game.rules
    moves = r.pseudo_moves(game.pos, r.context(game.pos))
    # a7-a8 with four pieces to choose, and the King's three steps.
    assert len(moves) == 4 + 3
    assert mobility_count(moves) == 1 + 3


@pytest.mark.parametrize(
    ("variant", "tables"),
    [("flight-and-ferry", False), ("pocket43", False), ("ultimate-cuisinart", False), ("friendly", False),
     ("chess", True), ("blender", True)],
)
def test_mobility_tables_are_off_where_the_stand_pat_counts_real_moves(variant: str, tables: bool) -> None:
    # Tables worked out on an empty board would count mobility a second time where the
    # stand-pat counts the real moves, and overstate reach where a power vetoes moves
    # (Flight and Ferry's water: a Bishop never crosses it).
    r = rules.make_rules(variant)
    evaluator = Evaluator(r)
    officer = next(p for p in r.start_position().board if p is not None and p.kind not in r.pawn_kinds | r.royal_kinds)
    assert (evaluator._mobility_by_square(officer) is not None) is tables
    assert evaluator.counts_moves is not tables
