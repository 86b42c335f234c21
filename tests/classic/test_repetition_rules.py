"""Repetition rules as Fairy-Stockfish rules them: the repetition's own result (Minishogi,
Shogi, Kyoto and Tori Shogi), perpetual check in Janggi, and Xiangqi's chasing rule.

Each test plays a move sequence that repeats a position, says by hand what the rule gives,
and compares with pyffish (``is_optional_game_end``: a decisive value ends the game there).
"""

from __future__ import annotations

from pathlib import Path

import pyffish as sf
import pytest
from positions import game_at

import rules


def fairy_result(variant: str, fen: str, moves: list[str]) -> tuple[bool, str | None]:
    """(ended, winner) by Fairy-Stockfish's repetition rules after ``moves`` from ``fen``."""
    ended, value = sf.is_optional_game_end(variant, fen, moves)
    if not ended:
        return (False, None)
    to_move = "white" if sf.get_fen(variant, fen, moves).split()[1] == "w" else "black"
    other = "black" if to_move == "white" else "white"
    return (True, None if value == 0 else to_move if value > 0 else other)


def play(variant: str, fen: str | None, moves: list[str]) -> rules.Game:
    game = rules.new_game(variant) if fen is None else game_at(variant, fen)
    for text in moves[:-1]:
        game.play(text)
        assert game.result is None, text
    game.play(moves[-1])
    return game


def assert_as_fairy(variant: str, fen: str | None, moves: list[str], winner: str | None, reason: str) -> None:
    game = play(variant, fen, moves)
    assert game.result is not None
    assert (game.result.winner, game.result.reason) == (winner, reason)
    start = sf.start_fen(variant) if fen is None else fen
    assert fairy_result(variant, start, moves) == (True, winner)
    assert fairy_result(variant, start, moves[:-4]) == (False, None)


# ---------------------------------------------------------------- the repetition's own result

# Gold generals step out and back: the start position stands again every four plies.
MINISHOGI_SHUFFLE = ["b1b2", "d5d4", "b2b1", "d4d5"]


def test_minishogi_fourfold_repetition_completed_by_black_loses_for_white() -> None:
    # Rule: repetition_result = "white-loses": a plain fourfold repetition loses for White
    # (Sente), here completed by Black's move.
    assert_as_fairy("minishogi", None, MINISHOGI_SHUFFLE * 3, "black", "fourfold repetition")


def test_minishogi_fourfold_repetition_completed_by_white_loses_for_white() -> None:
    # Rule: repetition_result = "white-loses" whoever completes it: White's move completes it here.
    moves = ["a2a3"] + ["d5d4", "b1b2", "d4d5", "b2b1"] * 3
    assert_as_fairy("minishogi", None, moves, "black", "fourfold repetition")


def test_shogi_fourfold_repetition_is_a_draw() -> None:
    # Rule: shogi sets repetition_result = "draw" over Minishogi's "white-loses".
    assert_as_fairy("shogi", None, ["e1e2", "e9e8", "e2e1", "e8e9"] * 3, None, "fourfold repetition")


def test_kyoto_shogi_repetition_is_fourfold_and_drawn() -> None:
    # Rule: repetitions = 4 (the third occurrence goes on), a draw.
    assert_as_fairy("kyotoshogi", None, ["c1b2", "c5b4", "b2c1", "b4c5"] * 3, None, "fourfold repetition")


def test_tori_shogi_repetition_loses_for_the_side_that_completes_it() -> None:
    # Rule: repetition_result = "loss": Black's move completes the fourfold repetition; White wins.
    assert_as_fairy("torishogi", None, ["d2c2", "d6c6", "c2d2", "c6d6"] * 3, "white", "fourfold repetition")


def test_minishogi_perpetual_check_comes_before_the_repetition_result() -> None:
    # Rule: perpetual_check = "loss" is judged first: Black checks with every move (the rook on
    # the file), White's king shuttles; Black loses although a plain repetition would lose for White.
    fen = "4r/5/5/5/K4[] b - - 0 1"
    moves = ["e5a5"] + ["a1b1", "a5b5", "b1a1", "b5a5"] * 3
    assert_as_fairy("minishogi", fen, moves, "white", "perpetual check")


# ---------------------------------------------------------------- Janggi


def test_janggi_perpetual_check_loses_whatever_the_material() -> None:
    # Rule: perpetual_check = "loss": White's chariot checks along the rank with every move while
    # Black's general shuttles d10-d9; White loses although its material count is higher.
    fen = "R2k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    assert_as_fairy("janggi", fen, ["d10d9", "a10a9", "d9d10", "a9a10"] * 2, "black", "perpetual check")


def test_janggi_repetition_without_perpetual_check_goes_to_the_material_count() -> None:
    # Rule: any other repetition is decided by the material count (13 to 1.5: White wins).
    fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"
    assert_as_fairy("janggi", fen, ["a1a2", "d10d9", "a2a1", "d9d10"] * 2, "white",
                    "threefold repetition: material count 13 to 1.5")


@pytest.mark.parametrize("variant", ["minishogi", "shogi", "kyotoshogi", "torishogi", "janggi", "xiangqi"])
def test_repetition_keys_read_from_the_shipped_files(variant: str) -> None:
    out = rules.variant(variant).outcomes
    expected = {
        "minishogi": ("white-loses", "loss", 4), "shogi": ("draw", "loss", 4), "kyotoshogi": ("draw", "loss", 4),
        "torishogi": ("loss", "loss", 4), "janggi": ("draw", "loss", 3), "xiangqi": ("draw", "loss", 3),
    }[variant]
    assert (out.repetition_result, out.perpetual_check, out.repetitions) == expected


# ---------------------------------------------------------------- Xiangqi's chasing rule


def test_xiangqi_perpetual_chase_of_an_unprotected_piece_loses() -> None:
    # Rule: perpetual_chase = "loss": the black horse shuttles b9-c7 and Red's chariot follows it
    # along the b and c files, attacking it anew with every move; nothing protects it: Red loses.
    fen = "5k3/1n7/9/9/9/9/9/9/9/1R1K5 b - - 0 1"
    assert_as_fairy("xiangqi", fen, ["b9c7", "b1c1", "c7b9", "c1b1"] * 2, "black", "perpetual chase")


def test_xiangqi_attacking_a_protected_piece_is_no_chase() -> None:
    # Rule: the same dance with the horse protected on both squares by black chariots (i9, i7):
    # the chariot (worth more than the horse) attacks a protected piece, which is no chase: a draw.
    fen = "5k3/1n6r/9/8r/9/9/9/9/9/1R1K5 b - - 0 1"
    assert_as_fairy("xiangqi", fen, ["b9c7", "b1c1", "c7b9", "c1b1"] * 2, None, "threefold repetition")


def test_xiangqi_a_horse_chasing_a_protected_chariot_loses() -> None:
    # Rule: chase_values: a chariot is worth more than a horse, so the horse's attack chases it
    # even though the chariots on i9 and i8 protect c9 and c8: Red loses.
    fen = "5k3/2r5r/8r/3N5/9/9/9/9/9/3K5 b - - 0 1"
    assert_as_fairy("xiangqi", fen, ["c9c8", "d7b6", "c8c9", "b6d7"] * 2, "black", "perpetual chase")


# Each side's horse shuttles between two squares that shield one of its chariots' lines to an
# unprotected enemy horse, so every move opens the other line: a new attack on the same piece.
# Red: chariots b1 and i6 aim at the black horse on b6, the red horse shuttles b4-c6. Black (the
# same turned round): chariots h10 and a5 aim at the red horse on h5, the black horse shuttles h7-g5.
MUTUAL_CHASE = "3k3r1/9/9/7n1/1n6R/r6N1/1N7/9/9/1R3K3 w - - 0 1"
DISCOVERING_DANCE = ["b4c6", "h7g5", "c6b4", "g5h7"] * 2


def test_xiangqi_mutual_perpetual_chase_is_a_draw() -> None:
    # Rule: both sides chased the same piece with every move: a draw.
    assert_as_fairy("xiangqi", MUTUAL_CHASE, DISCOVERING_DANCE, None, "perpetual chase by both sides")


def test_xiangqi_chase_by_discovered_attacks_loses_when_only_one_side_chases() -> None:
    # Rule: without the black chariot on a5, Black's return to h7 attacks nothing: only Red's
    # discovered attacks chase with every move, and Red loses.
    fen = MUTUAL_CHASE.replace("/r6N1/", "/7N1/")
    assert_as_fairy("xiangqi", fen, DISCOVERING_DANCE, "black", "perpetual chase")


def test_xiangqi_the_completing_side_is_judged_from_the_move_into_the_first_occurrence() -> None:
    # Rule (as Fairy-Stockfish counts): Red completes the repetition, so Red's move that led to
    # the first occurrence counts too. Here it is a general's step, which chases nothing, so
    # Red's chases that follow are not perpetual: a draw.
    fen = "5k3/1n7/9/9/9/9/9/9/9/1R1K5 w - - 0 1"
    moves = ["d1e1"] + ["b9c7", "b1c1", "c7b9", "c1b1"] * 2
    assert_as_fairy("xiangqi", fen, moves, None, "threefold repetition")


def test_xiangqi_a_chase_from_the_move_into_the_first_occurrence_on_is_perpetual() -> None:
    # Rule: the same, but Red's first move (a1-b1) already attacks the horse anew: Red loses.
    fen = "5k3/1n7/9/9/9/9/9/9/9/R2K5 w - - 0 1"
    moves = ["a1b1"] + ["b9c7", "b1c1", "c7b9", "c1b1"] * 2
    assert_as_fairy("xiangqi", fen, moves, "black", "perpetual chase")


def _chased_after(fen: str, move: str) -> set[str]:
    from rules.chasing import chased

    game = game_at("xiangqi", fen)
    before = game.pos.copy()
    game.play(move)
    chase = game.rules.outcomes.chasing
    assert chase is not None
    found = chased(game.rules, chase, before, game.pos.copy(), game.pos.last_move())  # type: ignore[arg-type]
    return {game.rules.geo.names[sq] for sq in found}


def test_xiangqi_soldier_may_be_attacked_freely_until_it_crosses_the_river() -> None:
    # Rule: chase_immune = { soldier = "own_half" }: the chariot's new attack on a black soldier
    # on e7 (Black's own half) chases nothing; on e4 (across the river) it chases the soldier.
    assert _chased_after("5k3/9/9/4p4/9/9/9/9/9/R2K5 w - - 0 1", "a1a7") == set()
    assert _chased_after("5k3/9/9/9/9/9/4p4/9/9/R2K5 w - - 0 1", "a1a4") == {"e4"}


def test_xiangqi_soldier_attacks_never_chase() -> None:
    # Rule: chase_free = ["soldier"]: a red soldier stepping beside an unprotected black horse
    # attacks it, but chases nothing.
    assert _chased_after("5k3/9/9/2n1P4/9/9/9/9/9/3K5 w - - 0 1", "e7d7") == set()


def test_xiangqi_chariot_moving_along_its_line_does_not_chase_what_lies_ahead() -> None:
    # Rule: new attacks only: the chariot going up the a-file attacked the horse on a9 before, so
    # the move chases nothing; stepping sideways onto the b-file attacks the horse on b9 anew.
    assert _chased_after("5k3/n8/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a1a3") == set()
    assert _chased_after("5k3/1n7/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a1b1") == {"b9"}


# ---------------------------------------------------------------- variants.ini


def test_import_ini_maps_the_repetition_value_and_plays_as_fairy_stockfish(variant_folder: Path) -> None:
    # Rule: nFoldValue = win (for the side to move) is repetition_result = "loss" for the side
    # that completes the repetition; compared with pyffish loaded with the same section.
    from textvariants import add_variant

    from rules.iniimport import import_ini

    section = "[repwin:chess]\nnFoldValue = win\n"
    text = import_ini(section)
    assert 'repetition_result = "loss"' in text and "repetition_claimed = false" in text
    sf.load_variant_config(section)
    add_variant(variant_folder, text, "repwin")
    moves = ["g1f3", "g8f6", "f3g1", "f6g8"] * 2
    game = play("repwin", None, moves)
    assert game.result is not None and game.result.winner == "white"
    assert fairy_result("repwin", sf.start_fen("repwin"), moves) == (True, "white")


def test_import_ini_maps_the_absolute_repetition_value() -> None:
    from rules.iniimport import import_ini

    text = import_ini("[rep]\nking = k\nrook = r\nnFoldValue = loss\nnFoldValueAbsolute = true\n")
    assert 'repetition_result = "white-loses"' in text
    assert "not mapped" not in text.split("[variant.rep.outcomes]")[1]


# ---------------------------------------------------------------- the keys in the schema and check


@pytest.mark.parametrize("name", ["repetition_result", "perpetual_chase", "chase_values", "chase_free", "chase_immune"])
def test_the_repetition_keys_are_in_the_schema_the_designer_reads(name: str) -> None:
    from rules import schema

    spec = schema.key("variant.outcomes", name)
    assert spec is not None and spec.doc


def test_check_reports_bad_chasing_keys(tmp_path: Path) -> None:
    from rules.catalogue import check_file

    path = tmp_path / "mine.toml"
    path.write_text(
        '[variant.mine]\nparent = "xiangqi"\n'
        '[variant.mine.outcomes]\nrepetition_result = "sente-loses"\n'
        'chase_values = { dragon = 3 }\nchase_immune = { soldier = "nowhere" }\n',
        encoding="utf-8",
    )
    messages = [message for _line, message in check_file(path)]
    assert any("repetition_result" in m and "sente-loses" in m for m in messages), messages
    assert any("chase_values names 'dragon'" in m for m in messages), messages
    assert any("chase_immune.soldier must name a region" in m and "nowhere" in m for m in messages), messages
