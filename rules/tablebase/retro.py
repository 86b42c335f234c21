"""The retrograde build: a table solved from un-moves, with no graph of moves kept in memory.

Used for a material whose moves inside the table can be taken back by the pieces' own moves
(``unmoves.decide``). One forward pass counts each position's moves inside the table (the
distinct positions they reach, up to symmetry) and looks its captures and promotions up in the
smaller tables, as the forward build does, but keeps no moves. Then, ply by ply, as
``solve.solve`` does over the forward graph: the positions before a position lost in d - 1 are
won in d; the positions before a position won in d - 1 lose one open move, and those left with
none are lost in d (or at their slowest move into another table). The values and distances are
the forward build's, so the file is the same bytes.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from .expand import DRAWN, LOST, PLAYING, WON, Job, TablebaseError, layer_key, workshop
from .pieces import empty_position
from .store import checkpoint_folder, load_chunk, remove_checkpoints, save_chunk, write_table
from .unmoves import decide, predecessors
from .values import DRAW, LOSS, NONE, WIN

if TYPE_CHECKING:
    from .build import Builder

#: an open-move count no position reaches: no position, or a position already decided
_CLOSED = 30000
#: un-moves of fewer positions than this are found in this process (not worth sending)
_LOCAL_WAVE = 2000
#: positions whose un-moves one call finds at most
_WAVE_PART = 50_000


def count_moves(job: Job, layer: str, start: int, stop: int) -> dict[str, Any]:
    """The canonical positions with index in [start, stop): their verdicts, how many distinct
    positions of the table (canonical) their legal moves reach, and their moves into other
    tables. ``irregular`` names a move inside the table that is more than a piece carried from
    one square to another (then un-moves do not serve and the build goes forward)."""
    shop = workshop(job.variant, job.options)
    rules = shop.rules
    space = shop.space(job.material, job.symmetric)
    indices = np.arange(start, stop, dtype=np.int64)
    todo = indices[space.to_expand(indices)]
    pos = shop.position(layer)
    board = pos.board
    positions: list[int] = []
    status: list[int] = []
    child_row: list[int] = []
    child_index: list[int] = []
    exit_row: list[int] = []
    exit_table: list[int] = []
    exit_index: list[int] = []
    exits: dict[tuple[str, str], int] = {}
    irregular: list[str] = []
    for index in todo.tolist():
        used = space.place(pos, index)
        turn = pos.turn
        if not rules.in_check(pos, 1 - turn):
            legal = []
            inside: list[int] = []
            outside: list[tuple[str, str, int]] = []
            royal_count = len(pos.royals[turn])
            for move in rules.pseudo_moves(pos, rules.context(pos)):
                mover = board[move.o] if move.o >= 0 else None
                pos.push(move)
                if rules.problem_after(pos, move, turn, royal_count) is None:
                    legal.append(move)
                    changed = pos.changed_squares()
                    pieces = [(sq, p) for sq in sorted({*used, *changed}) if (p := board[sq]) is not None]
                    name = shop.material_of(pieces)
                    key = layer_key(rules, pos)
                    if name == space.material:
                        if not irregular and (key != layer or set(changed) != {move.o, move.d}
                                              or board[move.o] is not None or board[move.d] != mover):
                            irregular.append(str(move))
                        child = space.encode(pieces, pos.turn)
                        if child < 0:
                            raise TablebaseError(f"{move} leads to a square the table of {name} does not cover")
                        inside.append(child)
                    else:
                        child = shop.space(name, False).encode(pieces, pos.turn)
                        if child < 0:
                            raise TablebaseError(f"{move} leads to a square the table of {name} does not cover")
                        outside.append((name, key, child))
                pos.pop()
            verdict = rules.outcome(pos, legal)
            row = len(positions)
            positions.append(index)
            if verdict is not None:
                winner = verdict[0]
                status.append(DRAWN if winner is None else WON if winner == turn else LOST)
            else:
                status.append(PLAYING)
                child_index.extend(inside)
                child_row.extend([row] * len(inside))
                for name, key, child in outside:
                    exit_row.append(row)
                    exit_table.append(exits.setdefault((name, key), len(exits)))
                    exit_index.append(child)
        for sq in used:
            pos.put(sq, None)
    # moves to symmetric positions count once: un-moves find each (position, predecessor) pair once
    canonical = space.canonical_many(np.array(child_index, dtype=np.int64))
    pairs = np.unique(np.array(child_row, dtype=np.int64) * space.size + canonical)
    counts = np.bincount(pairs // space.size, minlength=len(positions)).astype(np.int32)
    return {
        "positions": np.array(positions, dtype=np.int64),
        "status": np.array(status, dtype=np.int8),
        "counts": counts,
        "exit_row": np.array(exit_row, dtype=np.int32),
        "exit_table": np.array(exit_table, dtype=np.int32),
        "exit_index": np.array(exit_index, dtype=np.int64),
        "exit_materials": np.array([m for m, _ in exits], dtype=str),
        "exit_layers": np.array([k for _, k in exits], dtype=str),
        "expanded": np.array([len(todo)], dtype=np.int64),
        "irregular": np.array(irregular, dtype=str),
    }


def _count_name(job: Job, start: int) -> str:
    return f"C0-{start}{'' if job.symmetric else '-all'}"


class Retrograde:
    """One table built backward from un-moves (see the module docstring)."""

    def __init__(self, builder: Builder, job: Job, path: Path) -> None:
        self.builder = builder
        self.job = job
        self.path = path
        self.shop = workshop(job.variant, job.options)
        self.space = self.shop.space(job.material, job.symmetric)
        self.layer = layer_key(self.shop.rules, empty_position(self.shop.rules))

    def why_not(self) -> str | None:
        """What stops un-moves for this material, in words (None: nothing)."""
        return decide(self.space, self.layer)

    def count(self) -> tuple[list[dict[str, Any]], str | None]:
        """Every range's count of moves, in index order (resuming from checkpoints), and the
        first move found that un-moves cannot take back (None: none)."""
        from .build import chunk_size

        job, space, builder = self.job, self.space, self.builder
        folder = checkpoint_folder(self.path)
        step = chunk_size(space.size)
        ranges = [(a, min(a + step, space.size)) for a in range(0, space.size, step)]
        found: dict[tuple[int, int], dict[str, Any]] = {}
        missing = []
        done = resumed = expanded = 0
        started = _now()
        for a, b in ranges:
            saved = load_chunk(folder, _count_name(job, a))
            if saved is None:
                missing.append((a, b))
            else:
                found[(a, b)] = saved
                done += b - a
                resumed += b - a
        for (a, b), result in builder.runner.run(job, self.layer, missing, work=count_moves):
            save_chunk(folder, _count_name(job, a), result)
            found[(a, b)] = result
            done += b - a
            expanded += int(result["expanded"][0])
            builder._report(job, "expanding", done, space.size, expanded, started, resumed)
        ordered = [found[r] for r in ranges]
        irregular = next((str(r["irregular"][0]) for r in ordered if len(r["irregular"])), None)
        return ordered, irregular

    def predecessors(self, indices: np.ndarray, per_position: bool) -> np.ndarray:
        """``unmoves.predecessors`` of a wave, in parts of at most ``_WAVE_PART`` positions (a
        part's un-moves are Python lists while found), spread over the builder's processes when
        the wave is large."""
        runner = self.builder.runner
        if len(indices) < _LOCAL_WAVE:
            return predecessors(self.job, self.layer, indices, per_position)
        parallel = runner.jobs > 1 or runner.scheduler
        parts = max(-(-len(indices) // _WAVE_PART), 4 * runner.jobs if parallel else 1)
        tasks = [(self.job, self.layer, part, per_position) for part in np.array_split(indices, parts) if len(part)]
        if parallel:
            results: dict[int, np.ndarray] = dict(runner.map(predecessors, tasks))
        else:
            results = {at: predecessors(*task) for at, task in enumerate(tasks)}
        found = np.concatenate([results[i] for i in range(len(tasks))])
        return found if per_position else np.unique(found)

    def solve(self, ordered: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
        """(value, plies) per index of the canonical positions (as ``solve.solve`` gives them)."""
        n = self.space.size
        value = np.full(n, NONE, dtype=np.int8)
        plies = np.zeros(n, dtype=np.uint16)
        decided = np.ones(n, dtype=bool)
        remaining = np.full(n, _CLOSED, dtype=np.int16)
        exit_win = np.zeros(n, dtype=np.uint16)  # 0: no winning move into another table
        exit_loss = np.zeros(n, dtype=np.uint16)  # 0: no losing one
        lost: list[np.ndarray] = []
        won: list[np.ndarray] = []
        for r in ordered:
            at, st = r["positions"], r["status"]
            value[at] = np.where(st == WON, WIN, np.where(st == LOST, LOSS, DRAW))
            playing = at[st == PLAYING]
            decided[playing] = False
            win, loss, open_ = self.builder._exits(self.job, r, len(at))
            remaining[playing] = (r["counts"] + open_)[st == PLAYING]
            exit_win[at] = np.maximum(win, 0)
            exit_loss[at] = np.maximum(loss, 0)
            lost.append(at[st == LOST])
            won.append(at[st == WON])
        lost_now = np.concatenate(lost) if lost else np.zeros(0, dtype=np.int64)
        won_now = np.concatenate(won) if won else np.zeros(0, dtype=np.int64)

        # losses decided later than the round their last move is known (a slow exit)
        pending: dict[int, list[np.ndarray]] = {}
        only_exits = np.flatnonzero((remaining == 0) & ~decided)
        for when in np.unique(exit_loss[only_exits]).tolist():
            if when > 0:
                pending.setdefault(int(when), []).append(only_exits[exit_loss[only_exits] == when])
        win_at = np.flatnonzero(exit_win > 0)
        win_at = win_at[np.argsort(exit_win[win_at], kind="stable")]
        win_when = exit_win[win_at]
        last_exit = int(win_when[-1]) if win_when.size else 0
        d = 0
        while True:
            d += 1
            self.builder._report(self.job, f"solving backward, ply {d}", 0, 0, 0, _now())
            # wins in d: a move to a position lost in d-1, or a winning exit of length d
            parents = self.predecessors(lost_now, per_position=False)
            exits_now = win_at[np.searchsorted(win_when, d, "left"):np.searchsorted(win_when, d, "right")]
            new_won = np.unique(np.concatenate([parents, exits_now]))
            new_won = new_won[~decided[new_won]]
            value[new_won] = WIN
            plies[new_won] = d
            decided[new_won] = True
            # losses in d: the last open move just turned out won for the opponent in d-1
            parents = self.predecessors(won_now, per_position=True)
            before, times = np.unique(parents, return_counts=True)
            remaining[before] -= times.astype(np.int16)
            if np.any(remaining[before] < 0):
                raise TablebaseError(
                    f"{self.job.material}: un-moves found more moves than the positions have (a bug)")
            candidates = before[(remaining[before] == 0) & ~decided[before]]
            later = np.maximum(exit_loss[candidates].astype(np.int64), d)
            new_lost = candidates[later <= d]
            for when in np.unique(later[later > d]).tolist():
                pending.setdefault(int(when), []).append(candidates[later == when])
            for late in pending.pop(d, []):
                new_lost = np.concatenate([new_lost, late[~decided[late]]])
            new_lost = np.unique(new_lost)
            value[new_lost] = LOSS
            plies[new_lost] = d
            decided[new_lost] = True
            lost_now, won_now = new_lost, new_won
            if not lost_now.size and not won_now.size and not pending and d >= last_exit:
                break
        return value, plies


def _now() -> float:
    return time.perf_counter()


def build_backward(builder: Builder, job: Job, path: Path, forced: bool) -> bool:
    """Build ``job``'s table from un-moves and write it to ``path``; False (nothing written) if
    un-moves do not serve its material, or a TablebaseError saying why if ``forced``."""
    from .build import _fill_symmetric

    retro = Retrograde(builder, job, path)
    reason = retro.why_not()
    if reason is None:
        ordered, irregular = retro.count()
        if irregular is not None:
            reason = f"the move {irregular} changes more than its piece's square"
            remove_checkpoints(checkpoint_folder(path))
    if reason is not None:
        if forced:
            raise TablebaseError(f"{job.material}: un-moves cannot be worked out from the rules here: {reason}")
        return False
    builder._report(job, "solving", 0, 1, 0, _now())
    value, plies = retro.solve(ordered)
    space = retro.space
    header = {
        "variant": job.variant, "options": [list(o) for o in job.options], "material": job.material,
        "layers": [retro.layer], "symmetries": space.symmetry_names, "format": 1,
    }
    write_table(path, header, [_fill_symmetric(space, value, plies)])
    remove_checkpoints(checkpoint_folder(path))
    builder._report(job, "done", 1, 1, 0, _now())
    return True
