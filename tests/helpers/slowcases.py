"""Per-case slow marks for tests parametrized over variants, where only some cases are slow."""

from __future__ import annotations

from collections.abc import Iterable

import pytest


def marked_slow(values: Iterable[str], slow: set[str]) -> list[object]:
    """``values`` as pytest parameters, those in ``slow`` marked ``slow`` (over 5 s in CI)."""
    return [pytest.param(value, marks=pytest.mark.slow) if value in slow else value for value in values]
