"""One table of the names other programs give our variants (rules/variantnames.py)."""

from __future__ import annotations

import pytest

from rules.pgn import variant_of_tags
from rules.variantnames import other_names, variant_of_name, xboard_name


@pytest.mark.parametrize(("name", "ours"), [
    ("3check", "threecheck"),  # Fairy-Stockfish and XBoard
    ("Three-check", "threecheck"),  # lichess
    ("threecheck", "threecheck"),
    ("King of the Hill", "kingofthehill"),  # lichess
    ("kingofthehill", "kingofthehill"),  # Fairy-Stockfish
    ("normal", "chess"),  # XBoard
    ("Standard", "chess"),  # lichess
    ("chess", "chess"),
    ("XIANGQI", "xiangqi"),
])
def test_every_programs_name_finds_our_variant(name: str, ours: str) -> None:
    assert variant_of_name(name) == ours
    assert variant_of_tags({"Variant": name}) == ours


def test_a_name_no_variant_of_ours_goes_by_is_none_and_a_record_keeps_it_as_written() -> None:
    assert variant_of_name("bughouse") is None
    assert variant_of_tags({"Variant": "bughouse"}) == "bughouse"


def test_xboard_is_sent_its_own_names_and_ours_where_it_has_none() -> None:
    assert xboard_name("chess") == "normal"
    assert xboard_name("threecheck") == "3check"
    assert xboard_name("xiangqi") == "xiangqi"
    assert xboard_name("friendly") == "friendly"
    assert {"threecheck", "3check", "Three-check"} <= set(other_names("threecheck"))
