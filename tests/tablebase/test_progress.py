"""A build's progress counts the positions it will expand (they gather in the low indices, where
the representatives of symmetric sets are), so its estimate of the time left holds."""

from __future__ import annotations

import numpy as np

from rules.tablebase import build_table
from rules.tablebase.build import _expected_work, chunk_size, make_job
from rules.tablebase.expand import workshop


def test_the_expected_work_follows_the_positions_to_expand():
    job = make_job("chess", "KQvK")
    space = workshop(job.variant, job.options).space(job.material)
    step = chunk_size(space.size)
    ranges = [(a, min(a + step, space.size)) for a in range(0, space.size, step)]
    expected = _expected_work(space, ranges)
    exact = []
    for a, b in ranges:
        idx = np.arange(a, b, dtype=np.int64)
        exact.append(int(np.count_nonzero(space.apart_many(idx) & (space.canonical_many(idx) == idx))))
    assert abs(sum(expected) - sum(exact)) < 0.1 * sum(exact)
    # the White King's last rows hold no representative: those ranges weigh next to nothing
    assert exact[-1] == 0 and expected[-1] <= (ranges[-1][1] - ranges[-1][0]) // 100 + 1
    assert max(expected) > 20 * expected[-1]


def test_the_progress_ends_at_its_total(tiny_variant, tmp_path):
    seen = []
    build_table(tiny_variant, "KRvK", folder=tmp_path, jobs=1, progress=seen.append)
    expanding = [p for p in seen if p.material == "KRvK" and p.phase == "expanding"]
    assert expanding and expanding[-1].done == expanding[-1].total
    assert [p.done for p in expanding] == sorted(p.done for p in expanding)
