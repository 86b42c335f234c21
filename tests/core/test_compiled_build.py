"""The compiled build (mypyc) and its guard against stale builds (rules/native.py, setup.py).

The test command tests the installed build: compiled where a C compiler is present (the
install then compiles), pure Python otherwise or with FAIRYCHESS_PURE_PYTHON set. A quick run
of rules tests in pure Python keeps the .py path tested in the same session.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import subprocess
import sys
import tomllib
from importlib.machinery import ExtensionFileLoader, SourceFileLoader
from pathlib import Path

import pytest

import rules
from rules import native

ROOT = Path(__file__).resolve().parents[2]


def listed_modules() -> list[str]:
    """pyproject.toml's one list of compiled modules, as module names."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        sources = tomllib.load(handle)["tool"]["fairychess"]["compiled"]["modules"]
    return [s.removesuffix(".py").replace("/", ".") for s in sources]


def test_the_listed_compiled_modules_are_really_loaded_when_a_compiler_is_present():
    for name in listed_modules():
        importlib.import_module(name)
    status = native.status()
    loaded = set(native.loaded_compiled())
    if native.pure_requested():
        assert not status.compiled and not loaded, "FAIRYCHESS_PURE_PYTHON is set: nothing compiled may load"
    elif native.c_compiler_present():
        assert not status.stale, (
            f"the compiled build is stale: {', '.join(status.stale)} changed since it was built; "
            f"the tests ran those modules from their .py. Rebuild with: {native.REBUILD_COMMAND}"
        )
        assert status.compiled, f"a C compiler is present but the compiled build is not in use: {status.pure_reason}"
        assert set(status.built) == set(listed_modules()), "the build compiled another list than pyproject.toml's"
        missing = set(listed_modules()) - loaded
        assert not missing, f"loaded from .py although compiled: {sorted(missing)}"
        assert isinstance(rules.ruleset.__loader__, ExtensionFileLoader)
    else:
        assert not loaded and not status.compiled


def test_a_changed_source_makes_the_build_stale_and_every_compiled_module_load_from_its_py(tmp_path):
    # Rule: a compiled module never shadows a newer .py; the whole build falls back together.
    geometry = (ROOT / "rules" / "geometry.py").read_bytes()
    manifest = tmp_path / "_compiled.json"
    manifest.write_text(json.dumps({"modules": {
        "rules.geometry": hashlib.sha256(geometry).hexdigest(),
        "rules.position": "0" * 64,  # what an older position.py hashed to
    }}))
    status = native.read_status({}, manifest)
    assert status.stale == ("rules.position",)
    assert not status.compiled and "rules.position changed" in status.pure_reason
    fresh = manifest.with_name("fresh.json")
    fresh.write_text(json.dumps({"modules": {"rules.geometry": hashlib.sha256(geometry).hexdigest()}}))
    assert native.read_status({}, fresh).compiled
    assert not native.read_status({"FAIRYCHESS_PURE_PYTHON": "1"}, fresh).compiled
    assert native.read_status({"FAIRYCHESS_PURE_PYTHON": "0"}, fresh).compiled
    assert not native.read_status({}, tmp_path / "absent.json").compiled


def test_the_finder_hands_out_a_compiled_module_only_when_allowed():
    name = "rules.geometry"
    refusing = native.SourceFirstFinder(())
    spec = refusing.find_spec(name, rules.__path__)
    assert spec is not None and isinstance(spec.loader, SourceFileLoader)
    assert spec.origin == str(ROOT / "rules" / "geometry.py")
    allowing = native.SourceFirstFinder([name])
    spec = allowing.find_spec(name, rules.__path__)
    assert spec is not None
    compiled_here = any((ROOT / "rules").glob("geometry.*.so"))
    assert isinstance(spec.loader, ExtensionFileLoader) == compiled_here
    assert refusing.find_spec("json", None) is None  # other packages are not its business


@pytest.mark.slow
def test_the_rules_tests_pass_in_pure_python():
    # A quick subset from the .py sources: borrowing and its attack bound, chess perft (not the
    # deep counts), and the check above, which here asserts that nothing compiled was loaded.
    env = {**os.environ, "FAIRYCHESS_PURE_PYTHON": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "-m", "not slow",
         "tests/friendly/test_borrowing.py", "tests/friendly/test_attack_bound.py", "tests/core/test_perft_chess.py",
         "tests/core/test_compiled_build.py::"
         "test_the_listed_compiled_modules_are_really_loaded_when_a_compiler_is_present"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and " failed" not in done.stdout
