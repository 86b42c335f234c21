"""The search path for variant files. Rule (docs/variant-files.md, "Where variant files are
found"): the built-in folder, then each folder of FAIRYCHESS_VARIANTS (an os.pathsep list),
then the user's folder ($XDG_CONFIG_HOME/fairychess/variants); a variant id belongs to the
first file that defines it, and a later file using it again is listed as broken."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import rules
from rules.catalogue import BUILTIN_DIR, Catalogue, user_variant_folder, variant_search_path


def variant_file(folder: Path, vid: str, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{vid}.toml"
    path.write_text(f'[variant.{vid}]\nparent = "chess"\nname = "{name}"\n', encoding="utf-8")
    return path


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """Two FAIRYCHESS_VARIANTS folders and a user folder under a private XDG_CONFIG_HOME."""
    first, second, config = tmp_path / "first", tmp_path / "second", tmp_path / "config"
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", os.pathsep.join([str(first), "", str(second)]))
    yield first, second, config / "fairychess" / "variants"
    monkeypatch.undo()
    rules.reload_catalogue()


def test_the_path_list_comes_before_the_user_folder(folders: tuple[Path, Path, Path]) -> None:
    first, second, user = folders
    assert user_variant_folder() == user
    assert variant_search_path() == [BUILTIN_DIR, first, second, user]  # the empty entry is skipped


def test_variants_of_every_folder_are_loaded(folders: tuple[Path, Path, Path]) -> None:
    first, second, user = folders
    variant_file(first, "one", "One")
    variant_file(second, "two", "Two")
    variant_file(user, "mine", "Mine")
    rules.reload_catalogue()
    ids = rules.variant_ids()
    assert {"one", "two", "mine", "chess"} <= set(ids)
    assert rules.variant("mine").name == "Mine"  # the user folder is still read with the list set


def test_the_first_folder_that_defines_an_id_wins(folders: tuple[Path, Path, Path]) -> None:
    first, second, user = folders
    variant_file(first, "same", "From the first folder")
    later = variant_file(second, "same", "From the second folder")
    last = variant_file(user, "same", "From the user folder")
    rules.reload_catalogue()
    assert rules.variant("same").name == "From the first folder"
    broken = rules.broken_variants()
    message = f"variant 'same' is already defined in {first / 'same.toml'}, which comes earlier on the search path"
    assert broken == {str(later): f"line 1: {message}", str(last): f"line 1: {message}"}


def test_a_folder_listed_twice_is_read_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "variants"
    variant_file(folder, "once", "Once")
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", os.pathsep.join([str(folder), str(tmp_path / "." / "variants")]))
    catalogue = Catalogue()
    assert "once" in catalogue.ids() and catalogue.broken() == {}


def test_a_missing_folder_on_the_path_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    variant_file(tmp_path / "real", "real", "Real")
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", os.pathsep.join([str(tmp_path / "absent"), str(tmp_path / "real")]))
    catalogue = Catalogue()
    assert "real" in catalogue.ids() and catalogue.broken() == {}


def test_a_relative_xdg_config_home_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The XDG rule: a relative XDG_CONFIG_HOME is invalid, so ~/.config is used."""
    monkeypatch.setenv("XDG_CONFIG_HOME", "relative/config")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert user_variant_folder() == tmp_path / ".config" / "fairychess" / "variants"
