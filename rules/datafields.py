"""Typed reading of variant-file tables, for the variant loader and the powers.

A variant file is user input: any key may hold any TOML value. Every read here
checks the value's type (and range where one is given) and raises
:class:`~rules.errors.VariantFileError` naming the file, the key and the fault,
quoting at most a short excerpt of the bad value. Nothing here executes code.
"""

from __future__ import annotations

import reprlib
from typing import TYPE_CHECKING, Any

from .betza import Atom, parse_betza
from .errors import BetzaError, VariantFileError

if TYPE_CHECKING:  # variant.py (the same layer) imports this module
    from .variant import VariantDef

_SHORT = reprlib.Repr()
_SHORT.maxstring = 40
_SHORT.maxother = 40
_SHORT.maxlist = 4
_SHORT.maxtuple = 4
_SHORT.maxdict = 3
_SHORT.maxlevel = 2

_KIND_NAMES: dict[type, str] = {
    int: "a whole number",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "a table",
    bool: "true or false",
}


def short_repr(value: object) -> str:
    """A bounded excerpt of a value for an error message (never the whole of a huge input)."""
    return _SHORT.repr(value)


def kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(_KIND_NAMES.get(k, k.__name__) for k in kinds)


def is_kind(value: object, kind: type | tuple[type, ...]) -> bool:
    """isinstance, except that true/false is not a number."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool):
        return bool in kinds
    return isinstance(value, kinds)


class Fields:
    """One table of a variant (``promotion``, ``castling``, ``data.ferry``, a piece's data).

    ``where`` is the table's dotted path inside ``[variant.<id>]``; it names the
    key in every message.
    """

    def __init__(self, variant: VariantDef, where: str, table: Any) -> None:
        self.variant = variant
        self.where = where
        if table is None:
            table = {}
        if not isinstance(table, dict):
            raise self.error("", f"{where} must be a table, not {short_repr(table)}")
        self.table: dict[str, Any] = table

    def __contains__(self, key: str) -> bool:
        return key in self.table

    def error(self, key: str, message: str) -> VariantFileError:
        return self.variant.data_error(self.where, key, message)

    def name(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def value(self, key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        value = self.table.get(key, default)
        if key in self.table and not is_kind(value, kind):
            raise self.error(key, f"{self.name(key)} must be {kind_name(kind)}, not {short_repr(value)}")
        return value

    def text(self, key: str, default: str) -> str:
        return str(self.value(key, str, default))

    def flag(self, key: str, default: bool) -> bool:
        return bool(self.value(key, bool, default))

    def integer(self, key: str, default: int, low: int | None = None, high: int | None = None) -> int:
        value = int(self.value(key, int, default))
        if key in self.table:
            self.check_range(key, value, low, high)
        return value

    def check_range(self, key: str, value: int, low: int | None, high: int | None) -> None:
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"from {low} to {high}" if low is not None and high is not None else (
                f"at least {low}" if low is not None else f"at most {high}"
            )
            raise self.error(key, f"{self.name(key)} must be {bounds}, not {value}")

    def texts(self, key: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        """A list of strings."""
        value = self.table.get(key, list(default))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(key, f"{self.name(key)} must be a list of strings, not {short_repr(value)}")
        return tuple(value)

    def integers(self, key: str, low: int | None = None, high: int | None = None) -> tuple[int, ...]:
        value = self.table.get(key, [])
        if not isinstance(value, list) or not all(is_kind(v, int) for v in value):
            raise self.error(key, f"{self.name(key)} must be a list of whole numbers, not {short_repr(value)}")
        for v in value:
            self.check_range(key, v, low, high)
        return tuple(value)

    def piece_ids(self, key: str, default: tuple[str, ...] = ()) -> tuple[str, ...]:
        """A list of piece ids of this variant."""
        ids = self.texts(key, default)
        unknown = [p for p in ids if p not in self.variant.pieces]
        if unknown:
            raise self.error(
                key, f"{self.name(key)} names {short_repr(unknown[0])}, which is not a piece of this variant"
            )
        return ids

    def piece_id(self, key: str, default: str) -> str:
        value = self.text(key, default)
        if key in self.table and value not in self.variant.pieces:
            raise self.error(key, f"{self.name(key)} names {short_repr(value)}, which is not a piece of this variant")
        return value

    def sub(self, key: str) -> Fields:
        """A nested table (absent: empty)."""
        return Fields(self.variant, self.name(key), self.table.get(key, {}))

    def table_of(self, key: str, kind: type | tuple[type, ...]) -> dict[str, Any]:
        """A table whose every value has one type."""
        value = self.table.get(key, {})
        if not isinstance(value, dict):
            raise self.error(key, f"{self.name(key)} must be a table, not {short_repr(value)}")
        for k, v in value.items():
            if not is_kind(v, kind):
                raise self.error(key, f"{self.name(key)}.{k} must be {kind_name(kind)}, not {short_repr(v)}")
        return dict(value)

    def option_name(self, key: str, default: str = "") -> str:
        """The name of one of the variant's options (absent key: ``default``, unchecked)."""
        name = self.text(key, default)
        if key in self.table and name not in self.variant.options:
            raise self.error(key, f"{self.name(key)} names no option of this variant: {short_repr(name)}")
        return name

    def betza(self, key: str, default: str) -> tuple[Atom, ...]:
        text = self.text(key, default)
        try:
            return parse_betza(text)
        except BetzaError as exc:
            raise self.error(key, f"{self.name(key)}: {exc.args[0].splitlines()[0]}") from None


def variant_fields(variant: VariantDef, where: str) -> Fields:
    """The table at ``where``: ``promotion``, ``castling``, ``data`` or ``data.<name>``."""
    if where == "promotion":
        return Fields(variant, where, variant.promotion)
    if where == "castling":
        return Fields(variant, where, variant.castling)
    if where == "data":
        return Fields(variant, where, variant.data)
    head, _, rest = where.partition(".")
    if head != "data" or not rest:
        raise ValueError(f"no variant table {where!r}")
    return Fields(variant, where, variant.data.get(rest, {}))
