"""The variant catalogue: finding, reading and checking variant files, and the rules they make.

A data file holds one or more tables ``[variant.<id>]``. A variant may name a
``parent``; its table is then merged over the parent's (tables merge key by key,
everything else replaces). See ``docs/variant-files.md`` for every key.

Loading is safe from several threads at once: the catalogue builds each variant under its
lock, the process's catalogue is made once, and the Rules cache has its own lock.
"""

from __future__ import annotations

import copy
import errno
import os
import re
import threading
import tomllib
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .build import build_variant as build_from_table
from .build import in_line_order
from .datafields import short_repr
from .errors import OptionError, SetupError, UnknownVariantError, VariantFileError
from .files import Fault, UnreadableFile, read_bytes
from .game import Game, new_game_from_fen, new_game_from_placement
from .inherit import REMOVE_KEY, removal_problems, without_removed
from .keycheck import betza_warnings
from .limits import EXCERPT_CHARS, MAX_OPTION_TEXT_CHARS, MAX_VARIANT_FILE_BYTES, excerpt
from .powers import known_powers
from .ruleset import Rules
from .sectioncheck import section_warnings
from .startcheck import decided_start_warnings, start_problems
from .tomllines import key_line, line_of
from .variant import Problem, VariantDef

BUILTIN_DIR = Path(__file__).parent / "variants"
USER_PATH_ENV = "FAIRYCHESS_VARIANTS"
#: Longest chain of parents (a variant, its parent, its parent's parent, ...).
MAX_PARENT_DEPTH = 32
#: Deepest nesting of tables and lists inside one variant file.
MAX_NESTING = 16
#: The system's errors that mean there is no file at the path.
_MISSING = frozenset({errno.ENOENT, errno.ENOTDIR, errno.ELOOP, errno.EBADF})


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
    """The file's text, read by :func:`rules.files.read_bytes` up to the variant file limit."""
    try:
        data = read_bytes(path, MAX_VARIANT_FILE_BYTES)
    except UnreadableFile as exc:
        raise VariantFileError(str(path), [(None, _unreadable(exc))]) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise VariantFileError(str(path), [(None, "the file is not UTF-8 text")]) from None


def _unreadable(exc: UnreadableFile) -> str:
    """Why a variant file could not be read, in the words ``check`` reports."""
    if exc.fault in (Fault.FOLDER, Fault.NOT_REGULAR):
        return "not a regular file"
    if exc.fault is Fault.TOO_LARGE:
        return f"the file is larger than the limit of {MAX_VARIANT_FILE_BYTES} bytes"
    if exc.error is not None and exc.error.errno in _MISSING:
        return "no such file"
    return f"cannot read the file: {exc.error.strerror if exc.error is not None else 'unknown fault'}"


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
            problems.append((line_of(text, key), f"unknown top-level key {short_repr(key)}; use [variant.<id>]"))
    if not isinstance(variants, dict) or not variants:
        problems.append((line_of(text, "variant"), "no [variant.<id>] table"))
    else:
        for vid, table in variants.items():
            if not isinstance(table, dict):
                problems.append((
                    line_of(text, vid),
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

    Every call may come from any thread: variants are built and swapped under one lock.
    """

    def __init__(self, paths: list[Path] | None = None) -> None:
        self.paths = paths if paths is not None else variant_search_path()
        # Reentrant: building one variant asks for its parents' tables through the same calls.
        self._lock = threading.RLock()
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
                self._clashes.setdefault(raw.path, []).append((line_of(raw.text, f"variant.{vid}"), fault))
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
        with self._lock:
            for vid in list(self._raw):
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
        with self._lock:
            out = {exc.path: _one_line(exc, with_path=False) for exc in self.load_errors}
            for path, problems in self._clashes.items():
                out[path] = _one_line(VariantFileError(path, problems), with_path=False)
            for vid in list(self._raw):
                try:
                    self.get(vid)
                except VariantFileError as exc:
                    out[vid] = _one_line(exc)
            for vid, fault in self._override_errors.items():
                out[fault.path] = f"{_one_line(fault, with_path=False)} (the built-in {vid!r} is used instead)"
        return out

    def get(self, vid: str) -> VariantDef:
        """The variant's definition, built on first use (VariantFileError if it cannot be)."""
        found = self._built.get(vid)
        if found is not None:
            return found
        with self._lock:
            return self._get(vid)

    def _get(self, vid: str) -> VariantDef:
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
                found = start_problems(built)
                if found:
                    raise VariantFileError(raw_file.path, found)
        except VariantFileError as exc:
            if vid in self._builtin:  # a broken user copy of a built-in variant: keep the built-in one
                self._override_errors[vid] = exc
                self._raw[vid] = self._builtin.pop(vid)
                return self._get(vid)
            self._failed[vid] = exc
            raise
        self._built[vid] = built
        return built

    def define(self, vid: str, table: dict[str, Any], path: str, text: str) -> VariantDef:
        """Put a variant not (yet) in a file into this catalogue, replacing any of that id, and
        build it (raises VariantFileError). The variant designer previews its draft this way;
        reloading the catalogue drops it again."""
        with self._lock:
            self._raw[vid] = (_RawFile(path, text, {vid: table}), table)
            self._built.pop(vid, None)
            self._failed.pop(vid, None)
            self._builtin.pop(vid, None)
            return self._get(vid)

    def use_builtin(self, vid: str) -> None:
        """Make ``vid`` mean the built-in variant of that id from now on, in place of the file
        that defines it here (which is left as it is): for an app that must always have that
        variant to show. UnknownVariantError if no built-in variant has that id."""
        builtin = Catalogue([BUILTIN_DIR])
        with self._lock:
            if vid not in builtin._raw:
                raise UnknownVariantError(f"no built-in variant {short_repr(vid)}")
            self._raw[vid] = builtin._raw[vid]
            self._built.pop(vid, None)
            self._failed.pop(vid, None)
            self._builtin.pop(vid, None)

    def _take_file(self, vid: str, raw: _RawFile, table: dict[str, Any]) -> None:
        """Put a file's variant in place of any of that id, with no built-in one to fall back on
        (``check`` reports the file's own errors)."""
        self._raw[vid] = (raw, table)
        self._built.pop(vid, None)
        self._failed.pop(vid, None)
        self._builtin.pop(vid, None)

    def merged_table(self, vid: str) -> dict[str, Any]:
        """The variant's table merged over its parents' (what it is built from)."""
        with self._lock:
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
        """The variant's table merged over its parents' (a loop, so no chain can exhaust the stack);
        the caller holds the lock."""
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
                line = key_line(raw_file.text, f"variant.{current}", "parent")
                raise VariantFileError(raw_file.path, [(line, fault)])
            current = parent
        merged: dict[str, Any] = {}
        for depth, name in enumerate(reversed(chain)):
            # Only the variant's own table says these: a child is not the game Fairy-Stockfish names,
            # and a parent's removals are already done.
            for own_only in ("hidden", "replaces_builtin", "fairy_stockfish", REMOVE_KEY):
                merged.pop(own_only, None)
            raw_file, own = self._raw[name]
            base, _removed = without_removed(merged, own)
            child = _merge(base, own)
            faults = removal_problems(own, merged, child, has_parent=depth > 0)
            if faults:
                raise VariantFileError(raw_file.path, [
                    (self._removal_line(raw_file.text, name, key), message) for key, message in faults])
            merged = child
        return merged

    @staticmethod
    def _removal_line(text: str, vid: str, key: str) -> int | None:
        """The line of ``remove_pieces``, or of the placement of the setup ``key`` where the file writes it."""
        if key != REMOVE_KEY:
            line = key_line(text, f"variant.{vid}.setups.{key}", "placement")
            if line is not None:
                return line
        return key_line(text, f"variant.{vid}", REMOVE_KEY)


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
    with cat._lock:  # the file's variants stand in the catalogue while they are checked
        return _file_report(raw, cat)


def _file_report(raw: _RawFile, cat: Catalogue) -> tuple[list[Problem], list[Problem]]:
    """The report of a file read into ``raw``, whose variants take their ids' places in ``cat``."""
    problems: list[Problem] = []
    warnings: list[Problem] = []
    checked: list[str] = []
    for vid, table in raw.tables.items():
        line = line_of(raw.text, f"variant.{vid}")
        taken = cat._builtin.get(vid) or cat._raw.get(vid)
        if taken is not None and not _same_file(taken[0].path, raw.path):
            fault = cat.clash(vid, table, taken[0].path)
            if fault is not None:
                problems.append((line, fault))
                continue
        elif table.get("replaces_builtin", False) is True and not is_builtin_file(raw.path):
            warnings.append((key_line(raw.text, f"variant.{vid}", "replaces_builtin"),
                             f"replaces_builtin = true, but there is no built-in variant {vid!r} to replace"))
        cat._take_file(vid, raw, table)
        checked.append(vid)
    for vid in checked:
        try:
            vdef = cat.get(vid)
        except VariantFileError as exc:
            problems.extend(exc.problems)
            continue
        if is_builtin_file(raw.path):  # loading skips these for the built-in files: check does them
            problems.extend(start_problems(vdef))
        warnings.extend(decided_start_warnings(vdef))
    for vid in checked:
        try:
            merged = cat._merged(vid)
        except VariantFileError:
            continue
        warnings.extend(betza_warnings(vid, merged, raw.tables[vid], raw.text))
        warnings.extend(section_warnings(vid, merged, raw.tables[vid], raw.text))
    return in_line_order(problems), in_line_order(warnings)


def _same_file(a: str, b: str) -> bool:
    try:
        return Path(a).resolve() == Path(b).resolve()
    except OSError:
        return a == b


# ---------------------------------------------------------------- the process's catalogue and rules

_CATALOGUE: Catalogue | None = None
_CATALOGUE_LOCK = threading.Lock()


def catalogue() -> Catalogue:
    """The catalogue of this process, read from the search path on first use."""
    global _CATALOGUE
    with _CATALOGUE_LOCK:  # threads asking at once share one catalogue
        if _CATALOGUE is None:
            _CATALOGUE = Catalogue()
        return _CATALOGUE


def reload_catalogue() -> Catalogue:
    """Read the search path again (after a variant file was saved) and use what it holds now."""
    global _CATALOGUE
    fresh = Catalogue()
    with _CATALOGUE_LOCK:
        _CATALOGUE = fresh
    return fresh


def use_builtin_catalogue() -> Catalogue:
    """Offer only the built-in variants from now on (for an app whose variant folders cannot
    even be listed); :func:`reload_catalogue` reads the search path again."""
    global _CATALOGUE
    builtin = Catalogue([BUILTIN_DIR])
    with _CATALOGUE_LOCK:
        _CATALOGUE = builtin
    return builtin


def power_vocabulary() -> dict[str, str]:
    """The powers a variant file may name: each registered power's name and one-line description."""
    return {name: power.description for name, power in known_powers().items()}


def build_variant(
    vid: str, table: dict[str, Any], path: str, text: str, own: dict[str, Any] | None = None
) -> VariantDef:
    """A variant's definition from its merged table, naming the registered powers
    (:func:`rules.build.build_variant` with :func:`power_vocabulary`)."""
    return build_from_table(vid, table, path, text, own, vocabulary=power_vocabulary())


def variant_ids() -> list[str]:
    """Every playable variant id (a user variant file that cannot be read or built is left out)."""
    return catalogue().ids()


def broken_variants() -> dict[str, str]:
    """User variant files that cannot be read (by path) and variants that cannot be built (by id),
    each with a one-line reason."""
    return catalogue().broken()


def variant(variant_id: str) -> VariantDef:
    """A variant's definition: name, description, pieces, setups, options."""
    require_type("variant_id", variant_id, str, "a variant id (str)")
    return _variant_def(variant_id)


def require_type(name: str, value: Any, kind: type | tuple[type, ...], what: str) -> None:
    """TypeError naming the parameter when a caller passes the wrong Python type."""
    if not isinstance(value, kind):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")


def _variant_def(variant_id: str) -> VariantDef:
    if len(variant_id) > EXCERPT_CHARS:  # no id is this long; keep the message short
        raise UnknownVariantError(f"unknown variant {excerpt(variant_id)}; known variants: {', '.join(variant_ids())}")
    return catalogue().get(variant_id)


def checked_options(vdef: VariantDef, options: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """The options as a dict, refusing names and values no option could hold, by name and briefly."""
    if options is None:
        return None
    require_type("options", options, Mapping, "a mapping of option names to values, or None")
    variant_id = vdef.id
    out: dict[str, Any] = {}
    for name, value in options.items():
        if not isinstance(name, str):
            raise OptionError(f"option names are text; {excerpt(name)} is a {type(name).__name__}")
        if name not in vdef.options:
            known = ", ".join(sorted(vdef.options)) or "none"
            raise OptionError(f"variant {variant_id!r} has no option {excerpt(name)}; its options are: {known}")
        if not isinstance(value, (str, bool, int, float)):
            raise OptionError(
                f"option {excerpt(name)} of variant {variant_id!r} cannot be a {type(value).__name__} "
                f"({excerpt(value)}); options take text, numbers or true/false"
            )
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT_CHARS:
            raise OptionError(
                f"option {excerpt(name)} of variant {variant_id!r}: {len(value):,} characters is longer "
                f"than the limit of {MAX_OPTION_TEXT_CHARS:,}"
            )
        out[name] = value
    return out


#: Rules objects kept for reuse, the least recently asked for dropped first. Free-text
#: options (a chosen setup order) make unlimited distinct option sets.
RULES_CACHE_SIZE = 8
#: And the Contexts cached by the kept Rules, other than the one just asked for, may take
#: this many (estimated) bytes together: a Rules object that has done an hour's analysis
#: weighs far more than one that has not.
RULES_CACHE_CONTEXT_BYTES = 24 * 1024 * 1024
_RULES_CACHE: OrderedDict[tuple[str, tuple[tuple[str, Any], ...]], Rules] = OrderedDict()
_RULES_CACHE_LOCK = threading.RLock()


def make_rules(variant_id: str, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a variant with these options (validated, defaults filled in)."""
    require_type("variant_id", variant_id, str, "a variant id (str)")
    vdef = _variant_def(variant_id)
    resolved = vdef.resolve_options(checked_options(vdef, options))
    key = (variant_id, tuple(sorted(resolved.items(), key=lambda kv: kv[0])))
    with _RULES_CACHE_LOCK:  # one Rules per key, whichever thread asks first
        found = _RULES_CACHE.get(key)
        # A reloaded catalogue (a variant saved again from the designer) gives a new definition.
        if found is None or found.variant is not vdef:
            found = Rules(vdef, resolved)
        _RULES_CACHE[key] = found
        _RULES_CACHE.move_to_end(key)
        _trim_rules_cache()
    return found


def _trim_rules_cache() -> None:
    """Drop the least recently asked-for Rules beyond the count or the weight of their caches."""
    while len(_RULES_CACHE) > 1:
        others = list(_RULES_CACHE.values())[:-1]
        weight = sum(r.contexts.estimated_total for r in others)
        if len(_RULES_CACHE) <= RULES_CACHE_SIZE and weight <= RULES_CACHE_CONTEXT_BYTES:
            return
        _RULES_CACHE.popitem(last=False)


def forget_rules(variant_id: str) -> None:
    """Drop the kept Rules of a variant (every option set), so the next game builds them anew."""
    with _RULES_CACHE_LOCK:
        for key in [k for k in _RULES_CACHE if k[0] == variant_id]:
            del _RULES_CACHE[key]


def cached_rules_count() -> int:
    """How many Rules objects the cache keeps now."""
    return len(_RULES_CACHE)


def new_game(
    variant_id: str,
    options: Mapping[str, Any] | None = None,
    placement: Mapping[str, str] | None = None,
    to_move: str = "white",
    fen: str | None = None,
) -> Game:
    """A new game: the standard start, or a given placement or position text."""
    if placement is not None:
        require_type("placement", placement, Mapping, "a mapping of square names to pieces, or None")
    require_type("to_move", to_move, str, "'white' or 'black'")
    if fen is not None:
        require_type("fen", fen, str, "a position text (str) or None")
    rules = make_rules(variant_id, options)
    if fen is not None and placement is not None:
        raise SetupError("give either a placement or a position text, not both")
    if fen is not None:
        return new_game_from_fen(rules, fen)
    if placement is not None:
        return new_game_from_placement(rules, placement, to_move)
    game = Game(rules, rules.start_position())
    if to_move != "white":
        raise SetupError("to_move applies to a placement; the start position has White to move")
    return game
