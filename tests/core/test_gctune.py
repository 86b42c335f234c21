"""The garbage collector's settings after start-up (rules/gctune.py)."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import platform
import sys
from pathlib import Path

import pytest

import rules
from rules import gctune


def test_tuning_freezes_what_start_up_built_and_collects_the_young_generation_less_often():
    before = gc.get_threshold()
    game = rules.new_game("friendly")  # something start-up builds and keeps
    assert game.legal_moves()
    try:
        gc.unfreeze()
        gc.set_threshold(700, 10, 10)  # the interpreter's defaults (another test may have tuned already)
        assert gc.get_freeze_count() == 0
        gctune.tune_after_startup()
        assert gc.get_threshold() == (gctune.YOUNG_THRESHOLD, *gctune.OLDER_THRESHOLDS)
        assert gctune.YOUNG_THRESHOLD > 700
        frozen = gc.get_freeze_count()
        assert frozen > 0
        # Cycles made after start-up are still collected.
        cycle: list[object] = []
        cycle.append(cycle)
        del cycle
        assert gc.collect() >= 1
        gctune.tune_after_startup()  # calling it again is harmless
        assert gc.get_threshold() == (gctune.YOUNG_THRESHOLD, *gctune.OLDER_THRESHOLDS)
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)


def _resident_kib() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS line")


GLIBC = sys.platform.startswith("linux") and platform.libc_ver()[0] == "glibc"


@pytest.mark.skipif(not GLIBC, reason="malloc_trim is glibc's; elsewhere the call does nothing")
def test_freed_memory_the_allocator_kept_goes_back_to_the_system():
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    block, count = 8 * 1024, 4096  # 32 MiB in blocks below the size malloc maps on its own
    blocks = [libc.malloc(block) for _ in range(count)]
    assert all(blocks)
    for address in blocks:
        ctypes.memset(address, 1, block)  # touched, so resident
    before_free = _resident_kib()
    for address in blocks[:-1]:  # the last one stays, so the freed run is not at the heap's top
        libc.free(address)
    kept = _resident_kib()
    try:
        assert kept > before_free - 8 * 1024, "glibc gave the run back on its own: nothing to test"
        assert gctune.release_free_memory() is True
        assert _resident_kib() < kept - 16 * 1024  # most of the 32 MiB went back
    finally:
        libc.free(blocks[-1])


def test_the_hand_back_runs_at_most_once_per_interval(monkeypatch):
    monkeypatch.setattr(gctune, "_last_release", float("-inf"))  # restored after: the app's own calls go on
    start = 1e9
    assert gctune.release_free_memory_now_and_then(start) is GLIBC
    assert gctune.release_free_memory_now_and_then(start + 1.0) is False
    later = start + gctune.RELEASE_INTERVAL_SECONDS
    assert gctune.release_free_memory_now_and_then(later) is GLIBC
