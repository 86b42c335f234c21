"""Quiet-move order by history (rules/engine/ordering.py, ``history_key``).

A cutoff credits the move's squares. Flight and Ferry's sends all have the passenger's
square as origin and destination, so the Ferry's new square must be part of the credit:
otherwise one send that once cut off would lift every send of that passenger ahead of the
other quiet moves.
"""

from __future__ import annotations

from bare_search import bare_search

import rules
from rules.engine.ordering import history_key


def test_each_ferry_send_is_credited_apart() -> None:
    game = rules.new_game("flight-and-ferry")
    game.play("c3c5")  # White's c-pawn boards the Ferry on c5 (double step)
    game.play("h8h7")
    pos = game.pos.copy()
    moves = game.rules.pseudo_moves(pos, game.rules.context(pos))
    sends = [m for m in moves if m.kind == "ferry-send"]
    assert len(sends) > 2
    assert len({history_key(m) for m in sends}) == len(sends)
    search = bare_search(game.rules)
    lucky = sends[len(sends) // 2]
    search.ordering.remember_quiet(lucky, 4, 0)
    ordered = [m for m in search.ordering.order(pos, moves, None, 1) if not m.caps and not m.promotion]
    assert ordered[0] == lucky
    # The other sends stay where the unrewarded quiet moves are: in generation order.
    unrewarded = [m for m in ordered if m != lucky]
    assert unrewarded == [m for m in moves if not m.caps and not m.promotion and m != lucky]


def test_moves_with_the_same_squares_share_their_credit_in_chess() -> None:
    game = rules.new_game("chess")
    pos = game.pos.copy()
    moves = game.rules.pseudo_moves(pos, game.rules.context(pos))
    keys = {history_key(m) for m in moves}
    assert len(keys) == len({(m.o, m.d) for m in moves}) == 20


def test_quiet_moves_tried_before_a_cutoff_go_behind_the_untried() -> None:
    """History debit: a quiet move searched in vain before the one that cut off drops back.

    Without the debit, a move that failed here keeps its place ahead of moves never tried.
    """
    game = rules.new_game("chess")
    pos = game.pos.copy()
    moves = game.rules.pseudo_moves(pos, game.rules.context(pos))
    by_name = {str(m): m for m in moves}
    search = bare_search(game.rules)
    cutter, failed = by_name["g1f3"], [by_name["a2a3"], by_name["h2h3"]]
    search.ordering.remember_quiet(cutter, 3, 0, failed)
    ordered = search.ordering.order(pos, moves, None, 1)
    assert ordered[0] == cutter
    assert ordered[-2:] == failed
    # Repeated debits stay within the history's bound.
    for _ in range(10_000):
        search.ordering.remember_quiet(cutter, 60, 0, failed)
    assert all(abs(v) <= 1 << 23 for v in search.ordering.history.values())
