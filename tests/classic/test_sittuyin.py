"""Sittuyin (rules/variants/sittuyin.toml, docs/variants/sittuyin.md): the placement phase and
the pawn's promotion as a move of its own, positions with move sets worked out by hand."""

from __future__ import annotations

import rules


def _moves(fen: str) -> set[str]:
    return {str(m) for m in rules.new_game("sittuyin", fen=fen).legal_moves()}


def test_placement_phase_only_drops_into_the_own_three_ranks_chariots_on_the_back_rank() -> None:
    # Rule: before play each side sets its pieces down in its own first three ranks (empty
    # squares: ranks 1 and 2, and e3-h3 beside the pawns), the Chariots only on the back rank.
    moves = {str(m) for m in rules.new_game("sittuyin").legal_moves()}
    camp = [f"{f}{r}" for r in (1, 2) for f in "abcdefgh"] + ["e3", "f3", "g3", "h3"]
    expected = {f"{kind}@{sq}" for kind in ("king", "ferz", "silver", "knight") for sq in camp}
    expected |= {f"rook@{f}1" for f in "abcdefgh"}
    assert moves == expected  # no pawn moves while the hand holds pieces


def test_a_pawn_on_the_long_diagonal_promotes_in_place_or_by_a_diagonal_step() -> None:
    # Rule: a pawn on a long diagonal in the enemy half (d5) may become a General where it stands
    # or by a diagonal step onto an empty square; a plain pawn move is still allowed.
    assert _moves("k7/8/8/3P4/8/8/P7/K7[] w - - 0 1") == {
        "a1b1", "a1b2", "a2a3", "d5d6", "d5=ferz", "d5c4=ferz", "d5c6=ferz", "d5e4=ferz", "d5e6=ferz"}


def test_the_new_general_may_not_attack_an_enemy_piece() -> None:
    # Rule: the promotion may not land where the General would attack an enemy piece: with a
    # Chariot on c6, in place (d5 attacks c6) is refused; c6 itself is a capture, never a promotion.
    assert _moves("k7/8/2r5/3P4/8/8/P7/K7[] w - - 0 1") == {
        "a1b1", "a1b2", "a2a3", "d5d6", "d5c6", "d5c4=ferz", "d5e4=ferz", "d5e6=ferz"}


def test_a_promotion_may_not_uncover_a_check() -> None:
    # Rule (as Fairy-Stockfish rules it): a promotion never gives check, by the new General or by
    # a line its pawn opens: with White's Chariot on a4 behind the last pawn on d4 and Black's
    # King on e4, only the promotion in place (which keeps the line shut) is allowed.
    assert _moves("8/8/8/8/R2Pk3/8/8/4K3[] w - - 0 42") == {
        "a4a1", "a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4a8", "a4b4", "a4c4", "d4=ferz", "d4d5",
        "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}


def test_off_the_diagonals_only_the_last_pawn_promotes() -> None:
    # Rule: off the long diagonals a pawn promotes only when it is its side's last pawn.
    assert _moves("k7/8/7P/8/8/8/P7/K7[] w - - 0 1") == {"a1b1", "a1b2", "a2a3", "h6h7"}
    assert _moves("k7/8/7P/8/8/8/8/K7[] w - - 0 1") == {
        "a1a2", "a1b1", "a1b2", "h6h7", "h6=ferz", "h6g5=ferz", "h6g7=ferz"}


def test_no_promotion_while_the_side_has_a_general() -> None:
    # Rule: a side has at most one General; while it has one, no pawn promotes.
    assert _moves("k7/8/8/3P4/8/8/P7/KF6[] w - - 0 1") == {"a1b2", "a2a3", "b1c2", "d5d6"}


def test_a_pawn_on_the_last_rank_stays_a_pawn() -> None:
    # Rule: there is no promotion by reaching the last rank.
    assert _moves("k7/7P/8/8/8/8/P7/K7[] w - - 0 1") == {"a1b1", "a1b2", "a2a3", "h7h8"}


def test_promotions_are_written_from_the_pawns_square() -> None:
    game = rules.new_game("sittuyin", fen="k7/8/8/3P4/8/8/P7/K7[] w - - 0 1")
    sans = {game.san(m) for m in game.legal_moves()}
    assert {"d5=F", "d5e6=F", "d5c4=F", "d6"} <= sans
    game.play("d5=F")
    assert game.fen().split()[0] == "k7/8/8/3F4/8/8/P7/K7[]"
