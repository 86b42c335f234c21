"""The line where each key of a TOML text is written, for messages that point at it.

``tomllib`` gives values but no positions, so this reads the text once more, line by
line: table headers (``[a.b]``, ``[[a.b]]``), ``key = value`` lines (dotted and quoted
keys included), skipping multi-line strings and arrays. An inline table is one line,
so a key inside it is found at the line of the key that holds it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

_BARE = r"[A-Za-z0-9_-]+"
_BASIC = r'"(?:[^"\\]|\\.)*"'
_LITERAL = r"'[^']*'"
_PART = rf"(?:{_BARE}|{_BASIC}|{_LITERAL})"
_DOTTED = rf"{_PART}(?:\s*\.\s*{_PART})*"
_HEADER = re.compile(rf"^\s*\[\[?\s*({_DOTTED})\s*\]\]?")
_KEY = re.compile(rf"^\s*({_DOTTED})\s*=")
_PARTS = re.compile(rf"\s*({_PART})\s*(?:\.|$)")


def _split(dotted: str) -> tuple[str, ...]:
    parts = []
    for match in _PARTS.finditer(dotted):
        part = match.group(1)
        if part.startswith('"'):
            try:
                part = str(json.loads(part))
            except ValueError:  # a TOML escape JSON lacks (\U, \e): keep the raw text
                part = part[1:-1]
        elif part.startswith("'"):
            part = part[1:-1]
        parts.append(part)
    return tuple(parts)


def _open_brackets(value: str) -> int:
    """How many ``[``/``{`` a value leaves open (outside strings and comments)."""
    depth = 0
    quote = ""
    i = 0
    while i < len(value):
        ch = value[i]
        if quote:
            if ch == "\\" and quote == '"':
                i += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            break
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        i += 1
    return depth


class KeyLines:
    """Lines of the keys and tables of one TOML text, by key path."""

    def __init__(self, text: str) -> None:
        self.lines: dict[tuple[str, ...], int] = {}
        current: tuple[str, ...] = ()
        depth = 0
        in_string = ""
        for number, line in enumerate(text.splitlines(), 1):
            if in_string:
                if line.count(in_string) % 2 == 1:
                    in_string = ""
                continue
            if depth > 0:
                depth = max(0, depth + _open_brackets(line))
                continue
            header = _HEADER.match(line)
            if header and not _KEY.match(line):
                current = _split(header.group(1))
                self._add(current, number)
                continue
            key = _KEY.match(line)
            if not key:
                continue
            path = current + _split(key.group(1))
            self._add(path, number)
            value = line[key.end():]
            for mark in ('"""', "'''"):
                if value.count(mark) % 2 == 1:
                    in_string = mark
                    break
            else:
                depth = max(0, _open_brackets(value))

    def _add(self, path: tuple[str, ...], number: int) -> None:
        for end in range(1, len(path) + 1):
            self.lines.setdefault(path[:end], number)

    def exact(self, path: tuple[str, ...]) -> int | None:
        """The line that writes exactly this key or table, or None."""
        return self.lines.get(path)

    def find(self, path: tuple[str, ...]) -> int | None:
        """The line of the key, or of the nearest enclosing key or table that is written."""
        for end in range(len(path), 0, -1):
            found = self.lines.get(path[:end])
            if found is not None:
                return found
        return None


@lru_cache(maxsize=32)
def key_lines(text: str) -> KeyLines:
    """The key lines of a text, read once per text (a file holds many variants)."""
    return KeyLines(text)


def line_of(text: str, *keys: str) -> int | None:
    """Best-effort line number of a table or key, for error messages."""
    lines = text.splitlines()
    best = None
    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        for key in keys:
            if stripped.startswith("[") and stripped.strip("[]").strip() == key:
                return i
            if best is None and re.match(rf"^{re.escape(key.split('.')[-1])}\s*=", stripped):
                best = i
    return best


def key_line(text: str, table: str, key: str) -> int | None:
    """Line of ``key = ...`` inside ``[table]`` (or dotted under a parent table)."""
    lines = text.splitlines()
    current = None
    for i, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("["):
            current = stripped.strip("[]").strip()
            continue
        if current == table and re.match(rf"^\"?{re.escape(key)}\"?\s*=", stripped):
            return i
    return line_of(text, table)
