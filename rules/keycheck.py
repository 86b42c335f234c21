"""Every key of a variant checked against the schema: unknown keys, kinds, ranges, ids.

The variant's merged table (its own over its parents') is walked along
:mod:`rules.schema`; each fault is one problem with the line of the key in the
variant's own file. A fault in a value the variant inherits is reported too (a
child that shrinks the board can push a parent's zone off it), without a line.
Piece ids, option names and squares are judged against the merged variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from . import schema
from .betza import idle_modifiers, overlaps, parse_betza
from .datafields import is_kind, short_repr
from .errors import BetzaError
from .movement import idle_movement
from .tomllines import key_lines

Problem = tuple[int | None, str]

_SQUARE = re.compile(r"^([a-z])([1-9][0-9]?)$")

_PHRASES: dict[str, str] = {
    "string": "a string",
    "integer": "a whole number",
    "number": "a number",
    "boolean": "true or false",
    "strings": "a list of strings",
    "integers": "a list of whole numbers",
    "piece": "a piece id (a string)",
    "pieces": "a list of piece ids",
    "pieces-or-pool": 'a list of piece ids or "pool"',
    "betza": "a Betza string",
    "placement": "a placement string",
    "squares": "a list of square names",
    "option": "the name of an option (a string)",
    "value": "true/false, a whole number or a string",
    "values": "a list of true/false, whole numbers or strings",
    "table": "a table",
    "any": "any value",
}


@dataclass(frozen=True)
class Context:
    """What ids and squares a variant's values may name."""

    files: int
    ranks: int
    pieces: frozenset[str]
    options: frozenset[str]
    extra_squares: frozenset[str]

    def is_square(self, name: str) -> bool:
        if name in self.extra_squares:
            return True
        match = _SQUARE.match(name)
        if not match:
            return False
        return ord(match.group(1)) - ord("a") < self.files and 1 <= int(match.group(2)) <= self.ranks


def context_of(merged: dict[str, Any]) -> Context:
    """The board, piece ids and option names of a merged variant table (bad values: the defaults)."""
    files = merged.get("files", 8)
    ranks = merged.get("ranks", 8)
    files = files if is_kind(files, int) and 1 <= files <= 26 else 8
    ranks = ranks if is_kind(ranks, int) and 1 <= ranks <= 26 else 8
    pieces = merged.get("pieces", {})
    options = merged.get("options", {})
    setups = merged.get("setups", {})
    promotion = merged.get("promotion", {})
    names = {"fifty_move_rule", *(options if isinstance(options, dict) else ())}
    if isinstance(setups, dict) and len(setups) > 1:
        names.add("setup")
    if isinstance(promotion, dict) and promotion.get("choices") == "pool":
        names.add("empty_pool_promotion")
    extras = merged.get("extra_squares", [])
    return Context(
        files,
        ranks,
        frozenset(pieces if isinstance(pieces, dict) else ()),
        frozenset(names),
        frozenset(e for e in extras if isinstance(e, str)) if isinstance(extras, list) else frozenset(),
    )


def writes(table: dict[str, Any], path: tuple[str, ...]) -> bool:
    """Whether the variant's own table writes this key."""
    node: Any = table
    for part in path:
        if not isinstance(node, dict) or part not in node:
            return False
        node = node[part]
    return True


def _named(path: tuple[str, ...]) -> str:
    """A key as messages name it: 'files' at the top, promotion.zone (as the powers write it) below."""
    return repr(path[0]) if len(path) == 1 else ".".join(path)


def _range_text(low: int, high: int) -> str:
    return f"from {low} to {high}"


def _wrong(dotted: str, kind: str, value: Any) -> str:
    return f"{dotted} must be {_PHRASES[kind]}, not {short_repr(value)}"


class _Walk:
    def __init__(self, vid: str, own: dict[str, Any], text: str, ctx: Context) -> None:
        self.vid = vid
        self.own = own
        self.text = text
        self.ctx = ctx
        self.problems: list[Problem] = []

    def line(self, path: tuple[str, ...]) -> int | None:
        """The line of a key (the text is read for lines only when there is a problem to place)."""
        return key_lines(self.text).find(("variant", self.vid, *path))

    def report(self, path: tuple[str, ...], message: str) -> None:
        if writes(self.own, path):
            self.problems.append((self.line(path), message))
        else:
            self.problems.append((None, f"{message} (a value inherited from a parent variant)"))

    def table(self, table_path: str, value: dict[str, Any], path: tuple[str, ...]) -> None:
        spec = schema.table(table_path)
        for name, item in value.items():
            key = spec.keys.get(name, spec.entry)
            where = (*path, name)
            if key is None:
                if not writes(self.own, where):
                    continue  # the parent's own file is reported for it
                known = ", ".join(spec.keys) or "none"
                header = ".".join(("variant", self.vid, *path))
                self.report(where, f"unknown key {short_repr(name)} in [{header}]; its keys are: {known}")
                continue
            if key is spec.entry:
                self.entry_name(key, name, path)
            self.value(key, item, where)
        for key in spec.keys.values():
            if key.required and key.name not in value:
                header = ".".join(("variant", self.vid, *path))
                self.problems.append((self.line(path), f"[{header}] needs the key {key.name!r}: {key.doc}"))

    def entry_name(self, key: schema.KeySpec, name: str, path: tuple[str, ...]) -> None:
        """An entry named ``<piece>`` or ``<option>`` must name one."""
        dotted = _named(path)
        if key.name == "<piece>" and name not in self.ctx.pieces:
            self.report((*path, name), f"{dotted} names {short_repr(name)}, which is not a piece of this variant")
        elif key.name == "<option>" and name not in self.ctx.options:
            self.report((*path, name), f"{dotted} names {short_repr(name)}, which is not an option of this variant")

    def value(self, key: schema.KeySpec, value: Any, path: tuple[str, ...]) -> None:
        fault = self.fault(key, value, _named(path))
        if fault is not None:
            self.report(path, fault)
        elif key.kind == "table" and key.table is not None:
            self.table(key.table, value, path)

    def fault(self, key: schema.KeySpec, value: Any, dotted: str) -> str | None:
        """What is wrong with one value, or None."""
        kind = key.kind
        if kind in ("string", "piece", "option", "betza", "placement"):
            if not isinstance(value, str):
                return _wrong(dotted, kind, value)
            items: list[Any] = [value]
        elif kind in ("strings", "pieces", "squares"):
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return _wrong(dotted, kind, value)
            items = value
        elif kind == "pieces-or-pool":
            if value == "pool":
                return None
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                return _wrong(dotted, kind, value)
            items = value
        elif kind == "integer":
            if not is_kind(value, int):
                return _wrong(dotted, kind, value)
            items = [value]
        elif kind == "integers":
            if not isinstance(value, list) or not all(is_kind(v, int) for v in value):
                return _wrong(dotted, kind, value)
            items = value
        elif kind == "number":
            return None if is_kind(value, (int, float)) else _wrong(dotted, kind, value)
        elif kind == "boolean":
            return None if isinstance(value, bool) else _wrong(dotted, kind, value)
        elif kind == "any":
            return None
        elif kind == "value":
            return None if is_kind(value, (bool, int, str)) else _wrong(dotted, kind, value)
        elif kind == "values":
            ok = isinstance(value, list) and all(is_kind(v, (bool, int, str)) for v in value)
            return None if ok else _wrong(dotted, kind, value)
        else:  # a table
            return None if isinstance(value, dict) else _wrong(dotted, kind, value)
        for item in items:
            found = self.item_fault(key, item, dotted)
            if found is not None:
                return found
        return None

    def item_fault(self, key: schema.KeySpec, item: Any, dotted: str) -> str | None:
        ctx = self.ctx
        kind = key.kind
        if key.choices and item not in key.choices:
            shown = ", ".join(repr(c) for c in key.choices)
            return f"{dotted} must be one of {shown}, not {short_repr(item)}"
        if key.range is not None and isinstance(item, int):
            low = schema.resolve_bound(key.range[0], ctx.files, ctx.ranks)
            high = schema.resolve_bound(key.range[1], ctx.files, ctx.ranks)
            if not low <= item <= high:
                return f"{dotted} must be {_range_text(low, high)}, not {item}"
        if kind in ("piece", "pieces", "pieces-or-pool") and item not in ctx.pieces:
            return f"{dotted} names {short_repr(item)}, which is not a piece of this variant"
        if kind == "option" and item not in ctx.options:
            return f"{dotted} names {short_repr(item)}, which is not an option of this variant"
        if kind == "squares" and not ctx.is_square(item):
            return f"{dotted} names {short_repr(item)}, which is not a square of the {ctx.files}x{ctx.ranks} board"
        if kind == "betza" and item:  # an empty row: a piece with no moves of its own
            try:
                parse_betza(item)
            except BetzaError as exc:
                return f"{dotted}: {exc.args[0].splitlines()[0]}"
        return None


def key_problems(vid: str, merged: dict[str, Any], own: dict[str, Any], text: str) -> list[Problem]:
    """Every fault of the variant's keys against the schema, in the order the schema walks them."""
    walk = _Walk(vid, own, text, context_of(merged))
    walk.table("variant", merged, ())
    return walk.problems


def betza_warnings(vid: str, merged: dict[str, Any], own: dict[str, Any], text: str) -> list[Problem]:
    """Betza atoms that overlap or modifiers that do nothing, for the pieces this file writes.

    Read from the tables, so they are reported even when the variant has errors too."""
    pieces = merged.get("pieces", {})
    out: list[Problem] = []
    if not isinstance(pieces, dict):
        return out
    for pid, row in pieces.items():
        watched = ("betza", "tracks_moved", "betza_in", "hurdles_exclude", "captures_exclude", "initial_region")
        if not isinstance(row, dict) or not any(writes(own, ("pieces", pid, k)) for k in watched):
            continue
        betza = row.get("betza", "")
        if not isinstance(betza, str) or not betza:
            continue
        try:
            atoms = parse_betza(betza)
        except BetzaError:
            continue  # an error, reported by the schema check
        # First moves tied to ranks or a region need no memory of having moved.
        tied = bool(row.get("initial_ranks") or row.get("initial_region"))
        found = overlaps(atoms) + idle_modifiers(atoms, row.get("tracks_moved", False) is True or tied)
        found += idle_movement(row, atoms)
        line = key_lines(text).find(("variant", vid, "pieces", pid, "betza")) if found else None
        out.extend((line, f"piece {pid!r} ({betza}): {fault}") for fault in found)
    return out
