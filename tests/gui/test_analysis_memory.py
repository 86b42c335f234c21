"""Memory in long analysis (bench/memory_soak.py measures it): a search that has reported
leaves nothing behind, and the analysis keeps one engine (one transposition table) for a game,
however quickly the positions change."""

from __future__ import annotations

import gc
import weakref

from PySide6.QtCore import Qt

from fairygui.computer.search import SearchTask
from fairygui.worker import start_task, wait_for_tasks
from rules.engine import Engine

WAIT_MS = 60_000


def alive(kind: type, besides: weakref.WeakSet[object] | None = None) -> list[object]:
    """The objects of ``kind`` alive now, leaving out ``besides`` (those of earlier tests)."""
    gc.collect()
    return [obj for obj in gc.get_objects() if isinstance(obj, kind) and (besides is None or obj not in besides)]


def already_alive(kind: type) -> weakref.WeakSet[object]:
    return weakref.WeakSet(alive(kind))


def test_a_task_the_pool_ran_is_freed_once_its_owner_lets_it_go(qtbot):
    # PySide6 keeps every QRunnable handed to QThreadPool.start alive for good; the app hands
    # the pool the task's run method instead.
    reports: list[object] = []
    task = start_task(lambda: bytearray(1 << 20), reports.append, reports.append)
    freed = weakref.ref(task)
    qtbot.waitUntil(lambda: bool(reports), timeout=WAIT_MS)
    assert wait_for_tasks()
    del task
    reports.clear()
    gc.collect()
    assert freed() is None


def analyse(window, qtbot) -> None:
    qtbot.keyClick(window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert window.analysis.active


def settled(window) -> bool:
    """Every search told to stop has answered (only the current one may still run)."""
    return not window.analysis._retired


def test_searches_of_past_positions_are_freed_with_their_game_copies(window, qtbot):
    earlier = already_alive(SearchTask)
    analyse(window, qtbot)
    for move in ("e2e4", "e7e5", "g1f3", "b8c6", "f1c4"):
        qtbot.waitUntil(lambda: window.analysis.panel.evaluation is not None, timeout=WAIT_MS)
        window.controller.play_text(move)
    qtbot.waitUntil(lambda: settled(window), timeout=WAIT_MS)
    current = window.analysis.task
    assert current is not None
    assert alive(SearchTask, earlier) == [current]  # five searches stopped, none of them kept
    window.analysis.set_active(False)  # the last search is told to stop; its answer frees it
    qtbot.waitUntil(lambda: settled(window), timeout=WAIT_MS)
    del current
    assert alive(SearchTask, earlier) == []


def test_moves_played_before_the_first_answer_leave_one_engine_for_the_game(window, qtbot):
    earlier = already_alive(Engine)
    analyse(window, qtbot)
    # Played before the first search can answer (answers arrive through the event loop):
    # this search builds an engine of its own too.
    window.controller.play_text("e2e4")
    qtbot.waitUntil(lambda: settled(window), timeout=WAIT_MS)
    kept = window.analysis._engine
    assert isinstance(kept, Engine)
    for move in ("e7e5", "g1f3", "b8c6"):
        window.controller.play_text(move)
        qtbot.waitUntil(lambda: settled(window), timeout=WAIT_MS)
        # The engine kept first stays: an answer from the other engine does not replace it.
        assert window.analysis._engine is kept
    window.analysis.set_active(False)
    qtbot.waitUntil(lambda: settled(window), timeout=WAIT_MS)
    assert alive(Engine, earlier) == [kept]
