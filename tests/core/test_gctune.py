"""The garbage collector's settings after start-up (rules/gctune.py)."""

from __future__ import annotations

import gc

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
