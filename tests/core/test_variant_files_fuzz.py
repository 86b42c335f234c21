"""Fuzzing variant files (Hypothesis, derandomized, bounded examples): a valid file mutated by
changed types, deleted keys, inserted garbage, long or cyclic parent chains and raw text noise
never makes `check` or loading raise anything but a named RulesError, and whatever `check`
passes starts a game whose position text reads back. A longer run: bench/fuzz_variants.py."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).parent))

from variant_mutations import base_text, check_child, check_one, mutated_child, mutated_text  # noqa: E402

from rules.catalogue import Catalogue, check_file_report  # noqa: E402

FUZZ = settings(
    derandomize=True,
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def test_the_unmutated_file_is_valid_and_loads(tmp_path: Path) -> None:
    path = tmp_path / "fuzz.toml"
    path.write_text(base_text(), encoding="utf-8")
    assert check_file_report(path, Catalogue([tmp_path])) == ([], [])
    assert Catalogue([tmp_path]).ids() == ["fuzz", "fuzz-child"]
    check_one(tmp_path, base_text())


@FUZZ
@given(mutated_text())
@pytest.mark.slow
def test_mutated_variant_files_give_only_named_errors(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        check_one(Path(folder), text)


@settings(FUZZ, max_examples=40)
@given(mutated_child())
@pytest.mark.slow
def test_mutated_power_data_gives_only_named_errors(text: str) -> None:
    """The powers' constructors check their data: a child of a built-in variant with its data,
    promotion and castling tables mutated fails only with a named RulesError."""
    with tempfile.TemporaryDirectory() as folder:
        check_child(Path(folder), text)
