"""The schema (rules/schema.py) describes every key of the format: every key the built-in
files use is in it, with a kind, a one-line doc and a table for each table key."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules import schema
from rules.catalogue import BUILTIN_DIR


def _walk(path: str, table: dict[str, Any], where: str, out: list[str]) -> None:
    for name, value in table.items():
        spec = schema.spec_for(path, name)
        if spec is None:
            out.append(f"{where}.{name}")
            continue
        if isinstance(value, dict) and spec.kind == "table" and spec.table is not None:
            _walk(spec.table, value, f"{where}.{name}", out)


@pytest.mark.parametrize("file", sorted(p.name for p in BUILTIN_DIR.glob("*.toml")))
def test_every_key_of_the_builtin_files_is_in_the_schema(file: str) -> None:
    data = tomllib.loads((BUILTIN_DIR / file).read_text())
    missing: list[str] = []
    for vid, table in data["variant"].items():
        _walk("variant", table, f"variant.{vid}", missing)
    assert missing == []


def test_every_key_has_a_kind_a_doc_and_its_table() -> None:
    for path in schema.tables():
        spec = schema.table(path)
        assert spec.doc
        for key in (*schema.keys(path), *([spec.entry] if spec.entry else [])):
            assert key.kind in schema.KINDS, (path, key.name)
            assert key.doc and len(key.doc.splitlines()) == 1, (path, key.name)
            if key.table is not None:
                assert key.table in schema.tables(), (path, key.name, key.table)


def test_table_paths_of_concrete_tables() -> None:
    assert schema.table_path(()) == "variant"
    assert schema.table_path(("pieces", "king")) == "variant.pieces.<piece>"
    assert schema.table_path(("pieces", "king", "data", "bent")) == "variant.pieces.<piece>.data.bent"
    assert schema.table_path(("promotion", "zone_by_piece")) == "variant.promotion.zone_by_piece"
    assert schema.table_path(("nonsense",)) is None
    steps = schema.key("variant.castling", "king_steps")
    assert steps is not None and (steps.kind, steps.default, steps.range) == ("integer", 2, (1, "files-1"))
    assert schema.resolve_bound("files-1", 10, 8) == 9


def test_register_adds_a_key_in_one_call() -> None:
    spec = schema.KeySpec("test_only_key", "boolean", False, "A key registered by this test.")
    schema.register("variant.castling", spec)
    try:
        assert schema.spec_for("variant.castling", "test_only_key") is spec
    finally:
        del schema.table("variant.castling").keys["test_only_key"]
    with pytest.raises(KeyError):
        schema.register("variant.nowhere", spec)


def test_every_key_of_the_schema_is_documented() -> None:
    """docs/variant-files.md names every key the schema knows, as code: `key`, `key = ...`,
    `data.key` or a table heading [variant.<id>.key...]."""
    import re
    text = (Path(__file__).parents[2] / "docs" / "variant-files.md").read_text()
    missing = [
        f"{path}.{spec.name}"
        for path in schema.tables()
        for spec in schema.keys(path)
        if not re.search(rf"[`.]{re.escape(spec.name)}[`\]. ]", text)
    ]
    assert missing == []


def test_a_registered_key_is_known_to_check(tmp_path: Path) -> None:
    """Registering a key is all check needs: it is then accepted, and its kind enforced."""
    from rules.catalogue import check_file

    path = tmp_path / "mine.toml"
    text = '[variant.mine]\nparent = "chess"\n[variant.mine.castling]\ntest_only_key = {}\n'
    path.write_text(text.format("true"), encoding="utf-8")
    assert check_file(path)[0][1].startswith("unknown key 'test_only_key' in [variant.mine.castling]")
    schema.register("variant.castling", schema.KeySpec("test_only_key", "boolean", False, "A key for this test."))
    try:
        assert check_file(path) == []
        path.write_text(text.format("3"), encoding="utf-8")
        assert check_file(path) == [(4, "castling.test_only_key must be true or false, not 3")]
    finally:
        del schema.table("variant.castling").keys["test_only_key"]


def test_the_engine_terms_are_the_evaluations_terms() -> None:
    from rules.engine.terms import DEFAULT_WEIGHTS

    assert [name for name, _ in schema.ENGINE_TERMS] == list(DEFAULT_WEIGHTS)
