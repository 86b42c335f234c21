"""Determinism: a depth- or node-limited search depends on the position and the limits alone.

The same search gives the same move, score, depth, node count and line twice in one
process and in another process (with another string-hash seed); and with every clock
made very slow, or stopped, depth-limited searches choose exactly as before. Only a time
limit reads the clock.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import rules
import rules.engine.table as table
from rules.engine import Engine, Limits, SearchResult
from rules.engine.engine import context_is_costly
from rules.engine.limits import mate_in
from rules.game import Game
from rules.ruleset import Rules

NODES = 300
#: Plies a seeded random player makes before the middle-game searches.
PLIES = 5
CLOCKS = ("monotonic", "perf_counter", "time", "process_time", "thread_time")

# The Friendly position of test_friendly.py::test_engine_takes_a_friend_when_it_can: the
# move chosen at depth 2 differs with and without lean leaves, so it shows which mode ran.
FRIEND_TAKING = {
    "k1": "white friend", "l1": "white friend", "k12": "black friend", "l12": "black friend",
    "a3": "white pawn", "b11": "black pawn",
    "e2": "white mtawala", "e8": "black friend", "h5": "black pawn",
}


def summary(result: SearchResult) -> dict[str, object]:
    return {
        "move": str(result.best_move), "score": result.score, "depth": result.depth,
        "nodes": result.nodes, "pv": [str(m) for m in result.pv],
    }


def fresh_game(variant_id: str, plies: int) -> Game:
    """A game on Rules of its own (nothing cached by earlier searches), after seeded moves."""
    vdef = rules.variant(variant_id)
    own = Rules(vdef, vdef.resolve_options(None))
    game = Game(own, own.start_position())
    rng = random.Random(plies)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


def node_limited(variant_id: str, plies: int) -> dict[str, object]:
    game = fresh_game(variant_id, plies)
    return summary(Engine(game, seed=1).search(game, Limits(nodes=NODES)))


def all_node_limited(reverse: bool = False) -> dict[str, dict[str, object]]:
    order = sorted(rules.variant_ids(), reverse=reverse)
    return {f"{v}/{plies}": node_limited(v, plies) for v in order for plies in (0, PLIES)}


@pytest.mark.slow
def test_the_same_node_limited_search_twice_gives_the_same_result() -> None:
    first = all_node_limited()
    second = all_node_limited()
    assert first == second
    # Every search spends its whole budget, unless it proved a win at once (Atomic's Bxd2 that
    # blows up the King next door is found at depth 1, and the search stops there).
    assert all(found["nodes"] == NODES or mate_in(int(found["score"])) == 1 for found in first.values())
    assert sum(found["nodes"] == NODES for found in first.values()) > len(first) // 2


#: A table this small overflows in these searches, so which entries it keeps matters.
SMALL_TABLE = 64

# Run in another interpreter: the same searches in the other order (so pieces and their
# Zobrist numbers are met in another order too), printed as JSON.
SECOND_PROCESS = """
import json, sys
sys.path.insert(0, sys.argv[1])
import rules.engine.table
rules.engine.table.DEFAULT_ENTRIES = int(sys.argv[2])
import test_determinism
print(json.dumps(test_determinism.all_node_limited(reverse=True)))
"""


@pytest.mark.slow
def test_a_second_process_finds_the_same_results(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table, "DEFAULT_ENTRIES", SMALL_TABLE)
    here = all_node_limited()
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run(
        [sys.executable, "-c", SECOND_PROCESS, str(Path(__file__).parent), str(SMALL_TABLE)],
        capture_output=True, text=True, env=env, check=True,
    )
    assert json.loads(done.stdout) == here


@contextmanager
def clocks(step: float) -> Iterator[None]:
    """Every clock of the time module advances by ``step`` seconds at each reading (0: stopped)."""
    saved = {name: getattr(time, name) for name in CLOCKS}
    now = [1_000.0]

    def reading() -> float:
        now[0] += step
        return now[0]

    for name in CLOCKS:
        setattr(time, name, reading)
    try:
        yield
    finally:
        for name, clock in saved.items():
            setattr(time, name, clock)


def depth_limited(variant_id: str, depth: int) -> dict[str, object]:
    """A depth-limited search on fresh Rules and a fresh engine, so nothing decided earlier is reused."""
    if variant_id == "friend-taking":
        vdef = rules.variant("friendly")
        own = Rules(vdef, vdef.resolve_options(None))
        game = rules.game.new_game_from_placement(own, FRIEND_TAKING, "white")
    else:
        game = fresh_game(variant_id, PLIES)
    engine = Engine(game, seed=1)
    return {"lean": engine.lean, **summary(engine.search(game, Limits(depth=depth)))}


DEPTH_SEARCHES = [("chess", 3), ("friendly", 1), ("friend-taking", 2), ("flight-and-ferry", 2),
                  ("pocket43", 2), ("ultimate-cuisinart", 2), ("blender", 2)]


@pytest.mark.parametrize(("variant_id", "depth"), DEPTH_SEARCHES)
def test_a_slow_or_stopped_clock_changes_no_depth_limited_search(variant_id: str, depth: int) -> None:
    with clocks(step=3_600.0):  # an hour passes at every reading: a very slow machine
        slow = depth_limited(variant_id, depth)
    with clocks(step=0.0):  # no time passes at all: an infinitely fast one
        fast = depth_limited(variant_id, depth)
    assert slow == fast
    assert slow == depth_limited(variant_id, depth)  # and the real clock


def test_lean_leaves_are_decided_by_the_variants_powers() -> None:
    # Friendly's Context comes from four board-wide powers in turn; Flight and Ferry's from one.
    lean = {v: context_is_costly(rules.make_rules(v)) for v in rules.variant_ids()}
    assert {v for v, is_lean in lean.items() if is_lean} == {"friendly"}
    assert depth_limited("friend-taking", 2)["move"] == "e2e8"


def test_only_a_time_limit_reads_the_clock() -> None:
    with clocks(step=0.0):
        unhurried = depth_limited("chess", 3)
        game = fresh_game("chess", PLIES)
        timed = Engine(game, seed=1).search(game, Limits(depth=3, time=5.0))
    assert summary(timed) == {k: v for k, v in unhurried.items() if k != "lean"}
    with clocks(step=3_600.0):
        game = fresh_game("chess", PLIES)
        hurried = Engine(game, seed=1).search(game, Limits(depth=3, time=5.0))
    # Out of time at the first node: still a legal move, found before any full iteration.
    assert hurried.best_move in game.legal_moves()
    assert hurried.depth == 0
