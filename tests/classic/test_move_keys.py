"""Rule keys for moves: no checks (Racing Kings), compulsory capture (Antichess), explosions
(Atomic) and en passant ranks (Horde). Every move set below is worked out by hand from the
rules pages (docs/variants/) and docs/variant-files.md."""

from __future__ import annotations

from pathlib import Path

from positions import game_at, moves_from
from textvariants import game_from_text

# ---------------------------------------------------------------- checks_allowed = false


def test_racing_kings_forbids_a_move_that_gives_check() -> None:
    # Rule: a move that gives check is illegal. The knight on d1 checks a4 from b2 and c3, so
    # it may go only to e3 and f2; the king's three steps check nothing.
    game = game_at("racingkings", "8/8/8/8/k7/8/8/3N3K w - - 0 1")
    assert moves_from(game) == {"d1e3", "d1f2", "h1g1", "h1g2", "h1h2"}


def test_racing_kings_forbids_a_capture_that_gives_check() -> None:
    # Rule: the ban holds for captures too. Nxc1 and Nc3 would check a2 from c1 and c3.
    game = game_at("racingkings", "8/8/8/8/8/8/k3N3/2b4K w - - 0 1")
    assert moves_from(game, "e2") == {"e2d4", "e2f4", "e2g1", "e2g3"}


# ---------------------------------------------------------------- must_capture = true


def test_antichess_allows_only_captures_while_one_is_possible() -> None:
    # Rule: capturing is compulsory; with two captures the player chooses, the rook's quiet
    # moves are out.
    game = game_at("antichess", "8/8/8/3p1p2/4P3/8/8/R7 w - - 0 1")
    assert moves_from(game) == {"e4d5", "e4f5"}


def test_antichess_en_passant_is_a_compulsory_capture() -> None:
    # Rule: en passant counts as a capture: after d7d5 the e5 pawn must take on d6.
    game = game_at("antichess", "8/3p4/8/4P3/8/8/8/R7 b - - 0 1")
    game.play("d7d5")
    assert moves_from(game) == {"e5d6xd5"}


def test_antichess_king_is_not_royal() -> None:
    # Rule: the king is an ordinary piece: it may step onto d2, e2 and f2, which the rook attacks.
    game = game_at("antichess", "8/8/8/8/8/8/r7/4K3 w - - 0 1")
    assert moves_from(game) == {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}
    assert not game.in_check()


def test_compulsory_capture_ignores_a_capture_that_may_not_stand(variant_folder: Path) -> None:
    # Rule: a capture that leaves the mover's royal attacked forces nothing. The pinned e4
    # knight could take d6 but may not, so White's king moves stay legal (e2 too: the knight
    # still shields the file).
    text = '[variant.mine]\nparent = "chess"\nmust_capture = true\npowers = ["promotion"]\n'
    game = game_from_text(variant_folder, text, "4r2k/8/3p4/8/4N3/8/8/4K3 w - - 0 1")
    assert moves_from(game, "e4") == set()
    assert moves_from(game, "e1") == {"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}


def test_a_refused_quiet_move_names_the_compulsory_capture() -> None:
    game = game_at("antichess", "8/8/8/3p4/4P3/8/8/R7 w - - 0 1")
    assert "capturing is compulsory" in game.why_illegal("a1a2")


# ---------------------------------------------------------------- explosions


def test_atomic_capture_explodes_the_neighbours_but_not_pawns() -> None:
    # Rule: exd5 removes the bishop and the capturing pawn, the e5 knight and the c4 knight
    # (of either side); the c6 pawn stays.
    game = game_at("atomic", "4k3/8/2p5/3bn3/2N1P3/8/8/4K3 w - - 0 1")
    game.play("e4d5")
    assert game.board() == {"e8": "black king", "c6": "black pawn", "e1": "white king"}


def test_atomic_king_never_captures() -> None:
    # Rule: a king's capture would blow itself up. The e2 pawn guards d1 and f1.
    game = game_at("atomic", "4k3/8/8/8/8/8/4p3/4K3 w - - 0 1")
    assert moves_from(game) == {"e1d2", "e1f2"}


def test_atomic_touching_kings_do_not_check() -> None:
    # Rule: a capture whose blast reaches the capturer's own king is no attack. The rook on a4
    # sees e4 along the rank, but the kings touch: no check. d4 and f4 are on the rook's rank
    # but next to the black king, so they are safe too; d3, e3, f3 are attacked by nothing.
    # Only Kxe5 is out: a king never captures.
    game = game_at("atomic", "8/8/8/4k3/r3K3/8/8/8 w - - 0 1")
    assert not game.in_check()
    assert moves_from(game) == {"e4d3", "e4d4", "e4d5", "e4e3", "e4f3", "e4f4", "e4f5"}


def test_atomic_blowing_up_the_king_wins_even_in_check() -> None:
    # Rule: Qxf7 blows up the g8 king; it is legal although the e7 rook checks White's king,
    # and it wins. The other legal moves answer the check: king steps off the e-file, or
    # the queen blocks on e2 or e5.
    game = game_at("atomic", "6k1/4rp2/8/7Q/8/8/8/4K3 w - - 0 1")
    assert moves_from(game) == {"e1d1", "e1d2", "e1f1", "e1f2", "h5e2", "h5e5", "h5f7"}
    game.play("h5f7")
    assert game.result is not None and game.result.winner == "white"


def test_explosion_immune_pieces_are_data(variant_folder: Path) -> None:
    # Rule: data.explosions.immune lists what a neighbouring blast leaves: here knights too.
    text = (
        '[variant.mine]\nparent = "chess"\npowers = ["promotion", "explosions"]\n'
        '[variant.mine.data.explosions]\nimmune = ["pawn", "knight"]\n'
    )
    game = game_from_text(variant_folder, text, "4k3/8/2p5/3bn3/2N1P3/8/8/4K3 w - - 0 1")
    game.play("e4d5")
    assert game.board() == {
        "e8": "black king", "c6": "black pawn", "e5": "black knight", "c4": "white knight", "e1": "white king",
    }


# ---------------------------------------------------------------- en passant ranks (Horde)


def test_horde_pawn_steps_two_from_rank_one_without_en_passant_on_rank_two() -> None:
    # Rule: White's pawns step two from rank 1; en passant lands only on ranks 3 and 6, so the
    # b3 pawn cannot take a1a3 on a2.
    game = game_at("horde", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1")
    assert moves_from(game, "a1") == {"a1a2", "a1a3"}
    game.play("a1a3")
    assert moves_from(game, "b3") == {"b3b2"}


def test_horde_en_passant_on_rank_three_stands() -> None:
    # Rule: a step from rank 2 to rank 4 may be taken en passant on rank 3.
    game = game_at("horde", "4k3/8/8/8/1p6/8/P7/8 w - - 0 1")
    game.play("a2a4")
    assert moves_from(game, "b4") == {"b4b3", "b4a3xa4"}
