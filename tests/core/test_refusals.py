"""Every refusal says why: `Game.why_illegal` gives the reason a move
cannot be played, worked out from the rules' own data (rules/refusals.py): blocked by
which piece, out of reach with what the piece can do instead, move-only or capture-only,
first move only, a hopper's hurdle, its own piece, pinned or in check (with the attacker),
an empty promotion pool, castling, and the powers' reasons (frozen, Hia, no lender).

The sweep walks each variant's start and two middle games through sampled illegal
(origin, destination) pairs; the hand-written cases give exact texts worked out by hand.
"""

from __future__ import annotations

import random
import re

import pytest
from positions import friendly

import rules

#: A message that names the move and stops there: "the Knight on b1 cannot move to b3".
BARE = re.compile(r"^the [A-Za-z -]+ on \w+ cannot (move|go) to \w+\.?$")
PAIRS_PER_POSITION = 36


def chess(pieces: dict[str, str], to_move: str = "white") -> rules.Game:
    return rules.new_game("chess", placement=pieces, to_move=to_move)


def positions(variant_id: str) -> list[rules.Game]:
    """The start and two middle games reached by seeded random legal moves."""
    out = [rules.new_game(variant_id)]
    for seed, plies in ((1, 9), (2, 18)):
        g = rules.new_game(variant_id)
        rnd = random.Random(seed)
        for _ in range(plies):
            moves = g.legal_moves()
            if g.result is not None or not moves:
                break
            g.play(rnd.choice(sorted(moves, key=str)))
        if g.result is None:
            out.append(g)
    return out


def illegal_pairs(g: rules.Game, seed: int) -> list[tuple[str, str]]:
    """A seeded sample of (own piece's square, any other square) with no legal move between them."""
    geo = g.rules.geo
    pos = g.pos
    legal = {(m.origin, m.destination) for m in g.legal_moves()}
    own = [geo.names[s] for s in range(geo.size) if pos.board[s] is not None and pos.board[s].color == pos.turn]
    pairs = [(o, d) for o in own for d in geo.names if o != d and (o, d) not in legal]
    return random.Random(seed).sample(pairs, min(PAIRS_PER_POSITION, len(pairs)))


@pytest.mark.parametrize("variant_id", rules.variant_ids())
def test_every_sampled_refusal_gives_a_reason(variant_id: str) -> None:
    """No refusal is empty, calls the move legal, or only restates the move."""
    bad = []
    for index, g in enumerate(positions(variant_id)):
        for origin, destination in illegal_pairs(g, index):
            reason = g.why_illegal(origin + destination)
            if not reason or reason == "that move is legal" or BARE.match(reason):
                bad.append(f"{g.fen()} {origin}{destination}: {reason!r}")
    assert not bad, "\n".join(bad[:10])


def test_bare_pattern_catches_a_restated_move() -> None:
    """The sweep's test of a bare refusal rejects the old wording and accepts one with a reason."""
    assert BARE.match("the Knight on b1 cannot move to b3")
    assert BARE.match("the Pawn on b7 cannot move to b8.")
    assert not BARE.match("the Knight on b1 cannot move to b3: a Knight leaps (1,2)")


# ---------------------------------------------------------------- the generic reasons


def test_blocked_names_the_piece_and_its_square() -> None:
    """A slide stops at the first piece: c1-a3 passes b2, where White's own Pawn stands."""
    assert rules.new_game("chess").why_illegal("c1a3") == "the Bishop on c1 is blocked by your Pawn on b2"


def test_blocked_lame_step_names_the_blocker() -> None:
    """The Pawn's double step (ifmnD) needs e3 empty; a black Knight stands there."""
    g = chess({"e1": "white king", "h8": "black king", "e2": "white pawn", "e3": "black knight"})
    assert g.why_illegal("e2e4") == "the Pawn on e2 is blocked by your opponent's Knight on e3 on its way to e4"


def test_out_of_reach_says_what_the_piece_can_do() -> None:
    """b1-b3 is no Knight leap; from b1 the Knight reaches a3 and c3 (d2 holds a Pawn)."""
    assert rules.new_game("chess").why_illegal("b1b3") == (
        "the Knight on b1 cannot move to b3: a Knight leaps (1,2); from b1 it can go to a3, c3"
    )


def test_out_of_reach_with_no_move_at_all() -> None:
    """The Rook on a1 at the start has no legal move; b7 is not on its lines."""
    assert rules.new_game("chess").why_illegal("a1b7") == (
        "the Rook on a1 cannot move to b7: a Rook slides any distance orthogonally; "
        "from a1 it has no legal move now"
    )


def test_own_piece_cannot_be_captured() -> None:
    assert rules.new_game("chess").why_illegal("d1e1") == (
        "the Queen on d1 cannot capture your King on e1: a piece never takes its own side"
    )


def test_capture_only_step_needs_a_victim() -> None:
    """fcF: the Pawn's diagonal step is a capture only; c3 is empty."""
    assert rules.new_game("chess").why_illegal("b2c3") == (
        "the Pawn on b2 goes one square diagonally forward only to capture, and c3 is empty"
    )


def test_a_pawn_cannot_capture_straight_ahead() -> None:
    """fmW: the forward step never captures."""
    g = chess({"e1": "white king", "h8": "black king", "e4": "white pawn", "e5": "black pawn"})
    assert g.why_illegal("e4e5") == (
        "the Pawn on e4 cannot capture your opponent's Pawn on e5: going one square straight forward it never captures"
    )


def test_double_step_is_for_the_first_move_only() -> None:
    g = rules.new_game("chess")
    g.play("e2e3")
    g.play("a7a6")
    assert g.why_illegal("e3e5") == (
        "the Pawn on e3 has moved already: it goes two squares straight forward only on its first move"
    )


def test_pinned_piece_names_the_attacker() -> None:
    """The Bishop on e2 stands between the King on e1 and the Rook on e5."""
    g = chess({"e1": "white king", "h8": "black king", "e2": "white bishop", "e5": "black rook"})
    assert g.why_illegal("e2d3") == (
        "the Bishop on e2 is pinned: moving it would leave your King on e1 attacked by the Rook on e5"
    )


def test_move_that_ignores_check_names_the_checker() -> None:
    g = chess({"e1": "white king", "h8": "black king", "d2": "white bishop", "e5": "black rook"})
    assert g.why_illegal("d2c3") == (
        "it would leave your King on e1 attacked by the Rook on e5: it is in check, and this move does not end it"
    )


def test_king_may_not_step_into_attack() -> None:
    g = chess({"e1": "white king", "h8": "black king", "e5": "black rook"})
    assert g.why_illegal("e1e2") == "it would leave your King on e2 attacked by the Rook on e5"


def test_not_your_turn_no_piece_and_game_over() -> None:
    start = rules.new_game("chess")
    assert start.why_illegal("e7e5") == "the Pawn on e7 is Black's, not yours to move: it is White's turn"
    assert start.why_illegal("e4e5") == "there is no piece on e4"
    mated = rules.new_game("chess")
    for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
        mated.play(move)
    assert mated.why_illegal("e2e4") == "the game is over (checkmate)"


def test_hopper_needs_exactly_one_hurdle() -> None:
    """The Pocket43 Falcon (pQ) moves only over one piece: g1-g4 has none between, g2-g6 has two."""
    g = rules.new_game("pocket43", placement={"d1": "white king", "a6": "black king", "g1": "white falcon"})
    assert g.why_illegal("g1g4") == (
        "the Falcon on g1 goes straight forward (any distance) only by jumping over one piece, "
        "and none stands between g1 and g4"
    )
    two = rules.new_game("pocket43", placement={
        "d1": "white king", "a6": "black king", "g2": "white falcon", "g3": "white pawn", "g4": "black pawn",
    })
    assert two.why_illegal("g2g6") == (
        "the Falcon on g2 jumps over one piece only, and your Pawn on g3 and your opponent's Pawn on g4 "
        "stand in the way"
    )


def test_capture_without_moving_points_at_the_move() -> None:
    """The Archer's rifle shot (e5xf7) captures at a Knight's distance without going there."""
    g = friendly({"e5": "white archer", "f7": "black impala"})
    assert g.why_illegal("e5f7") == "the Archer on e5 captures on f7 without going there: play e5xf7"


def test_piece_that_captures_only_by_its_power_says_so() -> None:
    """The Hangman (mK) never captures by stepping; it captures by withdrawal."""
    g = friendly({"e5": "white hangman", "e6": "black impala", "e4": "black impala"})
    assert g.why_illegal("e5e6") == (
        "the Hangman on e5 cannot capture your opponent's Impala on e6: going one square straight forward "
        "it never captures; it captures only by its powers: captures by stepping directly away from an adjacent enemy"
    )


def test_empty_pool_stops_a_promotion() -> None:
    """Blender promotes to a captured piece from the pool; with nothing captured b7-b8 is refused."""
    g = rules.new_game("blender", placement={"e1": "white king", "e8": "black king", "b7": "white pawn"})
    assert g.why_illegal("b7b8") == (
        "a Pawn reaching b8 must promote to one of your pieces the opponent captured, "
        "and your pool holds none it may become"
    )


def test_friendly_pool_without_a_piece_to_become() -> None:
    """A Friendly pawn promotes from the pool, never to a Friend: with only a captured
    Friend in White's pool, e11-e12 is refused (the Impala k5 keeps White from stalemate)."""
    g = rules.new_game("friendly", fen="f11/f3P7/12/12/12/12/12/10I1/12/12/11F/11F w - - 0 1 captured=F/")
    assert g.why_illegal("e11e12") == (
        "a Standard Pawn reaching e12 must promote to one of your pieces the opponent captured, "
        "and your pool holds none it may become"
    )


def test_castling_reasons() -> None:
    start = rules.new_game("chess")
    assert start.why_illegal("e1g1") == (
        "castling needs every square between the King and the Rook empty, and f1 holds a Bishop"
    )
    through = rules.new_game("chess", fen="r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1")
    assert through.why_illegal("e1g1") == "the King may not castle through or into check: f1 is attacked"
    checked = rules.new_game("chess", fen="r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1")
    assert checked.why_illegal("e1g1") == "the King may not castle out of check"
    no_right = rules.new_game("chess", fen="r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1")
    assert no_right.why_illegal("e1g1") == "the Rook on h1 has moved, so the King may not castle with it"


# ---------------------------------------------------------------- the powers' reasons


def test_frozen_by_the_jellyfish() -> None:
    g = friendly({"e6": "black jellyfish", "e5": "white lady-in-waiting", "k5": "white impala"})
    assert g.why_illegal("e5e4") == "the Lady in Waiting on e5 is frozen by the Jellyfish on e6"


def test_stopped_by_a_hia_zone() -> None:
    g = friendly({"e3": "white mtawala", "e8": "black bodyguard"})
    assert g.why_illegal("e3e8") == (
        "the Mtawala on e3 is stopped by the Hia zone of the Bodyguard on e8: "
        "a slide ends on the first square next to an active Bodyguard"
    )


def test_friend_without_a_lender() -> None:
    g = friendly({"e5": "white friend", "k5": "white impala"})
    assert g.why_illegal("e5e6") == "the Friend on e5 has no lender: no friendly piece guards it, so it has no moves"


def test_poison_lame_knight_blocked_and_never_capturing() -> None:
    """The Poison's lame Knight move e5-f7 goes by e6 first (orthogonal-first, the default)."""
    blocked = friendly({"e5": "white poison", "e6": "white impala"})
    assert blocked.why_illegal("e5f7") == (
        "the Poison on e5 moves as a lame Knight, and its way to f7 is blocked on e6 (your Impala)"
    )
    occupied = friendly({"e5": "white poison", "f7": "black impala"})
    assert occupied.why_illegal("e5f7") == (
        "the Poison on e5 moves as a lame Knight without capturing, and f7 is occupied"
    )
