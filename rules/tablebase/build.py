"""Building a table: expand every position (in processes or on a Dask cluster), build the
tables its captures and promotions reach, propagate backward, copy the values to symmetric
positions, write the file.

Ranges of indices are expanded independently and their results saved as checkpoints, so an
interrupted build resumes where it stopped; results are combined in index order, so the file
is the same bytes whatever ran the ranges and in whatever order they finished.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from ..catalogue import make_rules
from .expand import PLAYING, Job, TablebaseError, expand, layer_key, workshop
from .pieces import empty_position
from .solve import DRAW, LOSS, NONE, WIN, GraphSink, solve
from .store import (
    checkpoint_folder,
    load_chunk,
    read_table,
    remove_checkpoints,
    save_chunk,
    table_path,
    write_table,
)
from .table import Table
from .values import job_options


@dataclass(frozen=True)
class Progress:
    """How far a build is: ``done`` of ``total`` units of work of ``material`` in the phase named
    (while expanding: about the positions to expand, estimated per range from a sample)."""

    material: str
    phase: str
    done: int
    total: int
    rate: float  # positions expanded per second so far
    eta: float | None  # seconds left in this material's expansion, when known
    expanded: int = 0  # positions expanded so far (one per symmetric set)

    def line(self) -> str:
        if self.phase != "expanding":
            return f"{self.material}: {self.phase}"
        eta = "" if self.eta is None else f", about {_duration(self.eta)} left"
        percent = 100.0 * self.done / self.total if self.total else 100.0
        return f"{self.material}: {self.phase} {percent:5.1f}% ({self.rate:,.0f} positions/s{eta})"


def _duration(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


_NO_WIN = np.iinfo(np.int64).max

ProgressFn = Callable[[Progress], None]
#: a range of indices with its expansion
Finished = tuple[tuple[int, int], dict[str, Any]]


def make_job(variant: str, material: str, options: Mapping[str, Any] | None = None) -> Job:
    """The job for a material, its name normalised (``KRvK`` and ``kbvk`` in Pocket43 name one family)."""
    game_rules = make_rules(variant, options)
    if game_rules.to_hand is not None:
        raise TablebaseError(
            f"{game_rules.variant.name}: captured pieces go to a hand and come back as drops, and tables "
            "do not hold hands yet"
        )
    opts = job_options(game_rules)
    space = workshop(variant, opts).space(material)
    return Job(variant, opts, space.material)


def chunk_size(size: int) -> int:
    """Indices per range: small enough to spread and checkpoint, large enough to pay off (not
    dependent on the number of workers, so a build resumes under any ``--jobs``)."""
    return max(4096, min(1 << 17, size // 64))


class Runner:
    """Runs expansions: in this process (jobs=1), in local processes, or on a Dask scheduler."""

    def __init__(self, jobs: int | None = None, scheduler: str | None = None) -> None:
        self.jobs = max(1, jobs if jobs is not None else (os.cpu_count() or 1))
        self.scheduler = scheduler
        self._pool: ProcessPoolExecutor | None = None
        self._client: Any = None

    def run(self, job: Job, layer: str, ranges: list[tuple[int, int]],
            work: Callable[[Job, str, int, int], dict[str, Any]] = expand) -> Iterator[Finished]:
        """Each range with its result (``work``: the forward expansion, or the retrograde
        build's count of moves), in the order they finish."""
        for at, result in self.map(work, [(job, layer, a, b) for a, b in ranges]):
            yield ranges[at], result

    def map(self, work: Callable[..., Any], tasks: list[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        """``work(*task)`` for each task, as (the task's place in ``tasks``, its result), in the
        order they finish."""
        if not tasks:
            return
        if self.scheduler:
            yield from self._map_dask(work, tasks)
        elif self.jobs == 1:
            for at, task in enumerate(tasks):
                yield at, work(*task)
        else:
            if self._pool is None:
                self._pool = ProcessPoolExecutor(self.jobs, mp_context=multiprocessing.get_context("spawn"))
            futures = {self._pool.submit(work, *task): at for at, task in enumerate(tasks)}
            for future in as_completed(futures):
                # dropped once handed over: a finished future holds its result (every move, in
                # int64) and the builder keeps a narrower copy
                yield futures.pop(future), future.result()

    def _map_dask(self, work: Callable[..., Any], tasks: list[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        try:
            from distributed import Client
            from distributed import as_completed as dask_completed
        except ImportError as exc:  # the optional extra is not installed
            raise TablebaseError(
                "building on a Dask cluster needs the 'distributed' package: pip install 'fairychess[cluster]'"
            ) from exc
        if self._client is None:
            self._client = Client(self.scheduler)
        futures = {self._client.submit(work, *task, pure=False): at for at, task in enumerate(tasks)}
        for future in dask_completed(list(futures)):
            yield futures.pop(future), future.result()

    def close(self) -> None:
        if self._pool is not None:  # after an interruption: drop what has not started
            self._pool.shutdown(cancel_futures=True)
            self._pool = None
        if self._client is not None:
            self._client.close()
            self._client = None


class Builder:
    """Builds tables and every table their moves reach, reusing the files already built."""

    def __init__(self, runner: Runner, folder: Path | None = None, progress: ProgressFn | None = None,
                 method: str = "auto") -> None:
        self.runner = runner
        self.folder = folder
        self.progress = progress
        self.method = _method(method)
        self._tables: dict[Job, Table] = {}

    def table(self, job: Job) -> Table:
        found = self._tables.get(job)
        if found is not None:
            return found
        path = table_path(job, self.folder)
        if not path.exists():
            self._build(job, path)
        header, layers = read_table(path)
        table = self._tables[job] = Table(job, header, layers)
        return table

    def _report(self, job: Job, phase: str, done: int, total: int, expanded: int, started: float,
                resumed: int = 0) -> None:
        """``resumed``: the work of ``done`` read from checkpoints (the estimate counts this run's pace)."""
        if self.progress is None:
            return
        elapsed = time.perf_counter() - started
        rate = expanded / elapsed if elapsed > 0 else 0.0
        eta = elapsed * (total - done) / (done - resumed) if done > resumed and phase == "expanding" else None
        self.progress(Progress(job.material, phase, done, total, rate, eta, expanded))

    def _expand_all(self, job: Job, path: Path) -> tuple[list[str], list[list[dict[str, Any]]]]:
        """Every layer's range results in index order; layers in the order moves first reach them."""
        shop = workshop(job.variant, job.options)
        space = shop.space(job.material, job.symmetric)
        layers = [layer_key(shop.rules, empty_position(shop.rules))]
        results: list[list[dict[str, Any]]] = []
        folder = checkpoint_folder(path)
        step = chunk_size(space.size)
        ranges = [(a, min(a + step, space.size)) for a in range(0, space.size, step)]
        # progress counts positions to expand, not indices: they gather in the low indices
        weight = dict(zip(ranges, _expected_work(space, ranges), strict=True))
        per_layer = sum(weight.values())
        started = time.perf_counter()
        expanded = 0
        done = 0
        resumed = 0
        at = 0
        while at < len(layers):
            total = len(layers) * per_layer
            found: dict[tuple[int, int], dict[str, Any]] = {}
            missing = []
            for a, b in ranges:
                saved = load_chunk(folder, _chunk_name(job, at, a))
                if saved is None:
                    missing.append((a, b))
                else:
                    found[(a, b)] = _compact(saved, space.size)
                    done += weight[(a, b)]
                    resumed += weight[(a, b)]
            for (a, b), result in self.runner.run(job, layers[at], missing):
                save_chunk(folder, _chunk_name(job, at, a), result)
                found[(a, b)] = _compact(result, space.size)
                done += weight[(a, b)]
                expanded += int(result["expanded"][0])
                self._report(job, "expanding", done, total, expanded, started, resumed)
            ordered = [found[r] for r in ranges]
            for result in ordered:
                for key in result["layers"].tolist():
                    if key not in layers:
                        layers.append(key)
            results.append(ordered)
            if len(layers) > 1 and job.symmetric:
                return [], []  # moves change the position's state: solve without symmetries
            at += 1
        return layers, results

    def _build(self, job: Job, path: Path) -> None:
        if self.method != "forward":
            from .retro import build_backward  # it uses this module's helpers

            if build_backward(self, job, path, forced=self.method == "retro"):
                return
        layers, results = self._expand_all(job, path)
        if not layers:
            job = replace(job, symmetric=False)
            layers, results = self._expand_all(job, path)
        space = workshop(job.variant, job.options).space(job.material, job.symmetric)
        n = len(layers) * space.size
        layer_of = {key: i for i, key in enumerate(layers)}
        # the moves go into one array sized beforehand; each range's result is dropped once in it
        sink = GraphSink(n, sum(int(r["counts"].sum()) for ordered in results for r in ordered))
        for at, ordered in enumerate(results):
            offset = at * space.size
            for i, r in enumerate(ordered):
                positions = r["positions"] + offset
                local = np.array([layer_of[k] for k in r["layers"].tolist()] or [0], dtype=np.int64)
                children = r["child_index"] + local[r["child_layer"]] * space.size
                win, loss, open_ = self._exits(job, r, len(positions))
                sink.add(positions, r["status"], r["counts"], children, win, loss, open_)
                ordered[i] = {}
        self._report(job, "solving", 0, 1, 0, time.perf_counter())
        sink.finish()
        value, plies = solve(sink)
        del sink  # the moves' array, before the symmetric copies are made
        arrays = []
        for at in range(len(layers)):
            v = value[at * space.size:(at + 1) * space.size]
            p = plies[at * space.size:(at + 1) * space.size]
            arrays.append(_fill_symmetric(space, v, p))
        header = {
            "variant": job.variant, "options": [list(o) for o in job.options], "material": job.material,
            "layers": layers, "symmetries": space.symmetry_names, "format": 1,
        }
        write_table(path, header, arrays)
        remove_checkpoints(checkpoint_folder(path))
        self._report(job, "done", 1, 1, 0, time.perf_counter())

    def _exits(self, job: Job, r: dict[str, Any], rows: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per expanded position: fastest win, slowest loss (plies) and non-losing moves into other tables."""
        win = np.full(rows, _NO_WIN, dtype=np.int64)
        loss = np.full(rows, -1, dtype=np.int64)
        open_ = np.zeros(rows, dtype=np.int64)
        materials = r["exit_materials"].tolist()
        keys = r["exit_layers"].tolist()
        for t, (material, key) in enumerate(zip(materials, keys, strict=True)):
            sub = self.table(Job(job.variant, job.options, material))
            arrays = sub.layers.get(key)
            if arrays is None:
                raise TablebaseError(
                    f"moves of {job.material} reach positions of {material} its table does not hold ({key})"
                )
            pick = r["exit_table"] == t
            row = r["exit_row"][pick]
            index = r["exit_index"][pick]
            value = arrays[0][index]
            plies = arrays[1][index].astype(np.int64) + 1
            if np.any(value == NONE):
                raise TablebaseError(f"moves of {job.material} reach positions {material}'s table calls impossible")
            we_win = value == LOSS
            np.minimum.at(win, row[we_win], plies[we_win])
            we_lose = value == WIN
            np.maximum.at(loss, row[we_lose], plies[we_lose])
            np.add.at(open_, row[~we_lose], 1)
        return np.where(win == _NO_WIN, -1, win), loss, open_


def _expected_work(space: Any, ranges: list[tuple[int, int]], sample: int = 256) -> list[int]:
    """About how many positions each range will expand (one per symmetric set, pieces apart),
    from a seeded sample of its indices, plus a little for the indices themselves: what the
    progress and its estimate of the time left count."""
    rng = np.random.default_rng(52)
    out = []
    for a, b in ranges:
        idx = rng.integers(a, b, size=sample) if b - a > sample else np.arange(a, b, dtype=np.int64)
        share = float(np.mean(space.to_expand(idx)))
        out.append(int(share * (b - a)) + (b - a) // 100 + 1)
    return out


def _compact(result: dict[str, Any], size: int) -> dict[str, Any]:
    """A range's result as kept until the solve: its moves' children in the narrowest integers
    that hold them (4 bytes for the index and 1 for the layer instead of 8 and 4)."""
    out = dict(result)
    if size <= np.iinfo(np.int32).max:
        out["child_index"] = result["child_index"].astype(np.int32)
    out["child_layer"] = result["child_layer"].astype(np.min_scalar_type(max(len(result["layers"]) - 1, 0)))
    return out


#: how a table is solved: un-moves where they serve (auto), only the forward graph, only un-moves
METHODS = ("auto", "forward", "retro")


def _method(method: str) -> str:
    if method not in METHODS:
        raise TablebaseError(f"no build method {method!r}: choose one of {', '.join(METHODS)}")
    return method


def _chunk_name(job: Job, layer: int, start: int) -> str:
    return f"L{layer}-{start}{'' if job.symmetric else '-all'}"


def _fill_symmetric(space: Any, value: np.ndarray, plies: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each index takes its representative's value (no position where two pieces share a square)."""
    out_value = np.full(space.size, NONE, dtype=np.int8)
    out_plies = np.zeros(space.size, dtype=np.uint16)
    block = 1 << 20
    for a in range(0, space.size, block):
        idx = np.arange(a, min(a + block, space.size), dtype=np.int64)
        rep = space.canonical_many(idx)
        apart = space.apart_many(idx)
        out_value[a:a + len(idx)] = np.where(apart, value[rep], NONE)
        out_plies[a:a + len(idx)] = np.where(apart & (value[rep] != DRAW), plies[rep], 0)
    return out_value, out_plies


def build_table(
    variant: str,
    material: str,
    options: Mapping[str, Any] | None = None,
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    folder: Path | None = None,
    progress: ProgressFn | None = None,
    method: str = "auto",
) -> Table:
    """The table of ``material`` in ``variant`` (built with every table it reaches unless the
    cache folder has them); ``jobs`` local processes (default: every core) or a Dask scheduler.
    ``method``: ``auto`` solves from un-moves where the rules allow them and from the forward
    graph elsewhere; ``forward`` always from the forward graph; ``retro`` from un-moves, refused
    in words where they cannot be worked out. Every method writes the same bytes."""
    job = make_job(variant, material, options)
    runner = Runner(jobs, scheduler)
    try:
        return Builder(runner, folder, progress, method).table(job)
    finally:
        runner.close()


__all__ = ["PLAYING", "WIN", "DRAW", "LOSS", "Progress", "build_table", "make_job", "Builder", "Runner"]
