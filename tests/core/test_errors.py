"""Every kind of bad input raises its own RulesError subclass with a message naming the fault."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.catalogue import check_file
from rules.cli import main as cli_main


def test_unknown_variant_names_it_and_lists_known_ones() -> None:
    with pytest.raises(rules.UnknownVariantError) as info:
        rules.new_game("dai-dai-shogi")
    assert "'dai-dai-shogi'" in str(info.value) and "chess" in str(info.value)
    assert isinstance(info.value, rules.RulesError)


@pytest.mark.parametrize(
    ("fen", "fragment"),
    [
        ("", "empty"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "has 7 ranks"),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq - 0 1", "unknown piece letter 'Z'"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "castling field"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1", "en passant square"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk", "key=value"),
    ],
)
def test_malformed_position_text(fen: str, fragment: str) -> None:
    with pytest.raises(rules.FenError) as info:
        rules.new_game("chess", fen=fen)
    assert fragment in str(info.value)


def test_unparsable_move_text() -> None:
    game = rules.new_game("chess")
    with pytest.raises(rules.MoveParseError) as info:
        game.play("hello")
    assert "'hello'" in str(info.value)


def test_illegal_move_says_why_and_changes_nothing() -> None:
    game = rules.new_game("chess")
    before = game.fen()
    with pytest.raises(rules.IllegalMoveError) as info:
        game.play("e2e5")
    assert "'e2e5'" in str(info.value) and "cannot move to e5" in str(info.value)
    with pytest.raises(rules.IllegalMoveError) as info:
        game.play("e7e5")
    assert "not yours" in str(info.value)
    with pytest.raises(rules.IllegalMoveError) as info:
        game.play("e3e4")
    assert "no piece on e3" in str(info.value)
    assert game.fen() == before


def test_move_leaving_king_in_check_is_refused_with_reason() -> None:
    game = rules.new_game("chess", fen="4k3/8/8/8/8/8/4r3/4K3 w - - 0 1")
    with pytest.raises(rules.IllegalMoveError) as info:
        game.play("e1d2")
    assert "King on d2 attacked" in str(info.value)


def test_bad_option_name_and_value() -> None:
    with pytest.raises(rules.OptionError) as info:
        rules.new_game("chess", options={"no_such": True})
    assert "'no_such'" in str(info.value) and "fifty_move_rule" in str(info.value)
    with pytest.raises(rules.OptionError) as info:
        rules.new_game("chess", options={"fifty_move_rule": "sometimes"})
    assert "'sometimes'" in str(info.value)


def test_bad_placement() -> None:
    with pytest.raises(rules.SetupError) as info:
        rules.new_game("chess", placement={"z9": "white king"})
    assert "'z9'" in str(info.value)
    with pytest.raises(rules.SetupError) as info:
        rules.new_game("chess", placement={"e1": "white dragon"})
    assert "'dragon'" in str(info.value)
    with pytest.raises(rules.SetupError) as info:
        rules.new_game("chess", placement={"e1": "green king"})
    assert "green" in str(info.value)


def test_undo_and_redo_with_nothing_to_do() -> None:
    game = rules.new_game("chess")
    with pytest.raises(rules.HistoryError):
        game.undo()
    with pytest.raises(rules.HistoryError):
        game.redo()


def test_malformed_game_record_names_the_line() -> None:
    text = '[Variant "chess"]\n[Options "fifty_move_rule=true"]\n\n1. e2e4 e7e5 2. e4e5 *\n'
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game(text)
    assert info.value.line == 4 and "e4e5" in str(info.value)
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game('[Variant "chess"\n\n1. e2e4 *\n')
    assert info.value.line == 1
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game('[Event "x"]\n[Variant "no-such-variant"]\n\n1. e4 *\n')
    assert info.value.line == 2 and "Variant" in str(info.value)
    assert rules.load_game("1. e2e4 *\n").variant == "chess"  # standard PGN has no Variant tag


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.toml"
    path.write_text(text)
    return path


def test_variant_file_check_reports_every_error_with_its_line(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        """[variant.mine]
files = 8
ranks = 8
royal = ["emperor"]
powers = ["teleport"]

[variant.mine.pieces.king]
letter = "K"
betza = "Kx"

[variant.mine.pieces.queen]
letter = "K"
betza = "Q"
colour = "red"

[variant.mine.setups.standard]
placement = "4k3/8/8/8/8/8/8/4K3"
""",
    )
    problems = check_file(path)
    texts = [(line, text) for line, text in problems]
    assert (4, "'royal' names 'emperor', which is not a piece of this variant") in texts
    assert any(line == 5 and "unknown power 'teleport'" in t for line, t in texts)
    assert any(line == 9 and "bad Betza string 'Kx'" in t for line, t in texts)
    assert any(line == 12 and "share the letter 'K'" in t for line, t in texts)
    assert any(line == 14 and "unknown key 'colour'" in t for line, t in texts)


def test_variant_file_that_is_not_toml(tmp_path: Path) -> None:
    path = _write(tmp_path, "[variant.mine\nfiles = 8\n")
    problems = check_file(path)
    assert problems[0][0] == 1 and "not valid TOML" in problems[0][1]


def test_check_command_prints_lines_and_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, '[variant.mine]\nparent = "nowhere"\n')
    assert cli_main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:2: unknown parent variant 'nowhere'" in out


def test_check_command_accepts_the_builtin_chess_file(capsys: pytest.CaptureFixture[str]) -> None:
    chess_file = Path(rules.__file__).parent / "variants" / "chess.toml"
    assert cli_main(["check", str(chess_file)]) == 0
    assert "OK" in capsys.readouterr().out


def test_user_variant_with_parent_and_override(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Users add variants as data: a parent plus overrides, no code."""
    (tmp_path / "grand.toml").write_text(
        """[variant.knightmare]
parent = "chess"
name = "Knightmare"
[variant.knightmare.pieces.knight]
betza = "NN"
"""
    )
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(tmp_path))
    rules.reload_catalogue()
    try:
        assert "knightmare" in rules.variant_ids()
        game = rules.new_game("knightmare", placement={"a1": "white knight", "h8": "black king", "h1": "white king"})
        destinations = {m.destination for m in game.legal_moves() if m.origin == "a1"}
        assert destinations == {"b3", "c5", "d7", "c2", "e3", "g4"}
    finally:
        monkeypatch.delenv("FAIRYCHESS_VARIANTS")
        rules.reload_catalogue()


def test_refused_promotion_names_the_choices() -> None:
    game = rules.new_game("chess", fen="4k3/P7/8/8/8/8/8/4K3 w - - 0 1")
    with pytest.raises(rules.IllegalMoveError) as info:
        game.play("a7a8=king")
    assert "cannot promote to king" in str(info.value) and "queen" in str(info.value)
    with pytest.raises(rules.IllegalMoveError) as info:
        game.play("a7a8")
    assert "ambiguous" in str(info.value) and "a7a8=queen" in str(info.value)



def test_text_without_a_choice_never_picks_a_move_that_has_one() -> None:
    """A move whose text carries a choice (a part leaving a compound) must be named in full.

    The Chancellor may not move whole onto its own Bishop, but its Knight part may
    leave onto it (making an Archbishop): the bare squares must not play that."""
    game = rules.new_game(
        "blender",
        placement={"e1": "white king", "e8": "black king", "d4": "white chancellor", "f5": "white bishop"},
    )
    separations = [m for m in game.legal_moves() if m.choice and m.origin == "d4" and m.destination == "f5"]
    assert separations, "the knight part of a chancellor can leave to f5"
    with pytest.raises(rules.IllegalMoveError) as info:
        game.play("d4f5")
    assert "ambiguous" in str(info.value) and str(separations[0]) in str(info.value)
