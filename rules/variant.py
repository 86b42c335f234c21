"""Variant definitions read from TOML data files.

A data file holds one or more tables ``[variant.<id>]``. A variant may name a
``parent``; its table is then merged over the parent's (tables merge key by key,
everything else replaces). See ``docs/variant-files.md`` for every key.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .betza import parse_betza
from .datafields import is_kind, kind_name, short_repr
from .errors import BetzaError, OptionError, UnknownVariantError, VariantFileError
from .geometry import MAX_SIZE
from .movement import MOVEMENT_KEYS, movement_words, read_movement
from .notation import default_notation
from .outcomes import DEFAULT_OUTCOMES, Outcomes, read_outcomes
from .pieces import PieceType
from .regions import Region, parse_regions

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

TOP_KEYS = {
    "name", "description", "parent", "files", "ranks", "extra_squares", "royal", "royal_mode",
    "lose_without_royals", "powers", "pieces", "setups", "default_setup", "promotion",
    "castling", "options", "data", "hidden", "zones", "regions", "royals_may_face", "outcomes",
    "fairy_stockfish", "fairy_stockfish_letters",
}
PIECE_KEYS = {
    "name", "letter", "betza", "powers", "description", "tracks_moved", "components",
    "value", "pawn", "data", "notation", "initial_ranks", *MOVEMENT_KEYS,
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


def _read_file(path: Path) -> _RawFile:
    text = _read_text(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else None
        raise VariantFileError(str(path), [(line, f"not valid TOML: {str(exc)[:200]}")]) from None
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


def variant_search_path() -> list[Path]:
    paths = [BUILTIN_DIR]
    extra = os.environ.get(USER_PATH_ENV)
    if extra:
        paths.extend(Path(p) for p in extra.split(os.pathsep) if p)
    else:
        paths.append(Path.home() / ".config" / "fairychess" / "variants")
    return paths


def _one_line(exc: VariantFileError, with_path: bool = True) -> str:
    """The first problem of a file, on one line, for lists of broken files."""
    line, text = exc.problems[0] if exc.problems else (None, "cannot be read")
    first = (text.splitlines()[0] if text else "")[:300]
    where = exc.path if with_path else ""
    if line is not None:
        where = f"{where}:{line}" if where else f"line {line}"
    return f"{where}: {first}" if where else first


class Catalogue:
    """All variants found on the search path, built lazily and cached.

    A user file that cannot be read, or a variant in it that cannot be built, is
    kept out of :meth:`ids` and listed by :meth:`broken` with its first error;
    the other variants are unaffected. A broken built-in file is a bug and raises.
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
        self.load_errors: list[VariantFileError] = []
        for directory in self.paths:
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
                    if directory != BUILTIN_DIR and vid in self._raw and vid not in self._builtin:
                        self._builtin[vid] = self._raw[vid]
                    self._raw[vid] = (raw, table)
                    self._failed.pop(vid, None)
                    self._built.pop(vid, None)

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
        for vid in self._raw:
            try:
                self.get(vid)
            except VariantFileError as exc:
                out[vid] = _one_line(exc)
        for vid, exc in self._override_errors.items():
            out[exc.path] = f"{_one_line(exc, with_path=False)} (the built-in {vid!r} is used instead)"
        return out

    def get(self, vid: str) -> VariantDef:
        if vid in self._built:
            return self._built[vid]
        if vid in self._failed:
            raise self._failed[vid]
        if vid not in self._raw:
            known = ", ".join(self.ids()) or "none"
            raise UnknownVariantError(f"unknown variant {short_repr(vid)}; known variants: {known}")
        raw_file, _ = self._raw[vid]
        try:
            merged = self._merged(vid)
            built = build_variant(vid, merged, raw_file.path, raw_file.text)
        except VariantFileError as exc:
            if vid in self._builtin:  # a broken user copy of a built-in variant: keep the built-in one
                self._override_errors[vid] = exc
                self._raw[vid] = self._builtin.pop(vid)
                return self.get(vid)
            self._failed[vid] = exc
            raise
        self._built[vid] = built
        return built

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
            merged.pop("hidden", None)  # only the variant's own table says whether it is hidden
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
    """(errors, warnings) of one variant file."""
    try:
        raw = _read_file(Path(path))
    except VariantFileError as exc:
        return list(exc.problems), []
    cat = catalogue or Catalogue()
    problems: list[Problem] = []
    warnings: list[Problem] = []
    for vid, table in raw.tables.items():
        cat._raw[vid] = (raw, table)
        cat._built.pop(vid, None)
        cat._failed.pop(vid, None)
        cat._builtin.pop(vid, None)  # check reports the file's own errors: no fallback
    for vid in raw.tables:
        try:
            vdef = cat.get(vid)
        except VariantFileError as exc:
            problems.extend(exc.problems)
            continue
        from .startcheck import start_problems, variant_warnings

        problems.extend(start_problems(vdef))
        warnings.extend(variant_warnings(vdef))
    return problems, warnings


# ---------------------------------------------------------------- validation


def build_variant(vid: str, table: dict[str, Any], path: str, text: str) -> VariantDef:
    problems: list[Problem] = []
    vtable = f"variant.{vid}"

    def problem(key: str, message: str, table_name: str = vtable) -> None:
        problems.append((_key_line(text, table_name, key), message))

    if not ID_PATTERN.match(vid):
        problems.append(
            (_line_of(text, vtable), f"variant id {short_repr(vid)} must be lowercase words joined by hyphens")
        )
    for key in table:
        if key not in TOP_KEYS:
            problem(key, f"unknown key {short_repr(key)} in [{vtable}]")

    def get(key: str, kind: type | tuple[type, ...], default: Any, where: dict[str, Any] = table,
            table_name: str = vtable) -> Any:
        value = where.get(key, default)
        if not is_kind(value, kind):
            problem(key, f"{key!r} must be {kind_name(kind)}, not {short_repr(value)}", table_name)
            return default
        return value

    def strings(key: str, where: dict[str, Any] = table, table_name: str = vtable) -> tuple[str, ...]:
        value = where.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problem(key, f"{key!r} must be a list of strings, not {short_repr(value)}", table_name)
            return ()
        return tuple(value)

    files = get("files", int, 8)
    ranks = get("ranks", int, 8)
    if not (1 <= files <= MAX_BOARD_SIDE and 1 <= ranks <= MAX_BOARD_SIDE):
        problem(
            "files" if not 1 <= files <= MAX_BOARD_SIDE else "ranks",
            f"board {files}x{ranks} is out of range: files and ranks go from 1 to {MAX_BOARD_SIDE}",
        )
        files, ranks = min(max(files, 1), MAX_BOARD_SIDE), min(max(ranks, 1), MAX_BOARD_SIDE)
    extras = strings("extra_squares")
    for name in extras:
        if not EXTRA_SQUARE_PATTERN.match(name) or BOARD_SQUARE_PATTERN.match(name):
            problem(
                "extra_squares", f"extra square {short_repr(name)} must be a lowercase word that is not a board square"
            )
    if len(set(extras)) != len(extras):
        problem("extra_squares", "extra_squares lists a name twice")
    for key in ("name", "description"):
        get(key, str, "")
    get("parent", str, "")
    for key in ("hidden", "lose_without_royals"):
        get(key, bool, False)
    pieces = _build_pieces(vid, get("pieces", dict, {}), text, problems)
    royal = strings("royal")
    for r in royal:
        if r not in pieces:
            problem("royal", f"royal piece {short_repr(r)} is not in the piece table")
    royal_mode = get("royal_mode", str, "always")
    if royal_mode not in ("always", "last-one"):
        problem("royal_mode", f"royal_mode must be 'always' or 'last-one', not {short_repr(royal_mode)}")
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
    setups = _build_setups(vid, get("setups", dict, {}), text, problems)
    if not setups:
        problem("setups", "a variant needs at least one setup in [variant.<id>.setups.<name>]")
    default_setup = get("default_setup", str, next(iter(setups), "standard"))
    if setups and default_setup not in setups:
        problem("default_setup", f"default_setup {short_repr(default_setup)} is not one of the setups")
    promotion = get("promotion", dict, {})
    _check_promotion(vid, promotion, pieces, ranks, text, problems)
    castling = get("castling", dict, {})
    ctable = f"{vtable}.castling"
    for key in ("king", "rook"):
        name = get(key, str, key, castling, ctable)
        if key in castling and name not in pieces:
            problem(key, f"castling {key} {short_repr(name)} is not in the piece table", ctable)
    steps = get("king_steps", int, 2, castling, ctable)
    if not 1 <= steps < files:
        problem("king_steps", f"castling king_steps must be from 1 to {files - 1}, not {steps}", ctable)
    zones = get("zones", dict, {})
    regions, region_faults = parse_regions(table.get("regions", {}), files, ranks)
    for key, message in region_faults:
        problem(key, message, f"{vtable}.regions")
    raw_pieces = table.get("pieces", {})
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
        raise VariantFileError(path, problems)
    return VariantDef(
        id=vid,
        name=str(table.get("name", vid)),
        description=str(table.get("description", "")),
        files=files,
        ranks=ranks,
        extra_squares=extras,
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
        zones=dict(zones),
        data=dict(data),
        source=path,
        hidden=bool(table.get("hidden", False)),
        raw=table,
        text=text,
        regions=regions,
        royals_may_face=royals_may_face,
        outcomes=outcomes,
    )


def _build_pieces(vid: str, raw_pieces: dict[str, Any], text: str, problems: list[Problem]) -> dict[str, PieceType]:
    vtable = f"variant.{vid}"
    pieces: dict[str, PieceType] = {}
    letters: dict[str, str] = {}
    if not raw_pieces:
        problems.append(
            (_key_line(text, vtable, "pieces"), "a variant needs at least one piece in [variant.<id>.pieces.<piece>]")
        )
    for pid, prow in raw_pieces.items():
        ptable = f"{vtable}.pieces.{pid}"

        def problem(key: str, message: str, ptable: str = ptable) -> None:
            problems.append((_key_line(text, ptable, key), message))

        if not isinstance(prow, dict):
            problem(pid, f"piece {short_repr(pid)} must be a table, not {short_repr(prow)}", vtable)
            continue
        if not ID_PATTERN.match(pid):
            problems.append(
                (_line_of(text, ptable), f"piece id {short_repr(pid)} must be lowercase words joined by hyphens")
            )
        for key in prow:
            if key not in PIECE_KEYS:
                problem(key, f"unknown key {short_repr(key)} for piece {pid!r}")

        def get(key: str, kind: type | tuple[type, ...], default: Any, prow: dict[str, Any] = prow,
                pid: str = pid, problem: Any = problem) -> Any:
            value = prow.get(key, default)
            if not is_kind(value, kind):
                problem(key, f"{key!r} of piece {pid!r} must be {kind_name(kind)}, not {short_repr(value)}")
                return default
            return value

        betza = get("betza", str, "")
        atoms: tuple = ()
        if betza:
            try:
                atoms = parse_betza(betza)
            except BetzaError as exc:
                problem("betza", f"piece {pid!r}: {exc.args[0].splitlines()[0]}")
                betza = ""
        letter = prow.get("letter", "")
        if not isinstance(letter, str) or not LETTER_PATTERN.match(letter) or len(letter) > 8:
            problem("letter", f"piece {pid!r} needs a letter: up to 8 capitals or digits, starting with a capital")
            letter = "?"
        elif letter in letters:
            problem("letter", f"pieces {letters[letter]!r} and {pid!r} share the letter {letter!r}")
        else:
            letters[letter] = pid
        powers = prow.get("powers", [])
        if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers):
            problem("powers", f"powers of {pid!r} must be a list of names, not {short_repr(powers)}")
            powers = []
        comps = prow.get("components", [])
        if not isinstance(comps, list) or not all(isinstance(c, str) for c in comps):
            problem("components", f"components of {pid!r} must be a list of piece ids, not {short_repr(comps)}")
            comps = []
        else:
            for c in comps:
                if c not in raw_pieces:
                    problem("components", f"component {short_repr(c)} of {pid!r} is not in the piece table")
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
            data={**data, "pawn": get("pawn", bool, False), "initial_ranks": tuple(initial_ranks)},
            notation=notation or default_notation(betza, list(powers)),
        )
    return pieces


def _build_setups(vid: str, raw: dict[str, Any], text: str, problems: list[Problem]) -> dict[str, Setup]:
    setups: dict[str, Setup] = {}
    for name, srow in raw.items():
        stable = f"variant.{vid}.setups.{name}"
        if not isinstance(srow, dict) or not isinstance(srow.get("placement"), str):
            problems.append((_line_of(text, stable), f"setup {short_repr(name)} needs a placement string"))
            continue
        description = srow.get("description", "")
        data = srow.get("data", {})
        if not isinstance(description, str):
            problems.append((_key_line(text, stable, "description"), f"description of setup {name!r} must be a string"))
            continue
        if not isinstance(data, dict):
            problems.append(
                (_key_line(text, stable, "data"), f"data of setup {name!r} must be a table, not {short_repr(data)}")
            )
            continue
        setups[name] = Setup(name, srow["placement"], description, dict(data))
    return setups


def _check_promotion(
    vid: str, promotion: dict[str, Any], pieces: dict[str, PieceType], ranks: int, text: str, problems: list[Problem]
) -> None:
    ptable = f"variant.{vid}.promotion"

    def problem(key: str, message: str) -> None:
        problems.append((_key_line(text, ptable, key), message))

    for key in ("pieces", "exclude"):
        value = promotion.get(key, [])
        if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
            problem(key, f"promotion {key} must be a list of piece ids, not {short_repr(value)}")
            continue
        for p in value:
            if p not in pieces:
                what = "promoting piece" if key == "pieces" else "excluded piece"
                problem(key, f"{what} {short_repr(p)} is not in the piece table")
    zone = promotion.get("zone", 1)
    if not is_kind(zone, int) or not 1 <= zone <= ranks:
        problem("zone", f"promotion zone must be a number of ranks from 1 to {ranks}, not {short_repr(zone)}")
    by_piece = promotion.get("zone_by_piece", {})
    if not isinstance(by_piece, dict):
        problem("zone_by_piece", f"promotion zone_by_piece must be a table, not {short_repr(by_piece)}")
    else:
        for p, depth in by_piece.items():
            if p not in pieces:
                problem("zone_by_piece", f"zone_by_piece names {short_repr(p)}, which is not in the piece table")
            elif not is_kind(depth, int) or not 1 <= depth <= ranks:
                problem("zone_by_piece", f"zone_by_piece.{p} must be from 1 to {ranks}, not {short_repr(depth)}")
    choices = promotion.get("choices", [])
    if isinstance(choices, list):
        for c in choices:
            if not isinstance(c, str):
                problem("choices", f"promotion choice {short_repr(c)} must be a piece id (a string)")
            elif c not in pieces:
                problem("choices", f"promotion choice {short_repr(c)} is not in the piece table")
    elif choices != "pool":
        problem("choices", f"promotion choices must be a list of piece ids or \"pool\", not {short_repr(choices)}")


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
        problem("options", f"options must be a table of tables, not {short_repr(raw_options)}")
        return options
    for name, row in raw_options.items():
        otable = f"variant.{vid}.options.{name}"
        if not isinstance(row, dict) or "default" not in row:
            problem(name, f"option {short_repr(name)} needs a table with a default")
            continue
        unknown = sorted(set(row) - {"default", "choices", "description", "choice_descriptions", "free_text"})
        if unknown:
            problem(unknown[0], f"unknown key {short_repr(unknown[0])} in option {name!r}", otable)
            continue
        default = row["default"]
        if not is_kind(default, OPTION_KINDS):
            problem("default", f"option {name!r}: default must be true/false, a whole number or a string, "
                    f"not {short_repr(default)}", otable)
            continue
        choices = row.get("choices", [True, False] if isinstance(default, bool) else [default])
        if not isinstance(choices, list) or not choices:
            problem("choices", f"option {name!r}: choices must be a list, not {short_repr(choices)}", otable)
            continue
        if not all(is_kind(c, type(default)) for c in choices):
            bad = next(c for c in choices if not is_kind(c, type(default)))
            problem("choices", f"option {name!r}: choice {short_repr(bad)} is not {kind_name(type(default))} "
                    "like the default", otable)
            continue
        if default not in choices:
            problem(name, f"option {name!r}: default {short_repr(default)} is not among its choices")
            continue
        description = row.get("description", "")
        descriptions = row.get("choice_descriptions", {})
        free_text = row.get("free_text", False)
        if not isinstance(description, str):
            problem("description", f"option {name!r}: description must be a string", otable)
            continue
        if not isinstance(descriptions, dict) or not all(isinstance(v, str) for v in descriptions.values()):
            problem("choice_descriptions", f"option {name!r}: choice_descriptions must be a table of strings", otable)
            continue
        if not isinstance(free_text, bool) or (free_text and not isinstance(default, str)):
            problem(
                "free_text", f"option {name!r}: free_text must be true or false, and only for a text default", otable
            )
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
