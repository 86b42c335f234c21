"""Hands, drops, gating and promotion by move (issue 49): hand-worked positions of Seirawan
chess, Kyoto Shogi and small variants written for the test."""

from __future__ import annotations

from pathlib import Path

from positions import drops_of, game_at, moves_from, squares, to
from textvariants import game_from_text

import rules
from rules.catalogue import check_file_report

# A 5x5 board with kings and pawns; each test adds the keys it checks.
SMALL = """
[variant.mine]
files = 5
ranks = 5
royal = ["king"]
powers = ["drops", "promotion"]

[variant.mine.pieces.king]
letter = "K"
betza = "K"

[variant.mine.pieces.pawn]
letter = "P"
betza = "fW"
pawn = true

[variant.mine.pieces.knight]
letter = "N"
betza = "N"

[variant.mine.pieces.gold]
letter = "G"
betza = "WfF"

[variant.mine.setups.standard]
placement = "4k/5/5/5/K4"

[variant.mine.promotion]
pieces = ["pawn"]
zone = 2
choices = ["gold"]
"""


# ---------------------------------------------------------------- Seirawan: gating

def test_seirawan_a_back_rank_piece_may_bring_a_piece_in_on_its_first_move() -> None:
    # Rule: gating: on its first move a back-rank piece may leave a Hawk or an Elephant on the
    # square it leaves; the plain move stays.
    game = rules.new_game("seirawan")
    assert moves_from(game, "b1") == {"b1a3", "b1c3", "b1a3/hawk", "b1c3/hawk", "b1a3/elephant", "b1c3/elephant"}
    game.play("b1c3/hawk")
    assert game.board()["b1"] == "white hawk"
    assert game.hands() == (["white elephant"], ["black elephant", "black hawk"])


def test_seirawan_a_gate_closes_once_its_piece_has_moved() -> None:
    # Rule: only a piece's first move from its start square opens the gate; coming back does not.
    game = rules.new_game("seirawan")
    for text in ("g1f3", "g8f6", "f3g1", "f6g8"):
        game.play(text)
    assert moves_from(game, "g1") == {"g1f3", "g1h3"}


def test_seirawan_castling_gates_on_the_kings_or_the_rooks_square() -> None:
    # Rule: castling opens two gates; the piece may enter on e1 or on h1 (not both).
    game = game_at("seirawan", "r3k2r/8/8/8/8/8/8/R3K2R[Hh] w KQkq - 0 1 gates=(a1,e1,h1,a8,e8,h8)")
    castles = {m for m in moves_from(game, "e1") if m.startswith(("e1g1", "e1c1"))}
    assert castles == {"e1g1", "e1g1/hawk", "e1g1/hawk-h1", "e1c1", "e1c1/hawk", "e1c1/hawk-a1"}
    game.play("e1g1/hawk-h1")
    assert game.board()["h1"] == "white hawk" and game.board()["f1"] == "white rook"
    assert "e1" not in game.board()


def test_seirawan_a_captured_piece_leaves_the_game() -> None:
    # Rule: captures do not go to a hand (no drops in Seirawan).
    game = game_at("seirawan", "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1 gates=()")
    game.play("e4d5")
    assert game.hands() == ([], [])


def test_seirawan_a_gated_piece_may_shield_the_king() -> None:
    # Rule: legality is judged with the gated piece on the board: the Knight on d1 is pinned by
    # the rook on a1, and may move only if it leaves the Elephant behind to close the rank.
    game = game_at("seirawan", "4k3/8/8/8/8/8/8/r2NK3[E] w - - 0 1 gates=(d1,e1)")
    assert moves_from(game, "d1") == {"d1b2/elephant", "d1c3/elephant", "d1e3/elephant", "d1f2/elephant"}


def test_a_setup_may_start_with_hands() -> None:
    # Rule: a setup's placement may end with the starting hands in brackets.
    game = rules.new_game("seirawan")
    assert game.fen().split()[0].endswith("RNBQKBNR[EHeh]")


def test_check_reports_an_unknown_letter_in_a_starting_hand(variant_folder: Path) -> None:
    # Rule: check reads a setup's hand against the piece letters.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "4k/5/5/5/K4[PZ]"')
    path = variant_folder / "mine.toml"
    path.write_text(text, encoding="utf-8")
    errors, _warnings = check_file_report(path)
    assert any("starting hand 'PZ' holds unknown piece letter 'Z'" in message for _line, message in errors), errors


# ---------------------------------------------------------------- drops

def test_drops_not_from_captures_come_only_from_the_starting_hand(variant_folder: Path) -> None:
    # Rule: from_captures = false: a captured piece leaves the game; the setup's hand stays droppable.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "4k/5/2p2/2P2/K4[Nn]"') + """
[variant.mine.data.drops]
from_captures = false
"""
    game = game_from_text(variant_folder, text)
    assert drops_of(game, "knight") == squares("abcde", range(1, 6)) - {"a1", "e5", "c3", "c2"}
    game.play("c2c3")  # the pawn takes the pawn: it does not go to White's hand
    assert game.hands() == (["white knight"], ["black knight"])


def test_a_file_may_hold_two_pawns_with_per_file_two(variant_folder: Path) -> None:
    # Rule: per_file = { pawn = 2 }: a drop is refused on a file holding two of the side's pawns.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "4k/5/1P3/PP3/K4[P]"') + """
[variant.mine.data.drops]
per_file = { pawn = 2 }
"""
    game = game_from_text(variant_folder, text)
    assert drops_of(game, "pawn") == squares("acde", range(1, 6)) - {"a1", "a2", "e5"}
    assert game.why_illegal("pawn@b4") == "you already have 2 unpromoted Pawn on that file"


def test_a_piece_in_hand_may_be_dropped_with_its_other_face(variant_folder: Path) -> None:
    # Rule: faces = { knight = "gold" }: a knight in hand may come down as a knight or a gold.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "4k/5/5/5/K4[N]"') + """
[variant.mine.data.drops]
faces = { knight = "gold" }
"""
    game = game_from_text(variant_folder, text)
    empty = squares("abcde", range(1, 6)) - {"a1", "e5"}
    assert drops_of(game, "knight") == empty and drops_of(game, "gold") == empty
    game.play("gold@c3")
    assert game.board()["c3"] == "white gold" and game.hands() == ([], [])


def test_a_drop_region_limits_where_a_piece_may_land(variant_folder: Path) -> None:
    # Rule: regions = { knight = "home" }: a knight is dropped only on its side's home squares.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "4k/5/5/5/K4[Nn]"') + """
[variant.mine.regions]
home = { white = ["a1:e2"], black = "mirror" }

[variant.mine.data.drops]
regions = { knight = "home" }
"""
    game = game_from_text(variant_folder, text)
    assert drops_of(game, "knight") == squares("abcde", range(1, 3)) - {"a1"}
    game.play("knight@c2")
    assert drops_of(game, "knight") == squares("abcde", range(4, 6)) - {"e5"}
    assert game.why_illegal("knight@c3") == "a Knight may not be dropped on rank 3"


# ---------------------------------------------------------------- promotion

def test_compulsory_promotion_on_leaving_the_zone(variant_folder: Path) -> None:
    # Rule: compulsory_trigger = "enter-or-leave": a move out of the zone must promote too.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "k4/5/5/4N/K4"')
    text = text.replace('pieces = ["pawn"]\nzone = 2\nchoices = ["gold"]', """zone = 2
trigger = "enter-or-leave"
compulsory_trigger = "enter-or-leave"
promoted_form = { knight = "gold" }""")
    game = game_from_text(variant_folder, text)
    # From e2 (outside the far two ranks) only the jump to d4 enters the zone.
    assert moves_from(game, "e2") == {"e2c1", "e2c3", "e2d4=gold"}
    game = rules.new_game("mine", fen="k4/4N/5/5/K4[] w - - 0 1")
    # From e4, inside the zone: every move promotes, also the ones leaving it.
    assert moves_from(game, "e4") == {"e4c5=gold", "e4c3=gold", "e4d2=gold"}


def test_black_may_have_its_own_promotion_choices(variant_folder: Path) -> None:
    # Rule: black_choices: Black's pawns promote to what that list says.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "4k/P4/5/4p/2K2"')
    text = text.replace('choices = ["gold"]', 'choices = ["gold"]\nblack_choices = ["knight"]')
    text = text.replace("zone = 2", "zone = 1")
    game = game_from_text(variant_folder, text)
    assert moves_from(game, "a4") == {"a4a5=gold"}
    game.play("c1d1")
    assert moves_from(game, "e2") == {"e2e1=knight"}


def test_kyoto_every_move_turns_the_piece_over() -> None:
    # Rule: every piece but the King turns over on each move (Pawn and Rook, ...).
    game = rules.new_game("kyotoshogi")
    assert moves_from(game, "e1") == {"e1e2=rook"}
    assert moves_from(game, "b1") == {f"{m}=bishop" for m in to("b1", "a2 b2 c2")}
    game.play("e1e2=rook")
    assert game.board()["e2"] == "white rook"


def test_kyoto_a_piece_in_hand_comes_back_with_either_face() -> None:
    # Rule: a captured piece goes to the hand as its first face and may be dropped either way.
    game = game_at("kyotoshogi", "4k/5/5/5/K4[S] w - - 0 1")
    empty = squares("abcde", range(1, 6)) - {"a1", "e5"}
    assert drops_of(game, "silver") == empty and drops_of(game, "bishop") == empty
    game.play("bishop@c3")
    assert game.board()["c3"] == "white bishop" and game.hands() == ([], [])


def test_a_placement_phase_allows_only_drops_while_the_hand_holds_pieces(variant_folder: Path) -> None:
    # Rule: must_drop: a side holding a droppable piece must drop it; then it moves as usual.
    text = SMALL.replace('placement = "4k/5/5/5/K4"', 'placement = "4k/5/5/P4/K4[Nn]"') + """
[variant.mine.data.drops]
from_captures = false
must_drop = true
ranks = { knight = [1] }
"""
    game = game_from_text(variant_folder, text)
    assert moves_from(game) == {"knight@b1", "knight@c1", "knight@d1", "knight@e1"}
    game.play("knight@c1")
    assert moves_from(game) == {"knight@a5", "knight@b5", "knight@c5", "knight@d5"}
    game.play("knight@b5")
    assert "a2a3" in moves_from(game) and "c1b3" in moves_from(game)


def test_the_app_names_the_gated_piece_when_a_move_may_bring_one_in() -> None:
    # The chooser of several moves to one square says in words what each brings in.
    from fairygui.wording import new_piece_kind, option_label

    game = rules.new_game("seirawan")
    vdef = rules.variant("seirawan")
    moves = [m for m in game.legal_moves() if m.origin == "b1" and m.destination == "c3"]
    labels = {str(m): option_label(m, moves, vdef, game.describe_move(m), "knight") for m in moves}
    assert labels == {
        "b1c3": "Plain move to c3",
        "b1c3/hawk": "Bring in the Hawk on b1",
        "b1c3/elephant": "Bring in the Elephant on b1",
    }
    gated = next(m for m in moves if m.choice == "hawk")
    assert new_piece_kind(gated, game.describe_move(gated), vdef) == "hawk"


def test_a_pawn_that_could_be_dropped_there_may_stand_in_its_compulsory_zone() -> None:
    # Rule (check_position): a pawn "where it would already have promoted" is no problem where a
    # drop could have put it: Kyoto's pawns come down anywhere; Shogi's never on the last rank.
    assert rules.check_position("kyotoshogi", "p3k/5/5/5/K3P[] w - - 0 1") == []
    assert any(
        "would already have promoted" in problem
        for problem in rules.check_position("minishogi", "P3k/5/5/5/K4[] w - - 0 1")
    )
