"""The engines the player added (Settings > Engines), as plain data kept in the settings as JSON.

Each entry keeps what the engine said about itself when it was added (name, protocol, options,
variants), so the app can offer it without starting it; the option values chosen; and which
engine, if any, plays as the computer opponent and which analyses.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from .client import PROTOCOLS, EngineFacts, EngineSpec, ExternalEngine
from .options import EngineOption

OPPONENT = "opponent"
ANALYSIS = "analysis"
ROLES = (OPPONENT, ANALYSIS)
MAX_ENGINES = 32
#: In the table of variants: the built-in engine serves the role in this variant.
BUILT_IN_MARK = "<built-in>"
MAX_VARIANT_ROLES = 2000


@dataclass(frozen=True)
class EngineEntry:
    name: str
    path: str
    args: tuple[str, ...]
    protocol: str
    options: tuple[EngineOption, ...]
    variants: tuple[str, ...]
    variant_names: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    #: The name the program gives itself (``id name`` / ``myname``); ``name`` may add a number
    #: to tell two entries of one program apart. Records name the player by this one.
    own_name: str = ""

    @classmethod
    def from_facts(cls, path: str, args: tuple[str, ...], facts: EngineFacts, taken: set[str]) -> EngineEntry:
        name = facts.name
        number = 2
        while name in taken:
            name = f"{facts.name} ({number})"
            number += 1
        return cls(name, path, args, facts.protocol, facts.options, facts.variants, dict(facts.variant_names),
                   own_name=facts.name)

    @property
    def player_name(self) -> str:
        """The engine as a record's White or Black tag names it."""
        return self.own_name or self.name

    def spec(self) -> EngineSpec:
        return EngineSpec(self.path, self.args, self.protocol, dict(self.values))

    def facts(self) -> EngineFacts:
        return EngineFacts(self.name, self.protocol, self.options, self.variants, dict(self.variant_names))

    def make_engine(self) -> ExternalEngine:
        return ExternalEngine(self.spec(), self.facts())

    def with_value(self, option: str, value: str) -> EngineEntry:
        return replace(self, values={**self.values, option: value})

    def value_of(self, option: EngineOption) -> str:
        return self.values.get(option.name, option.default)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "path": self.path, "args": list(self.args), "protocol": self.protocol,
            "variants": list(self.variants), "variant_names": self.variant_names, "values": self.values,
            "own_name": self.own_name,
            "options": [
                {"name": o.name, "kind": o.kind, "default": o.default, "low": o.low, "high": o.high,
                 "choices": list(o.choices)}
                for o in self.options
            ],
        }

    @classmethod
    def from_json(cls, data: Any) -> EngineEntry:
        """One entry back from the settings; ValueError names what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("an engine entry is not a table")

        def text(key: str) -> str:
            value = data.get(key)
            if not isinstance(value, str) or not value:
                raise ValueError(f"an engine entry has no {key}")
            return value

        def texts(key: str) -> tuple[str, ...]:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"an engine entry's {key} is not a list of words")
            return tuple(value)

        def mapping(key: str) -> dict[str, str]:
            value = data.get(key, {})
            if not isinstance(value, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                      for k, v in value.items()):
                raise ValueError(f"an engine entry's {key} is not a table of words")
            return dict(value)

        protocol = text("protocol")
        if protocol not in PROTOCOLS:
            raise ValueError(f"an engine entry's protocol {protocol!r} is neither uci nor xboard")
        options = []
        raw_options = data.get("options", [])
        if not isinstance(raw_options, list):
            raise ValueError("an engine entry's options are not a list")
        for item in raw_options:
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) \
                    or not isinstance(item.get("kind"), str):
                raise ValueError("an engine option has no name or kind")
            low, high = item.get("low"), item.get("high")
            choices = item.get("choices", [])
            options.append(EngineOption(
                item["name"], item["kind"], str(item.get("default", "")),
                low if isinstance(low, int) else None, high if isinstance(high, int) else None,
                tuple(str(c) for c in choices) if isinstance(choices, list) else (),
            ))
        own_name = data.get("own_name", "")
        return cls(text("name"), text("path"), texts("args"), protocol, tuple(options), texts("variants"),
                   mapping("variant_names"), mapping("values"), own_name if isinstance(own_name, str) else "")


def entries_to_text(entries: list[EngineEntry]) -> str:
    return json.dumps([e.to_json() for e in entries])


def entries_from_text(text: str) -> tuple[list[EngineEntry], list[str]]:
    """The entries a settings text holds, and a note for each one left out."""
    if not text:
        return [], []
    try:
        data = json.loads(text)
    except ValueError:
        return [], ["the list of engines in the settings could not be read; it is empty now"]
    if not isinstance(data, list):
        return [], ["the list of engines in the settings is not a list; it is empty now"]
    entries: list[EngineEntry] = []
    notes: list[str] = []
    for item in data[:MAX_ENGINES]:
        try:
            entry = EngineEntry.from_json(item)
        except ValueError as exc:
            notes.append(f"an engine was left out of the list: {exc}")
            continue
        if entry.name not in {e.name for e in entries}:
            entries.append(entry)
    return entries, notes


def variant_roles_to_text(chosen: dict[str, str]) -> str:
    return json.dumps(chosen, sort_keys=True) if chosen else ""


def variant_roles_from_text(text: str) -> tuple[dict[str, str], list[str]]:
    """The engine chosen per variant (variant id -> engine name), and a note if the text is unreadable."""
    if not text:
        return {}, []
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        return {}, ["the engines chosen per variant in the settings could not be read; none is chosen now"]
    return dict(list(data.items())[:MAX_VARIANT_ROLES]), []
