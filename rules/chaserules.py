"""The chasing rule's keys (``perpetual_chase = "loss"`` in ``[variant.<id>.outcomes]``): who
may chase what, read into a :class:`ChaseRule`. rules/chasing.py finds the chases; this module
only reads the keys.

* ``chase_values``: piece id -> value. An attack on an enemy piece worth more than the
  attacker is a chase even when that piece is protected (Xiangqi: a horse or cannon on a
  chariot, an elephant or advisor on a chariot, cannon or horse). Pieces not listed are worth 0.
* ``chase_free``: piece ids whose attacks never chase (Xiangqi: the soldier); the royal
  pieces never chase either (their attacks are not chases, and an attack on them is a check).
* ``chase_immune``: piece id -> region (of the piece's own side) where that piece may be
  attacked freely, or ``"everywhere"`` (Xiangqi: ``soldier = "own_half"``, a soldier that has
  not crossed the river).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .datafields import short_repr

#: A ``chase_immune`` value meaning the piece is never chased, wherever it stands.
EVERYWHERE = "everywhere"


@dataclass(frozen=True)
class ChaseRule:
    """Who chases what in the chasing rule."""

    #: (piece id, value) pairs: attacking a piece worth more than the attacker always chases.
    values: tuple[tuple[str, float], ...] = ()
    #: Piece ids whose attacks never chase (besides the royal pieces).
    free: tuple[str, ...] = ()
    #: (piece id, region or "everywhere"): where a piece of that kind may be attacked freely.
    immune: tuple[tuple[str, str], ...] = ()

    def value(self, kind: str) -> float:
        return dict(self.values).get(kind, 0.0)

    def immune_region(self, kind: str) -> str | None:
        """The region where ``kind`` may be attacked freely ("everywhere"), or None."""
        return dict(self.immune).get(kind)


def read_chasing(
    table: dict[str, Any], regions: set[str], piece_ids: set[str], faults: list[tuple[str, str]]
) -> ChaseRule | None:
    """The chasing rule of an outcomes table (None unless ``perpetual_chase = "loss"``); appends
    (key, message) for each fault the schema cannot see (unknown piece ids and regions)."""
    if table.get("perpetual_chase") != "loss":
        return None

    def known(key: str, pid: str) -> bool:
        if pid in piece_ids:
            return True
        faults.append((key, f"outcomes.{key} names {short_repr(pid)}, which is not a piece of this variant"))
        return False

    values: list[tuple[str, float]] = []
    raw_values = table.get("chase_values", {})
    if isinstance(raw_values, dict):
        for pid, value in raw_values.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool) and known("chase_values", pid):
                values.append((pid, float(value)))
    free: list[str] = []
    raw_free = table.get("chase_free", [])
    if isinstance(raw_free, list):
        free = [pid for pid in raw_free if isinstance(pid, str) and known("chase_free", pid)]
    immune: list[tuple[str, str]] = []
    raw_immune = table.get("chase_immune", {})
    if isinstance(raw_immune, dict):
        for pid, where in raw_immune.items():
            if not isinstance(where, str) or not known("chase_immune", pid):
                continue
            if where != EVERYWHERE and where not in regions:
                faults.append(("chase_immune", f"outcomes.chase_immune.{pid} must name a region or "
                                               f"\"{EVERYWHERE}\", not {short_repr(where)}"))
                continue
            immune.append((pid, where))
    return ChaseRule(tuple(values), tuple(free), tuple(immune))
