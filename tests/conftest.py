"""Shared test set-up: GUI tests run without a display; Hypothesis runs without deadlines;
a private folder on the variant search path for tests that write their own variants."""

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The user's own variant folder ($XDG_CONFIG_HOME/fairychess/variants) is on the search path:
# point it at an empty folder so no test reads the files of whoever runs the suite.
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp(prefix="fairychess-test-config-")
# Likewise the folders of the runner's own FAIRYCHESS_VARIANTS: tests put their own folder there.
os.environ.pop("FAIRYCHESS_VARIANTS", None)
# And endgame tables: the engine probes the tables it finds, so only tables a test builds count.
os.environ["FAIRYCHESS_TABLES"] = tempfile.mkdtemp(prefix="fairychess-test-tables-")

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

import rules  # noqa: E402

# No Hypothesis verdict may depend on the machine's speed (its default deadline fails an
# example that takes over 200 ms, as a loaded machine makes any), and runs are repeatable.
settings.register_profile("fairychess", deadline=None, derandomize=True)
settings.load_profile("fairychess")


@pytest.fixture
def variant_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty folder on the variant search path (FAIRYCHESS_VARIANTS); the helpers of
    textvariants.py write variant files there. Afterwards the catalogue forgets them."""
    folder = tmp_path / "variants"
    folder.mkdir()
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(folder))
    yield folder
    monkeypatch.delenv("FAIRYCHESS_VARIANTS")
    rules.reload_catalogue()


def pytest_report_header() -> str:
    """Which build of rules these tests run: compiled (mypyc) or the .py sources, and why."""
    from rules import native

    status = native.status()
    if status.compiled:
        return f"rules build: compiled ({len(status.built)} modules, mypyc)"
    return f"rules build: pure Python ({status.pure_reason})"
