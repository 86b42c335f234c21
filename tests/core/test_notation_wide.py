"""Move text on the widest boards the format allows (26 files, a..z; 26 ranks). Rule
(docs/notation.md, "Move text"): `x` is a capture mark only before a square, so `x2x4` is a
move from x2 to x4, `x5y6xy5` an en passant capture of y5, and `x2xx4` a capture of x4 from x2
without moving; every record of such a game reads back move for move."""

from __future__ import annotations

from pathlib import Path

import pytest

import rules
from rules.moves import ParsedMove, parse_move_text

WIDE = """[variant.wide]
parent = "chess"
name = "Wide"
files = 26
ranks = 8

[variant.wide.setups.standard]
placement = "k25/16pppppppppp/26/26/26/26/16PPPPPPPPPP/K24R"
"""

TALL = """[variant.tall]
parent = "chess"
name = "Tall"
files = 26
ranks = 26

[variant.tall.setups.standard]
placement = "k24r/{ranks}/K24R"
""".replace("{ranks}", "/".join(["26"] * 24))


@pytest.fixture
def wide_boards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    (tmp_path / "wide.toml").write_text(WIDE, encoding="utf-8")
    (tmp_path / "tall.toml").write_text(TALL, encoding="utf-8")
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(tmp_path))
    rules.reload_catalogue()
    yield
    monkeypatch.undo()
    rules.reload_catalogue()


@pytest.mark.parametrize(
    ("text", "parsed"),
    [
        ("x2x4", ParsedMove("x2", "x4", (), None, None)),
        ("x2xx4", ParsedMove("x2", None, ("x4",), None, None)),
        ("x5y6xy5", ParsedMove("x5", "y6", ("y5",), None, None)),
        ("w5x6xx5", ParsedMove("w5", "x6", ("x5",), None, None)),
        ("y7x8=queen", ParsedMove("y7", "x8", (), "queen", None)),
        ("z26x26", ParsedMove("z26", "x26", (), None, None)),
        ("x1xx2xx3", ParsedMove("x1", None, ("x2", "x3"), None, None)),
    ],
)
def test_move_text_on_files_x_y_z(text: str, parsed: ParsedMove) -> None:
    assert parse_move_text(text) == parsed


@pytest.mark.usefixtures("wide_boards")
def test_a_double_step_on_the_x_file_is_a_move_not_a_capture() -> None:
    game = rules.new_game("wide")
    assert {"x2x3", "x2x4"} <= {str(m) for m in game.legal_moves() if m.origin == "x2"}
    move = game.play("x2x4")
    assert (move.origin, move.destination, move.captures) == ("x2", "x4", ())
    assert game.fen().split()[3] == "x3"  # the skipped square, for en passant


@pytest.mark.usefixtures("wide_boards")
def test_en_passant_and_captures_on_files_x_y_z_round_trip_through_a_record() -> None:
    """White pawn x5, Black pawn y7 steps to y5; x5 takes it en passant: x5y6xy5."""
    game = rules.new_game("wide", fen="k25/24p1/26/23P2/26/26/26/K24R b - - 0 1")
    game.play("y7y5")
    move = game.play("x5y6xy5")
    assert move.kind == "en-passant" and move.captures == ("y5",)
    game.play("a8b8")
    game.play("z1z8")  # the rook along the z file, giving check
    again = rules.load_game(rules.game_record(game))
    assert [str(m) for m in again.history] == ["y7y5", "x5y6xy5", "a8b8", "z1z8"]
    assert again.fen() == game.fen()


@pytest.mark.usefixtures("wide_boards")
def test_a_record_of_a_26_by_26_board_reloads() -> None:
    game = rules.new_game("tall")
    for text in ("z1z25", "z26y26", "z25x25", "a26b26", "x25x24", "y26y2", "a1b1", "b26a25"):
        game.play(text)
    again = rules.load_game(rules.game_record(game))
    assert [str(m) for m in again.history] == [str(m) for m in game.history]
    assert again.fen() == game.fen()


def test_an_extra_square_may_not_start_with_the_capture_mark(tmp_path: Path) -> None:
    """With an extra square "xd", 'e5xd6' could be a move to xd or a capture on d6: refused."""
    from rules.catalogue import check_file

    path = tmp_path / "mine.toml"
    path.write_text('[variant.mine]\nparent = "chess"\nextra_squares = ["xd"]\n', encoding="utf-8")
    assert check_file(path) == [(3, "extra square 'xd' must not start with 'x', the capture mark of move text")]
