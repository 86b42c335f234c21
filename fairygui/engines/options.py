"""An engine's options, as its ``option`` lines (UCI) or ``feature option=`` (XBoard) declare them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: Option types the Engines window edits (a UCI ``button`` has no value to keep).
EDITABLE = ("spin", "check", "combo", "string")
#: Options the app sets itself for every game, which the player does not edit.
MANAGED = {"uci_variant", "variantoptions", "uci_analysemode", "ponder", "multipv", "uci_chess960"}


@dataclass(frozen=True)
class EngineOption:
    name: str
    kind: str  # spin, check, combo, string, button
    default: str = ""
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = field(default=())

    @property
    def editable(self) -> bool:
        return self.kind in EDITABLE and self.name.lower() not in MANAGED


_UCI_KEYWORDS = ("name", "type", "default", "min", "max", "var")


def parse_uci_option(line: str) -> EngineOption | None:
    """``option name Hash type spin default 16 min 1 max 1024`` (None if the line is malformed)."""
    words = line.split()[1:]
    fields: dict[str, list[str]] = {}
    choices: list[str] = []
    key: str | None = None
    for word in words:
        if word in _UCI_KEYWORDS and not (key == "name" and word not in ("type",)):
            key = word
            if key == "var":
                choices.append("")
            else:
                fields.setdefault(key, [])
            continue
        if key == "var":
            choices[-1] = (choices[-1] + " " + word).strip()
        elif key is not None:
            fields[key].append(word)
    name = " ".join(fields.get("name", []))
    kind = " ".join(fields.get("type", []))
    if not name or not kind:
        return None
    default = " ".join(fields.get("default", []))
    if default == "<empty>":
        default = ""
    return EngineOption(name, kind, default, _number(fields.get("min")), _number(fields.get("max")), tuple(choices))


def _number(words: list[str] | None) -> int | None:
    if not words:
        return None
    try:
        return int(words[0])
    except ValueError:
        return None


def parse_xboard_option(text: str) -> EngineOption | None:
    """``Name -spin 16 1 1024``, ``Name -check 0``, ``Name -combo a /// *b``, ``Name -string x``."""
    match = re.match(r"(.+?)\s+-(spin|check|combo|string|file|path|button|save|reset|slider)\b\s*(.*)$", text)
    if match is None:
        return None
    name, kind, rest = match.group(1).strip(), match.group(2), match.group(3).strip()
    if kind == "slider":
        kind = "spin"
    if kind in ("file", "path"):
        kind = "string"
    if kind in ("save", "reset"):
        kind = "button"
    if kind == "spin":
        numbers = rest.split()
        if len(numbers) < 3:
            return None
        return EngineOption(name, kind, numbers[0], _number(numbers[1:2]), _number(numbers[2:3]))
    if kind == "check":
        return EngineOption(name, kind, "true" if rest.strip() == "1" else "false")
    if kind == "combo":
        choices = [c.strip() for c in rest.split("///") if c.strip()]
        default = next((c[1:] for c in choices if c.startswith("*")), choices[0].lstrip("*") if choices else "")
        return EngineOption(name, kind, default, choices=tuple(c.lstrip("*") for c in choices))
    return EngineOption(name, kind, rest)
