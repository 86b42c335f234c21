"""A child variant removes a parent's piece with ``remove_pieces``: the piece is gone from its
pieces and its game, a setup still placing the piece's letter is an error in words, a name
the parent lacks is an error, and a piece the child defines again starts afresh."""

from __future__ import annotations

from pathlib import Path

import pytest
from textvariants import add_variant

import rules
from rules.catalogue import BUILTIN_DIR, Catalogue, check_file
from rules.errors import VariantFileError

# Chess without queens: the child's own start array has no Q, and pawns promote to the rest.
NO_QUEEN = '''[variant.mine]
parent = "chess"
remove_pieces = ["queen"]

[variant.mine.setups.standard]
placement = "rnbknbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKNBNR"

[variant.mine.promotion]
choices = ["rook", "bishop", "knight"]
'''


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_removed_piece_is_gone_from_the_child_and_stays_in_the_parent(variant_folder: Path) -> None:
    add_variant(variant_folder, NO_QUEEN)
    assert set(rules.make_rules("mine").variant.pieces) == {"king", "rook", "bishop", "knight", "pawn"}
    assert "queen" in rules.make_rules("chess").variant.pieces
    game = rules.new_game("mine")
    assert "white queen" not in game.board().values()
    assert game.board()["d1"] == "white king"


def test_promotion_to_a_removed_piece_is_not_offered(variant_folder: Path) -> None:
    # A white pawn on e7 with e8 free: chess offers four promotions, the child three.
    add_variant(variant_folder, NO_QUEEN)
    game = rules.new_game("mine", placement={"e7": "white pawn", "a1": "white king", "h8": "black king"})
    choices = {m.promotion for m in game.legal_moves() if m.origin == "e7"}
    assert choices == {"rook", "bishop", "knight"}


def test_a_setup_still_placing_the_removed_piece_is_named_in_words(tmp_path: Path) -> None:
    # The inherited chess array places Q on d1 and d8.
    path = write(tmp_path, '[variant.mine]\nparent = "chess"\nremove_pieces = ["queen"]\n')
    problems = check_file(path)
    assert len(problems) == 1
    line, text = problems[0]
    assert line == 3
    assert text == ("setup 'standard' places Q, the letter of the piece 'queen' that remove_pieces takes away; "
                    "give the setup a placement without it")
    with pytest.raises(VariantFileError, match="the letter of the piece 'queen'"):
        Catalogue([BUILTIN_DIR, tmp_path]).get("mine")


def test_the_setup_problem_points_at_the_placement_the_child_writes(tmp_path: Path) -> None:
    text = NO_QUEEN.replace("RNBKNBNR", "RNBQKBNR")
    line, message = check_file(write(tmp_path, text))[0]
    assert line == 6 and "places Q" in message


def test_a_name_the_parent_lacks_is_an_error(tmp_path: Path) -> None:
    text = NO_QUEEN.replace('["queen"]', '["queen", "dragon"]')
    problems = check_file(write(tmp_path, text))
    assert problems == [(3, "remove_pieces names 'dragon', but the parent variant has no piece with that id")]


def test_remove_pieces_without_a_parent_is_an_error(tmp_path: Path) -> None:
    text = NO_QUEEN.replace('parent = "chess"\n', 'files = 8\nranks = 8\n')
    problems = check_file(write(tmp_path, text))
    assert any("this variant has no parent" in message for _line, message in problems)


def test_a_piece_removed_and_defined_again_keeps_none_of_the_parents_keys(variant_folder: Path) -> None:
    # The queen comes back as a plain wazir (W: one orthogonal step) with the same letter.
    add_variant(variant_folder, '''[variant.mine]
parent = "chess"
remove_pieces = ["queen"]

[variant.mine.pieces.queen]
name = "Weak queen"
letter = "Q"
betza = "W"
''')
    r = rules.make_rules("mine")
    assert r.variant.pieces["queen"].betza == "W"
    game = rules.new_game("mine", placement={"d4": "white queen", "a1": "white king", "h8": "black king"})
    assert {m.destination for m in game.legal_moves() if m.origin == "d4"} == {"d3", "d5", "c4", "e4"}


def test_a_grandchild_inherits_the_removal_without_repeating_it(variant_folder: Path) -> None:
    add_variant(variant_folder, NO_QUEEN + '\n[variant.grandchild]\nparent = "mine"\nname = "Grandchild"\n')
    assert "queen" not in rules.make_rules("grandchild").variant.pieces
