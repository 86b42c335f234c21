"""``python -m rules import-ini`` (issue 49): every section of a variants.ini of our own
(tests/classic/data/variants_ini_sample.ini) is imported as our variant file, and the result
plays as pyffish plays the same file (``pyffish.load_variant_config``) at every ply of seeded
games: legal moves, boards, hands and results, as the differential test of the built-in
variants checks them."""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from pathlib import Path

import pyffish as sf
import pytest
from textvariants import add_variant

import rules
from rules.catalogue import check_file_report
from rules.iniexport import ExportError, export_ini
from rules.iniimport import import_ini, read_sections, variant_id_for

SAMPLE = Path(__file__).parent / "data" / "variants_ini_sample.ini"


def _differential_module() -> object:
    """The built-in variants' differential test, whose seeded game against pyffish this reuses."""
    spec = importlib.util.spec_from_file_location("fairy_diff", Path(__file__).parent / "test_fairy_stockfish.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_play_one = _differential_module()._play_one  # type: ignore[attr-defined]
SECTIONS = [s.name for s in read_sections(SAMPLE.read_text(encoding="utf-8"))]


def test_the_sample_has_twenty_sections() -> None:
    assert len(SECTIONS) >= 20


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The sample imported once into a folder on the variant search path, and loaded into pyffish."""
    folder = tmp_path_factory.mktemp("ini-variants")
    text = SAMPLE.read_text(encoding="utf-8")
    sf.load_variant_config(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("FAIRYCHESS_VARIANTS", str(folder))
        add_variant(folder, import_ini(text), "imported")
        yield folder / "imported.toml"
    rules.reload_catalogue()


def test_the_imported_file_checks_ok(imported: Path) -> None:
    errors, _warnings = check_file_report(imported)
    assert errors == []
    assert "left out" not in imported.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", SECTIONS)
def test_an_imported_section_plays_as_fairy_stockfish_plays_it(imported: Path, name: str) -> None:
    vid = variant_id_for(name)
    assert rules.variant(vid).raw["fairy_stockfish"] == name
    _play_one(vid, 0)


def test_a_key_without_a_counterpart_becomes_a_comment() -> None:
    text = import_ini("[odd]\npawn = p\nking = k\nknight = n\nmakpongRule = true\n")
    assert "# makpongRule = true: not mapped" in text


def test_a_section_whose_parent_we_do_not_know_is_left_out() -> None:
    text = import_ini("[mine:nosuchvariant]\nmaxRank = 6\n")
    assert "# [mine:nosuchvariant] left out: we have no variant Fairy-Stockfish calls 'nosuchvariant'" in text


def test_export_writes_a_section_pyffish_plays_as_we_do(variant_folder: Path) -> None:
    # Round trip: Seirawan exported (gates in the castling field), loaded into pyffish under a
    # name of its own, imported again and played against it.
    section = export_ini("seirawan").replace("[seirawan]", "[seirawan-export]")
    sf.load_variant_config(section)
    add_variant(variant_folder, import_ini(section), "exported")
    _play_one("seirawan-export", 0)


EXPORTED = ["racingkings", "antichess", "atomic", "kingofthehill", "makruk", "threecheck", "shatranj", "horde"]


@pytest.mark.parametrize("vid", EXPORTED)
def test_exported_endings_and_move_rules_play_as_fairy_stockfish_plays_them(variant_folder: Path, vid: str) -> None:
    # Goals with the reply (flagMove), no checks, compulsory capture, extinction counted
    # together and as a win, explosions with atomic's pseudo-royal king, Makruk's counting,
    # bare king, double steps and en passant by rank: exported and loaded into pyffish under a
    # name of its own, then our own variant (a child under that name) played against it; and
    # the section imported again plays the same.
    name = f"{vid}-export"
    section = re.sub(r"^\[[^\]]+\]", f"[{name}]", export_ini(vid))
    sf.load_variant_config(section)
    child = f'[variant.ours-{name}]\nparent = "{vid}"\nfairy_stockfish = "{name}"\n'
    add_variant(variant_folder, child + "\n" + import_ini(section), "exported")
    assert "not mapped" not in import_ini(section)
    _play_one(f"ours-{name}", 0)
    _play_one(name, 0)


def test_export_refuses_a_variant_whose_rules_do_not_map() -> None:
    with pytest.raises(ExportError, match="the power 'freeze'"):
        export_ini("friendly")


def test_repetition_rules_beyond_perpetual_check_become_comments() -> None:
    # moveRepetitionIllegal is Xiangqi's chasing rule: perpetual_check says only the checks.
    text = import_ini("[rep]\nking = k\nrook = r\nperpetualCheckIllegal = true\nmoveRepetitionIllegal = true\n")
    assert 'perpetual_check = "loss"' in text
    assert "# moveRepetitionIllegal = true: not mapped" in text


def test_a_start_position_with_walls_is_left_out_with_the_reason() -> None:
    text = import_ini("[walls]\nking = k\nrook = r\nstartFen = k7/8/8/3*4/8/8/8/R6K w - - 0 1\n")
    assert "# [walls] left out: startFen with walls (*)" in text
