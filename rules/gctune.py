"""The garbage collector's settings for a long-running process (the app, engine matches).

A search allocates millions of short-lived objects (moves, Contexts, tuples) and almost no
reference cycles, while the interpreter's defaults run a young-generation collection every
700 net allocations and, often enough, a full one over everything alive: the rules tables,
Qt's wrappers, the transposition table. :func:`tune_after_startup` moves everything alive
after start-up into the permanent generation (``gc.freeze``), which the collector no longer
scans, and collects the young generation every :data:`YOUNG_THRESHOLD` allocations instead.
Cycles are still collected, only less often. bench/compiled.py prints the time it saves.
"""

from __future__ import annotations

import gc

#: Net allocations between young-generation collections (the interpreter's default is 700).
YOUNG_THRESHOLD = 50_000
#: Young collections per middle one, and middle ones per full one (defaults: 10 and 10).
OLDER_THRESHOLDS = (20, 20)


def tune_after_startup() -> None:
    """Call once start-up has built what lives for the whole process (idempotent)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, *OLDER_THRESHOLDS)
