"""Limits: the time limit and stop requests always yield a legal move; node and depth limits hold."""

from __future__ import annotations

import threading
import time

import pytest

import rules
from rules.engine import Engine, Limits, SearchResult

# Generous slack: the limit is hard up to the work of one node, and CI machines are slow.
SLACK_SECONDS = 1.5


@pytest.mark.parametrize("variant", ["chess", "ultimate-cuisinart", "friendly"])
def test_time_limit_returns_a_legal_move(variant: str) -> None:
    game = rules.new_game(variant)
    limit = 0.3
    started = time.monotonic()
    result = Engine(game).search(game, Limits(time=limit))
    spent = time.monotonic() - started
    assert result.best_move in game.legal_moves()
    assert spent < limit + SLACK_SECONDS
    assert result.depth < 64  # it stopped for time, not because it ran out of depth


def test_a_tiny_time_limit_still_gives_a_legal_move() -> None:
    game = rules.new_game("friendly")
    result = Engine(game).search(game, Limits(time=0.0))
    assert result.best_move in game.legal_moves()


def test_stop_flag_from_another_thread_ends_an_unlimited_search() -> None:
    game = rules.new_game("chess")
    stop = threading.Event()
    timer = threading.Timer(0.3, stop.set)
    timer.start()
    started = time.monotonic()
    try:
        # The time limit is only a backstop should the stop request be ignored.
        result = Engine(game).search(game, Limits(time=30), stop_flag=stop)
    finally:
        timer.cancel()
    assert time.monotonic() - started < 0.3 + SLACK_SECONDS
    assert result.best_move in game.legal_moves()


def test_engine_stop_method_ends_the_running_search() -> None:
    game = rules.new_game("chess")
    engine = Engine(game)
    out: list[SearchResult] = []
    worker = threading.Thread(target=lambda: out.append(engine.search(game, Limits(time=30))))
    worker.start()
    time.sleep(0.3)
    engine.stop()
    worker.join(timeout=SLACK_SECONDS + 1)
    assert not worker.is_alive()
    assert out and out[0].best_move in game.legal_moves()


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
