"""Asking the tables already built about a position, for the engine and the app.

A :class:`Shelf` lists the table files of one variant and options in the cache folder (a
directory listing, refreshed when the folder changes) and loads a table the first time a
position of its material is asked about. Where no table exists the answer costs one
``stat`` per search and a piece count per node.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..moves import Move
from ..position import Position
from ..ruleset import Rules
from .store import table_path, tables_folder
from .values import Job, Probe, job_options

if TYPE_CHECKING:
    from .table import Table


class Shelf:
    """The built tables of one variant and options (see the module docstring)."""

    def __init__(self, rules: Rules, folder: Path | None = None) -> None:
        self.rules = rules
        self.folder = folder
        self.options = job_options(rules)
        self._stamp: float | None = None
        self._materials: dict[str, Path] = {}
        self._tables: dict[str, Table] = {}
        #: most pieces of any table on the shelf (0: no table, so nothing to ask)
        self.most_pieces = 0
        self._lock = threading.Lock()

    def refresh(self) -> None:
        """List the folder again if it changed since the last look."""
        folder = self.folder or tables_folder()
        try:
            stamp = folder.stat().st_mtime
        except OSError:
            stamp = None
        if stamp == self._stamp:
            return
        self._stamp = stamp
        found: dict[str, Path] = {}
        if stamp is not None:
            probe = table_path(Job(self.rules.variant.id, self.options, "MATERIAL"), folder).name
            head, _, tail = probe.partition("-MATERIAL-")
            for name in os.listdir(folder):
                if name.startswith(head + "-") and name.endswith("-" + tail):
                    found[name[len(head) + 1:-len(tail) - 1]] = folder / name
        self._materials = found
        self.most_pieces = max((sum(c.isupper() for c in m) for m in found), default=0)

    def materials(self) -> list[str]:
        return sorted(self._materials)

    def table(self, material: str) -> Table | None:
        path = self._materials.get(material)
        if path is None:
            return None
        with self._lock:
            found = self._tables.get(material)
            if found is None:
                # numpy and the table code load here, with the first table opened, not at start-up
                from .store import read_table
                from .table import Table

                header, layers = read_table(path)
                found = self._tables[material] = Table(
                    Job(self.rules.variant.id, self.options, material), header, layers
                )
        return found

    def probe(self, pos: Position) -> Probe | None:
        """The table's answer for ``pos``, if a table of its material is on the shelf."""
        if not self.most_pieces:
            return None
        pieces = pos.pieces()
        if len(pieces) > self.most_pieces + 1:  # letters undercount pieces of two-letter names
            return None
        from .expand import workshop_of  # a table is on the shelf, so numpy is wanted anyway

        name = workshop_of(self.rules).material_of(pieces)
        table = self.table(name)
        return table.probe(pos) if table is not None else None

    def best_move(self, pos: Position) -> tuple[Move, Probe, Probe] | None:
        """(move, the position's answer, the answer after the move) for the quickest win, the
        slowest loss or a move that keeps the draw; None where no table answers."""
        here = self.probe(pos)
        if here is None:
            return None
        best: tuple[Any, Move, Probe] | None = None
        for move in self.rules.legal_moves(pos):
            pos.push(move)
            try:
                after = self.probe(pos)
            finally:
                pos.pop()
            if after is None:
                continue
            # the mover's view of the move: win soonest, lose latest, else draw
            rank = (after.value, after.plies if after.value < 0 else -after.plies)
            if best is None or rank < best[0]:
                best = (rank, move, after)
        if best is None:
            return None
        return best[1], here, best[2]


_SHELVES_LOCK = threading.Lock()


def shelf(rules: Rules) -> Shelf:
    """The shelf of ``rules``' variant and options in the current tables folder, refreshed
    (kept in ``rules.memo``, so it goes with its Rules)."""
    folder = str(tables_folder())
    with _SHELVES_LOCK:
        shelves: dict[str, Shelf] = rules.memo.setdefault("tablebase-shelves", {})
        found = shelves.get(folder)
        if found is None:
            found = shelves[folder] = Shelf(rules)
    found.refresh()
    return found
