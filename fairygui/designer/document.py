"""The variant being designed: its own table, its parent, and the file it lives in.

The designer edits the variant's *own* table (what its file says); what the form shows is
that table merged over its parent's, as the rules merge it. A value set back to what the
parent already says is dropped from the own table, so a user variant with a parent records
only its differences. Saving writes the table into the file through ``tomltext`` (other
lines and comments kept). Editing a built-in variant never touches it: the document becomes
a new user variant with the built-in one as its parent. No Qt here.
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from rules.build import ID_PATTERN
from rules.catalogue import Catalogue, build_variant, catalogue, check_file_report, variant_search_path
from rules.inherit import REMOVE_KEY, without_removed
from rules.variant import VariantDef

from ..savefile import write_atomically
from .tomltext import updated_text

FieldPath = tuple[str, ...]
#: Tables whose entries (a piece, a setup, an option) exist even while empty.
ENTRY_TABLES = ("pieces", "setups", "options")
#: The value of a key that is not set (the parent's or the format's default applies).
UNSET: Any = None


def user_variants_dir() -> Path:
    """Where the user's variant files go: the first folder of the rules' search path after the
    built-in one (``$FAIRYCHESS_VARIANTS``'s first folder, or ``~/.config/fairychess/variants``)."""
    paths = variant_search_path()
    return paths[1] if len(paths) > 1 else Path.home() / ".config" / "fairychess" / "variants"


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def get_at(table: Any, path: FieldPath) -> Any:
    for key in path:
        if not isinstance(table, dict) or key not in table:
            return UNSET
        table = table[key]
    return table


def empty_placement(files: int, ranks: int) -> str:
    return "/".join([str(files)] * ranks)


def free_id(base: str, taken: set[str]) -> str:
    if base not in taken:
        return base
    n = 2
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


@dataclass
class VariantDocument:
    vid: str
    own: dict[str, Any]
    #: The file the variant lives in (a new variant's file is named after its id on saving).
    path: Path | None = None
    #: The file's text as last read or written ("" for a new file).
    text: str = ""
    problems: list[tuple[int | None, str]] = field(default_factory=list)
    #: check's warnings at the last save: things that work but do not do what they seem to.
    warnings: list[tuple[int | None, str]] = field(default_factory=list)
    #: The draft is in the live catalogue without being saved (``preview``).
    previewed: bool = False

    # ------------------------------------------------------------ starting points

    @classmethod
    def empty(cls, taken: set[str] | None = None) -> VariantDocument:
        """A new variant from an empty form: an 8x8 board, no pieces, an empty start array."""
        vid = free_id("my-variant", taken if taken is not None else _taken_ids())
        own = {"name": "My variant", "files": 8, "ranks": 8, "pieces": {},
               "setups": {"standard": {"placement": empty_placement(8, 8)}}}
        return cls(vid, own)

    @classmethod
    def child_of(cls, parent: str, catalogue: Catalogue | None = None) -> VariantDocument:
        """A new user variant that starts from ``parent`` (built-in or user) and overrides it."""
        cat = catalogue or _live()
        vdef = cat.get(parent)
        vid = free_id(f"{parent}-custom", _taken_ids(cat))
        return cls(vid, {"parent": parent, "name": f"{vdef.name} (my version)"})

    @classmethod
    def of_variant(cls, vid: str, catalogue: Catalogue | None = None) -> VariantDocument:
        """Edit an existing variant: a user variant in its own file; a built-in one as a new
        user variant with it as the parent (the built-in file is never written)."""
        cat = catalogue or _live()
        if cat.is_builtin(vid):
            return cls.child_of(vid, cat)
        path = Path(cat.source_of(vid))
        return cls(vid, copy.deepcopy(cat.own_table(vid)), path, path.read_text(encoding="utf-8"))

    @classmethod
    def of_file(cls, path: Path) -> VariantDocument:
        """The first variant a file defines, from anywhere on disk, even one the rules refuse
        (check then lists why). Raises ValueError with the reason when the file's text cannot
        be read as variant tables at all (a TOML syntax error): it is then opened as text."""
        text = path.read_text(encoding="utf-8")
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ValueError(f"not valid TOML: {exc}") from None
        tables = data.get("variant")
        if not isinstance(tables, dict) or not tables:
            raise ValueError("the file defines no variant (no [variant.<id>] table)")
        vid, own = next(iter(tables.items()))
        if not isinstance(own, dict):
            raise ValueError(f"variant.{vid} is not a table")
        return cls(str(vid), own, path, text)

    def reload(self) -> None:
        """Read the file again (it was changed on disk); raises ValueError or OSError as :meth:`of_file`."""
        if self.path is None:
            return
        fresh = VariantDocument.of_file(self.path)
        tables = tomllib.loads(fresh.text).get("variant", {})
        own = tables.get(self.vid, fresh.own) if isinstance(tables, dict) else fresh.own
        self.own = own if isinstance(own, dict) else fresh.own
        self.text = fresh.text

    # ------------------------------------------------------------ values

    @property
    def parent(self) -> str | None:
        value = self.own.get("parent")
        return value if isinstance(value, str) and value else None

    def parent_table(self) -> dict[str, Any]:
        if self.parent is None:
            return {}
        try:
            return _live().merged_table(self.parent)
        except rules.RulesError:
            return {}

    def merged(self) -> dict[str, Any]:
        """What the rules will build: the own table over the parent's."""
        base = self.parent_table()
        base.pop("hidden", None)
        base.pop(REMOVE_KEY, None)  # the parent's own removals are done in its table already
        base, _removed = without_removed(base, self.own)  # as the catalogue merges: rules/inherit.py
        return _merge(base, self.own)

    def is_inherited(self, piece: str) -> bool:
        """The piece comes from the parent (this variant may change it, or remove it with ``remove_pieces``)."""
        pieces = self.parent_table().get("pieces")
        return isinstance(pieces, dict) and piece in pieces

    def remove_piece(self, piece: str) -> None:
        """Take the piece out of this variant: its own keys go, and an inherited piece is
        named in ``remove_pieces`` so the parent's does not show through."""
        self._remove(("pieces", piece))
        if self.is_inherited(piece):
            names = [name for name in get_at(self.own, (REMOVE_KEY,)) or [] if name != piece]
            self.own[REMOVE_KEY] = [*names, piece]

    def value(self, path: FieldPath) -> Any:
        return get_at(self.merged(), path)

    def own_value(self, path: FieldPath) -> Any:
        return get_at(self.own, path)

    def set(self, path: FieldPath, value: Any) -> None:
        """Set a key (UNSET removes it); a value the parent already gives is not repeated."""
        inherited = get_at(self.parent_table(), path) if path != ("parent",) else UNSET
        if value is UNSET or (value == inherited and get_at(self.own, path) is UNSET):
            self._remove(path)
            return
        table = self.own
        for key in path[:-1]:
            child = table.get(key)
            if not isinstance(child, dict):
                child = {}
                table[key] = child
            table = child
        table[path[-1]] = value

    def set_parent(self, parent: str | None) -> None:
        """Start from another variant. Keys still as the empty form left them (an 8x8 board, no
        pieces, an empty array) go, so the parent's own board, pieces and setups show through."""
        self.set(("parent",), parent)
        if parent is None:
            return
        for key, blank in (("files", 8), ("ranks", 8), ("pieces", {})):
            if self.own.get(key) == blank:
                del self.own[key]
        setups = self.own.get("setups")
        if isinstance(setups, dict) and all(
                isinstance(row, dict) and set(row) == {"placement"} and not any(c.isalpha() for c in row["placement"])
                for row in setups.values()):
            del self.own["setups"]

    def _remove(self, path: FieldPath) -> None:
        chain = [self.own]
        for key in path[:-1]:
            child = chain[-1].get(key)
            if not isinstance(child, dict):
                return
            chain.append(child)
        chain[-1].pop(path[-1], None)
        # Drop tables the removal left empty, but never a piece or setup itself (it still exists).
        for depth in range(len(chain) - 1, 0, -1):
            is_entry = depth == 2 and path[0] in ENTRY_TABLES
            if chain[depth] or is_entry:
                break
            chain[depth - 1].pop(path[depth - 1], None)

    def rename(self, path: FieldPath, new_key: str) -> None:
        """Give a table entry (a piece, a setup) another name, keeping its place."""
        parent = get_at(self.own, path[:-1])
        if not isinstance(parent, dict) or path[-1] not in parent:
            return
        items = [(new_key if k == path[-1] else k, v) for k, v in parent.items()]
        parent.clear()
        parent.update(items)

    # ------------------------------------------------------------ building, saving, checking

    def file_text(self) -> str:
        return updated_text(self.text, self.vid, self.own)

    def build(self) -> VariantDef:
        """The variant as the rules would build it now (raises VariantFileError)."""
        text = self.file_text()
        return build_variant(self.vid, self.merged(), str(self.target_path()), text, self.own)

    def preview(self) -> VariantDef:
        """Put the draft into the live catalogue under its id (for the setup editor and Play
        before saving); the next catalogue reload drops it unless it was saved."""
        self.previewed = True
        return _live().define(self.vid, copy.deepcopy(self.own), str(self.target_path()), self.file_text())

    def target_path(self) -> Path:
        return self.path if self.path is not None else user_variants_dir() / f"{self.vid}.toml"

    def id_problem(self) -> str | None:
        if not ID_PATTERN.match(self.vid):
            return f"the id {self.vid!r} must be lowercase words joined by hyphens"
        if self.path is None and self.vid in _taken_ids():
            return f"a variant or file named {self.vid!r} exists already; choose another id"
        if self.parent == self.vid:
            return "a variant cannot be its own parent"
        return None

    def save(self) -> list[tuple[int | None, str]]:
        """Write the file (atomically, a new file with the user's umask like every file the
        app writes) and check it; returns check's errors (empty: playable). check's warnings
        are kept in :attr:`warnings`.

        The catalogue is reloaded, so the new-game dialog lists the variant at once."""
        target = self.target_path()
        target.parent.mkdir(parents=True, exist_ok=True)
        text = self.file_text()
        write_atomically(target, text)
        self.path, self.text = target, text
        self.previewed = False
        fresh = rules.reload_catalogue()
        errors, warnings = check_file_report(target, fresh)
        rules.reload_catalogue()  # check put the file's tables into ``fresh``; start clean
        _forget_diagrams()
        self.problems = list(errors)
        self.warnings = list(warnings)
        return self.problems


def _taken_ids(cat: Catalogue | None = None) -> set[str]:
    """Ids a new variant may not take: every variant known (built or not) and every user file's name."""
    cat = cat or _live()
    taken = set(cat.ids(include_hidden=True)) | set(cat.broken())
    try:
        taken |= {path.stem for path in user_variants_dir().glob("*.toml")}
    except OSError:
        pass
    return taken


def _live() -> Catalogue:
    return catalogue()  # looked up each time: a reload replaces it


def _forget_diagrams() -> None:
    # The piece panel keeps diagrams by variant id; a saved variant may move differently now.
    from ..powers.facts import _diagram

    _diagram.cache_clear()


