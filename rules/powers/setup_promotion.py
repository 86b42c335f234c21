"""Promotion whose zones may depend on the chosen setup: the ``promotion`` power,
plus ``promotion_zone_by_piece`` in a setup's data overriding the variant's
``zone_by_piece`` (A Friendly Game's Mecklenbeck Pawn promotes on its 10th rank,
but on its 9th in Alternate Setup #2, whose pawns start one rank further up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import register
from .promotion import Promotion

if TYPE_CHECKING:
    from ..ruleset import Rules


@register("setup-promotion")
class SetupPromotion(Promotion):
    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        setup = rules.variant.setups.get(rules.options.get("setup", rules.variant.default_setup))
        overrides: dict[str, int] = dict(setup.data.get("promotion_zone_by_piece", {})) if setup else {}
        if not overrides:
            return
        for kind, depth in overrides.items():
            if kind in self.pieces:
                self.depth_by_piece[kind] = int(depth)
        self.set_zones()
