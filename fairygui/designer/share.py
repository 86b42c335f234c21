"""A variant as one shareable file, and taking one in, in one step each.

The shareable file (``.fcvariant``) is a zip archive holding ``variant.toml`` (the variant's
table, setups included, ready for the user variants folder), the SVG pictures of its own
pieces under ``artwork/`` (the picture of piece ``archer`` as ``artwork/archer-white.svg``
and ``artwork/archer-black.svg``), and ``share.toml`` (the format's version, the variant's
id and name). A variant built on a built-in one keeps its ``parent``; one built on another
user variant is written whole (merged), so the file stands alone on any machine.

Importing writes the variant into the user variants folder under its id (or the next free
one, said so), its pictures into ``artwork/<id>/`` beside it, and runs ``check`` on it. The
archive is read with limits (members, sizes, names): it comes from someone else. No Qt here.
"""

from __future__ import annotations

import copy
import io
import os
import tomllib
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from rules.catalogue import catalogue, check_file
from rules.inherit import REMOVE_KEY

from ..savefile import new_file_mode, write_atomically
from .document import _taken_ids, free_id, user_variants_dir
from .tomltext import updated_text

SUFFIX = ".fcvariant"
FORMAT = 1
#: An archive with more, or bigger, members is not a shared variant.
MAX_MEMBERS = 200
MAX_MEMBER_BYTES = 2_000_000
COLORS = ("white", "black")


class ShareError(ValueError):
    """A shareable file that cannot be made or read; the message says why in words."""


@dataclass
class Imported:
    vid: str
    path: Path
    #: The id the file gave, when another variant had it already.
    renamed_from: str | None = None
    problems: list[tuple[int | None, str]] = field(default_factory=list)
    pictures: int = 0


def _own_table(vid: str) -> dict[str, Any]:
    cat = catalogue()
    own = copy.deepcopy(cat.own_table(vid))
    parent = own.get("parent")
    if isinstance(parent, str) and parent and not cat.is_builtin(parent):
        own = cat.merged_table(vid)  # the whole variant: the user parent stays behind
        for key in ("parent", "hidden", REMOVE_KEY, "replaces_builtin"):
            own.pop(key, None)
    return own


def _picture_files(artwork: str) -> dict[str, Path] | None:
    """An own picture's files by colour, or None for a shipped picture's name."""
    if not (artwork.endswith(".svg") or "/" in artwork):
        return None
    return {color: Path(artwork.replace("{color}", color)).expanduser() for color in COLORS}


def export_variant(vid: str, target: Path) -> list[str]:
    """Write the shareable file of a user variant; returns notes (pictures that were missing)."""
    table = _own_table(vid)
    notes: list[str] = []
    members: dict[str, bytes] = {}
    pieces = table.get("pieces")
    for pid, row in pieces.items() if isinstance(pieces, dict) else ():
        artwork = row.get("artwork") if isinstance(row, dict) else None
        files = _picture_files(artwork) if isinstance(artwork, str) else None
        if files is None:
            continue
        found = {color: path for color, path in files.items() if path.is_file()}
        if not found:
            notes.append(f"the picture of {row.get('name') or pid} ({artwork}) was not found; it is left out")
            row.pop("artwork")
            continue
        for color in COLORS:
            source = found.get(color) or next(iter(found.values()))
            members[f"artwork/{pid}-{color}.svg"] = source.read_bytes()
        row["artwork"] = f"artwork/{pid}-{{color}}.svg"
    vdef = rules.variant(vid)
    members["variant.toml"] = updated_text("", vid, table).encode("utf-8")
    members["share.toml"] = (f'format = {FORMAT}\nvariant = "{vid}"\nname = {_toml_string(vdef.name)}\n'
                             ).encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(members.items()):
            archive.writestr(name, data)
    _write_bytes(target, buffer.getvalue())
    return notes


def _toml_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _write_bytes(path: Path, data: bytes) -> None:
    temp = path.with_name(f".{path.name}.part")
    with open(temp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.chmod(temp, new_file_mode())
    os.replace(temp, path)


def _read_members(source: Path) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(source)
    except (OSError, zipfile.BadZipFile) as exc:
        raise ShareError(f"{source.name} is not a shared variant file ({exc})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > MAX_MEMBERS:
            raise ShareError(f"{source.name} holds {len(infos)} files; a shared variant holds at most {MAX_MEMBERS}")
        members: dict[str, bytes] = {}
        for info in infos:
            if info.is_dir():
                continue
            name = info.filename
            allowed = name in ("variant.toml", "share.toml") or (
                name.startswith("artwork/") and name.endswith(".svg") and "/" not in name[len("artwork/"):]
                and ".." not in name)
            if not allowed:
                raise ShareError(f"{source.name} holds {name!r}, which a shared variant never holds")
            if info.file_size > MAX_MEMBER_BYTES:
                raise ShareError(f"{name} in {source.name} is larger than {MAX_MEMBER_BYTES // 1_000_000} MB")
            members[name] = archive.read(info)
    if "variant.toml" not in members:
        raise ShareError(f"{source.name} holds no variant (variant.toml is missing)")
    return members


def import_variant(source: Path, folder: Path | None = None) -> Imported:
    """Take a shared variant into the user variants folder; raises ShareError with the reason."""
    members = _read_members(source)
    try:
        data = tomllib.loads(members["variant.toml"].decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ShareError(f"the variant in {source.name} cannot be read: {exc}") from None
    tables = data.get("variant")
    if not isinstance(tables, dict) or not tables:
        raise ShareError(f"{source.name} holds no variant table")
    vid, table = next(iter(tables.items()))
    if not isinstance(table, dict):
        raise ShareError(f"{source.name} holds no variant table")
    folder = folder or user_variants_dir()
    folder.mkdir(parents=True, exist_ok=True)
    new_vid = free_id(str(vid), _taken_ids())
    pictures = folder / "artwork" / new_vid
    written = 0
    pieces = table.get("pieces")
    for row in pieces.values() if isinstance(pieces, dict) else ():
        artwork = row.get("artwork") if isinstance(row, dict) else None
        if not (isinstance(artwork, str) and artwork.startswith("artwork/")):
            continue
        pictures.mkdir(parents=True, exist_ok=True)
        for color in COLORS:
            name = artwork.replace("{color}", color)
            if name in members:
                _write_bytes(pictures / Path(name).name, members[name])
                written += 1
        row["artwork"] = str(pictures / Path(artwork).name)
    target = folder / f"{new_vid}.toml"
    write_atomically(target, updated_text("", new_vid, table))
    rules.reload_catalogue()
    problems = check_file(target)
    return Imported(new_vid, target, str(vid) if new_vid != vid else None, problems, written)
