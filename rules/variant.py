"""Variant definitions read from TOML data files.

A data file holds one or more tables ``[variant.<id>]``. A variant may name a
``parent``; its table is then merged over the parent's (tables merge key by key,
everything else replaces). See ``docs/variant-files.md`` for every key.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .betza import parse_betza
from .errors import BetzaError, OptionError, UnknownVariantError, VariantFileError
from .notation import default_notation
from .pieces import PieceType

BUILTIN_DIR = Path(__file__).parent / "variants"
USER_PATH_ENV = "FAIRYCHESS_VARIANTS"
ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
LETTER_PATTERN = re.compile(r"^[A-Z][A-Z0-9]*$")

TOP_KEYS = {
    "name", "description", "parent", "files", "ranks", "extra_squares", "royal", "royal_mode",
    "lose_without_royals", "powers", "pieces", "setups", "default_setup", "promotion",
    "castling", "options", "data", "hidden", "zones",
}
PIECE_KEYS = {
    "name", "letter", "betza", "powers", "description", "tracks_moved", "components",
    "value", "pawn", "data", "notation",
}


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
                raise OptionError(f"option {self.name!r} of variant {variant!r} takes text, not {value!r}")
            return value.strip()
        if isinstance(value, str) and all(isinstance(c, bool) for c in self.choices):
            lowered = value.strip().lower()
            if lowered in ("true", "on", "yes", "1"):
                value = True
            elif lowered in ("false", "off", "no", "0"):
                value = False
        elif isinstance(value, str) and isinstance(self.default, int) and value.strip().lstrip("-").isdigit():
            value = int(value)
        if value not in self.choices or type(value) is not type(self.default):
            shown = ", ".join(repr(c) for c in self.choices)
            raise OptionError(
                f"option {self.name!r} of variant {variant!r} cannot be {value!r}; "
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
                    f"variant {self.id!r} has no option {name!r}; its options are: {known}"
                )
            values[name] = opt.validate(value, self.id)
        return values


# ---------------------------------------------------------------- loading


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _line_of(text: str, *keys: str) -> int | None:
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


def _key_line(text: str, table: str, key: str) -> int | None:
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
    return _line_of(text, table)


@dataclass
class _RawFile:
    path: str
    text: str
    tables: dict[str, dict[str, Any]]


def _read_file(path: Path) -> _RawFile:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise VariantFileError(str(path), [(None, f"cannot read the file: {exc.strerror}")]) from exc
    except UnicodeDecodeError:
        raise VariantFileError(str(path), [(None, "the file is not UTF-8 text")]) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else None
        raise VariantFileError(str(path), [(line, f"not valid TOML: {exc}")]) from None
    variants = data.get("variant")
    problems: list[tuple[int | None, str]] = []
    for key in data:
        if key != "variant":
            problems.append((_line_of(text, key), f"unknown top-level key {key!r}; use [variant.<id>]"))
    if not isinstance(variants, dict) or not variants:
        problems.append((None, "no [variant.<id>] table"))
    if problems:
        raise VariantFileError(str(path), problems)
    assert isinstance(variants, dict)
    return _RawFile(str(path), text, variants)


def variant_search_path() -> list[Path]:
    paths = [BUILTIN_DIR]
    extra = os.environ.get(USER_PATH_ENV)
    if extra:
        paths.extend(Path(p) for p in extra.split(os.pathsep) if p)
    else:
        paths.append(Path.home() / ".config" / "fairychess" / "variants")
    return paths


class Catalogue:
    """All variants found on the search path, built lazily and cached."""

    def __init__(self, paths: list[Path] | None = None) -> None:
        self.paths = paths if paths is not None else variant_search_path()
        self._raw: dict[str, tuple[_RawFile, dict[str, Any]]] = {}
        self._built: dict[str, VariantDef] = {}
        self.load_errors: list[VariantFileError] = []
        for directory in self.paths:
            if not directory.is_dir():
                continue
            for file in sorted(directory.glob("*.toml")):
                try:
                    raw = _read_file(file)
                except VariantFileError as exc:
                    if directory == BUILTIN_DIR:
                        raise
                    self.load_errors.append(exc)
                    continue
                for vid, table in raw.tables.items():
                    self._raw[vid] = (raw, table)

    def ids(self, include_hidden: bool = False) -> list[str]:
        out = []
        for vid in self._raw:
            if include_hidden or not self._raw[vid][1].get("hidden", False):
                out.append(vid)
        return out

    def get(self, vid: str) -> VariantDef:
        if vid in self._built:
            return self._built[vid]
        if vid not in self._raw:
            known = ", ".join(self.ids()) or "none"
            raise UnknownVariantError(f"unknown variant {vid!r}; known variants: {known}")
        merged = self._merged(vid, [])
        raw_file, _ = self._raw[vid]
        built = build_variant(vid, merged, raw_file.path, raw_file.text)
        self._built[vid] = built
        return built

    def _merged(self, vid: str, chain: list[str]) -> dict[str, Any]:
        raw_file, table = self._raw[vid]
        parent = table.get("parent")
        if parent is None:
            return table
        if parent in chain or parent == vid:
            raise VariantFileError(
                raw_file.path,
                [(_key_line(raw_file.text, f"variant.{vid}", "parent"), f"parent cycle through {parent!r}")],
            )
        if parent not in self._raw:
            raise VariantFileError(
                raw_file.path,
                [(_key_line(raw_file.text, f"variant.{vid}", "parent"), f"unknown parent variant {parent!r}")],
            )
        base = dict(self._merged(parent, [*chain, vid]))
        base.pop("hidden", None)
        merged = _merge(base, table)
        return merged


def check_file(path: str | Path, catalogue: Catalogue | None = None) -> list[tuple[int | None, str]]:
    """Every problem in one variant data file, each with its line where known."""
    try:
        raw = _read_file(Path(path))
    except VariantFileError as exc:
        return list(exc.problems)
    cat = catalogue or Catalogue()
    problems: list[tuple[int | None, str]] = []
    for vid, table in raw.tables.items():
        cat._raw[vid] = (raw, table)
        cat._built.pop(vid, None)
    for vid in raw.tables:
        try:
            merged = cat._merged(vid, [])
            build_variant(vid, merged, raw.path, raw.text)
        except VariantFileError as exc:
            problems.extend(exc.problems)
    return problems


# ---------------------------------------------------------------- validation


def build_variant(vid: str, table: dict[str, Any], path: str, text: str) -> VariantDef:
    problems: list[tuple[int | None, str]] = []
    vtable = f"variant.{vid}"

    def problem(key: str, message: str, table_name: str = vtable) -> None:
        problems.append((_key_line(text, table_name, key), message))

    if not ID_PATTERN.match(vid):
        problems.append((_line_of(text, vtable), f"variant id {vid!r} must be lowercase words joined by hyphens"))
    for key in table:
        if key not in TOP_KEYS:
            problem(key, f"unknown key {key!r} in [{vtable}]")

    def get(key: str, kind: type | tuple[type, ...], default: Any) -> Any:
        value = table.get(key, default)
        if not isinstance(value, kind):
            problem(key, f"{key!r} must be {_kind_name(kind)}, not {value!r}")
            return default
        return value

    files = get("files", int, 8)
    ranks = get("ranks", int, 8)
    if not (1 <= files <= 26 and 1 <= ranks <= 99):
        problem("files", f"board {files}x{ranks} is out of range")
    extras = tuple(get("extra_squares", list, []))
    pieces: dict[str, PieceType] = {}
    letters: dict[str, str] = {}
    raw_pieces = get("pieces", dict, {})
    if not raw_pieces:
        problem("pieces", "a variant needs at least one piece in [variant.<id>.pieces.<piece>]")
    for pid, prow in raw_pieces.items():
        ptable = f"{vtable}.pieces.{pid}"
        if not isinstance(prow, dict):
            problem(pid, f"piece {pid!r} must be a table")
            continue
        if not ID_PATTERN.match(pid):
            problems.append((_line_of(text, ptable), f"piece id {pid!r} must be lowercase words joined by hyphens"))
        for key in prow:
            if key not in PIECE_KEYS:
                problem(key, f"unknown key {key!r} for piece {pid!r}", ptable)
        betza = prow.get("betza", "")
        atoms: tuple = ()
        if not isinstance(betza, str):
            problem("betza", f"betza of {pid!r} must be a string", ptable)
        elif betza:
            try:
                atoms = parse_betza(betza)
            except BetzaError as exc:
                problem("betza", f"piece {pid!r}: {exc.args[0].splitlines()[0]}", ptable)
        letter = prow.get("letter", "")
        if not isinstance(letter, str) or not LETTER_PATTERN.match(letter):
            problem("letter", f"piece {pid!r} needs a letter: capitals or digits, starting with a capital", ptable)
        elif letter in letters:
            problem("letter", f"pieces {letters[letter]!r} and {pid!r} share the letter {letter!r}", ptable)
        else:
            letters[letter] = pid
        powers = prow.get("powers", [])
        if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers):
            problem("powers", f"powers of {pid!r} must be a list of names", ptable)
            powers = []
        comps = prow.get("components", [])
        notation = prow.get("notation", "")
        if not isinstance(notation, str):
            problem("notation", f"notation of {pid!r} must be a string", ptable)
            notation = ""
        pieces[pid] = PieceType(
            id=pid,
            name=str(prow.get("name", pid.replace("-", " ").title())),
            letter=letter if isinstance(letter, str) else "?",
            betza=betza if isinstance(betza, str) else "",
            atoms=atoms,
            powers=tuple(powers),
            description=str(prow.get("description", "")),
            tracks_moved=bool(prow.get("tracks_moved", False)),
            components=tuple(comps) if isinstance(comps, list) else (),
            value=prow.get("value"),
            data={**prow.get("data", {}), "pawn": bool(prow.get("pawn", False))},
            notation=notation or default_notation(betza if isinstance(betza, str) else "", powers),
        )
    royal = tuple(get("royal", list, []))
    for r in royal:
        if r not in pieces:
            problem("royal", f"royal piece {r!r} is not in the piece table")
    royal_mode = get("royal_mode", str, "always")
    if royal_mode not in ("always", "last-one"):
        problem("royal_mode", f"royal_mode must be 'always' or 'last-one', not {royal_mode!r}")
    powers = tuple(get("powers", list, []))
    from .powers import known_powers

    known = known_powers()
    for p in powers:
        if p not in known:
            problem("powers", f"unknown power {p!r}; known powers: {', '.join(sorted(known))}")
    for pt in pieces.values():
        for p in pt.powers:
            if p not in known:
                problem("powers", f"piece {pt.id!r} has unknown power {p!r}", f"{vtable}.pieces.{pt.id}")
    setups: dict[str, Setup] = {}
    for name, srow in get("setups", dict, {}).items():
        if not isinstance(srow, dict) or not isinstance(srow.get("placement"), str):
            problems.append((_line_of(text, f"{vtable}.setups.{name}"), f"setup {name!r} needs a placement string"))
            continue
        setups[name] = Setup(
            name, srow["placement"], str(srow.get("description", "")), dict(srow.get("data", {}))
        )
    if not setups:
        problem("setups", "a variant needs at least one setup in [variant.<id>.setups.<name>]")
    default_setup = get("default_setup", str, next(iter(setups), "standard"))
    if setups and default_setup not in setups:
        problem("default_setup", f"default_setup {default_setup!r} is not one of the setups")
    promotion = get("promotion", dict, {})
    for p in promotion.get("pieces", []):
        if p not in pieces:
            problem("pieces", f"promoting piece {p!r} is not in the piece table", f"{vtable}.promotion")
    choices = promotion.get("choices", [])
    if isinstance(choices, list):
        for c in choices:
            if c not in pieces:
                problem("choices", f"promotion choice {c!r} is not in the piece table", f"{vtable}.promotion")
    elif choices != "pool":
        problem("choices", "promotion choices must be a list of piece ids or \"pool\"", f"{vtable}.promotion")
    castling = get("castling", dict, {})
    options = _build_options(vid, table, setups, default_setup, promotion, problem)
    if problems:
        raise VariantFileError(path, problems)
    return VariantDef(
        id=vid,
        name=str(table.get("name", vid)),
        description=str(table.get("description", "")),
        files=files,
        ranks=ranks,
        extra_squares=tuple(str(x) for x in extras),
        pieces=pieces,
        royal=royal,
        royal_mode=royal_mode,
        lose_without_royals=bool(table.get("lose_without_royals", False)),
        powers=powers,
        setups=setups,
        default_setup=default_setup,
        promotion=promotion,
        castling=castling,
        options=options,
        zones=dict(table.get("zones", {})),
        data=dict(table.get("data", {})),
        source=path,
        hidden=bool(table.get("hidden", False)),
        raw=table,
    )


def _build_options(
    vid: str,
    table: dict[str, Any],
    setups: dict[str, Setup],
    default_setup: str,
    promotion: dict[str, Any],
    problem: Any,
) -> dict[str, OptionDef]:
    options: dict[str, OptionDef] = {
        "fifty_move_rule": OptionDef(
            "fifty_move_rule",
            True,
            (True, False),
            "Draw after 50 moves by each side with no capture and no pawn move.",
        )
    }
    if len(setups) > 1:
        options["setup"] = OptionDef(
            "setup",
            default_setup,
            tuple(setups),
            "Which starting array to use.",
            {name: s.description for name, s in setups.items()},
        )
    if promotion.get("choices") == "pool":
        options["empty_pool_promotion"] = OptionDef(
            "empty_pool_promotion",
            "no-advance",
            ("no-advance", "stay-pawn"),
            "When no captured piece is available: the pawn may not advance onto the promotion "
            "square (no-advance), or it arrives and stays a pawn (stay-pawn).",
        )
    raw_options = table.get("options", {})
    if not isinstance(raw_options, dict):
        problem("options", "options must be a table of tables")
        return options
    for name, row in raw_options.items():
        if not isinstance(row, dict) or "default" not in row:
            problem(name, f"option {name!r} needs a table with a default")
            continue
        default = row["default"]
        choices = row.get("choices", [True, False] if isinstance(default, bool) else [default])
        if default not in choices:
            problem(name, f"option {name!r}: default {default!r} is not among its choices")
            continue
        descriptions = row.get("choice_descriptions", {})
        options[name] = OptionDef(
            name, default, tuple(choices), str(row.get("description", "")), dict(descriptions),
            bool(row.get("free_text", False)),
        )
    return options


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {int: "a whole number", str: "a string", list: "a list", dict: "a table", bool: "true or false"}
    return " or ".join(names.get(k, k.__name__) for k in kinds)


_CATALOGUE: Catalogue | None = None


def catalogue() -> Catalogue:
    global _CATALOGUE
    if _CATALOGUE is None:
        _CATALOGUE = Catalogue()
    return _CATALOGUE


def reload_catalogue() -> Catalogue:
    global _CATALOGUE
    _CATALOGUE = Catalogue()
    return _CATALOGUE
