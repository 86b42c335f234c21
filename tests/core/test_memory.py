"""Bounded memory: every cache the rules and the engine keep stays within its budget.

A fixed-node set of Friendly searches (several positions and option sets, several of
them free-text second-row orders, each of which makes a Rules object of its own) runs
with budgets made small enough for the searches to overflow them; after every search
each cache is counted. Sizes are the caches' own estimates of their entries (the same
estimate that sets their limits), never the process's memory, so nothing here depends
on the machine.
"""

from __future__ import annotations

import gc
import random
import weakref
from collections import OrderedDict

import pytest

import rules
import rules.catalogue as catalogue
import rules.context_cache as context_cache
import rules.engine.table as table
import rules.powers.borrowing as borrowing_power
from rules.context import Context
from rules.context_cache import ContextCache, estimated_bytes
from rules.engine import Engine, Limits
from rules.engine.values import IDENTITY_CACHE_SIZE

# Black's second row for Friendly's Alternate Setup #1: the Bodyguards sixth and seventh,
# the other ten pieces in any order. Each order is an option set of its own.
OTHERS = ["ghost", "impala", "poison", "buffalo", "displacer-squirrel", "archer",
          "lady-in-waiting", "gerbil", "hangman", "jellyfish"]


def second_row_order(shift: int) -> str:
    row = OTHERS[shift:] + OTHERS[:shift]
    return ",".join(row[:5] + ["bodyguard", "bodyguard"] + row[5:])


OPTION_SETS: list[dict[str, object]] = [
    {},
    {"setup": "alternate-2"},
    *({"setup": "alternate-1", "second_row_order": second_row_order(shift)} for shift in (1, 3, 5, 7)),
]

#: Small budgets, so that these short searches overflow every cache.
CONTEXT_BUDGET = 600_000
TABLE_ENTRIES = 256
RULES_KEPT = 3
RULES_CONTEXT_BUDGET = 2 * CONTEXT_BUDGET
NODES = 500


@pytest.fixture
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(context_cache, "CONTEXT_CACHE_BYTES", CONTEXT_BUDGET)
    monkeypatch.setattr(context_cache, "MIN_ENTRIES", 4)
    monkeypatch.setattr(table, "DEFAULT_ENTRIES", TABLE_ENTRIES)
    monkeypatch.setattr(catalogue, "RULES_CACHE_SIZE", RULES_KEPT)
    monkeypatch.setattr(catalogue, "RULES_CACHE_CONTEXT_BYTES", RULES_CONTEXT_BUDGET)
    # A cache of its own, so Rules made by other tests (with other budgets) are not counted.
    monkeypatch.setattr(catalogue, "_RULES_CACHE", OrderedDict())


def played_into(game: rules.Game, plies: int, seed: int) -> rules.Game:
    """The game after ``plies`` moves chosen by a seeded random player."""
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


def assert_context_cache_within_budget(cache: ContextCache) -> None:
    held = cache.cached()
    assert len(held) <= cache.max_entries
    # The true estimated size of every Context held, not only the sampled ones.
    assert sum(estimated_bytes(ctx) for ctx in held) <= cache.budget_bytes


def assert_rules_cache_within_budget() -> None:
    kept = list(catalogue._RULES_CACHE.values())
    assert len(kept) <= RULES_KEPT
    assert sum(r.contexts.estimated_total for r in kept[:-1]) <= RULES_CONTEXT_BUDGET


def test_friendly_search_set_keeps_every_cache_within_its_budget(small_budgets: None) -> None:
    overflowed = 0
    for n, options in enumerate(OPTION_SETS):
        for plies in (0, 6):
            game = played_into(rules.new_game("friendly", options=options), plies, seed=n)
            engine = Engine(game, seed=1)
            result = engine.search(game, Limits(nodes=NODES))
            assert result.best_move in game.legal_moves()
            cache = game.rules.contexts
            assert cache.budget_bytes == CONTEXT_BUDGET
            assert_context_cache_within_budget(cache)
            overflowed += cache.built > cache.max_entries
            assert engine.table.max_entries == TABLE_ENTRIES
            assert len(engine.table) <= TABLE_ENTRIES
            assert len(engine.evaluator.values._by_identity) <= IDENTITY_CACHE_SIZE
            assert_rules_cache_within_budget()
    # Otherwise the budgets above were never put to the test.
    assert overflowed >= len(OPTION_SETS)


def test_a_full_transposition_table_keeps_its_size(small_budgets: None) -> None:
    game = rules.new_game("chess")
    engine = Engine(game, seed=1)
    for _ in range(3):
        result = engine.search(game, Limits(nodes=6_000))
        assert result.best_move is not None
        game.play(result.best_move)
        # Far more positions were stored than fit: the table is full, and no larger.
        assert len(engine.table) == TABLE_ENTRIES


def test_the_least_recently_used_context_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(context_cache, "MIN_ENTRIES", 1)
    size = estimated_bytes(Context())
    cache = ContextCache(budget_bytes=3 * size)
    a, b, c, d = Context(), Context(), Context(), Context()
    cache.put("a", a)
    cache.put("b", b)
    cache.put("c", c)
    assert cache.max_entries == 3 and len(cache) == 3
    assert cache.get("a") is a  # a was used: b is now the oldest
    cache.put("d", d)
    assert cache.get("b") is None
    assert [cache.get(k) for k in "acd"] == [a, c, d]
    assert cache.estimated_total <= cache.budget_bytes


def test_a_dropped_rules_object_takes_its_caches_with_it(small_budgets: None) -> None:
    game = rules.new_game("friendly", options=OPTION_SETS[2])
    engine = Engine(game, seed=1)
    engine.search(game, Limits(nodes=200))
    game.fen()  # remembers the start squares (for castling rights) on the rules
    assert len(game.rules.contexts) > 0 and game.rules.memo
    gone = weakref.ref(game.rules)
    for options in OPTION_SETS[3:] + OPTION_SETS[:2]:  # more option sets than are kept
        rules.make_rules("friendly", options)
    assert gone() is not None  # the game and its engine still use it
    del game, engine
    gc.collect()
    # No global table (piece values, start squares, timing) holds on to it.
    assert gone() is None


def friendly_legal_moves(plies: int, seed: int) -> tuple[list[list[str]], int]:
    """The legal moves (as text) after each of ``plies`` seeded random Friendly moves on Rules of
    their own, and the most kits the borrowing power held after any of them."""
    catalogue._RULES_CACHE.clear()
    game = rules.new_game("friendly")
    borrowing = game.rules.power_objects["borrowing"]
    rng = random.Random(seed)
    seen: list[list[str]] = []
    most = 0
    for _ in range(plies):
        moves = game.legal_moves()
        seen.append(sorted(repr(move) for move in moves))
        most = max(most, len(borrowing._kits))
        if not moves or game.result is not None:
            break
        game.play(rng.choice(moves))
    return seen, most


def test_the_kits_of_lender_combinations_stay_within_their_bound(
    small_budgets: None, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Borrowing: a Friend has the moves of every friendly piece guarding it. Each combination
    # of lenders met makes a kit; a long analysis meets ever new ones, so the kits are bounded.
    # Forgetting them changes no move: the moves are the same as with every kit kept.
    kept_all, most_kept = friendly_legal_moves(30, seed=4)
    monkeypatch.setattr(borrowing_power, "KITS_KEPT", 8)
    bounded, most_bounded = friendly_legal_moves(30, seed=4)
    assert most_kept > 8  # the game met more combinations than the small bound holds
    assert most_bounded <= 8
    assert bounded == kept_all


def test_lender_set_worths_are_kept_for_no_more_sets_than_compile_atoms_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each entry keeps its tuple of compiled atoms alive: a larger bound held sets no kit hands out again.
    from rules.atoms import compile_atoms
    from rules.engine import values as values_module

    assert IDENTITY_CACHE_SIZE == compile_atoms.cache_info().maxsize
    monkeypatch.setattr(values_module, "IDENTITY_CACHE_SIZE", 16)
    game = rules.new_game("friendly")
    values = Engine(game, seed=1).evaluator.values
    atoms = next(kind.atoms for kind in game.rules.types.values() if len(kind.atoms) >= 2)
    compiled = compile_atoms(game.rules.geo, atoms, 0)
    worths = set()
    for n in range(50):
        fresh = tuple(list(compiled[: 1 + n % len(compiled)]))  # a new tuple each time, as a remade kit's
        worths.add(values.borrowed_cp(fresh))
        assert len(values._by_identity) <= 16
        assert len(values._atoms_cp) <= 16
    assert len(worths) > 1  # different sets were valued, not one answer repeated
