"""Regions: named square sets of ``[variant.<id>.regions]`` (rules/regions.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.catalogue import BUILTIN_DIR, Catalogue
from rules.errors import VariantFileError
from rules.regions import Region
from rules.ruleset import Rules

HEAD = '[variant.mine]\nparent = "chess"\n[variant.mine.regions]\n'


def load(tmp_path: Path, body: str) -> Catalogue:
    (tmp_path / "mine.toml").write_text(HEAD + body, encoding="utf-8")
    return Catalogue([BUILTIN_DIR, tmp_path])


def test_a_rectangle_names_every_square_between_its_corners(tmp_path: Path) -> None:
    vdef = load(tmp_path, 'centre = ["d4:e5"]\n').get("mine")
    assert vdef.regions["centre"] == Region("centre", *(frozenset({"d4", "e4", "d5", "e5"}),) * 2)


def test_squares_and_rectangles_mix_and_corners_may_come_in_any_order(tmp_path: Path) -> None:
    vdef = load(tmp_path, 'mixed = ["h8", "b2:a1"]\n').get("mine")
    assert vdef.regions["mixed"].squares(0) == {"h8", "a1", "a2", "b1", "b2"}


def test_a_region_per_side_gives_each_side_its_own_squares(tmp_path: Path) -> None:
    vdef = load(tmp_path, 'camp = { white = ["a1:b1"], black = ["g8"] }\n').get("mine")
    camp = vdef.regions["camp"]
    assert camp.squares(0) == {"a1", "b1"} and camp.squares(1) == {"g8"}
    assert not camp.shared


def test_black_mirror_reflects_whites_squares_across_the_middle_rank(tmp_path: Path) -> None:
    vdef = load(tmp_path, 'home = { white = ["a1:h2", "e3"], black = "mirror" }\n').get("mine")
    black = vdef.regions["home"].squares(1)
    assert black == {f"{f}{r}" for f in "abcdefgh" for r in (7, 8)} | {"e6"}


def test_rules_give_a_region_as_board_indices(tmp_path: Path) -> None:
    vdef = load(tmp_path, 'home = { white = ["a1:b1"], black = "mirror" }\n').get("mine")
    built = Rules(vdef, vdef.resolve_options(None))
    assert built.region("home", 0) == {0, 1}
    assert built.region("home", 1) == {56, 57}


@pytest.mark.parametrize(
    ("body", "fault"),
    [
        ('far = ["i1"]\n', "square 'i1' is off the 8x8 board"),
        ('far = ["a1:a9"]\n', "square 'a9' is off the 8x8 board"),
        ('bad = ["a1:b2:c3"]\n', "'a1:b2:c3' is not a square or a rectangle"),
        ('bad = ["A1"]\n', "'A1' is not a square such as c3"),
        ("bad = 5\n", "region 'bad' must be a list of squares and rectangles"),
        ('bad = { white = ["a1"] }\n', "region 'bad' needs both white and black squares"),
        ('bad = { white = ["a1"], black = ["a8"], red = ["a4"] }\n', "unknown key 'red'; use white and black"),
        ('bad = { white = ["a1"], black = ["z9"] }\n', "region 'bad', black: square 'z9' is off the 8x8 board"),
    ],
)
def test_a_region_that_cannot_be_read_is_named_with_its_line(tmp_path: Path, body: str, fault: str) -> None:
    with pytest.raises(VariantFileError) as info:
        load(tmp_path, body).get("mine")
    line, message = info.value.problems[0]
    assert fault in message
    assert line == 4
