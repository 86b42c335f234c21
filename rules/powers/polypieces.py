"""Two-form piece families (polypieces) as the variant data describes them.

Not a power itself: the flip, promotion and starting-form powers share this
reading of the variant's ``data.families`` and ``data.flip_modes`` tables.

* ``[variant.<id>.data.families.<name>]``: ``forms`` (two piece ids) and an
  optional ``option``, a game option without which the family does not exist.
* ``[variant.<id>.data.flip_modes]``: option name -> ``"same"`` or
  ``"opposite"``. While one of these options is on, flips also reach the
  Pocket and moves to and from it, and promotion must keep every family in one
  form (``same``) or each colour in the form opposite to the other's
  (``opposite``). At most one of them may be on.
* ``[variant.<id>.data.pocket]``: ``square``, the extra square's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..datafields import Fields, short_repr, variant_fields
from ..errors import OptionError, VariantFileError

if TYPE_CHECKING:
    from ..ruleset import Rules

MODES = ("same", "opposite")


@dataclass(frozen=True)
class Family:
    name: str
    forms: tuple[str, str]

    def other(self, kind: str) -> str:
        return self.forms[1] if kind == self.forms[0] else self.forms[0]


class Families:
    """The families active under a game's options, and the flip mode."""

    def __init__(self, rules: Rules) -> None:
        variant = rules.variant
        fields = variant_fields(variant, "data")
        self.by_kind: dict[str, Family] = {}
        self.families: list[Family] = []
        for name, row in fields.table_of("families", dict).items():
            forms = row.get("forms") if isinstance(row, dict) else None
            if not (
                isinstance(forms, list) and len(forms) == 2
                and all(isinstance(f, str) and f in variant.pieces for f in forms)
            ):
                raise VariantFileError(
                    variant.source,
                    [(None, f"family {name!r} needs forms = two piece ids of {variant.id!r}, not {short_repr(forms)}")],
                )
            gate = Fields(variant, f"data.families.{name}", row).option_name("option") if "option" in row else None
            if gate is not None and not rules.options.get(gate, False):
                continue
            family = Family(name, (forms[0], forms[1]))
            self.families.append(family)
            for kind in forms:
                self.by_kind[kind] = family
        modes = fields.table_of("flip_modes", str)
        chosen = [(opt, mode) for opt, mode in modes.items() if rules.options.get(opt, False)]
        for opt, mode in chosen:
            if mode not in MODES:
                raise VariantFileError(
                    variant.source,
                    [(None, f"flip mode of option {opt!r} must be 'same' or 'opposite', not {short_repr(mode)}")],
                )
        if len(chosen) > 1:
            names = " and ".join(repr(opt) for opt, _ in chosen)
            raise OptionError(
                f"options {names} of variant {variant.id!r} contradict each other: "
                f"choose at most one of them"
            )
        #: "same", "opposite" or None (flips stay on the board).
        self.mode: str | None = chosen[0][1] if chosen else None
        pocket_name = fields.sub("pocket").text("square", "")
        self.pocket: int = rules.geo.index.get(pocket_name, -1) if pocket_name else -1

    @property
    def reach_pocket(self) -> bool:
        return self.mode is not None and self.pocket >= 0

    def scope(self, board_size: int) -> range | list[int]:
        """Squares whose pieces a flip reaches."""
        if self.reach_pocket:
            return [*range(board_size), self.pocket]
        return range(board_size)
