"""Endgame tables for any variant: every position of a material, won, drawn or lost with best
play, and in how many plies (docs/tablebase.md).

``build_table(variant, material)`` builds (or loads from the cache folder) the table of a
material and every smaller table its captures and promotions reach; ``Table.probe(pos)``
answers for a position. Nothing here knows a variant: pieces' forms, the squares they stand
on and the board's symmetries are all found by asking the rules.
"""

from .build import Progress, build_table, make_job
from .expand import Job, TablebaseError
from .pieces import MaterialError
from .solve import DRAW, LOSS, WIN
from .store import tables_folder
from .table import Probe, Table

__all__ = [
    "DRAW", "LOSS", "WIN", "Job", "MaterialError", "Probe", "Progress", "Table", "TablebaseError",
    "build_table", "make_job", "tables_folder",
]
