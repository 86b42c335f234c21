"""Which build of the compiled modules runs: the mypyc build, or the ``.py`` sources.

The install compiles the modules listed in pyproject.toml (``[tool.fairychess.compiled]``)
and writes ``rules/_compiled.json`` with the SHA-256 of each source it compiled. A compiled
module sits beside its ``.py`` and Python would import it first, so :func:`install` puts a
finder in front of the import system that lets a compiled module load only when

* the environment variable ``FAIRYCHESS_PURE_PYTHON`` is unset (or ``0``), and
* every compiled module's source still has the hash recorded at build time.

Otherwise every module of the build loads from its ``.py``: all of them, because compiled
modules reach each other's classes directly and cannot mix with interpreted twins. A stale
build also warns once, naming the changed modules and the command that rebuilds them, so
nobody runs (or tests) code older than the sources.

This module is never compiled itself, and imports nothing else from ``rules``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

PURE_VARIABLE = "FAIRYCHESS_PURE_PYTHON"
PACKAGE_DIR = Path(__file__).resolve().parent
MANIFEST = PACKAGE_DIR / "_compiled.json"
REBUILD_COMMAND = ".venv/bin/pip install -e '.[test]'   (or: python3.11 start.py)"
#: mypyc's shared library of the build's one group (see setup.py).
SHARED_LIBRARY = f"{__package__}._native__mypyc"


@dataclass(frozen=True)
class BuildStatus:
    """What the import system does with the compiled modules in this process."""

    #: Modules the build compiled (from the manifest; empty when there is no build).
    built: tuple[str, ...]
    #: Of those, the modules whose source changed after the build.
    stale: tuple[str, ...]
    #: Why the ``.py`` sources run instead; empty when the compiled build runs.
    pure_reason: str

    @property
    def compiled(self) -> bool:
        return not self.pure_reason


def pure_requested(environ: Mapping[str, str] | None = None) -> bool:
    value = (os.environ if environ is None else environ).get(PURE_VARIABLE, "")
    return value.strip() not in ("", "0")


def source_path(module: str) -> Path:
    parts = module.split(".")[1:]
    return PACKAGE_DIR.joinpath(*parts[:-1], parts[-1] + ".py")


def read_manifest(path: Path = MANIFEST) -> dict[str, str]:
    """Module name -> SHA-256 of the source compiled; empty without a (readable) manifest."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        modules = data["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return {str(name): str(digest) for name, digest in dict(modules).items()}


def c_compiler_present() -> bool:
    """Whether this machine has the C compiler Python's build uses and Python's headers (as
    setup.py checks them: the install then compiles)."""
    import shlex
    import shutil
    import sysconfig

    command = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    return bool(command) and shutil.which(command[0]) is not None and headers.is_file()


def stale_modules(hashes: dict[str, str]) -> list[str]:
    """The modules whose source no longer has the recorded hash (a missing source is not stale:
    an installed wheel may ship without it)."""
    stale = []
    for module, digest in hashes.items():
        try:
            now = hashlib.sha256(source_path(module).read_bytes()).hexdigest()
        except OSError:
            continue
        if now != digest:
            stale.append(module)
    return stale


def read_status(environ: Mapping[str, str] | None = None, manifest: Path = MANIFEST) -> BuildStatus:
    hashes = read_manifest(manifest)
    built = tuple(hashes)
    if not built:
        return BuildStatus((), (), "no compiled build is installed")
    stale = tuple(stale_modules(hashes))
    if pure_requested(environ):
        return BuildStatus(built, stale, f"{PURE_VARIABLE} is set")
    if stale:
        return BuildStatus(built, stale, f"the build is stale: {', '.join(stale)} changed since it was compiled")
    return BuildStatus(built, (), "")


class SourceFirstFinder(MetaPathFinder):
    """Finds ``rules`` modules as usual, but hands out a compiled one only when it is allowed."""

    def __init__(self, allowed: Sequence[str]) -> None:
        self.allowed = frozenset(allowed)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith(f"{__package__}."):
            return None
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is None or not isinstance(spec.loader, ExtensionFileLoader) or fullname in self.allowed:
            return spec
        origin = spec.origin or ""
        suffix = next((s for s in EXTENSION_SUFFIXES if origin.endswith(s)), None)
        source = Path(origin[: -len(suffix)] + ".py") if suffix else None
        if source is None or not source.is_file():
            return spec  # nothing to load instead
        return spec_from_file_location(fullname, source)


_STATUS: BuildStatus | None = None


def install() -> BuildStatus:
    """Put the finder in place (once per process) and say which build runs."""
    global _STATUS
    if _STATUS is not None:
        return _STATUS
    status = read_status()
    allowed = (*status.built, SHARED_LIBRARY) if status.compiled else ()
    sys.meta_path.insert(0, SourceFirstFinder(allowed))
    if status.stale and not pure_requested():
        warnings.warn(
            f"rules: the compiled build is older than the source of {', '.join(status.stale)}; "
            f"running every compiled module from its .py instead (slower). Rebuild with: {REBUILD_COMMAND}",
            RuntimeWarning,
            stacklevel=2,
        )
    _STATUS = status
    return status


def status() -> BuildStatus:
    """The build in use in this process."""
    return install()


def loaded_compiled() -> list[str]:
    """The modules of this package loaded from compiled extension files so far."""
    return sorted(
        name for name, module in list(sys.modules.items())
        if name.startswith(f"{__package__}.") and isinstance(getattr(module, "__loader__", None), ExtensionFileLoader)
    )
