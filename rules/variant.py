"""Variant definitions read from TOML data files.

A data file holds one or more tables ``[variant.<id>]``. A variant may name a
``parent``; its table is then merged over the parent's (tables merge key by key,
everything else replaces). See ``docs/variant-files.md`` for every key.
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from . import schema
from .betza import parse_betza
from .datafields import is_kind, kind_name, short_repr
from .errors import BetzaError, OptionError, UnknownVariantError, VariantFileError
from .geometry import MAX_SIZE
from .movement import movement_words, read_movement
from .notation import default_notation
from .outcomes import DEFAULT_OUTCOMES, Outcomes, read_outcomes
from .pieces import PieceType
from .regions import Region, parse_regions, region_name_faults

BUILTIN_DIR = Path(__file__).parent / "variants"
USER_PATH_ENV = "FAIRYCHESS_VARIANTS"
ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
LETTER_PATTERN = re.compile(r"^[A-Z][A-Z0-9]*$")
_WHOLE_NUMBER = re.compile(r"^-?[0-9]{1,9}$")  # ASCII digits only: int() refuses some others
EXTRA_SQUARE_PATTERN = re.compile(r"^[a-z][a-z0-9-]*$")
BOARD_SQUARE_PATTERN = re.compile(r"^[a-z][0-9]+$")

#: Largest board side (files and ranks), the one the geometry supports.
MAX_BOARD_SIDE = MAX_SIZE
#: Longest chain of parents (a variant, its parent, its parent's parent, ...).
MAX_PARENT_DEPTH = 32
#: Largest variant file read, in bytes.
MAX_FILE_BYTES = 1_000_000
#: Deepest nesting of tables and lists inside one variant file.
MAX_NESTING = 16

#: The keys of [variant.<id>] and of a piece (rules/schema.py declares every key of every table).
TOP_KEYS = frozenset(spec.name for spec in schema.keys("variant"))
PIECE_KEYS = frozenset(spec.name for spec in schema.keys("variant.pieces.<piece>"))


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

    def data_error(self, table: str, key: str, message: str) -> VariantFileError:
        """A fault a power found in this variant's data, with its line where it can be found."""
        full = f"variant.{self.id}.{table}" if table else f"variant.{self.id}"
        line = _key_line(self.text, full, key) if key and self.text else None
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


# ---------------------------------------------------------------- loading


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    # Tables are copied, never shared with a file's own tables: whoever edits a merged table
    # (the designer's drafts) must not change the variant it came from, nor its children.
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict):
            out[key] = _merge(out[key] if isinstance(out.get(key), dict) else {}, value)
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


def _nesting(value: Any) -> int:
    """How deeply tables and lists nest in ``value`` (iterative: no recursion limit to hit)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth + 1)
        if deepest > MAX_NESTING:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


def _read_text(path: Path) -> str:
    """The file's text, read by bytes up to the size limit (never trusting the reported size)."""
    if not path.exists():
        raise VariantFileError(str(path), [(None, "no such file")])
    if not path.is_file():
        raise VariantFileError(str(path), [(None, "not a regular file")])
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise VariantFileError(str(path), [(None, f"cannot read the file: {exc.strerror}")]) from exc
    if len(data) > MAX_FILE_BYTES:
        raise VariantFileError(str(path), [(None, f"the file is larger than the limit of {MAX_FILE_BYTES} bytes")])
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise VariantFileError(str(path), [(None, "the file is not UTF-8 text")]) from None


def _syntax_problem(message: str) -> Problem:
    """A TOML syntax error as a problem: its line, and its column in the text."""
    match = re.search(r"\s*\(at line (\d+), column (\d+)\)\s*$", message)
    if match is None:
        found = re.search(r"line (\d+)", message)
        return (int(found.group(1)) if found else None, f"not valid TOML: {message[:200]}")
    what = message[: match.start()][:200]
    return (int(match.group(1)), f"not valid TOML (column {match.group(2)}): {what}")


def _read_file(path: Path) -> _RawFile:
    text = _read_text(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise VariantFileError(str(path), [_syntax_problem(str(exc))]) from None
    except RecursionError:
        raise VariantFileError(str(path), [(None, f"tables or lists nest deeper than {MAX_NESTING} levels")]) from None
    if _nesting(data) > MAX_NESTING:
        raise VariantFileError(str(path), [(None, f"tables or lists nest deeper than {MAX_NESTING} levels")])
    variants = data.get("variant")
    problems: list[tuple[int | None, str]] = []
    for key in data:
        if key != "variant":
            problems.append((_line_of(text, key), f"unknown top-level key {short_repr(key)}; use [variant.<id>]"))
    if not isinstance(variants, dict) or not variants:
        problems.append((_line_of(text, "variant"), "no [variant.<id>] table"))
    else:
        for vid, table in variants.items():
            if not isinstance(table, dict):
                problems.append((
                    _line_of(text, vid),
                    f"variant.{vid[:40]} must be a table [variant.<id>], not {short_repr(table)}",
                ))
    if problems:
        raise VariantFileError(str(path), problems)
    assert isinstance(variants, dict)
    return _RawFile(str(path), text, variants)


def user_variant_folder() -> Path:
    """The user's own folder of variant files: ``$XDG_CONFIG_HOME/fairychess/variants``
    (``~/.config/fairychess/variants`` where that variable is unset or not an absolute path)."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".config"
    return root / "fairychess" / "variants"


def variant_search_path() -> list[Path]:
    """Where variant files are looked for, in order: the built-in folder, each folder of the
    ``FAIRYCHESS_VARIANTS`` path list (separated by ``os.pathsep``), then the user's folder.
    A variant id belongs to the first file that defines it; a later file that uses it again
    is reported broken (a built-in id may be taken over with ``replaces_builtin = true``)."""
    paths = [BUILTIN_DIR]
    extra = os.environ.get(USER_PATH_ENV, "")
    paths.extend(Path(p) for p in extra.split(os.pathsep) if p)
    paths.append(user_variant_folder())
    return paths


def _one_line(exc: VariantFileError, with_path: bool = True) -> str:
    """The first problem of a file, on one line, for lists of broken files."""
    line, text = exc.problems[0] if exc.problems else (None, "cannot be read")
    first = (text.splitlines()[0] if text else "")[:300]
    where = exc.path if with_path else ""
    if line is not None:
        where = f"{where}:{line}" if where else f"line {line}"
    return f"{where}: {first}" if where else first


def is_builtin_file(path: str | Path) -> bool:
    """Whether a variant file is one of the built-in ones shipped in ``rules/variants``."""
    try:
        return Path(path).resolve().parent == BUILTIN_DIR.resolve()
    except OSError:
        return False


def _folder_key(directory: Path) -> Path:
    try:
        return directory.resolve()
    except OSError:
        return directory


class Catalogue:
    """All variants found on the search path, built lazily and cached.

    A user file that cannot be read, or a variant in it that cannot be built (its keys
    against the schema, then its rules set up from every option choice: the checks of
    ``python -m rules check``), is kept out of :meth:`ids` and listed by :meth:`broken`
    with its first error; the other variants are unaffected. A user variant that takes
    an id already taken (a built-in one without ``replaces_builtin = true``, or one an
    earlier folder defines) is broken too. A broken built-in file is a bug and raises.
    """

    def __init__(self, paths: list[Path] | None = None) -> None:
        self.paths = paths if paths is not None else variant_search_path()
        self._raw: dict[str, tuple[_RawFile, dict[str, Any]]] = {}
        self._built: dict[str, VariantDef] = {}
        self._failed: dict[str, VariantFileError] = {}
        #: Built-in variants a user file redefines: used again if the user's version is broken.
        self._builtin: dict[str, tuple[_RawFile, dict[str, Any]]] = {}
        #: Errors of user versions of built-in variants, whose built-in version is used instead.
        self._override_errors: dict[str, VariantFileError] = {}
        #: Variants left out because their id was taken, by file: the problems of each file.
        self._clashes: dict[str, list[Problem]] = {}
        self.load_errors: list[VariantFileError] = []
        seen: set[Path] = set()
        for directory in self.paths:
            if _folder_key(directory) in seen:  # a folder listed twice is read once
                continue
            seen.add(_folder_key(directory))
            try:
                if not directory.is_dir():
                    continue
                files = sorted(directory.glob("*.toml"))
            except OSError:
                continue
            for file in files:
                try:
                    raw = _read_file(file)
                except VariantFileError as exc:
                    if directory == BUILTIN_DIR:
                        raise
                    self.load_errors.append(exc)
                    continue
                for vid, table in raw.tables.items():
                    self._add(vid, table, raw, directory == BUILTIN_DIR)

    def _add(self, vid: str, table: dict[str, Any], raw: _RawFile, builtin: bool) -> None:
        taken = self._raw.get(vid)
        if taken is not None and not builtin:
            fault = self.clash(vid, table, taken[0].path)
            if fault is not None:
                self._clashes.setdefault(raw.path, []).append((_line_of(raw.text, f"variant.{vid}"), fault))
                return
            self._builtin[vid] = taken
        self._raw[vid] = (raw, table)
        self._failed.pop(vid, None)
        self._built.pop(vid, None)

    def clash(self, vid: str, table: dict[str, Any], taken_by: str) -> str | None:
        """Why a user variant may not use an id that ``taken_by`` already defines, or None."""
        if is_builtin_file(taken_by):
            if table.get("replaces_builtin", False) is True:
                return None
            return (
                f"variant {vid!r} has the id of a built-in variant; give it an id of its own "
                f"(with parent = {vid!r} to start from the built-in one), or set replaces_builtin = true "
                "to replace the built-in one on purpose"
            )
        return f"variant {vid!r} is already defined in {taken_by}, which comes earlier on the search path"

    def _hidden(self, vid: str) -> bool:
        return self._raw[vid][1].get("hidden", False) is True

    def ids(self, include_hidden: bool = False) -> list[str]:
        """Ids of the variants that build without errors."""
        out = []
        for vid in self._raw:
            if not include_hidden and self._hidden(vid):
                continue
            try:
                self.get(vid)
            except VariantFileError:
                continue
            out.append(vid)
        return out

    def broken(self) -> dict[str, str]:
        """Unreadable files (by path) and variants that cannot be built (by id): their first error."""
        out = {exc.path: _one_line(exc, with_path=False) for exc in self.load_errors}
        for path, problems in self._clashes.items():
            out[path] = _one_line(VariantFileError(path, problems), with_path=False)
        for vid in self._raw:
            try:
                self.get(vid)
            except VariantFileError as exc:
                out[vid] = _one_line(exc)
        for vid, fault in self._override_errors.items():
            out[fault.path] = f"{_one_line(fault, with_path=False)} (the built-in {vid!r} is used instead)"
        return out

    def get(self, vid: str) -> VariantDef:
        if vid in self._built:
            return self._built[vid]
        if vid in self._failed:
            raise self._failed[vid]
        if vid not in self._raw:
            known = ", ".join(self.ids()) or "none"
            raise UnknownVariantError(f"unknown variant {short_repr(vid)}; known variants: {known}")
        raw_file, own = self._raw[vid]
        try:
            merged = self._merged(vid)
            built = build_variant(vid, merged, raw_file.path, raw_file.text, own)
            if not is_builtin_file(raw_file.path):  # the built-in files are checked by the tests
                from .startcheck import start_problems

                found = start_problems(built)
                if found:
                    raise VariantFileError(raw_file.path, found)
        except VariantFileError as exc:
            if vid in self._builtin:  # a broken user copy of a built-in variant: keep the built-in one
                self._override_errors[vid] = exc
                self._raw[vid] = self._builtin.pop(vid)
                return self.get(vid)
            self._failed[vid] = exc
            raise
        self._built[vid] = built
        return built

    def define(self, vid: str, table: dict[str, Any], path: str, text: str) -> VariantDef:
        """Put a variant not (yet) in a file into this catalogue, replacing any of that id, and
        build it (raises VariantFileError). The variant designer previews its draft this way;
        reloading the catalogue drops it again."""
        self._raw[vid] = (_RawFile(path, text, {vid: table}), table)
        self._built.pop(vid, None)
        self._failed.pop(vid, None)
        self._builtin.pop(vid, None)
        return self.get(vid)

    def merged_table(self, vid: str) -> dict[str, Any]:
        """The variant's table merged over its parents' (what it is built from)."""
        if vid not in self._raw:
            raise UnknownVariantError(f"unknown variant {short_repr(vid)}")
        return copy.deepcopy(self._merged(vid))  # the caller may edit it: lists are not shared either

    def source_of(self, vid: str) -> str:
        """The path of the file that defines the variant."""
        if vid not in self._raw:
            raise UnknownVariantError(f"unknown variant {short_repr(vid)}")
        return self._raw[vid][0].path

    def is_builtin(self, vid: str) -> bool:
        return vid in self._raw and is_builtin_file(self._raw[vid][0].path)

    def own_table(self, vid: str) -> dict[str, Any]:
        """The variant's own table as its file writes it (before parent merging)."""
        if vid not in self._raw:
            raise UnknownVariantError(f"unknown variant {short_repr(vid)}")
        return self._raw[vid][1]

    def _merged(self, vid: str) -> dict[str, Any]:
        """The variant's table merged over its parents' (a loop, so no chain can exhaust the stack)."""
        chain: list[str] = []
        current = vid
        while True:
            raw_file, table = self._raw[current]
            chain.append(current)
            parent = table.get("parent")
            if parent is None:
                break
            fault = None
            if not isinstance(parent, str):
                fault = f"parent must be a variant id (a string), not {short_repr(parent)}"
            elif parent == current:
                fault = (
                    f"variant {current!r} names itself as its parent; a file that replaces a built-in variant "
                    f"writes it whole, or gives its variant an id of its own with parent = {current!r}"
                )
            elif parent in chain:
                fault = f"parent cycle: {short_repr(' -> '.join([*chain, parent]))}"
            elif parent not in self._raw:
                fault = f"unknown parent variant {short_repr(parent)}"
            elif len(chain) >= MAX_PARENT_DEPTH:
                fault = f"the chain of parents is longer than the limit of {MAX_PARENT_DEPTH}"
            if fault is not None:
                line = _key_line(raw_file.text, f"variant.{current}", "parent")
                raise VariantFileError(raw_file.path, [(line, fault)])
            current = parent
        merged: dict[str, Any] = {}
        for name in reversed(chain):
            # Only the variant's own table says these: a child is not the game Fairy-Stockfish names.
            for own_only in ("hidden", "replaces_builtin", "fairy_stockfish"):
                merged.pop(own_only, None)
            merged = _merge(merged, self._raw[name][1])
        return merged


Problem = tuple[int | None, str]


def check_file(path: str | Path, catalogue: Catalogue | None = None) -> list[Problem]:
    """Every problem in one variant data file, each with its line where known.

    Besides the file's keys and types, each variant is built into rules with its
    default options and with each choice of each option, and its start position
    is set up, so a file that could never start a game is reported here.
    Warnings (things that work but do not do what they seem to) are in
    :func:`check_file_warnings`.
    """
    errors, _ = check_file_report(path, catalogue)
    return errors


def check_file_warnings(path: str | Path, catalogue: Catalogue | None = None) -> list[Problem]:
    return check_file_report(path, catalogue)[1]


def check_file_report(path: str | Path, catalogue: Catalogue | None = None) -> tuple[list[Problem], list[Problem]]:
    """(errors, warnings) of one variant file, each list in line order (no line: last).

    The checks are those of loading (the schema, what spans keys, the start position
    under every option choice) plus the id: a variant that takes a built-in variant's
    id without ``replaces_builtin = true``, or the id of a variant of another file on
    the search path, is an error here as it is when the file is loaded."""
    try:
        raw = _read_file(Path(path))
    except VariantFileError as exc:
        return list(exc.problems), []
    cat = catalogue or Catalogue()
    problems: list[Problem] = []
    warnings: list[Problem] = []
    checked: list[str] = []
    for vid, table in raw.tables.items():
        line = _line_of(raw.text, f"variant.{vid}")
        taken = cat._builtin.get(vid) or cat._raw.get(vid)
        if taken is not None and not _same_file(taken[0].path, raw.path):
            fault = cat.clash(vid, table, taken[0].path)
            if fault is not None:
                problems.append((line, fault))
                continue
        elif table.get("replaces_builtin", False) is True and not is_builtin_file(raw.path):
            warnings.append((_key_line(raw.text, f"variant.{vid}", "replaces_builtin"),
                             f"replaces_builtin = true, but there is no built-in variant {vid!r} to replace"))
        cat._raw[vid] = (raw, table)
        cat._built.pop(vid, None)
        cat._failed.pop(vid, None)
        cat._builtin.pop(vid, None)  # check reports the file's own errors: no fallback
        checked.append(vid)
    from .keycheck import betza_warnings
    from .startcheck import start_problems

    for vid in checked:
        try:
            vdef = cat.get(vid)
        except VariantFileError as exc:
            problems.extend(exc.problems)
            continue
        if is_builtin_file(raw.path):  # loading skips these for the built-in files: check does them
            problems.extend(start_problems(vdef))
    for vid in checked:
        try:
            merged = cat._merged(vid)
        except VariantFileError:
            continue
        warnings.extend(betza_warnings(vid, merged, raw.tables[vid], raw.text))
    return _in_line_order(problems), _in_line_order(warnings)


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return a == b


# ---------------------------------------------------------------- validation


def build_variant(
    vid: str, table: dict[str, Any], path: str, text: str, own: dict[str, Any] | None = None
) -> VariantDef:
    """A variant's definition from its merged table; VariantFileError listing every problem.

    ``own`` is the variant's own table in ``text`` (default: ``table``): keys it
    writes are reported with their lines, inherited ones without. Each key's kind,
    range and the ids it names are checked against :mod:`rules.schema`
    (:func:`rules.keycheck.key_problems`); what spans keys is checked here.
    """
    from .keycheck import key_problems

    problems: list[Problem] = key_problems(vid, table, table if own is None else own, text)
    vtable = f"variant.{vid}"

    def problem(key: str, message: str, table_name: str = vtable) -> None:
        problems.append((_key_line(text, table_name, key), message))

    if not ID_PATTERN.match(vid):
        problems.append(
            (_line_of(text, vtable), f"variant id {short_repr(vid)} must be lowercase words joined by hyphens")
        )

    def get(key: str, kind: type | tuple[type, ...], default: Any, where: dict[str, Any] = table) -> Any:
        """The value, or the default where it is of the wrong kind (the schema check reports it)."""
        value = where.get(key, default)
        return value if is_kind(value, kind) else default

    def strings(key: str, where: dict[str, Any] = table) -> tuple[str, ...]:
        value = where.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return ()
        return tuple(value)

    files = get("files", int, 8)
    ranks = get("ranks", int, 8)
    if not (1 <= files <= MAX_BOARD_SIDE and 1 <= ranks <= MAX_BOARD_SIDE):
        files, ranks = min(max(files, 1), MAX_BOARD_SIDE), min(max(ranks, 1), MAX_BOARD_SIDE)
    extras = strings("extra_squares")
    for name in extras:
        if not EXTRA_SQUARE_PATTERN.match(name) or BOARD_SQUARE_PATTERN.match(name):
            problem(
                "extra_squares", f"extra square {short_repr(name)} must be a lowercase word that is not a board square"
            )
        elif name.startswith("x"):  # move text marks a capture with x: "e5xd6" must read one way only
            problem("extra_squares", f"extra square {short_repr(name)} must not start with 'x', the capture mark "
                    "of move text")
    if len(set(extras)) != len(extras):
        problem("extra_squares", "extra_squares lists a name twice")
    raw_pieces = get("pieces", dict, {})
    pieces = _build_pieces(vid, raw_pieces, text, problems, "pieces" in table)
    royal = strings("royal")
    royal_mode = get("royal_mode", str, "always")
    if royal_mode not in ("always", "last-one"):
        royal_mode = "always"
    powers = strings("powers")
    from .powers import known_powers

    known = known_powers()
    for p in powers:
        if p not in known:
            problem("powers", f"unknown power {short_repr(p)}; known powers: {', '.join(sorted(known))}")
    for pt in pieces.values():
        for p in pt.powers:
            if p not in known:
                problem("powers", f"piece {pt.id!r} has unknown power {short_repr(p)}", f"{vtable}.pieces.{pt.id}")
    setups = _build_setups(get("setups", dict, {}))
    if not setups and table.get("setups") == {}:
        problem("setups", "a variant needs at least one setup in [variant.<id>.setups.<name>]")
    default_setup = get("default_setup", str, next(iter(setups), "standard"))
    if setups and default_setup not in setups:
        problem("default_setup", f"default_setup {short_repr(default_setup)} is not one of the setups")
    promotion = get("promotion", dict, {})
    castling = get("castling", dict, {})
    problems.extend(_whole_problems(vid, table, table if own is None else own, text, pieces, setups, powers))
    zones = get("zones", dict, {})
    regions, region_faults = parse_regions(table.get("regions", {}), files, ranks)
    for key, message in region_faults:
        problem(key, message, f"{vtable}.regions")
    raw_pieces = table.get("pieces", {})
    for table_name, key, message in region_name_faults(pieces, promotion, regions):
        problem(key, message, f"{vtable}.{table_name}")
    for pid, pt in list(pieces.items()):
        movement, faults = read_movement(pid, raw_pieces[pid], regions, set(pieces))
        for key, message in faults:
            problem(key, message, f"{vtable}.pieces.{pid}")
        if not movement.plain:
            notation = pt.notation
            if "notation" not in raw_pieces[pid]:  # the shown move covers the region rules too
                notation = " + ".join([notation, *movement_words(movement)])
            pieces[pid] = replace(pt, movement=movement, notation=notation)
    royals_may_face = get("royals_may_face", bool, True)
    outcomes, outcome_faults = read_outcomes(table.get("outcomes", {}), set(regions), set(pieces), royal)
    for key, message in outcome_faults:
        problem(key, message, f"{vtable}.outcomes")
    data = get("data", dict, {})
    options = _build_options(vid, table, setups, default_setup, promotion, problem)
    if outcomes.move_rule == 0:
        options.pop("fifty_move_rule", None)
    elif outcomes.move_rule != 50 or outcomes.move_rule_resets != DEFAULT_OUTCOMES.move_rule_resets:
        resets = " and no ".join(
            "capture" if r == "capture" else "pawn move" if r == "pawn" else f"{r} move"
            for r in outcomes.move_rule_resets
        )
        options["fifty_move_rule"] = replace(
            options["fifty_move_rule"],
            description=f"Draw after {outcomes.move_rule} moves by each side with no {resets}.",
        )
    if problems:
        raise VariantFileError(path, _in_line_order(problems))
    return VariantDef(
        id=vid,
        name=get("name", str, vid),
        description=get("description", str, ""),
        files=files,
        ranks=ranks,
        extra_squares=extras,
        pieces=pieces,
        royal=royal,
        royal_mode=royal_mode,
        lose_without_royals=get("lose_without_royals", bool, False),
        powers=powers,
        setups=setups,
        default_setup=default_setup,
        promotion=promotion,
        castling=castling,
        options=options,
        zones=dict(zones),
        data=dict(data),
        source=path,
        hidden=get("hidden", bool, False),
        raw=table,
        text=text,
        regions=regions,
        royals_may_face=royals_may_face,
        outcomes=outcomes,
    )


def _whole_problems(
    vid: str,
    table: dict[str, Any],
    own: dict[str, Any],
    text: str,
    pieces: dict[str, PieceType],
    setups: dict[str, Setup],
    powers: tuple[str, ...],
) -> list[Problem]:
    """What no single key shows: placements against the board and letters, castling's pieces."""
    from .keycheck import writes
    from .placementcheck import placement_problems
    from .tomllines import key_lines

    def line_at(*path: str) -> int | None:
        return key_lines(text).find(("variant", vid, *path)) if writes(own, path) else None

    out: list[Problem] = []
    files, ranks = table.get("files", 8), table.get("ranks", 8)
    if is_kind(files, int) and is_kind(ranks, int) and 1 <= files <= MAX_BOARD_SIDE and 1 <= ranks <= MAX_BOARD_SIDE:
        letters = frozenset(p.letter for p in pieces.values() if p.letter != "?")
        for name, setup in setups.items():
            for fault in placement_problems(setup.placement, files, ranks, letters):
                out.append((line_at("setups", name, "placement"), f"setup {name!r}: {fault}"))
    castling = table.get("castling", {})
    if "castling" in powers and isinstance(castling, dict):
        for role in ("king", "rook"):
            pid = castling.get(role, role)
            if not isinstance(pid, str):
                continue
            if pid not in pieces:
                if role not in castling:  # a named id that is no piece: the schema check reports it
                    out.append((line_at("powers"), f"the castling power needs a {role}, and this variant has no "
                                f"piece {pid!r}; name the piece with castling.{role}"))
            elif not pieces[pid].tracks_moved:
                places = (("castling", role), ("pieces", pid, "tracks_moved"), ("pieces", pid), ("powers",))
                line = next((found for where in places if (found := line_at(*where)) is not None), None)
                out.append((line, f"castling {role} {pid!r} does not track whether it moved (tracks_moved = true), "
                            "so it could castle after moving"))
    return out


def _in_line_order(problems: list[Problem]) -> list[Problem]:
    """Problems sorted by line (those without a line last), each once, ties in the order found."""
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (p[0] is None, p[0] or 0))


def _build_pieces(
    vid: str, raw_pieces: dict[str, Any], text: str, problems: list[Problem], written: bool = True
) -> dict[str, PieceType]:
    vtable = f"variant.{vid}"
    pieces: dict[str, PieceType] = {}
    letters: dict[str, str] = {}
    if not raw_pieces and written:
        problems.append(
            (_key_line(text, vtable, "pieces"), "a variant needs at least one piece in [variant.<id>.pieces.<piece>]")
        )
    for pid, prow in raw_pieces.items():
        ptable = f"{vtable}.pieces.{pid}"

        def problem(key: str, message: str, ptable: str = ptable) -> None:
            problems.append((_key_line(text, ptable, key), message))

        if not isinstance(prow, dict):
            continue  # the schema check reports it
        if not ID_PATTERN.match(pid):
            problems.append(
                (_line_of(text, ptable), f"piece id {short_repr(pid)} must be lowercase words joined by hyphens")
            )

        def get(key: str, kind: type | tuple[type, ...], default: Any, prow: dict[str, Any] = prow) -> Any:
            value = prow.get(key, default)
            return value if is_kind(value, kind) else default

        betza = get("betza", str, "")
        atoms: tuple = ()
        if betza:
            try:
                atoms = parse_betza(betza)
            except BetzaError:  # the schema check reports it
                betza = ""
        letter = prow.get("letter")
        if not isinstance(letter, str):
            letter = "?"  # a missing or mistyped letter: the schema check reports it
        elif not LETTER_PATTERN.match(letter) or len(letter) > 8:
            problem("letter", f"piece {pid!r} needs a letter: up to 8 capitals or digits, starting with a capital")
            letter = "?"
        elif letter in letters:
            problem("letter", f"pieces {letters[letter]!r} and {pid!r} share the letter {letter!r}")
        else:
            letters[letter] = pid
        powers = prow.get("powers", [])
        if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers):
            powers = []
        comps = prow.get("components", [])
        if not isinstance(comps, list) or not all(isinstance(c, str) for c in comps):
            comps = []
        value = get("value", (int, float), None) if "value" in prow else None
        initial_ranks = get("initial_ranks", list, [])
        if not all(is_kind(r, int) and 1 <= r <= MAX_BOARD_SIDE for r in initial_ranks):
            problem(
                "initial_ranks",
                f"initial_ranks of piece {pid!r} must list rank numbers, not {short_repr(initial_ranks)}",
            )
            initial_ranks = []
        data = get("data", dict, {})
        notation = get("notation", str, "")
        pieces[pid] = PieceType(
            id=pid,
            name=get("name", str, pid.replace("-", " ").title()),
            letter=letter,
            betza=betza,
            atoms=atoms,
            powers=tuple(powers),
            description=get("description", str, ""),
            tracks_moved=get("tracks_moved", bool, False),
            components=tuple(comps),
            value=value,
            data={**data, "pawn": get("pawn", bool, False), "initial_ranks": tuple(initial_ranks),
                  "initial_region": get("initial_region", str, "")},
            notation=notation or default_notation(betza, list(powers)),
        )
    return pieces


def _build_setups(raw: dict[str, Any]) -> dict[str, Setup]:
    """The setups whose keys are of the right kinds (the schema check reports the others)."""
    setups: dict[str, Setup] = {}
    for name, srow in raw.items():
        if not isinstance(srow, dict) or not isinstance(srow.get("placement"), str):
            continue
        description = srow.get("description", "")
        data = srow.get("data", {})
        if isinstance(description, str) and isinstance(data, dict):
            setups[name] = Setup(name, srow["placement"], description, dict(data))
    return setups



#: The kinds of value an option may take.
OPTION_KINDS = (bool, int, str)


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
        return options  # the schema check reports it
    for name, row in raw_options.items():
        otable = f"variant.{vid}.options.{name}"
        # Kinds of each key are the schema check's; what ties the keys together is checked here.
        if not isinstance(row, dict) or not is_kind(row.get("default"), OPTION_KINDS):
            continue
        default = row["default"]
        choices = row.get("choices", [True, False] if isinstance(default, bool) else [default])
        if not isinstance(choices, list):
            continue
        if not choices:
            problem("choices", f"option {name!r}: choices must list at least one value", otable)
            continue
        if not all(is_kind(c, type(default)) for c in choices):
            bad = next(c for c in choices if not is_kind(c, type(default)))
            problem("choices", f"option {name!r}: choice {short_repr(bad)} is not {kind_name(type(default))} "
                    "like the default", otable)
            continue
        if default not in choices:
            problem("default", f"option {name!r}: default {short_repr(default)} is not among its choices", otable)
            continue
        description = row.get("description", "")
        descriptions = row.get("choice_descriptions", {})
        free_text = row.get("free_text", False)
        if not isinstance(description, str) or not isinstance(descriptions, dict) or not isinstance(free_text, bool):
            continue
        if not all(isinstance(v, str) for v in descriptions.values()):
            continue
        if free_text and not isinstance(default, str):
            problem("free_text", f"option {name!r}: free_text is only for an option whose default is text", otable)
            continue
        options[name] = OptionDef(name, default, tuple(choices), description, dict(descriptions), free_text)
    return options


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
