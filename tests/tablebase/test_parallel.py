"""The same table from one process, several processes and a Dask LocalCluster, and after an
interruption (resumed from its checkpoints): the same bytes every time."""

from __future__ import annotations

import pytest

from rules.tablebase import build as build_module
from rules.tablebase import build_table
from rules.tablebase.build import Runner
from rules.tablebase.store import table_path


def _bytes(folder, variant, material, **kwargs):
    table = build_table(variant, material, folder=folder, **kwargs)
    return table_path(table.job, folder).read_bytes()


def test_one_process_and_two_processes_write_the_same_file(tiny_variant, tmp_path):
    one = _bytes(tmp_path / "one", tiny_variant, "KQvK", jobs=1)
    two = _bytes(tmp_path / "two", tiny_variant, "KQvK", jobs=2)
    assert one == two


@pytest.mark.slow
def test_a_dask_local_cluster_writes_the_same_file(tiny_variant, tmp_path):
    distributed = pytest.importorskip("distributed", reason="the 'cluster' extra (dask[distributed]) is not installed")
    one = _bytes(tmp_path / "one", tiny_variant, "KRvK", jobs=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        dask = _bytes(tmp_path / "dask", tiny_variant, "KRvK", scheduler=cluster.scheduler_address)
    assert one == dask


@pytest.mark.parametrize("method", ["forward", "retro"])
def test_an_interrupted_build_resumes_from_its_checkpoints(tiny_variant, tmp_path, monkeypatch, method):
    """The forward expansion and the retrograde build's count of moves both save their ranges."""
    monkeypatch.setattr(build_module, "chunk_size", lambda size: 512)  # 16 ranges, not 2
    whole = _bytes(tmp_path / "whole", tiny_variant, "KRvK", jobs=1, method=method)
    real_run = Runner.run
    expanded: list[tuple[int, int]] = []

    def run_then_stop(self, job, layer, ranges, **kwargs):
        for finished in real_run(self, job, layer, ranges, **kwargs):
            expanded.append(finished[0])
            yield finished
            if len(expanded) >= 3:
                raise KeyboardInterrupt

    monkeypatch.setattr(Runner, "run", run_then_stop)
    folder = tmp_path / "resumed"
    with pytest.raises(KeyboardInterrupt):
        build_table(tiny_variant, "KRvK", folder=folder, jobs=1, method=method)
    assert not any(p.suffix == ".fctb" and "KRvK" in p.name for p in folder.iterdir())
    monkeypatch.setattr(Runner, "run", real_run)
    calls: list[tuple[int, int]] = []

    def counting_run(self, job, layer, ranges, **kwargs):
        if job.material == "KRvK":
            calls.extend(ranges)
        yield from real_run(self, job, layer, ranges, **kwargs)

    monkeypatch.setattr(Runner, "run", counting_run)
    resumed = _bytes(folder, tiny_variant, "KRvK", jobs=1, method=method)
    assert resumed == whole
    assert len(calls) == 16 - 3 and not set(calls) & set(expanded)
