"""A variant's definition as data: its options, setups and everything loading found in its table.

These are the values the rules engine is built from. Building them from a variant file's
merged table, and checking that table, is :mod:`rules.build`; finding and reading the
files is :mod:`rules.catalogue`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .datafields import short_repr
from .errors import OptionError, VariantFileError
from .outcomes import DEFAULT_OUTCOMES, Outcomes
from .pieces import PieceType
from .regions import Region
from .tomllines import key_line

_WHOLE_NUMBER = re.compile(r"^-?[0-9]{1,9}$")  # ASCII digits only: int() refuses some others

#: A problem found in a variant file: its line (None where unknown) and what is wrong.
Problem = tuple[int | None, str]


@dataclass(frozen=True)
class OptionDef:
    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str = ""
    choice_descriptions: dict[str, str] = field(default_factory=dict, compare=False)
    #: Any text is accepted (``free_text = true``); the power reading it checks it.
    free_text: bool = False

    def validate(self, value: Any, variant: str) -> Any:
        if self.free_text:
            if not isinstance(value, str):
                raise OptionError(
                    f"option {self.name!r} of variant {variant!r} takes text, not {short_repr(value)}"
                )
            return value.strip()
        if isinstance(value, str) and all(isinstance(c, bool) for c in self.choices):
            lowered = value.strip().lower()
            if lowered in ("true", "on", "yes", "1"):
                value = True
            elif lowered in ("false", "off", "no", "0"):
                value = False
        elif isinstance(value, str) and isinstance(self.default, int) and _WHOLE_NUMBER.match(value.strip()):
            value = int(value)
        if value not in self.choices or type(value) is not type(self.default):
            shown = ", ".join(repr(c) for c in self.choices)
            raise OptionError(
                f"option {self.name!r} of variant {variant!r} cannot be {short_repr(value)}; "
                f"choose one of: {shown}"
            )
        return value


@dataclass(frozen=True)
class Setup:
    name: str
    placement: str
    description: str = ""
    data: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass
class VariantDef:
    """A variant's data after parent merging and validation."""

    id: str
    name: str
    description: str
    files: int
    ranks: int
    extra_squares: tuple[str, ...]
    pieces: dict[str, PieceType]
    royal: tuple[str, ...]
    royal_mode: str
    lose_without_royals: bool
    powers: tuple[str, ...]
    setups: dict[str, Setup]
    default_setup: str
    promotion: dict[str, Any]
    castling: dict[str, Any]
    options: dict[str, OptionDef]
    zones: dict[str, Any]
    data: dict[str, Any]
    source: str
    hidden: bool = False
    raw: dict[str, Any] = field(default_factory=dict, repr=False)
    #: The text of the file that defines the variant (for the lines of later errors).
    text: str = field(default="", repr=False, compare=False)
    #: Named square sets of ``[variant.<id>.regions]`` (see :mod:`rules.regions`).
    regions: dict[str, Region] = field(default_factory=dict)
    #: False: royal pieces of the two sides may not stand on one file with nothing between.
    royals_may_face: bool = True
    #: End rules besides checkmate (``[variant.<id>.outcomes]``, rules/outcomes.py).
    outcomes: Outcomes = DEFAULT_OUTCOMES
    #: How the second side reads Betza: "rotate" (its own left and right, as Fairy-Stockfish
    #: and the Interactive Diagram) or "mirror" (the board's left and right, as White's).
    orientation: str = "rotate"

    def data_error(self, table: str, key: str, message: str) -> VariantFileError:
        """A fault a power found in this variant's data, with its line where it can be found."""
        full = f"variant.{self.id}.{table}" if table else f"variant.{self.id}"
        line = key_line(self.text, full, key) if key and self.text else None
        return VariantFileError(self.source, [(line, f"variant {self.id!r}: {message}")])

    def piece_by_letter(self) -> dict[str, str]:
        return {t.letter: t.id for t in self.pieces.values()}

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Every option's value: the defaults overridden by ``given``, validated."""
        values = {name: opt.default for name, opt in self.options.items()}
        for name, value in (given or {}).items():
            opt = self.options.get(name)
            if opt is None:
                known = ", ".join(sorted(self.options)) or "none"
                raise OptionError(
                    f"variant {self.id!r} has no option {short_repr(name)}; its options are: {known}"
                )
            values[name] = opt.validate(value, self.id)
        return values


