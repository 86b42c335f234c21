"""Promotion whose zones may depend on the chosen setup: the ``promotion`` power,
plus ``promotion_zone_by_piece`` in a setup's data overriding the variant's
``zone_by_piece`` (A Friendly Game's Mecklenbeck Pawn promotes on its 10th rank,
but on its 9th in Alternate Setup #2, whose pawns start one rank further up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import Fields
from . import register
from .promotion import Promotion

if TYPE_CHECKING:
    from ..ruleset import Rules


@register("setup-promotion")
class SetupPromotion(Promotion):
    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        setup = rules.variant.setups.get(rules.options.get("setup", rules.variant.default_setup))
        overrides: dict[str, int] = (
            Fields(rules.variant, f"setups.{setup.name}.data", setup.data).table_of("promotion_zone_by_piece", int)
            if setup else {}
        )
        if not overrides:
            return
        for kind, depth in overrides.items():
            if kind in self.pieces:
                if not 1 <= depth <= rules.geo.ranks:
                    raise rules.variant.data_error(
                        f"setups.{setup.name}.data", "promotion_zone_by_piece",  # type: ignore[union-attr]
                        f"promotion_zone_by_piece.{kind} must be from 1 to {rules.geo.ranks}, not {depth}",
                    )
                self.depth_by_piece[kind] = depth
        self.set_zones()
