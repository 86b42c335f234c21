"""Mutations of a valid variant file for fuzzing, shared by the fuzz tests and
``bench/fuzz_variants.py``: a base file, a TOML writer for it, Hypothesis strategies that
change types, delete keys, insert garbage and chain parents, and the property every
mutated file must keep."""

from __future__ import annotations

import copy
import json
import math
import tomllib
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from rules.catalogue import BUILTIN_DIR, Catalogue, check_file_report
from rules.errors import RulesError
from rules.game import Game, new_game_from_fen
from rules.ruleset import Rules

BASE: dict[str, Any] = {
    "variant": {
        "fuzz": {
            "name": "Fuzz",
            "description": "A small variant to mutate.",
            "files": 6,
            "ranks": 6,
            "royal": ["king"],
            "powers": ["castling", "promotion", "en-passant"],
            "pieces": {
                "king": {"letter": "K", "betza": "K", "tracks_moved": True},
                "rook": {"letter": "R", "betza": "R", "tracks_moved": True},
                "pawn": {"letter": "P", "betza": "fmWfcFifmnD", "pawn": True, "tracks_moved": True},
                "knight": {"letter": "N", "betza": "N", "value": 3},
            },
            "setups": {
                "standard": {"placement": "r1k2r/pppppp/6/6/PPPPPP/R1K2R", "description": "the usual"},
                "knights": {"placement": "rnk1nr/pppppp/6/6/PPPPPP/RNK1NR"},
            },
            "promotion": {"pieces": ["pawn"], "choices": ["rook", "knight"], "zone": 1},
            "castling": {"king": "king", "rook": "rook", "king_steps": 2},
            "options": {"speedy": {"default": False, "description": "An option no power reads."}},
            "data": {"rifle": "N"},  # a key the schema knows; no power of this variant reads it
        },
        "fuzz-child": {"parent": "fuzz", "name": "Child", "pieces": {"knight": {"betza": "NN"}}},
    }
}
IDS = tuple(BASE["variant"])


# ---------------------------------------------------------------- writing TOML


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        text = repr(value)
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_value(str(k))} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def dump(doc: dict[str, Any]) -> str:
    """A TOML text for the document: one ``[variant.<id>]`` table per variant, inline values."""
    lines = []
    for key, value in doc.items():
        if key == "variant" and isinstance(value, dict) and all(isinstance(t, dict) for t in value.values()):
            for vid, table in value.items():
                lines.append(f"[variant.{toml_value(str(vid))}]")
                lines.extend(f"{toml_value(str(k))} = {toml_value(v)}" for k, v in table.items())
                lines.append("")
        else:
            lines.append(f"{toml_value(str(key))} = {toml_value(value)}")
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- strategies

_SCALARS = st.one_of(
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.integers(-3, 40),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["pool", "king", "rook", "pawn", "knight", "fuzz", "fuzz-child", "chess", "K", "", "x"]),
    st.text(alphabet="WFDNAHCZGKQRBmcfblrvsnpi()0123456789,", max_size=14),
    st.text(alphabet="rnkpRNKPQ0123456789/{}[]", max_size=30),
)
VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.text(max_size=6) | st.sampled_from(["pieces", "default", "choices", "letter"]),
                        inner, max_size=3),
    ),
    max_leaves=8,
)


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path inside the document (tables and lists), the document itself first."""
    out = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            out.extend(paths(child, (*prefix, key)))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            out.extend(paths(child, (*prefix, i)))
    return out


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _parent_of(doc: Any, path: tuple[Any, ...]) -> Any:
    return _at(doc, path[:-1])


@st.composite
def mutated_text(draw: Any) -> str:
    """The base file after a few random edits; sometimes with raw text garbage too."""
    doc = copy.deepcopy(BASE)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "replace", "delete", "insert", "parents"]))
        targets = [p for p in paths(doc) if p]
        if not targets:
            break
        path = draw(st.sampled_from(targets))
        holder = _parent_of(doc, path)
        if kind == "replace":
            holder[path[-1]] = draw(VALUES)
        elif kind == "delete":
            del holder[path[-1]]
        elif kind == "insert":
            tables = [p for p in paths(doc) if isinstance(_at(doc, p), dict)]
            table = _at(doc, draw(st.sampled_from(tables)))
            table[draw(st.text(max_size=8))] = draw(VALUES)
        elif kind == "parents" and isinstance(doc.get("variant"), dict):
            depth = draw(st.integers(1, 60))
            cyclic = draw(st.booleans())
            for i in range(depth):
                parent = f"link{i + 1}" if i + 1 < depth else ("link0" if cyclic else "fuzz")
                doc["variant"][f"link{i}"] = {"parent": parent}
    text = dump(doc)
    if draw(st.booleans()) and draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.text(max_size=6)) + text[at:]
    return text


# ---------------------------------------------------------------- the property


def check_one(folder: Path, text: str) -> None:
    """Whatever the file holds: `check` reports and never raises; loading raises only RulesError
    subclasses; a variant that `check` passes starts, and its position text reads back."""
    path = folder / "fuzz.toml"
    path.write_text(text, encoding="utf-8")
    errors, _ = check_file_report(path, Catalogue([folder]))
    assert all(isinstance(line, (int, type(None))) and isinstance(msg, str) for line, msg in errors)
    catalogue = Catalogue([folder])
    ids = catalogue.ids()
    broken = catalogue.broken()
    assert all(isinstance(v, str) and "\n" not in v for v in broken.values())
    assert not set(ids) & set(broken)
    for vid in ids:
        vdef = catalogue.get(vid)
        try:
            rules = Rules(vdef, vdef.resolve_options(None))
            game = Game(rules, rules.start_position())
            game.legal_moves()
        except RulesError:
            assert errors, f"check passed {vid!r} but it cannot start a game"
            continue
        fen = game.fen()
        assert new_game_from_fen(rules, fen).fen() == fen


def base_text() -> str:
    text = dump(BASE)
    assert tomllib.loads(text) == BASE
    return text


# ---------------------------------------------------------------- the powers' data

#: Built-in variants whose powers read data; a child of one gets mutated copies of its tables.
FAMILIES = ("chess", "friendly", "flight-and-ferry", "blender", "cuisinart", "pocket43")
DATA_KEYS = ("data", "promotion", "castling")
_BUILTINS = Catalogue([BUILTIN_DIR])


@st.composite
def mutated_child(draw: Any) -> str:
    """A child of a built-in variant whose data, promotion and castling tables (and its pieces' and
    setups' data) are mutated copies of the parent's."""
    family = draw(st.sampled_from(FAMILIES))
    merged = _BUILTINS._merged(family)
    doc = {key: copy.deepcopy(merged[key]) for key in DATA_KEYS if key in merged}
    for pid, row in merged.get("pieces", {}).items():
        if "data" in row and row["data"]:
            doc.setdefault("pieces", {})[pid] = {"data": copy.deepcopy(row["data"])}
    for name, row in merged.get("setups", {}).items():
        if "data" in row and row["data"]:
            doc.setdefault("setups", {})[name] = {"data": copy.deepcopy(row["data"])}
    for _ in range(draw(st.integers(1, 3))):
        targets = [p for p in paths(doc) if p]
        if not targets:
            break
        path = draw(st.sampled_from(targets))
        holder = _parent_of(doc, path)
        if draw(st.integers(0, 3)) == 0:
            del holder[path[-1]]
        else:
            holder[path[-1]] = draw(VALUES)
    table = {"parent": family, **doc}
    return dump({"variant": {"mine": table}})


def check_child(folder: Path, text: str) -> None:
    """Loading the child and starting its game raises only RulesError subclasses."""
    (folder / "mine.toml").write_text(text, encoding="utf-8")
    catalogue = Catalogue([BUILTIN_DIR, folder])
    try:
        vdef = catalogue.get("mine")
        rules = Rules(vdef, vdef.resolve_options(None))
        Game(rules, rules.start_position()).legal_moves()
    except RulesError:
        pass
