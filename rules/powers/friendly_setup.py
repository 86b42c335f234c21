"""Ordered rows of a start array that Black reads "left to right" from its own side.

A setup's data ``second_row = N`` names White's rank holding the ordered row; Black's
copy is on the rank mirrored across the board. The option ``second_row`` says how
Black reads the order: ``rotational`` (default; from Black's own left, so Black's
row is White's turned half round) or ``mirror`` (on the same files as White's).

A setup with ``free_order = true`` takes Black's chosen order from the option
``second_row_order``: piece ids separated by commas, in the order the rules text
lists the standard row (White's file a first). It must hold the same pieces as the
standard row, with the same pieces (the Bodyguards) on the centre files. Bad orders
raise :class:`~rules.errors.SetupError` when the game's rules are made.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..datafields import Fields
from ..errors import SetupError
from ..placement import parse_piece_tokens
from . import Power, register

if TYPE_CHECKING:
    from ..ruleset import Rules


@register("friendly-setup")
class FriendlySetup(Power):
    description = "Black's second row follows White's order, read from Black's side."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        options = rules.options
        name = options.get("setup", rules.variant.default_setup)
        setup = rules.variant.setups[name]
        data = Fields(rules.variant, f"setups.{name}.data", setup.data)
        self.rank: int | None = data.integer("second_row", 0, 1, rules.geo.ranks) or None
        data.flag("free_order", False)
        self.mirror = options.get("second_row", "rotational") == "mirror"
        self.order: list[str] | None = None
        text = str(options.get("second_row_order", "") or "")
        if text:
            if not setup.data.get("free_order"):
                free = [n for n, s in rules.variant.setups.items() if s.data.get("free_order") is True]
                raise SetupError(
                    f"Black's own second-row order (Second row order) applies only to setup "
                    f"{' or '.join(free) or 'none'}, not to {name}"
                )
            self.order = self._parse_order(setup.placement, text)

    def _standard_row(self, placement: str) -> list[str]:
        assert self.rank is not None
        rows = placement.split("/")
        row = rows[len(rows) - self.rank]
        kinds: list[str] = []
        for item in parse_piece_tokens(self.rules, row, f"rank {self.rank}"):
            if isinstance(item, int):
                raise SetupError(f"setup row on rank {self.rank} must be full to be reordered")
            kinds.append(item[0].kind)
        return kinds

    def _parse_order(self, placement: str, text: str) -> list[str]:
        standard = self._standard_row(placement)
        order = [w for w in re.split(r"[\s,]+", text.strip().lower()) if w]
        unknown = [w for w in order if w not in self.rules.types]
        if unknown:
            raise SetupError(f"Black's second-row order names unknown piece(s): {', '.join(unknown)}")
        if len(order) != len(standard):
            raise SetupError(
                f"Black's second-row order must list {len(standard)} pieces, one per file; it lists {len(order)}"
            )
        if sorted(order) != sorted(standard):
            missing = sorted(set(standard) - set(order)) or [
                k for k in set(standard) if order.count(k) != standard.count(k)
            ]
            names = sorted(self.rules.types[k].name if k in self.rules.types else k for k in missing)
            raise SetupError(
                "Black's second-row order must hold the pieces of the standard row, each as often "
                f"as there: check {', '.join(names)}"
            )
        half = len(standard) // 2
        centre = slice(half - 1, half + 1) if len(standard) % 2 == 0 else slice(half, half + 1)
        if sorted(order[centre]) != sorted(standard[centre]):
            names = [self.rules.types[k].name for k in standard[centre]]
            wanted = f"both {names[0]}s" if len(set(names)) == 1 and len(names) > 1 else " and ".join(names)
            raise SetupError(f"Black's second row must keep {wanted} on the centre files")
        return order

    def start_placement(self, placement: str) -> str:
        if self.rank is None or (self.order is None and not self.mirror):
            return placement
        rows = placement.split("/")
        order = self.order if self.order is not None else self._standard_row(placement)
        black = order if self.mirror else list(reversed(order))
        rows[len(rows) - self.rank] = "".join(self._token(k, 0) for k in order)
        rows[self.rank - 1] = "".join(self._token(k, 1) for k in black)
        return "/".join(rows)

    def _token(self, kind: str, color: int) -> str:
        letter = self.rules.types[kind].letter
        text = letter if color == 0 else letter.lower()
        return text if len(letter) == 1 else "{" + text + "}"
