"""Janggi (rules/variants/janggi.toml, docs/variants/janggi.md): the palace's diagonal lines,
the cannon, the lame elephant, passing and bikjang, positions with move sets worked out by hand."""

from __future__ import annotations

import rules


def _moves(fen: str) -> set[str]:
    return {str(m) for m in rules.new_game("janggi", fen=fen).legal_moves()}


def test_general_in_the_palace_centre_steps_along_every_line() -> None:
    # Rule: from the centre (e2) the general reaches all eight points of its palace; it may pass.
    # The black general on d10 does not face it.
    assert _moves("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1") == {
        "e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3", "e2/pass"}


def test_general_off_the_diagonal_lines_steps_orthogonally_only() -> None:
    # Rule: d2 lies on no diagonal line: orthogonal steps inside the palace only (not c2).
    assert _moves("4k4/9/9/9/9/9/9/9/3K5/9 w - - 0 1") == {"d2d1", "d2d3", "d2e2", "d2/pass"}


def test_chariot_slides_along_the_palace_diagonal() -> None:
    # Rule: from the corner d1 the chariot also slides along the diagonal line through e2 to f3.
    moves = _moves("4k4/9/9/9/9/9/9/9/9/3R1K3 w - - 0 1")
    chariot = {m for m in moves if m.startswith("d1")}
    assert chariot == {"d1a1", "d1b1", "d1c1", "d1e1", *(f"d1d{r}" for r in range(2, 11)), "d1e2", "d1f3"}


def test_cannon_jumps_exactly_one_piece_never_a_cannon() -> None:
    # Rule: the cannon moves only by jumping one piece: over the soldier on e2 along the palace
    # diagonal to f3, along rank 1 over the general on f1 to g1-i1.
    moves = _moves("4k4/9/9/9/9/9/9/9/4P4/3C1K3 w - - 0 1")
    assert {m for m in moves if m.startswith("d1")} == {"d1f3", "d1g1", "d1h1", "d1i1"}
    # A cannon is never a screen: with a black cannon on e2 the diagonal jump is gone.
    moves = _moves("4k4/9/9/9/9/9/9/9/4c4/3C1K3 w - - 0 1")
    assert {m for m in moves if m.startswith("d1")} == {"d1g1", "d1h1", "d1i1"}


def test_cannon_never_captures_a_cannon() -> None:
    # Rule: over the soldier on d5 the cannon may land on d6-d7 but not take the cannon on d8
    # (along rank 1 it jumps the general on f1 to g1-i1).
    moves = _moves("4k4/9/3c5/9/9/3P5/9/9/9/3C1K3 w - - 0 1")
    assert {m for m in moves if m.startswith("d1")} == {"d1d6", "d1d7", "d1g1", "d1h1", "d1i1"}


def test_elephant_is_lame_on_both_points_it_passes() -> None:
    # Rule: one point orthogonally then two diagonally; a piece on e7 blocks c9 and g9 (the
    # first point) and the others stay.
    assert {m for m in _moves("5k3/9/9/9/4B4/9/9/9/9/3K5 w - - 0 1") if m.startswith("e6")} == {
        "e6b4", "e6b8", "e6c3", "e6c9", "e6g3", "e6g9", "e6h4", "e6h8"}
    assert {m for m in _moves("5k3/9/9/4p4/4B4/9/9/9/9/3K5 w - - 0 1") if m.startswith("e6")} == {
        "e6b4", "e6b8", "e6c3", "e6g3", "e6h4", "e6h8"}


def test_soldier_follows_the_enemy_palace_diagonal_forward() -> None:
    # Rule: on d9 (no diagonal line) forward and sideways; on d8 (a corner) also to e9.
    assert {m for m in _moves("3k5/3P5/9/9/9/9/9/9/9/5K3 w - - 0 1") if m.startswith("d9")} == {
        "d9c9", "d9d10", "d9e9"}
    assert {m for m in _moves("5k3/9/3P5/9/9/9/9/9/9/3K5 w - - 0 1") if m.startswith("d8")} == {
        "d8c8", "d8d9", "d8e8", "d8e9"}


def test_no_pass_out_of_check() -> None:
    # Rule: a pass leaves the general attacked by the chariot on e10: not offered.
    assert "e1/pass" not in _moves("3kr4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")


def test_bikjang_must_be_broken_or_passed() -> None:
    # Rule: with the generals facing, every move must break the facing, or pass: the chariot
    # on a1 may not move, the general may not stay on the e-file.
    assert _moves("4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1") == {"e1d1", "e1f1", "e1/pass"}


def test_a_pass_in_bikjang_ends_the_game_by_the_material_count() -> None:
    # Rule: White (a chariot: 13) against Black (nothing, +1.5 as the second side): White wins.
    game = rules.new_game("janggi", fen="4k4/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")
    game.play("e1/pass")
    assert game.result is not None and game.result.winner == "white"
    assert game.legal_moves() == []
    # Generals alone: 0 against 1.5, Black wins.
    game = rules.new_game("janggi", fen="4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1")
    game.play("e1/pass")
    assert game.result is not None and game.result.winner == "black"


def test_two_passes_in_a_row_end_the_game_by_the_material_count() -> None:
    # Rule: equal armies, so the second side's 1.5 decides: Black wins.
    game = rules.new_game("janggi")
    game.play("e2/pass")
    assert game.result is None
    game.play("e9/pass")
    assert game.result is not None and game.result.winner == "black"


def test_a_pass_is_written_as_fairy_stockfish_writes_it() -> None:
    game = rules.new_game("janggi")
    passing = next(m for m in game.legal_moves() if m.kind == "pass")
    assert str(passing) == "e2/pass" and game.san(passing) == "Ke2"
    game.play("Ke2")
    assert game.to_move == "black"


def test_a_repetition_is_decided_by_the_material_count() -> None:
    # Rule (Fairy-Stockfish's janggi): the third occurrence ends the game, and the material
    # count decides it: equal armies, so Black's 1.5 wins.
    game = rules.new_game("janggi")
    for move in ["b1c3", "b10c8", "c3b1", "c8b10"] * 2:
        assert game.result is None
        game.play(move)
    assert game.result is not None and game.result.winner == "black"
    assert game.result.reason.startswith("threefold repetition: material count")
