"""Limits: the time limit and stop requests always yield a legal move; node and depth limits hold."""

from __future__ import annotations

import threading
import time

import pytest

import rules
from rules.engine import Engine, Limits, SearchResult
from rules.engine.search import ITERATION_TIME_SHARE

#: Only a guard against a search that never ends: no verdict depends on how fast it runs.
HANG_GUARD_SECONDS = 120.0
#: The fake clock's advance at each reading.
TICK = 0.001


@pytest.fixture
def ticking_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """``time.monotonic`` advances by TICK at every reading, however fast the machine."""
    now = [1_000.0]

    def reading() -> float:
        now[0] += TICK
        return now[0]

    monkeypatch.setattr(time, "monotonic", reading)


@pytest.mark.parametrize("variant", ["chess", "ultimate-cuisinart", "friendly"])
def test_time_limit_returns_a_legal_move(variant: str, ticking_clock: None) -> None:
    game = rules.new_game(variant)
    limit = 0.3
    result = Engine(game).search(game, Limits(time=limit))
    assert result.best_move in game.legal_moves()
    # The search deepens until the limit (a time per move is there to be used) and notices
    # it at the first node past it: a few clock readings later it has answered.
    assert ITERATION_TIME_SHARE * limit <= result.seconds < limit + 10 * TICK
    assert result.depth < 64  # it stopped for time, not because it ran out of depth


def test_a_tiny_time_limit_still_gives_a_legal_move() -> None:
    game = rules.new_game("friendly")
    result = Engine(game).search(game, Limits(time=0.0))
    assert result.best_move in game.legal_moves()


def search_until_stopped(engine: Engine, game: rules.Game, stop: threading.Event | None = None) -> SearchResult:
    """An unlimited search in a worker; once it has finished its first depth, ``stop`` is set
    (or ``engine.stop()`` called) from this thread. The search's answer."""
    first_depth = threading.Event()
    out: list[SearchResult] = []

    def work() -> None:
        out.append(engine.search(game, Limits(), on_progress=lambda _: first_depth.set(), stop_flag=stop))

    worker = threading.Thread(target=work, daemon=True)
    worker.start()
    assert first_depth.wait(HANG_GUARD_SECONDS)
    if stop is not None:
        stop.set()
    else:
        engine.stop()
    worker.join(HANG_GUARD_SECONDS)
    assert not worker.is_alive(), "the search did not stop"
    (result,) = out
    return result


def test_stop_flag_from_another_thread_ends_an_unlimited_search() -> None:
    game = rules.new_game("chess")
    result = search_until_stopped(Engine(game), game, threading.Event())
    assert result.best_move in game.legal_moves()
    assert 1 <= result.depth < 64


def test_engine_stop_method_ends_the_running_search() -> None:
    game = rules.new_game("chess")
    result = search_until_stopped(Engine(game), game)
    assert result.best_move in game.legal_moves()
    assert 1 <= result.depth < 64


def test_node_limit_is_honoured() -> None:
    game = rules.new_game("chess")
    result = Engine(game).search(game, Limits(nodes=300))
    assert result.best_move in game.legal_moves()
    # The count may pass the limit by the node that noticed it, no more.
    assert result.nodes <= 301


def test_depth_limit_and_progress_reports() -> None:
    game = rules.new_game("chess")
    reports: list[SearchResult] = []
    result = Engine(game).search(game, Limits(depth=3), on_progress=reports.append)
    assert [r.depth for r in reports] == [1, 2, 3]
    assert result.depth == 3
    assert result.best_move == reports[-1].best_move
    assert all(r.best_move in game.legal_moves() for r in reports)
    assert all(r.pv and r.pv[0] == r.best_move for r in reports)
    # Node counts only grow from one report to the next.
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)


def test_progress_arrives_on_the_worker_thread_while_the_caller_keeps_going() -> None:
    game = rules.new_game("chess")
    threads: list[threading.Thread] = []
    done = threading.Event()
    out: list[SearchResult] = []

    def report(_: SearchResult) -> None:
        threads.append(threading.current_thread())

    def work() -> None:
        out.append(Engine(game).search(game, Limits(depth=3), on_progress=report))
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    while not done.wait(0.01):
        pass  # the caller's loop runs on while the engine thinks
    worker.join()
    assert out[0].best_move in game.legal_moves()
    assert threads and all(t is worker for t in threads)


def test_a_single_legal_move_is_played_at_once() -> None:
    # Black's king on a8 has one move (Kb8); no need to think about it.
    game = rules.new_game("chess", fen="k7/8/1K6/8/8/8/8/7R b - - 0 1")
    (only,) = game.legal_moves()
    result = Engine(game).search(game, Limits(depth=10))
    assert result.best_move == only
    assert result.depth == 1
