"""The garbage collector's settings for a long-running process (the app, engine matches).

A search allocates millions of short-lived objects (moves, Contexts, tuples) and almost no
reference cycles, while the interpreter's defaults run a young-generation collection every
700 net allocations and, often enough, a full one over everything alive: the rules tables,
Qt's wrappers, the transposition table. :func:`tune_after_startup` moves everything alive
after start-up into the permanent generation (``gc.freeze``), which the collector no longer
scans, and collects the young generation every :data:`YOUNG_THRESHOLD` allocations instead.
Cycles are still collected, only less often. bench/compiled.py prints the time it saves.

A search also frees as much as it allocates, and glibc's allocator keeps the freed pages for
later instead of handing them back: in a long analysis the resident size grew by what the
allocator held free (bench/memory_soak.py's "free kept" column), while what was in use stayed
flat. :func:`release_free_memory_now_and_then` hands them back (``malloc_trim``), at most once
per :data:`RELEASE_INTERVAL_SECONDS`; the app calls it on a worker thread after each task.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import threading
import time
from collections.abc import Callable
from functools import cache

#: Net allocations between young-generation collections (the interpreter's default is 700).
YOUNG_THRESHOLD = 50_000
#: Young collections per middle one, and middle ones per full one (defaults: 10 and 10).
OLDER_THRESHOLDS = (20, 20)


def tune_after_startup() -> None:
    """Call once start-up has built what lives for the whole process (idempotent)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)


#: Seconds between two hand-backs of freed memory: each walks the allocator's heaps (a few
#: milliseconds for the app's), so a task ending every few milliseconds must not pay it each time.
RELEASE_INTERVAL_SECONDS = 20.0

_release_lock = threading.Lock()
_last_release = float("-inf")


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None where the C library has none (macOS, Windows, musl)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


def release_free_memory() -> bool:
    """Hand the pages the C allocator holds free back to the system; False where it cannot."""
    trim = _malloc_trim()
    if trim is None:
        return False
    trim(0)
    return True


def release_free_memory_now_and_then(now: float | None = None) -> bool:
    """:func:`release_free_memory` unless it ran within :data:`RELEASE_INTERVAL_SECONDS`
    (safe from any thread); True where it ran."""
    global _last_release
    moment = time.monotonic() if now is None else now
    with _release_lock:
        if moment - _last_release < RELEASE_INTERVAL_SECONDS:
            return False
        _last_release = moment
    return release_free_memory()
