"""SAN names compounds as the chooser names them (docs/notation.md, "Compound letters"): in the
Cuisinart family each compound's SAN letter starts with its name (a Man is ``MN``, an Alfil
``AL``), so a merge's result reads as the chooser's "Merge into Man". Records written with the
pieces' board letters (``F&d4/G``, ``Ga2``) still read. The merges come from the Cuisinart
recipes ("ferz + wazir = knight | man"), worked by hand on the position.
"""

from __future__ import annotations

import pytest

import rules
from rules.san import san_letters

POSITION = {
    "e1": "white king", "e8": "black king", "c3": "white ferz", "d4": "white wazir",
    "a1": "white man", "h8": "black alfil",
}


def _cuisinart() -> rules.Game:
    return rules.new_game("cuisinart", placement=POSITION)


def test_merge_results_are_written_with_the_letter_of_their_name() -> None:
    """Ferz onto Wazir: the chooser offers Knight and Man; the SAN says N and MN."""
    game = _cuisinart()
    assert game.san("c3d4/man") == "F&d4/MN"
    assert game.san("c3d4/knight") == "F&d4/N"
    assert game.san("a1a2") == "MNa2"
    assert game.san("a1b2/ferz") == "MNb2/F"  # the Man's Ferz leaves, its Wazir stays


@pytest.mark.parametrize(("text", "coordinates"), [
    ("F&d4/MN", "c3d4/man"), ("F&d4/G", "c3d4/man"), ("F&d4/N", "c3d4/knight"),
    ("MNa2", "a1a2"), ("Ga2", "a1a2"), ("Gb2/F", "a1b2/ferz"),
])
def test_new_and_board_letters_read_back(text: str, coordinates: str) -> None:
    assert _cuisinart().parse_move(text) == _cuisinart().parse_move(coordinates)


#: Letters every reader of chess variants knows, kept although the name starts otherwise.
TRADITIONAL = {"knight": "N", "amazon": "M"}


@pytest.mark.parametrize("variant", ["mega-blender", "cuisinart", "cuisinart-100", "ultimate-cuisinart"])
def test_every_piece_is_written_by_capitals_its_name_starts_with(variant: str) -> None:
    game = rules.new_game(variant)
    letters = san_letters(game.rules)
    for kind, ptype in game.rules.types.items():
        if kind in TRADITIONAL:
            assert letters[kind] == TRADITIONAL[kind]
        else:
            assert letters[kind][0] == ptype.name[0].upper(), (kind, letters[kind])
