"""Position hashing under make/unmake, as the search uses it, in every variant."""

from __future__ import annotations

import random

import pytest

import rules
from rules.engine import Engine, Limits
from rules.engine.table import position_key

PLIES = 24


@pytest.mark.parametrize("variant", rules.variant_ids())
def test_keys_restored_after_every_move_and_undo(variant: str) -> None:
    rng = random.Random(f"hash-{variant}")
    game = rules.new_game(variant)
    pos = game.pos.copy()
    r = game.rules
    for _ in range(PLIES):
        legal = r.legal_moves(pos)
        if not legal or r.outcome(pos, legal) is not None:
            break
        full_key = pos.key()
        before = (position_key(pos), pos.zhash, list(pos.board), pos.pools, dict(pos.state))
        for m in legal:
            pos.push(m)
            assert position_key(pos) != before[0], f"{m} left the key unchanged"
            pos.pop()
            assert (position_key(pos), pos.zhash, list(pos.board), pos.pools, dict(pos.state)) == before, m
        assert pos.key() == full_key
        pos.push(rng.choice(legal))
    # A copy hashes like the original.
    assert position_key(pos.copy()) == position_key(pos)


def test_transposed_move_orders_hash_alike() -> None:
    a = rules.new_game("chess")
    b = rules.new_game("chess")
    for text in ("g1f3", "g8f6", "b1c3"):
        a.play(text)
    for text in ("b1c3", "g8f6", "g1f3"):
        b.play(text)
    assert position_key(a.pos) == position_key(b.pos)
    assert position_key(a.pos) != position_key(rules.new_game("chess").pos)


def test_side_to_move_is_part_of_the_key() -> None:
    white = rules.new_game("chess", placement={"e1": "white king", "e8": "black king"}, to_move="white")
    black = rules.new_game("chess", placement={"e1": "white king", "e8": "black king"}, to_move="black")
    assert white.pos.zhash == black.pos.zhash
    assert position_key(white.pos) != position_key(black.pos)


@pytest.mark.parametrize("variant", rules.variant_ids())
def test_search_leaves_the_game_untouched(variant: str) -> None:
    game = rules.new_game(variant)
    rng = random.Random(f"untouched-{variant}")
    for _ in range(4):
        game.play(rng.choice(game.legal_moves()))
    before = (game.fen(), list(game.history), game.pos.zhash, game.pos.key())
    result = Engine(game).search(game, Limits(depth=2))
    assert result.best_move in game.legal_moves()
    assert (game.fen(), list(game.history), game.pos.zhash, game.pos.key()) == before
