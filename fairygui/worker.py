"""Running slow work (reading long games, later the computer opponent) off the GUI thread.

A :class:`Task` runs a plain function in Qt's thread pool and reports back through
signals, which Qt delivers on the GUI thread. While a task works on rules objects the
GUI must not touch the same objects; the controller's ``busy`` flag enforces that.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from rules.gctune import release_free_memory_now_and_then


class TaskSignals(QObject):
    finished = Signal(object)
    failed = Signal(object)


class Task(QRunnable):
    def __init__(self, job: Callable[[], Any]) -> None:
        super().__init__()
        self.job = job
        # The signals object is made here, on the GUI thread, so its slots run there.
        self.signals = TaskSignals()
        self.setAutoDelete(False)

    def run(self) -> None:
        try:
            result = self.job()
        except Exception as exc:  # handed to the GUI, which shows it; nothing is lost
            self.signals.failed.emit(exc)
        else:
            self.signals.finished.emit(result)


def start_task(
    job: Callable[[], Any], on_finished: Callable[[Any], None], on_failed: Callable[[Exception], None],
    own_thread: bool = False,
) -> Task:
    """Start ``job`` in the shared thread pool, or on a thread of its own (``own_thread``: for
    work that waits on another program, which must never hold up the pool's few threads); keep
    the returned task alive until it reports."""
    task = Task(job)
    task.signals.finished.connect(on_finished)
    task.signals.failed.connect(on_failed)
    if own_thread:
        run_on_own_thread(task, "waiting-task")
    else:
        start_in_pool(task)
    return task


def start_in_pool(task: QRunnable) -> None:
    """Run ``task`` in Qt's shared thread pool, keeping nothing of it once it has run.

    The pool is handed the task's ``run`` method, not the task: PySide6 (measured with 6.11.3)
    keeps a reference to every QRunnable given to ``QThreadPool.start`` for the life of the
    process, whatever its auto-delete flag, so every search the app ever ran stayed alive with
    its copy of the game and its engine's table (bench/memory_soak.py: 7 MB a minute of
    analysis). A callable it drops once run; the caller keeps the task until it reports.

    After the task, the worker thread hands the memory the C allocator holds free back to the
    system, now and then (:mod:`rules.gctune`): searches free as much as they allocate, and
    glibc kept it all, so a long analysis grew by what it held free."""
    def run_then_release() -> None:
        try:
            task.run()
        finally:
            release_free_memory_now_and_then()

    QThreadPool.globalInstance().start(run_then_release)


def run_on_own_thread(task: QRunnable, name: str) -> None:
    """Run a task on a new daemon thread instead of Qt's shared pool (its signals reach the GUI
    thread as from the pool's)."""
    threading.Thread(target=task.run, name=name, daemon=True).start()


def wait_for_tasks(timeout_ms: int = 30000) -> bool:
    return QThreadPool.globalInstance().waitForDone(timeout_ms)
