"""Build step: compile the hot modules of ``rules`` with mypyc where a C compiler is present.

Everything else about the package is in pyproject.toml, which also holds the one list of
compiled modules (``[tool.fairychess.compiled] modules``). The build

* compiles those modules when a C compiler and Python's headers are there, unless the
  environment variable ``FAIRYCHESS_PURE_PYTHON`` is set to anything but ``0``/empty;
* fails (it does not fall back) when mypyc rejects the code while a compiler is there, so a
  change that breaks the compiled build is seen at once, not shipped as a slow build;
* records the SHA-256 of each compiled source in ``rules/_compiled.json`` after a successful
  build; ``rules/_native.py`` compares those hashes at import and loads the ``.py`` of every
  compiled module when any source has changed since (a stale build never runs).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
MANIFEST = Path("rules") / "_compiled.json"
PURE_VARIABLE = "FAIRYCHESS_PURE_PYTHON"


def compiled_sources() -> list[str]:
    """The compiled modules' source files, relative to the project root (pyproject.toml's list)."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return list(tomllib.load(handle)["tool"]["fairychess"]["compiled"]["modules"])


def pure_requested() -> bool:
    return os.environ.get(PURE_VARIABLE, "").strip() not in ("", "0")


def c_compiler_missing() -> str | None:
    """Why nothing can be compiled here, or None when a C compiler and Python.h are present."""
    from setuptools._distutils.ccompiler import new_compiler  # type: ignore[import-untyped]
    from setuptools._distutils.sysconfig import customize_compiler  # type: ignore[import-untyped]

    compiler = new_compiler()
    customize_compiler(compiler)
    command = getattr(compiler, "compiler_so", None) or ["cc"]
    if shutil.which(command[0]) is None:
        return f"no C compiler ({command[0]!r} is not on PATH)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "Python's C headers (Python.h) are not installed"
    return None


def module_name(source: str) -> str:
    return source.removesuffix(".py").replace("/", ".")


def source_hashes(sources: list[str]) -> dict[str, str]:
    return {module_name(s): hashlib.sha256((ROOT / s).read_bytes()).hexdigest() for s in sources}


def remove_stale_builds(sources: list[str]) -> None:
    """A pure install leaves no earlier compiled module or manifest behind in the source tree."""
    (ROOT / MANIFEST).unlink(missing_ok=True)
    for source in sources:
        for built in (ROOT / source).parent.glob(Path(source).stem + ".*.so"):
            built.unlink()
        for built in (ROOT / source).parent.glob(Path(source).stem + ".*.pyd"):
            built.unlink()
    for shared in (ROOT / "rules").glob("_native__mypyc.*"):
        shared.unlink()


class BuildWithManifest(build_ext):
    """build_ext that writes the hashes of what it compiled once the compiling succeeded."""

    hashes: dict[str, str] = {}

    def run(self) -> None:
        super().run()
        text = json.dumps({"modules": self.hashes, "python": sys.version.split()[0]}, indent=1) + "\n"
        targets = {ROOT / MANIFEST}  # an editable install runs from the source tree
        if self.build_lib:
            targets.add(Path(self.build_lib) / MANIFEST)  # a wheel carries its own
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


#: The commands that build modules; pip also runs this file only to read metadata.
BUILD_COMMANDS = frozenset({"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"})


def build_options() -> dict[str, Any]:
    if not BUILD_COMMANDS.intersection(sys.argv[1:]):
        return {}
    sources = compiled_sources()
    reason = "FAIRYCHESS_PURE_PYTHON is set" if pure_requested() else c_compiler_missing()
    if reason is not None:
        print(f"fairychess: installing pure Python ({reason})", file=sys.stderr)
        remove_stale_builds(sources)
        return {}
    from mypyc.build import mypycify

    print(f"fairychess: compiling {len(sources)} modules of rules with mypyc", file=sys.stderr)
    BuildWithManifest.hashes = source_hashes(sources)
    # One group, so compiled modules call each other natively; its shared library lives in
    # the package (rules/_native__mypyc*.so), beside the modules that need it.
    extensions = mypycify(sources, opt_level="3", group_name="rules._native")
    return {"ext_modules": extensions, "cmdclass": {"build_ext": BuildWithManifest}}


setup(**build_options())
