"""The lean forward graph (moves packed two indices to a word, ranges' results kept in narrow
integers until the solve) gives the same file as the wide one it replaced."""

from __future__ import annotations

import numpy as np

from rules.tablebase import build as build_module
from rules.tablebase import build_table
from rules.tablebase import solve as solve_module
from rules.tablebase.expand import LOST, PLAYING
from rules.tablebase.solve import LOSS, NONE, WIN, GraphSink, solve
from rules.tablebase.store import table_path


def _bytes(folder, variant, material):
    table = build_table(variant, material, folder=folder, jobs=1)
    return table_path(table.job, folder).read_bytes()


def test_packed_moves_and_narrow_results_write_the_same_file_as_wide_ones(tiny_variant, tmp_path, monkeypatch):
    lean = _bytes(tmp_path / "lean", tiny_variant, "KRvK")
    monkeypatch.setattr(solve_module, "_BLOCK", 5)  # predecessor lists counted a few children at a time
    assert _bytes(tmp_path / "blocks", tiny_variant, "KRvK") == lean
    monkeypatch.setattr(solve_module, "PACKED_BITS", 0)  # parents and children in two int64 arrays
    monkeypatch.setattr(build_module, "_compact", lambda result, size: result)  # int64 children kept
    wide = _bytes(tmp_path / "wide", tiny_variant, "KRvK")
    assert lean == wide


def test_compact_keeps_children_in_four_bytes_and_layers_in_one():
    result = {"child_index": np.array([5, 70000], dtype=np.int64), "child_layer": np.array([0, 1], dtype=np.int32),
              "layers": np.array(["a", "b"])}
    small = build_module._compact(result, 1 << 20)
    assert small["child_index"].dtype == np.int32 and small["child_index"].tolist() == [5, 70000]
    assert small["child_layer"].dtype == np.uint8 and small["child_layer"].tolist() == [0, 1]
    huge = build_module._compact(result, 1 << 33)  # indices past 2**31 stay in eight bytes
    assert huge["child_index"].dtype == np.int64


def test_a_sink_filled_in_two_ranges_solves_like_one_graph():
    # 0 is mated; 1 moves to 0 (won in 1); 2 must move to 1 (lost in 2); 3 moves to 2 or 1 (won in 3)
    sink = GraphSink(5, 4)
    none = np.full(2, -1, dtype=np.int64)
    sink.add(np.array([0, 1]), np.array([LOST, PLAYING], dtype=np.int8), np.array([0, 1]), np.array([0]),
             none, none, np.zeros(2, dtype=np.int64))
    sink.add(np.array([2, 3]), np.array([PLAYING, PLAYING], dtype=np.int8), np.array([1, 2]), np.array([1, 2, 1]),
             none, none, np.zeros(2, dtype=np.int64))
    sink.finish()
    value, plies = solve(sink)
    assert value.tolist() == [LOSS, WIN, LOSS, WIN, NONE]
    assert plies.tolist()[:4] == [0, 1, 2, 3]
