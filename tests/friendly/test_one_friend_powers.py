"""Poison on a captured Friend, judged without the whole Context.

Making a capture of a Friend must know whether that Friend is poisonous (it borrows the
poison power from a Poison or Jellyfish that guards it, directly or through other
Friends). Where the position's Context is not worked out (the engine's leaves), the
Friend's powers are found from stage (a) and its own lenders only, and a side whose
poisonous pieces could capture on none of its Friends' squares lends poison to none.
Both must agree with the full Context in every position: checked Friend by Friend in
positions from random play, with both Hia options.
"""

from __future__ import annotations

import random

import pytest

import rules


def positions(seed: int, options: dict[str, str]) -> list[rules.Game]:
    rng = random.Random(f"one-friend/{seed}")
    game = rules.new_game("friendly", options=options)
    out = []
    for _ in range(70):
        moves = game.legal_moves()
        if game.result is not None or not moves:
            break
        out.append(game.copy())
        captures = [m for m in moves if m.captures]
        game.play(rng.choice(captures if captures and rng.random() < 0.4 else moves))
    return out


@pytest.mark.parametrize("options", [{}, {"hia_affects": "all"}])
def test_one_friends_powers_are_those_of_the_context(options: dict[str, str]) -> None:
    checked = poisonous = 0
    for seed in range(2):
        for game in positions(seed, options):
            r = game.rules
            borrowing = r.power_objects["borrowing"]
            pos = game.pos
            ctx = r.context(pos)
            for sq, p in enumerate(pos.board[: r.geo.board_size]):
                if p is None or p.kind != borrowing.borrower:
                    continue
                expected = ctx.powers.get(sq, ())
                assert borrowing.borrowed_powers(pos, sq) == expected, (game.fen(), r.geo.names[sq])
                checked += 1
                poisonous += "poison" in expected
    assert checked > 100 and poisonous  # Friends came up, some of them poisonous


def test_the_poison_bound_never_misses_a_poisonous_friend() -> None:
    misses = []
    spared = 0
    for seed in range(2):
        for game in positions(seed, {}):
            r = game.rules
            poison = r.power_objects["poison"]
            ctx = r.context(game.pos)
            for color in (0, 1):
                lent = any(
                    "poison" in ctx.powers.get(sq, ())
                    for sq, p in enumerate(game.pos.board[: r.geo.board_size])
                    if p is not None and p.color == color and p.kind == poison.borrower
                )
                if not poison._may_lend_poison(game.pos, color):
                    spared += 1
                    if lent:
                        misses.append((game.fen(), color))
    assert misses == []
    assert spared  # the bound did rule some side out


def test_a_capture_of_a_poisonous_friend_without_a_context_removes_the_captor() -> None:
    """Rule: a Friend guarded by a Poison borrows poison, so whatever captures it is removed
    too. The black Poison on e6 guards the black Friend on e5 (a Wazir step); the white Impala
    on d3 takes it, with no Context worked out for the position before the move."""
    friends = {"l1": "white friend", "l2": "white friend", "a11": "black friend"}
    game = rules.new_game(
        "friendly", placement={**friends, "d3": "white impala", "e5": "black friend", "e6": "black poison"}
    )
    r = game.rules
    move = next(m for m in game.legal_moves() if str(m) == "d3e5")
    r.contexts.clear()  # as at an engine leaf: nothing worked out for this position
    game.pos.push(move)
    assert game.pos.board[r.geo.index["e5"]] is None
    # Each side's pool holds its own pieces lost: the captor went to White's.
    assert [p.kind for p in game.pos.pools[0]] == ["impala"] and [p.kind for p in game.pos.pools[1]] == ["friend"]
