"""The conditional-leap power (the Cambodian king's first leap): positions with move sets worked
out by hand, and seeded random games against pyffish's ``cambodian`` (legal moves only: our
test variant keeps Makruk's counting, which differs from Cambodian's)."""

from __future__ import annotations

import random
from pathlib import Path

import pyffish as sf
from positions import moves_from
from textvariants import game_from_text

#: Makruk with Cambodian's first moves: the king's leap to the wide forward knight squares,
#: lost once a rook lands on its line, and the Met's first double step.
CAMBODIAN_MOVES = """
[variant.mine]
parent = "makruk"
powers = ["promotion", "conditional-leap"]

[variant.mine.data.conditional-leap]
pieces = ["king"]
leap = "fsN"
lost_to = ["rook"]

[variant.mine.pieces.king]
tracks_moved = true

[variant.mine.pieces.ferz]
betza = "FifmD"
tracks_moved = true
"""


def test_the_unmoved_king_may_leap_to_the_wide_forward_knight_squares(variant_folder: Path) -> None:
    # Rule: leap = "fsN": from d1 to b2 and f2 (both empty), besides its steps c2, d2, e2.
    game = game_from_text(variant_folder, CAMBODIAN_MOVES)
    assert moves_from(game, "d1") == {"d1c2", "d1d2", "d1e2", "d1b2", "d1f2"}


def test_the_leap_never_captures_and_never_leaves_check(variant_folder: Path) -> None:
    # Rule: no leap out of check. The rook on d8 checks the d1 king along the open file.
    game = game_from_text(variant_folder, CAMBODIAN_MOVES, "3rk3/8/8/8/8/8/8/3K4 w - - 0 1")
    assert moves_from(game, "d1") == {"d1c1", "d1c2", "d1e1", "d1e2"}
    # Rule: never capturing: a black piece on b2 shuts that leap.
    game = game_from_text(variant_folder, CAMBODIAN_MOVES, "4k3/8/8/8/8/8/1p6/3K4 w - - 0 1")
    assert "d1b2" not in moves_from(game, "d1")
    assert "d1f2" in moves_from(game, "d1")


def test_a_rook_landing_on_the_kings_line_takes_the_leap_away(variant_folder: Path) -> None:
    # Rule: lost_to = ["rook"]: Black's rook landing on the d-file (the pawn between does not
    # matter) takes White's leap away for good.
    game = game_from_text(variant_folder, CAMBODIAN_MOVES, "r3k3/8/8/8/8/3P4/8/3K4 b - - 0 1")
    game.play("a8d8")
    assert "leap-lost=(white)" in game.fen()
    assert moves_from(game, "d1") == {"d1c1", "d1c2", "d1d2", "d1e1", "d1e2"}
    game.play("d1d2")
    game.play("d8a8")
    game.play("d2d1")
    game.play("a8b8")
    assert "d1b2" not in moves_from(game, "d1")  # the king has moved anyway, and the right is gone


def test_the_met_steps_two_forward_on_its_first_move(variant_folder: Path) -> None:
    # Rule: the Met (betza "FifmD") also steps two straight forward on its first move, onto an
    # empty square only: in the start array e3 holds White's own pawn.
    game = game_from_text(variant_folder, CAMBODIAN_MOVES)
    assert moves_from(game, "e1") == {"e1d2", "e1f2"}
    game = game_from_text(variant_folder, CAMBODIAN_MOVES, "4k3/8/8/8/8/8/8/3KM3 w - - 0 1")
    assert moves_from(game, "e1") == {"e1d2", "e1f2", "e1e3"}


def test_random_games_agree_with_fairy_stockfish_cambodian_moves(variant_folder: Path) -> None:
    start = sf.start_fen("cambodian")
    for seed in range(2):
        game = game_from_text(variant_folder, CAMBODIAN_MOVES)
        rng = random.Random(seed)
        history: list[str] = []
        for ply in range(50):
            theirs = sorted(sf.legal_moves("cambodian", start, history))
            if game.result is not None or not theirs:
                break
            ours = {str(m).replace("=ferz", "m"): m for m in game.legal_moves()}
            assert sorted(ours) == theirs, f"seed {seed} ply {ply} after {' '.join(history)}"
            choice = rng.choice(theirs)
            game.play(ours[choice])
            history.append(choice)
