"""Writing a variant's table back into its TOML file, keeping what the author wrote.

The variant file stays the single source of truth: the designer reads it, and on saving
changes only the lines of the keys whose values changed (a value's own line or lines are
rewritten; a removed key's lines go; a new key goes at the end of its table; a new table at
the end of the variant's tables). Every other line, comments and blank lines included, is
kept as it was. A comment on a rewritten line goes with the old value.

Where the file writes the variant in a shape this line editing does not follow (dotted keys,
a quoted table name), the variant's own block is written afresh instead; the result is always
read back and compared with the table, so a save never writes something else. No Qt here.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
Path_ = tuple[str, ...]


def toml_key(key: str) -> str:
    return key if BARE_KEY.match(key) else json.dumps(key, ensure_ascii=False)


def toml_value(value: Any) -> str:
    """One value in TOML syntax, on one line (nested tables inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        # JSON's string escapes are TOML's basic-string escapes.
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write a {type(value).__name__} to TOML")


def _header(path: Path_) -> str:
    return "[" + ".".join(toml_key(p) for p in path) + "]"


def _section_lines(path: Path_, table: dict[str, Any]) -> list[str]:
    """A table as sections: its plain keys under its header, then each sub-table as sections of
    its own (a table of tables, such as the pieces, gives one section per entry)."""
    plain = {k: v for k, v in table.items() if not (isinstance(v, dict) and v)}
    nested = {k: v for k, v in table.items() if isinstance(v, dict) and v}
    lines = [_header(path)] if plain or not nested else []
    lines += [f"{toml_key(k)} = {toml_value(v)}" for k, v in plain.items()]
    for key, sub in nested.items():
        if len(path) >= 4:
            # A piece's own data table: inline, one line.
            lines.append(f"{toml_key(key)} = {toml_value(sub)}")
            continue
        if lines:
            lines.append("")
        lines += _section_lines((*path, key), sub)
    return lines


def variant_block(vid: str, table: dict[str, Any]) -> str:
    """A variant's table written afresh as ``[variant.<id>]`` and its sub-tables."""
    return "\n".join(_section_lines(("variant", vid), table)) + "\n"


# ------------------------------------------------------------------ editing a file's text


def _parse_header(line: str) -> Path_ | None:
    stripped = line.split("#", 1)[0].strip()
    if not stripped.startswith("[") or stripped.startswith("[["):
        return None
    inner = stripped.strip("[]").strip()
    parts = [p.strip() for p in inner.split(".")]
    if not all(BARE_KEY.match(p) for p in parts):
        return None
    return tuple(parts)


def _value_end(lines: list[str], start: int) -> int:
    """The line after the value that starts on ``lines[start]`` (a value may span lines)."""
    for end in range(start + 1, min(len(lines), start + 400) + 1):
        try:
            tomllib.loads("\n".join(lines[start:end]))
            return end
        except tomllib.TOMLDecodeError:
            continue
    return start + 1


class _Layout:
    """Where each section and key of a file's text is."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.sections: list[tuple[Path_ | None, int, int]] = []  # path, header line, end line
        current: Path_ | None = ()
        start = 0
        for i, line in enumerate(lines):
            if line.strip().startswith("["):
                self.sections.append((current, start, i))
                current, start = _parse_header(line), i
        self.sections.append((current, start, len(lines)))

    def section(self, path: Path_) -> tuple[int, int] | None:
        for sec, start, end in self.sections:
            if sec == path:
                return start, end
        return None

    def key_span(self, path: Path_) -> tuple[int, int] | None:
        found = self.section(path[:-1])
        if found is None:
            return None
        start, end = found
        pattern = re.compile(rf"^\s*(\"?){re.escape(path[-1])}\1\s*=")
        i = start + (1 if path[:-1] else 0)
        while i < end:
            if pattern.match(self.lines[i]):
                return i, _value_end(self.lines, i)
            i += 1
        return None

    def last_key_line(self, path: Path_) -> int | None:
        """The line after the last non-blank, non-comment line of a section."""
        found = self.section(path)
        if found is None:
            return None
        start, end = found
        last = start + 1 if path else start
        for i in range(start, end):
            text = self.lines[i].strip()
            if text and not text.startswith("#"):
                last = i + 1
        return last

    def under(self, path: Path_) -> list[tuple[int, int]]:
        return [(s, e) for sec, s, e in self.sections if sec is not None and sec[: len(path)] == path]


def _changes(old: Any, new: Any, path: Path_ = ()) -> list[Path_]:
    if isinstance(old, dict) and isinstance(new, dict):
        out: list[Path_] = []
        for key in list(old) + [k for k in new if k not in old]:
            if key not in old or key not in new:
                out.append((*path, key))
            else:
                out.extend(_changes(old[key], new[key], (*path, key)))
        return out
    return [] if old == new and type(old) is type(new) else [path]


_MISSING = object()


def _at(table: Any, path: Path_) -> Any:
    for key in path:
        if not isinstance(table, dict) or key not in table:
            return _MISSING
        table = table[key]
    return table


def _edit(lines: list[str], root: Path_, old: dict[str, Any], new: dict[str, Any]) -> list[str] | None:
    """Apply the changes line by line; None where the file's shape is not one this follows."""
    for rel in _changes(old, new):
        layout = _Layout(lines)
        path = (*root, *rel)
        value = _at(new, rel)
        # The nearest key line that holds this value (itself, or an inline table around it).
        for cut in range(len(rel), 0, -1):
            span = layout.key_span((*root, *rel[:cut]))
            if span is not None:
                holder = _at(new, rel[:cut])
                if holder is _MISSING:
                    del lines[span[0]:span[1]]
                else:
                    lines[span[0]:span[1]] = [f"{toml_key(rel[cut - 1])} = {toml_value(holder)}"]
                break
        else:
            sections = layout.under(path)
            if sections:  # a table written as sections: drop them, then write it anew
                for s, e in reversed(sections):
                    del lines[s:e]
                if value is _MISSING:
                    continue
                layout = _Layout(lines)
            if value is _MISSING:
                return None
            if isinstance(value, dict) and value:
                block = _section_lines(path, value)
                ends = [e for s, e in layout.under(root)]
                if not ends:
                    return None
                at = max(ends)
                while at > 0 and not lines[at - 1].strip():
                    at -= 1
                lines[at:at] = ["", *block]
                continue
            at = layout.last_key_line(path[:-1])
            if at is None:
                return None
            lines[at:at] = [f"{toml_key(path[-1])} = {toml_value(value)}"]
    return lines


def updated_text(text: str, vid: str, table: dict[str, Any]) -> str:
    """The file's text with variant ``vid`` set to ``table``, other lines kept.

    A file without the variant gets its block at the end."""
    data = tomllib.loads(text) if text.strip() else {}
    old = data.get("variant", {}).get(vid) if isinstance(data.get("variant"), dict) else None
    if not isinstance(old, dict):
        joined = text.rstrip("\n")
        return (joined + "\n\n" if joined else "") + variant_block(vid, table)
    lines = text.split("\n")
    edited = _edit(list(lines), ("variant", vid), old, table)
    if edited is not None:
        result = "\n".join(edited)
        if _reads_back(result, vid, table, data):
            return result
    return _rewritten(lines, vid, table)


def _reads_back(text: str, vid: str, table: dict[str, Any], before: dict[str, Any]) -> bool:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return False
    others_same = {k: v for k, v in data.get("variant", {}).items() if k != vid} == \
        {k: v for k, v in before.get("variant", {}).items() if k != vid}
    return bool(data.get("variant", {}).get(vid) == table and others_same)


def _rewritten(lines: list[str], vid: str, table: dict[str, Any]) -> str:
    """The variant's sections replaced by a fresh block where the first of them stood."""
    layout = _Layout(lines)
    spans = layout.under(("variant", vid))
    if not spans:
        return "\n".join(lines).rstrip("\n") + "\n\n" + variant_block(vid, table)
    first = spans[0][0]
    for s, e in reversed(spans):
        del lines[s:e]
    lines[first:first] = variant_block(vid, table).split("\n")
    return "\n".join(lines)


def key_at_line(text: str, vid: str, line: int) -> Path_ | None:
    """The key (a path inside ``[variant.<vid>]``) written at a 1-based line of the text."""
    lines = text.split("\n")
    if not 1 <= line <= len(lines):
        return None
    root = ("variant", vid)
    for section, start, end in _Layout(lines).sections:
        if section is None or not start <= line - 1 < end or section[:2] != root:
            continue
        inside = section[2:]
        match = re.match(r"^\s*\"?([A-Za-z0-9_-]+)\"?\s*=", lines[line - 1])
        if match and line - 1 != start:
            return (*inside, match.group(1))
        return inside
    return None
