"""The counting rules as data (``outcomes.counting``): Makruk's and ASEAN's (Sittuyin) styles,
rows naming combinations of pieces, and the count in position text as Fairy-Stockfish writes
it. Each test names the rule it checks (docs/variant-files.md, *Counting*); the expected counts
are worked out by hand from Fairy-Stockfish's rules (position.cpp, count_limit and do_move).
tests/classic/test_counting_fsf.py compares the same with pyffish itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from positions import game_at
from textvariants import add_variant

import rules
from rules.catalogue import check_file
from rules.endrules import CountingRule
from rules.iniexport import ExportError, export_ini
from rules.iniimport import import_ini


def count_of(game: rules.Game) -> tuple[str, str] | None:
    """(limit, plies) in plies while a count runs, read from the position text."""
    limit, plies = game.fen().split()[3:5]
    return None if limit == "-" else (limit, plies)


# ---------------------------------------------------------------- ASEAN style (Sittuyin)


def test_sittuyin_lone_king_against_a_chariot_counts_16_moves_from_0() -> None:
    # ASEAN: a lone king, no pawn left, the other side has a rook: 16 moves, counted from 0
    # (Makruk would start from the 3 pieces on the board).
    game = game_at("sittuyin", "8/8/4k3/8/8/8/8/R3K3[] w - - 0 40")
    game.play("a1a2")
    assert count_of(game) == ("32", "0")
    game.play("e6d6")
    assert count_of(game) == ("32", "1")


@pytest.mark.parametrize(("fen", "move", "limit"), [
    ("8/8/4k3/8/8/8/8/S3KN2[] w - - 0 40", "e1e2", "88"),  # an Elephant (khon) before a Horse: 44 moves
    ("8/8/4k3/8/8/8/8/N3KF2[] w - - 0 40", "e1e2", "128"),  # a Horse (and a General): 64 moves
    ("8/8/4k3/8/8/8/8/RS2K3[] w - - 0 40", "e1e2", "32"),  # a Chariot first: 16 moves
])
def test_sittuyin_the_first_piece_in_the_list_sets_the_limit(fen: str, move: str, limit: str) -> None:
    # ASEAN: rook 16, else khon 44, else knight 64, whatever else the stronger side has.
    game = game_at("sittuyin", fen)
    game.play(move)
    assert count_of(game) == (limit, "0")


def test_sittuyin_no_count_against_a_general_alone() -> None:
    # ASEAN: against pieces no row names (a General) no count runs; the fifty-move rule still does.
    game = game_at("sittuyin", "8/8/4k3/8/8/8/8/F3K3[] w - - 0 40")
    game.play("e1e2")
    assert count_of(game) is None and game.fen().split()[4] == "1"


def test_sittuyin_no_board_honour_while_the_weaker_side_has_a_piece() -> None:
    # ASEAN: only a lone king counts (no board's honour), until a capture leaves it alone,
    # when its count starts from 0.
    game = game_at("sittuyin", "8/8/4k3/8/8/8/3n4/R3K3[] w - - 0 40")
    game.play("a1a2")
    assert count_of(game) is None
    game.play("e6d6")
    assert count_of(game) is None
    game.play("e1d2")  # the King takes the Horse: Black's king is alone
    assert count_of(game) == ("32", "0")


def test_sittuyin_counting_draws_past_the_limit_and_the_fifty_move_rule_stays() -> None:
    # The draw comes once the count passes 16 moves (32 plies).
    game = game_at("sittuyin", "8/8/4k3/8/8/8/8/R3K3[] w - 32 31 40")
    game.play("a1a2")
    assert game.result is None
    game.play("e6d6")
    assert game.result is not None and (game.result.winner, game.result.reason) == (None, "counting rule (16 moves)")
    assert rules.variant("sittuyin").outcomes.move_rule == 50


# ---------------------------------------------------------------- Makruk style


def test_makruk_bare_king_taking_the_last_pawn_counts_for_itself() -> None:
    # Makruk: a bare king that takes the last pawn starts its own pieces' honour count: one
    # rook, 16 moves, from 2 x 3 pieces - 1 = 5 plies.
    game = game_at("makruk", "8/8/8/3k4/4P3/8/8/R3K3 b - - 0 40")
    game.play("d5e4")
    assert count_of(game) == ("32", "5")


def test_makruk_bare_king_taking_a_piece_that_is_no_pawn_starts_no_count_for_itself() -> None:
    # Makruk: only taking a pawn starts the lone king's count; after this capture the side to
    # move (White, king and rook) faces a bare king, so no count starts at all.
    game = game_at("makruk", "8/8/8/3k4/4N3/8/8/R3K3 b - - 0 40")
    game.play("d5e4")
    assert count_of(game) is None


def test_counting_true_reads_as_makruk() -> None:
    # Saved files with counting = true keep Makruk's rules.
    table = {"counting": True}
    from rules.endrules import read_counting

    faults: list[tuple[str, str]] = []
    assert read_counting(table, {"rook", "silver", "knight"}, faults) == read_counting(
        {"counting": "makruk"}, {"rook", "silver", "knight"}, faults
    ) == rules.variant("makruk").outcomes.counting
    assert not faults


# ---------------------------------------------------------------- combinations and keys


def test_a_row_naming_several_pieces_needs_each_of_them(variant_folder: Path) -> None:
    # Sittuyin as its rules texts tell it: 44 moves against an Elephant and a General together,
    # 64 against a Horse and a General; an Elephant alone gives no count.
    add_variant(variant_folder, '[variant.mine]\nparent = "sittuyin"\n[variant.mine.outcomes]\n'
                                'counting_pieces = [["rook", 1, 16], [["silver", "ferz"], 1, 44], '
                                '[["knight", "ferz"], 1, 64]]\n')
    rule = rules.variant("mine").outcomes.counting
    assert rule == CountingRule("asean", 0, (((("rook", 1),), 16), ((("silver", 1), ("ferz", 1)), 44),
                                             ((("knight", 1), ("ferz", 1)), 64)))
    both = game_at("mine", "8/8/4k3/8/8/8/8/S3KF2[] w - - 0 40")
    both.play("e1e2")
    assert count_of(both) == ("88", "0")
    alone = game_at("mine", "8/8/4k3/8/8/8/8/S3K3[] w - - 0 40")
    alone.play("e1e2")
    assert count_of(alone) is None


def test_an_id_listed_twice_needs_two(variant_folder: Path) -> None:
    add_variant(variant_folder, '[variant.mine]\nparent = "makruk"\n[variant.mine.outcomes]\n'
                                'counting_pieces = [[["rook", "rook", "knight"], 1, 6]]\n')
    assert rules.variant("mine").outcomes.counting.piece_moves == (((("rook", 2), ("knight", 1)), 6),)


def test_check_names_a_counting_style_it_does_not_know(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text('[variant.mine]\nparent = "makruk"\n[variant.mine.outcomes]\ncounting = "cambodian"\n'
                    'counting_pieces = [[[], 1, 6], [["rook", "khon"], 1, 6]]\n', encoding="utf-8")
    messages = [message for _line, message in check_file(path)]
    assert any('outcomes.counting must be true, false, "makruk" or "asean"' in m and "cambodian" in m
               for m in messages), messages
    path.write_text('[variant.mine]\nparent = "makruk"\n[variant.mine.outcomes]\n'
                    'counting_pieces = [[[], 1, 6], [["rook", "khon"], 1, 6]]\n', encoding="utf-8")
    messages = [message for _line, message in check_file(path)]
    assert any("counting_pieces rows are" in m and "[[], 1, 6]" in m for m in messages), messages
    assert any("counting_pieces names 'khon'" in m for m in messages), messages


# ---------------------------------------------------------------- position text


def test_the_count_is_written_and_read_as_fairy_stockfish_writes_it() -> None:
    # The limit stands in place of the en passant square, the count in place of the halfmove
    # clock; reading it sets the halfmove clock to 0, as Fairy-Stockfish does.
    game = game_at("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 32 6 40")
    assert game.fen() == "4k3/8/8/8/8/8/R7/4K3 b - 32 6 40"
    assert game.pos.halfmove == 0 and game.pos.state["counting"] == ("32", "6")


def test_the_older_counting_field_is_still_read() -> None:
    game = game_at("makruk", "4k3/8/8/8/8/8/R7/4K3 b - - 9 40 counting=(32,6)")
    assert game.fen() == "4k3/8/8/8/8/8/R7/4K3 b - 32 6 40"
    assert game.pos.halfmove == 9


def test_a_limit_of_0_is_no_count() -> None:
    game = game_at("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 0 6 40")
    assert game.fen() == "4k3/8/8/8/8/8/R7/4K3 b - - 6 40"


@pytest.mark.parametrize(("variant", "fen", "words"), [
    ("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 32 6 40 counting=(32,6)", "gives what the fields before it give"),
    ("makruk", "4k3/8/8/8/8/8/R7/4K3 b - 320000 6 40", "more than 5 digits"),
    ("chess", "4k3/8/8/8/8/8/R7/4K3 b - 32 6 40", "not a square of this board"),
])
def test_position_text_a_count_cannot_stand_in_is_refused_in_words(variant: str, fen: str, words: str) -> None:
    with pytest.raises(rules.FenError, match=words):
        game_at(variant, fen)


# ---------------------------------------------------------------- variants.ini


def test_import_ini_writes_the_style_with_its_limits_whole() -> None:
    # Fairy-Stockfish's limits are fixed by countingRule: the section's own rows replace the
    # parent's (Makruk's rows and board's honour must not stay under ASEAN counting).
    text = import_ini("[a:makruk]\ncountingRule = asean\n")
    assert 'counting = "asean"\ncounting_board = 0\n' in text
    assert 'counting_pieces = [["rook", 1, 16], ["silver", 1, 44], ["knight", 1, 64]]' in text
    text = import_ini("[k]\nking = k\nsilver = s\nrook = r\ncountingRule = makruk\n")
    assert 'counting_pieces = [["rook", 2, 8], ["rook", 1, 16], ["silver", 2, 22], ["silver", 1, 44]]' in text


def test_import_ini_leaves_cambodian_counting_as_a_comment() -> None:
    text = import_ini("[c:makruk]\ncountingRule = cambodian\n")
    assert "# countingRule = cambodian: not mapped" in text


def test_export_ini_refuses_limits_fairy_stockfish_cannot_say(variant_folder: Path) -> None:
    # A child of Makruk with ASEAN counting keeps Makruk's rows unless it says its own.
    add_variant(variant_folder, '[variant.mine]\nparent = "makruk"\n[variant.mine.outcomes]\ncounting = "asean"\n')
    with pytest.raises(ExportError, match="counting limits other than Fairy-Stockfish's asean counting"):
        export_ini("mine")
