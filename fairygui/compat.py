"""A guard against a reference-count fault in PySide6 6.12 on Python 3.10 and 3.11.

PySide6-Essentials 6.12.0 (it says it supports Python 3.10+) returns ``None`` from every
void method without taking a reference to it. From Python 3.12 ``None`` is immortal and
nothing happens; on 3.11 each such call (``setText``, ``fillRect``, ``update``...) lowers
``None``'s count by one, and after a few thousand calls Python aborts with "deallocating
None". ``True`` and ``False`` lose references the same way in some paint calls and at
exit ("deallocating True or False"). The real cure is a PySide6 without the fault
(6.11.3 works); until the project pins one, :func:`guard_none_refcount` measures whether
the fault is present and, only then, keeps the counts of these three singletons far from
zero. They are never freed anyway, so extra references cost nothing.
"""

from __future__ import annotations

import ctypes
import sys

from PySide6.QtCore import QCoreApplication, QObject, QTimer

#: Topped up to this whenever it falls below half of it.
_RESERVE = 1 << 40
_timer: QTimer | None = None


def has_none_refcount_fault() -> bool:
    """Whether a void Qt call lowers ``None``'s reference count (measured, not guessed)."""
    if sys.version_info >= (3, 12):
        return False  # None is immortal
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(50):
        probe.setObjectName("probe")
    return sys.getrefcount(None) <= before - 50


def _top_up() -> None:
    for singleton in (None, True, False):
        # The reference count is the first field of every object in a release build.
        count = ctypes.c_ssize_t.from_address(id(singleton))
        if count.value < _RESERVE // 2:
            count.value += _RESERVE


def guard_none_refcount() -> bool:
    """Keep ``None``, ``True`` and ``False`` alive under the PySide6 fault; returns whether
    the guard is on."""
    global _timer
    if not has_none_refcount_fault():
        return False
    _top_up()
    if _timer is None and QCoreApplication.instance() is not None:
        # A drain of 2**39 void calls would take days; the check is a cheap reassurance.
        _timer = QTimer()
        _timer.setInterval(60_000)
        _timer.timeout.connect(_top_up)
        _timer.start()
    return True
