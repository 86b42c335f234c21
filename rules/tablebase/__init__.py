"""Endgame tables for any variant: every position of a material, won, drawn or lost with best
play, and in how many plies (docs/tablebase.md).

``build_table(variant, material)`` builds (or loads from the cache folder) the table of a
material and every smaller table its captures and promotions reach; ``Table.probe(pos)``
answers for a position. Nothing here knows a variant: pieces' forms, the squares they stand
on and the board's symmetries are all found by asking the rules.

The names below load their modules on first use (PEP 562): the engine imports
``rules.tablebase.probe`` at start-up, and numpy should load only when a table is opened or
built, not with every game.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .build import Progress, build_table, make_job
    from .expand import TablebaseError
    from .pieces import MaterialError
    from .store import tables_folder
    from .table import Table
    from .values import DRAW, LOSS, WIN, Job, Probe

#: public name -> the module that defines it
_HOMES = {
    "DRAW": "values", "LOSS": "values", "WIN": "values", "Job": "values", "Probe": "values",
    "MaterialError": "pieces", "Progress": "build", "build_table": "build", "make_job": "build",
    "TablebaseError": "expand", "Table": "table", "tables_folder": "store",
}

__all__ = [
    "DRAW", "LOSS", "WIN", "Job", "MaterialError", "Probe", "Progress", "Table", "TablebaseError",
    "build_table", "make_job", "tables_folder",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)
