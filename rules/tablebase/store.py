"""Where tables live and how they are written: one compact file per variant, options and
material in the user's cache folder, named with a hash of the variant's rules so a changed
variant gets a new table; checkpoints of an unfinished build beside it.

The file: a line ``FCTB1``, the header length (8 bytes, little-endian), the header (JSON with
sorted keys), then per layer the zlib-compressed values (int8) and plies (uint16). The same
table always gives the same bytes.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..catalogue import catalogue
from .values import Job

if TYPE_CHECKING:
    import numpy as np

MAGIC = b"FCTB1\n"
#: bump when the meaning of a table's bytes changes
FORMAT_VERSION = 1
ENV_FOLDER = "FAIRYCHESS_TABLES"


def tables_folder() -> Path:
    """``$FAIRYCHESS_TABLES`` if set, else the platform's user cache folder + ``fairychess/tables``."""
    chosen = os.environ.get(ENV_FOLDER)
    if chosen:
        return Path(chosen)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "fairychess" / "tables"


def rules_hash(job: Job) -> str:
    """A hash of everything a table's values depend on: the variant's merged table, the options."""
    table = catalogue().merged_table(job.variant)
    text = json.dumps([FORMAT_VERSION, table, list(job.options)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text)[:60]


def table_path(job: Job, folder: Path | None = None) -> Path:
    options = "".join(f"+{_slug(k)}={_slug(str(v))}" for k, v in job.options)
    name = f"{_slug(job.variant)}{options}-{_slug(job.material)}-{rules_hash(job)}.fctb"
    return (folder or tables_folder()) / name


def checkpoint_folder(path: Path) -> Path:
    return path.with_suffix(".partial")


def write_table(path: Path, header: dict[str, Any], layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
    import numpy as np  # only where a table is read or written (docs/tablebase.md)

    blobs: list[bytes] = []
    for value, plies in layers:
        blobs.append(zlib.compress(value.astype(np.int8).tobytes(), 6))
        blobs.append(zlib.compress(plies.astype("<u2").tobytes(), 6))
    head = dict(header, blobs=[len(b) for b in blobs])
    head_bytes = json.dumps(head, sort_keys=True).encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as out:
        out.write(MAGIC)
        out.write(len(head_bytes).to_bytes(8, "little"))
        out.write(head_bytes)
        for blob in blobs:
            out.write(blob)
    os.replace(tmp, path)


def read_table(path: Path) -> tuple[dict[str, Any], list[tuple[np.ndarray, np.ndarray]]]:
    import numpy as np  # only where a table is read or written (docs/tablebase.md)

    data = path.read_bytes()
    if not data.startswith(MAGIC):
        raise ValueError(f"{path} is not a table file")
    at = len(MAGIC)
    length = int.from_bytes(data[at:at + 8], "little")
    at += 8
    header = json.loads(data[at:at + length])
    at += length
    arrays = []
    for size in header["blobs"]:
        arrays.append(zlib.decompress(data[at:at + size]))
        at += size
    layers = []
    for i in range(0, len(arrays), 2):
        layers.append((np.frombuffer(arrays[i], dtype=np.int8), np.frombuffer(arrays[i + 1], dtype="<u2")))
    return header, layers


def save_chunk(folder: Path, name: str, result: dict[str, Any]) -> None:
    import numpy as np  # only where a table is read or written (docs/tablebase.md)

    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / f"{name}.tmp.npz"
    np.savez(tmp, **result)
    os.replace(tmp, folder / f"{name}.npz")


def load_chunk(folder: Path, name: str) -> dict[str, Any] | None:
    import numpy as np  # only where a table is read or written (docs/tablebase.md)

    path = folder / f"{name}.npz"
    if not path.exists():
        return None
    try:
        with np.load(path) as data:
            return {k: data[k] for k in data.files}
    except (OSError, ValueError, EOFError):  # a chunk cut short by the interruption: expand it again
        return None


def remove_checkpoints(folder: Path) -> None:
    if folder.is_dir():
        for f in folder.iterdir():
            f.unlink()
        folder.rmdir()
