"""XBetza as H.G. Muller's Interactive Diagram documents it (issue 49): multi-leg moves (``a``)
with a modality per leg, ``y``, crooked ``z``, circular ``q``, cylindrical ``o``, ``j``, ``u``,
``d``, the ranges ``N0`` and ``W03``, and the directions of later legs relative to the leg before.

Each test sets up a position with the piece under test (``X``) and names the rule it checks;
the expected moves are worked out by hand on the diagram in the comment. Pawns (``P``/``p``,
one step forward) are the blockers and victims."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from positions import moves_from, to
from textvariants import game_from_text

import rules
from rules.betza import parse_betza
from rules.betzawords import betza_sentence
from rules.errors import BetzaError
from rules.perft import perft


def piece_game(
    folder: Path, betza: str, fen: str, orientation: str = "rotate", royal: bool = False, tracks: bool = False
) -> rules.Game:
    king = '[variant.mine.pieces.king]\nname = "King"\nletter = "K"\nbetza = "K"\n' if royal else ""
    royals = '"king"' if royal else ""
    text = (
        '[variant.mine]\nname = "XBetza"\n'
        f'royal = [{royals}]\norientation = "{orientation}"\n'
        f'[variant.mine.pieces.piece]\nname = "Piece"\nletter = "X"\nbetza = "{betza}"\n'
        f"tracks_moved = {'true' if tracks else 'false'}\n"
        '[variant.mine.pieces.pawn]\nname = "Pawn"\nletter = "P"\nbetza = "fmW"\n'
        f"{king}"
        '[variant.mine.setups.standard]\nplacement = "8/8/8/8/8/8/8/8"\n'
    )
    return game_from_text(folder, text, fen)


KNIGHT_FROM_D4 = "b3 b5 c2 c6 e2 e6 f3 f5"


# ------------------------------------------------------------------ two legs, relative directions


def test_mao_steps_orthogonally_then_turns_half_outward(variant_folder: Path) -> None:
    # afsW: a W step, then a step turned 45 degrees either way (a W turned half becomes an F):
    # the Knight's squares, each reached through the orthogonal neighbour.
    game = piece_game(variant_folder, "afsW", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", KNIGHT_FROM_D4)
    # The pawn d5 blocks the path through d5: c6 and e6 are gone.
    game = piece_game(variant_folder, "afsW", "8/8/8/3P4/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "b3 b5 c2 e2 f3 f5")


def test_m_on_the_first_leg_is_the_default(variant_folder: Path) -> None:
    # mafsW is the Mao too: a leg before the last moves to an empty square by default.
    assert parse_betza("mafsW") == parse_betza("afsW")


def test_moa_steps_diagonally_then_turns_half_outward(variant_folder: Path) -> None:
    # afsF: an F step, then a W step at 45 degrees. The pawn c5 blocks b5 and c6 (through c5).
    game = piece_game(variant_folder, "afsF", "8/8/8/2P5/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "b3 c2 e2 e6 f3 f5")


def test_griffon_steps_diagonally_then_slides_outward(variant_folder: Path) -> None:
    # FyafsF: the F step, and after it ('y' makes the leap ride) a rook slide turned 45 degrees
    # outward. From d4: c3 c5 e3 e5, then from e5 f5-h5 and e6-e8, from c5 b5 a5 and c6-c8,
    # from e3 f3-h3 and e2 e1, from c3 b3 a3 and c2 c1. The own pawn e7 stops the e-file at e6.
    game = piece_game(variant_folder, "FyafsF", "8/4P3/8/8/3X4/8/8/8 w - - 0 1")
    expected = "c3 c5 e3 e5 f5 g5 h5 e6 b5 a5 c6 c7 c8 f3 g3 h3 e2 e1 b3 a3 c2 c1"
    assert moves_from(game, "d4") == to("d4", expected)


def test_checker_captures_by_jumping_to_the_empty_square_beyond(variant_folder: Path) -> None:
    # mFcafmF: F steps to empty squares; or capture on an F square and go on the same way
    # (f) to an empty square. The enemy e5 is jumped to f6; the enemy c5 cannot be, b6 is full.
    game = piece_game(variant_folder, "mFcafmF", "8/8/1p6/2p1p3/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == {"d4c3", "d4e3", "d4f6xe5"}
    game.play("d4f6xe5")
    assert game.board() == {"f6": "white piece", "c5": "black pawn", "b6": "black pawn"}
    game.undo()
    assert "e5" in game.board()


def test_lion_hit_and_run_and_capture_without_moving(variant_folder: Path) -> None:
    # caKmcabK: capture on a K square and step on any way but straight back (hit and run), or go
    # to a K square and straight back (with a capture there: capture without moving; without
    # one it would be a pass, which is no move).
    game = piece_game(variant_folder, "caKmcabK", "8/8/8/3p4/3X4/8/8/8 w - - 0 1")
    hit_and_run = {"d4c4xd5", "d4c5xd5", "d4c6xd5", "d4d6xd5", "d4e4xd5", "d4e5xd5", "d4e6xd5"}
    assert moves_from(game, "d4") == hit_and_run | {"d4xd5"}
    game.play("d4xd5")
    assert game.board() == {"d4": "white piece"}


def test_later_leg_turns_follow_the_leg_before(variant_folder: Path) -> None:
    # afrW: a W step, then a step turned 45 degrees to the right of it: d5 then e6, e4 then
    # f3, d3 then c2, c4 then b5 (each leg's right is the right of the way it goes).
    game = piece_game(variant_folder, "afrW", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "e6 f3 c2 b5")


def test_a_later_leg_without_directions_of_a_four_way_atom_goes_on_or_turns_a_right_angle(
    variant_folder: Path,
) -> None:
    # aW: a W step, then another straight on or a right angle either way, never back and never
    # diagonally (as XBoard reads it). d5 then d6 c5 e5; e4 then f4 e5 e3; d3 then d2 e3 c3;
    # c4 then b4 c3 c5.
    game = piece_game(variant_folder, "aW", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "d6 c5 e5 f4 e3 d2 c3 b4")


def test_a_later_leg_without_directions_of_an_eight_way_atom_goes_any_way_but_back(
    variant_folder: Path,
) -> None:
    # aK: a K step, then a K step any way but straight back: every square within two steps but
    # d4 itself (the 16 of the outer ring and the 8 of the inner ring, each reachable so).
    game = piece_game(variant_folder, "aK", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    ring2 = "b2 c2 d2 e2 f2 b3 f3 b4 f4 b5 f5 b6 c6 d6 e6 f6"
    ring1 = "c3 d3 e3 c4 e4 c5 d5 e5"
    assert moves_from(game, "d4") == to("d4", f"{ring2} {ring1}")


def test_i_makes_a_multi_leg_move_a_first_move(variant_folder: Path) -> None:
    # WiafsW: W steps always, the Mao's moves only while the piece has not moved.
    # X[u]: the piece is set up unmoved (off a start square it would count as moved).
    game = piece_game(variant_folder, "WiafsW", "8/7p/8/8/3X[u]4/8/8/8 w - - 0 1", tracks=True)
    assert moves_from(game, "d4") == to("d4", f"d5 d3 c4 e4 {KNIGHT_FROM_D4}")
    game.play("d4d5")
    game.play("h7h6")
    assert moves_from(game, "d5") == to("d5", "d6 d4 c5 e5")


# ------------------------------------------------------------------ one-leg shapes


def test_rose_rides_knight_steps_round_a_circle(variant_folder: Path) -> None:
    # qN from a1: b3 then a5 (turning left), or b3 d4 f3 g1 (turning right); c2 then d4 c6
    # a7 (left), or c2 e1 (right). The next steps leave the board.
    game = piece_game(variant_folder, "qN", "8/8/8/8/8/8/8/X7 w - - 0 1")
    assert moves_from(game, "a1") == to("a1", "b3 a5 d4 f3 g1 c2 c6 a7 e1")
    # An enemy on d4 is captured and ends both circles through it.
    game = piece_game(variant_folder, "qN", "8/8/8/8/3p4/8/8/X7 w - - 0 1")
    assert moves_from(game, "a1") == to("a1", "b3 a5 d4 c2 e1")


def test_crooked_bishop_zig_zags(variant_folder: Path) -> None:
    # zB from a1: b2, then alternately turning a right angle: b2 a3 b4 a5 b6 a7 b8, or
    # b2 c1 d2 e1 f2 g1 h2.
    game = piece_game(variant_folder, "zB", "8/8/8/8/8/8/8/X7 w - - 0 1")
    assert moves_from(game, "a1") == to("a1", "b2 a3 b4 a5 b6 a7 b8 c1 d2 e1 f2 g1 h2")


def test_cylindrical_rook_goes_round_the_side_edges(variant_folder: Path) -> None:
    # oR from a1 with an enemy on c1: b1 and the capture c1; leftward round the edge h1 g1 f1
    # e1 d1 and again the capture on c1; up the a-file to a8.
    game = piece_game(variant_folder, "oR", "8/8/8/8/8/8/8/X1p5 w - - 0 1")
    assert moves_from(game, "a1") == to("a1", "b1 c1 h1 g1 f1 e1 d1 a2 a3 a4 a5 a6 a7 a8")


# ------------------------------------------------------------------ ranges, j


def test_n0_is_the_nightrider_and_a_leading_zero_an_exact_range(variant_folder: Path) -> None:
    assert parse_betza("N0") == parse_betza("NN")
    # W03: exactly three squares, the two before them empty. The pawn d5 blocks d7.
    game = piece_game(variant_folder, "W03", "8/8/8/3P4/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "a4 g4 d1")


def test_j_on_a_slider_skips_its_first_square(variant_folder: Path) -> None:
    # jR: the rook's moves of two squares or more, over whatever stands on the first.
    game = piece_game(variant_folder, "jR", "8/8/8/8/3XP3/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "f4 g4 h4 b4 a4 d6 d7 d8 d2 d1")


def test_j_on_a_leap_must_jump_a_piece(variant_folder: Path) -> None:
    # jD: a D leap only over an occupied square: only e4 holds a piece, so only f4.
    game = piece_game(variant_folder, "jD", "8/8/8/8/3XP3/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == {"d4f4"}


def test_hr_and_hl_pick_the_right_and_left_handed_knight_moves(variant_folder: Path) -> None:
    # hrN: (1,2) and its quarter turns clockwise, d4 to e6 f3 c2 b5; hlN the mirror images.
    game = piece_game(variant_folder, "hrN", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "e6 f3 c2 b5")
    game = piece_game(variant_folder, "hlN", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "f5 c6 b3 e2")


# ------------------------------------------------------------------ u, d, p


def test_unload_swaps_with_the_enemy_it_takes(variant_folder: Path) -> None:
    # ucR: a rook capture whose victim reappears where the move started: a swap.
    game = piece_game(variant_folder, "ucR", "8/8/8/8/3X1p2/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == {"d4f4/unload-d4"}
    before = game.fen()
    game.play("d4f4/unload-d4")
    assert game.board() == {"f4": "white piece", "d4": "black pawn"}
    game.undo()
    assert game.fen() == before


def test_destroy_and_unload_moves_a_friend_along(variant_folder: Path) -> None:
    # afudQ: slide, then on the same way onto one's own piece, which is set down where the
    # second leg started. From d4 along the file to the own pawn d7: d5 then d7 (pawn to d5),
    # or d6 then d7 (pawn to d6).
    game = piece_game(variant_folder, "afudQ", "8/3P4/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == {"d4d7/unload-d5", "d4d7/unload-d6"}
    game.play("d4d7/unload-d6")
    assert game.board() == {"d7": "white piece", "d6": "white pawn"}


def test_a_hurdle_leg_then_a_capture_is_the_cannon(variant_folder: Path) -> None:
    # pafcR: slide to a piece, which stays (the hurdle), then on the same way to capture: the
    # Xiangqi cannon's capture. Hurdle e4 (its own pawn), victim g4; no other line has a hurdle.
    game = piece_game(variant_folder, "pafcR", "8/8/8/8/3XP1p1/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == {"d4g4"}


def test_grasshopper_lands_just_beyond_its_hurdle(variant_folder: Path) -> None:
    # gQ: along a line to the first piece, landing on the square just beyond it.
    game = piece_game(variant_folder, "gQ", "8/8/8/3p4/3X1P2/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == {"d4d6", "d4g4"}


# ------------------------------------------------------------------ the second side, attacks


@pytest.mark.parametrize(("orientation", "square"), [("rotate", "c4"), ("mirror", "e4")])
def test_relative_turns_for_black_follow_the_orientation(variant_folder: Path, orientation: str, square: str) -> None:
    # farW: forward one, then a right angle to the right. White d4: d5 then e5. Black d5: d4, then
    # its own right (c4) when rotated, the board's right as White's (e4) when mirrored.
    game = piece_game(variant_folder, "farW", "8/8/8/3x4/8/8/8/8 b - - 0 1", orientation)
    assert moves_from(game, "d5") == {"d5" + square}
    white = piece_game(variant_folder, "farW", "8/8/8/8/3X4/8/8/8 w - - 0 1", orientation)
    assert moves_from(white, "d4") == {"d4e5"}


def test_a_locust_capture_of_the_king_is_check(variant_folder: Path) -> None:
    # The black Checker e5 jumps the White king d4 to the empty c3: White is in check, and the
    # pawn h2's step leaves it so. With c3 filled by a white pawn the jump is impossible: no check.
    game = piece_game(variant_folder, "mFcafmF", "8/8/8/4x3/3K4/8/7P/8 w - - 0 1", royal=True)
    assert game.in_check()
    assert moves_from(game, "h2") == set()
    assert "d4e5" in moves_from(game, "d4")  # the king takes the Checker
    game = piece_game(variant_folder, "mFcafmF", "8/8/8/4x3/3K4/2P5/7P/8 w - - 0 1", royal=True)
    assert not game.in_check()
    assert moves_from(game, "h2") == {"h2h3"}


def test_perft_counts_multi_leg_moves(variant_folder: Path) -> None:
    # A Mao d4 (its 8 Knight squares, each listed once) and a black pawn h7 (one step, which no
    # Mao move can stop): 8 moves, then 8 x 1 replies.
    game = piece_game(variant_folder, "afsW", "8/7p/8/8/3X4/8/8/8 w - - 0 1")
    assert perft(game.pos, 1) == 8
    assert perft(game.pos, 2) == 8


# ------------------------------------------------------------------ refusals, words


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("zafW", "the first leg has none"),
        ("zqB", "two path shapes"),
        ("ayW", "'y' changes the legs after it"),
        ("ahW", "'h' must follow"),
        ("xW", "unsupported modifier 'x'"),
        ("pgafW", "two kinds of hop"),
        ("hrW", "oblique atom only"),
    ],
)
def test_refused_xbetza_names_the_part_not_understood(text: str, fragment: str) -> None:
    with pytest.raises(BetzaError) as caught:
        parse_betza(text)
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("betza", "words"),
    [
        ("afsW", "two-part moves: orthogonal step, then step turning half left or right"),
        ("qN", "circular knight rides"),
        ("zB", "crooked bishop slides"),
        ("oR", "round the side edges"),
        ("mFcafmF", "diagonal step (capturing there), then step straight on (no capture)"),
    ],
)
def test_betza_words_say_xbetza_moves(betza: str, words: str) -> None:
    assert words in betza_sentence(betza)


def test_a_blocked_multi_leg_move_is_explained_in_words(variant_folder: Path) -> None:
    # The Mao d4 cannot reach c6: its path goes through d5, where its own pawn stands.
    game = piece_game(variant_folder, "afsW", "8/8/8/3P4/3X4/8/8/8 w - - 0 1")
    reason = game.why_illegal("d4c6")
    assert "Piece on d4" in reason and "c6" in reason and "in parts" in reason


def test_a_region_the_piece_never_leaves_bounds_where_its_legs_end(variant_folder: Path) -> None:
    # A Mao confined to the first four ranks: from d4 only the four Knight squares below rank 5.
    text = (
        '[variant.mine]\nname = "Confined"\nroyal = []\n'
        '[variant.mine.regions]\nlow = ["a1:h4"]\n'
        '[variant.mine.pieces.piece]\nname = "Piece"\nletter = "X"\nbetza = "afsW"\nregion = "low"\n'
        '[variant.mine.setups.standard]\nplacement = "8/8/8/8/8/8/8/8"\n'
    )
    game = game_from_text(variant_folder, text, "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "b3 c2 e2 f3")


# ------------------------------------------------------------------ legs against plain Betza


@pytest.mark.parametrize(
    ("parent", "piece", "legs"),
    [
        ("xiangqi", "cannon", "mRpafcR"),  # the cannon's hop as a hurdle leg, then a capture straight on
        ("xiangqi", "horse", "afsW"),  # the horse (nN) as the Mao: one step, then a half turn outward
    ],
)
def test_legs_move_exactly_as_the_plain_betza_they_spell(
    variant_folder: Path, parent: str, piece: str, legs: str
) -> None:
    """Seeded random games of the built-in variant and of a child whose piece is written in legs:
    the same legal moves at every ply."""
    text = f'[variant.mine]\nparent = "{parent}"\n[variant.mine.pieces.{piece}]\nbetza = "{legs}"\n'
    child = game_from_text(variant_folder, text)
    plain = rules.new_game(parent)
    rng = random.Random(49)
    for _ in range(60):
        ours = sorted(str(m) for m in child.legal_moves())
        assert ours == sorted(str(m) for m in plain.legal_moves()), plain.fen()
        if not ours or plain.result is not None:
            break
        move = rng.choice(ours)
        child.play(move)
        plain.play(move)
