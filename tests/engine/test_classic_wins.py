"""Wins in one and winning captures at a fixed depth in the variants with their own ends.

test_mates_every_variant.py covers the variants that play a royal King, a plain Rook and
Pawns with checkmate as the only win. This file covers the rest of the classic variants:
Extinction, King of the Hill, Three-check, Minishogi, Shogi, Shatranj and Xiangqi each get a
win in one (a mate, or the variant's own win) checked against a brute force over the rules,
and a winning capture; Crazyhouse, Capablanca, Grand, Janus, Shako and Grasshopper, whose
mates the Rook tests cover, get a winning capture each.

Positions are worked out by hand from each variant's rules page (docs/variants/); the
comments say why each answer is right. Every search has a depth limit and no time limit,
so no verdict depends on the machine's speed.
"""

from __future__ import annotations

from winning import winning_moves

import rules
from rules.engine import Engine, Limits
from rules.moves import Move
from rules.position import Position


def _wins_in_one(pos: Position) -> list[str]:
    return sorted(str(m) for m in winning_moves(pos))


def _assert_wins_in_one(game: rules.Game, expected: list[str], reason: str) -> None:
    """The brute force finds exactly ``expected``; the engine plays one at depth 3 as a mate in 1."""
    assert _wins_in_one(game.pos.copy()) == sorted(expected)
    result = Engine(game).search(game, Limits(depth=3))
    assert str(result.best_move) in expected, result.describe()
    assert result.mate_in == 1, result.describe()
    game.play(result.best_move)
    assert game.result is not None
    assert game.result.winner == "white" and game.result.reason == reason, game.result


def _replies_taking(game: rules.Game, move: str) -> list[str]:
    """The replies after ``move`` that capture on the square it captured on."""
    pos = game.pos.copy()
    m = next(x for x in game.legal_moves() if str(x) == move)
    assert m.captures, f"{move} is not a capture"
    pos.push(m)
    return sorted(str(x) for x in pos.rules.legal_moves(pos) if m.captures[0] in x.captures)


def _assert_takes(game: rules.Game, win: str, decoy: str, depth: int = 3) -> Move:
    """``win`` takes a piece nothing can take back, ``decoy`` one that is defended; the engine
    plays ``win`` at ``depth``."""
    assert not _wins_in_one(game.pos.copy()), "the position must not hold a win in one"
    assert _replies_taking(game, win) == [], f"{win} must take an undefended piece"
    assert _replies_taking(game, decoy), f"{decoy} must take a defended piece"
    result = Engine(game).search(game, Limits(depth=depth))
    assert str(result.best_move) == win, result.describe()
    return result.best_move


# --- Extinction -------------------------------------------------------------------------

def test_extinction_capturing_the_last_knight_wins() -> None:
    # Rule: a side that loses every piece of one kind loses; the king is not royal. Each
    # side has one piece of every kind, and Black two pawns. The last black Knight on f6 is
    # defended by the pawn on g7, but no recapture comes: taking it (Bg5xf6 or Qa1xf6 down
    # the long diagonal) ends the game. Rh2xh7 is the only other capture and leaves Black
    # its g-pawn. (Nothing gives mate: there is no check in this game.)
    placement = {
        "g1": "white king", "a1": "white queen", "h2": "white rook", "g5": "white bishop",
        "b1": "white knight", "a2": "white pawn",
        "e8": "black king", "d8": "black queen", "a8": "black rook", "c8": "black bishop",
        "f6": "black knight", "g7": "black pawn", "h7": "black pawn",
    }
    game = rules.new_game("extinction", placement=placement)
    assert sorted(str(m) for m in game.legal_moves() if m.captures) == ["a1f6", "g5f6", "h2h7"]
    _assert_wins_in_one(game, ["a1f6", "g5f6"], "every Knight captured")


def test_extinction_takes_the_loose_knight_not_the_pawn_that_costs_the_last_rook() -> None:
    # Rule: extinction. Black has two Knights, so Bb2xe5 takes the loose one (nothing
    # black reaches e5) without ending the game. The decoy Rf1xf7 takes a pawn defended by
    # the Rook, the King and the Knight: recaptured, White's only Rook is gone and White
    # has lost. Every white piece but the pawns is the last of its kind, and no black piece
    # attacks any of them, before or after Bxe5.
    placement = {
        "h1": "white king", "a1": "white queen", "f1": "white rook", "b2": "white bishop",
        "b1": "white knight", "g2": "white pawn", "h2": "white pawn",
        "g8": "black king", "d8": "black queen", "f8": "black rook", "c8": "black bishop",
        "b8": "black knight", "e5": "black knight", "f7": "black pawn", "g7": "black pawn", "h7": "black pawn",
    }
    game = rules.new_game("extinction", placement=placement)
    _assert_takes(game, "b2e5", "f1f7")
    decoy = rules.new_game("extinction", placement=placement)
    decoy.play("f1f7")
    assert decoy.result is None
    decoy.play("f8f7")
    assert decoy.result is not None and decoy.result.winner == "black", decoy.result
    game.play("b2e5")
    assert game.result is None, "Black still has its Knight on b8"


# --- King of the Hill -------------------------------------------------------------------

HILL = {"e3": "white king", "a2": "white pawn", "h8": "black king", "h7": "black pawn", "f5": "black pawn"}


def test_kingofthehill_king_steps_onto_the_free_hill_square() -> None:
    # Rule: a king that reaches d4, e4, d5 or e5 by a legal move wins. From e3 the King
    # touches d4 and e4; the black pawn on f5 takes on e4 (diagonally forward, down the
    # board), so Ke4 is illegal and Kd4 is the only win. As plain chess the position has
    # no mate in one.
    assert _wins_in_one(rules.new_game("chess", placement=HILL).pos.copy()) == []
    game = rules.new_game("kingofthehill", placement=HILL)
    assert "e3e4" not in {str(m) for m in game.legal_moves()}
    _assert_wins_in_one(game, ["e3d4"], "King reached hill")


# --- Three-check ------------------------------------------------------------------------

THIRD_CHECK = "6k1/5p1p/8/8/8/8/1R6/4K3 w - - 0 1"


def test_threecheck_third_check_wins_without_mate() -> None:
    # Rule: the side that gives check for the third time wins. White has given two. The
    # Rook on b2 checks the King on g8 from b8 (along the empty eighth rank) or from g2 (up
    # the g-file, open since there is no g-pawn); neither is mate (Kg7, or Kf8/Kh8), and no
    # other move checks. So exactly those two win, and as plain chess nothing mates in one.
    assert _wins_in_one(rules.new_game("chess", fen=THIRD_CHECK).pos.copy()) == []
    game = rules.new_game("threecheck", fen=THIRD_CHECK + " checks=(2,0)")
    _assert_wins_in_one(game, ["b2b8", "b2g2"], "3 checks")


# --- Minishogi --------------------------------------------------------------------------

MINISHOGI_MATE = "4k/2G2/1p1S1/5/K4[P] w - - 0 1"


def test_minishogi_gold_mates_and_the_pawn_drop_mate_loses() -> None:
    # Rules: checkmate wins; a pawn dropped to give mate loses for the dropper. The black
    # King is in the corner e5 with d5, d4 and e4 around it. Gc4-d4 checks (a gold steps
    # diagonally forward, to e5), covers d5 (forward) and e4 (sideways), and the Silver on
    # d3 guards d4 (straight forward): mate. Black's pawn on b3 cannot help. pawn@e4 from
    # the hand would "mate" too (the Gold covers d5 and d4, the Silver guards e4) but loses,
    # so the brute force, which counts wins only, finds just Gd4.
    game = rules.new_game("minishogi", fen=MINISHOGI_MATE)
    _assert_wins_in_one(game, ["c4d4"], "checkmate")
    drop = rules.new_game("minishogi", fen=MINISHOGI_MATE)
    drop.play("pawn@e4")
    assert drop.result is not None and drop.result.winner == "black", drop.result


def test_minishogi_rook_takes_the_loose_rook_not_the_defended_gold() -> None:
    # Rule: a captured piece goes to the capturer's hand. Ra2xa4 takes the Rook that was
    # attacking it down the a-file; nothing black reaches a4 (a4 is not in the far rank,
    # so there is no promotion choice). The decoy Bc1xe3 takes a Gold the pawn on e4 takes
    # back (a black pawn steps and takes down the board): a Bishop for a Gold, and the
    # Rook on a4 still attacks the Rook on a2.
    placement = {
        "a1": "white king", "a2": "white rook", "c1": "white bishop",
        "e5": "black king", "a4": "black rook", "e3": "black gold", "e4": "black pawn",
    }
    game = rules.new_game("minishogi", placement=placement)
    _assert_takes(game, "a2a4", "c1e3")


# --- Shogi ------------------------------------------------------------------------------

def test_shogi_gold_drop_on_the_kings_head_mates() -> None:
    # Rule: checkmate, here by a drop (atama-kin, the gold on the head). The lone black
    # King is on e9. A Gold dropped on e8 checks it (straight forward), covers d9 and f9
    # (diagonally forward) and d8 and f8 (sideways), and the Gold on e7 guards e8. Any
    # other drop or move leaves d9 or f9 free, and no drop covers both without checking
    # from e8, so nothing else wins (stalemate would win too in shogi, so that matters).
    game = rules.new_game("shogi", fen="4k4/9/4G4/9/9/9/9/9/4K4[G] w - - 0 1")
    _assert_wins_in_one(game, ["gold@e8"], "checkmate")


def test_shogi_bishop_takes_the_loose_rook_not_the_defended_gold() -> None:
    # Bc3xf6 takes the Rook along the empty diagonal d4-e5; f6 is outside the promotion
    # zone (ranks 7-9), so there is one such move, and nothing black reaches f6. The decoy
    # Rh1xh6 takes a Gold that the pawn on h7 and the Rook (along the sixth rank) take back.
    placement = {
        "e1": "white king", "c3": "white bishop", "h1": "white rook",
        "e9": "black king", "f6": "black rook", "h6": "black gold", "h7": "black pawn",
    }
    game = rules.new_game("shogi", placement=placement)
    _assert_takes(game, "c3f6", "h1h6")


# --- Shatranj ---------------------------------------------------------------------------

def test_shatranj_faras_smothered_mate() -> None:
    # Rule: checkmate (stalemate and a bare king win too, and neither is on offer here).
    # The Shah on h8 is walled in by its own Rukh on g8 and pawns on g7 and h7. The Faras
    # (knight) from g5 checks from f7, where no black piece reaches: the Rukh moves along
    # the eighth rank and the g-file, the pawns take only diagonally down the board. f7 is
    # the Faras's only checking square, and Ng5xh7 takes a pawn without check.
    placement = {
        "e1": "white king", "g5": "white knight",
        "h8": "black king", "g8": "black rook", "g7": "black pawn", "h7": "black pawn",
    }
    game = rules.new_game("shatranj", placement=placement)
    _assert_wins_in_one(game, ["g5f7"], "checkmate")


def test_shatranj_rukh_takes_the_loose_rukh_not_the_defended_fers() -> None:
    # Ra1xa7 takes the Rukh that attacks it up the a-file; nothing black reaches a7, and
    # Black keeps its Fers and pawn, so it is not bared. The decoy Nf3xe5 takes a Fers (a
    # one-step diagonal piece, worth little) that the pawn on d6 takes back, and leaves
    # the Rukhs facing each other.
    placement = {
        "d1": "white king", "a1": "white rook", "f3": "white knight",
        "d8": "black king", "a7": "black rook", "e5": "black ferz", "d6": "black pawn",
    }
    game = rules.new_game("shatranj", placement=placement)
    _assert_takes(game, "a1a7", "f3e5")


# --- Xiangqi ----------------------------------------------------------------------------

XIANGQI_MATE = {
    "e1": "white general", "a1": "white chariot", "b9": "white chariot",
    "d10": "black general", "i7": "black soldier",
}


def test_xiangqi_chariot_mates_with_the_flying_general() -> None:
    # Rules: the General stays in its palace (d8-f10 for Black) and the two Generals may
    # not face each other on an open file. The black General on d10 may step only to d9
    # or e10; e10 faces the white General down the empty e-file, and the Chariot on b9
    # holds d9 along the ninth rank. Chariot a1-a10 checks along the tenth rank, a1-d1 up
    # the open d-file (the white General may not go to d1 itself: it would face d10).
    # The soldier on i7 can only step forward to i6, so nothing blocks or takes. b9-b10
    # checks but frees d9; b9-d9 checks but the General takes it. Black's soldier keeps the
    # other moves from stalemating Black (stalemate also loses in xiangqi).
    game = rules.new_game("xiangqi", placement=XIANGQI_MATE)
    assert sorted(str(m) for m in game.legal_moves() if m.origin == "e1") == ["e1e2", "e1f1"]
    _assert_wins_in_one(game, ["a1a10", "a1d1"], "checkmate")


def test_xiangqi_chariot_takes_the_loose_chariot_not_the_defended_horse() -> None:
    # Ra1xa8 takes the Chariot that attacks it down the a-file; the Horse on b8 cannot
    # reach a8 (its moves are a10, c10, a6, c6, d9, d7). The decoy is the Cannon's capture
    # b3xb8 over the soldier on b4 as screen: the Chariot on a8 takes it back, a Cannon for
    # a Horse. The Generals stand on different files (d1, e10).
    placement = {
        "d1": "white general", "a1": "white chariot", "b3": "white cannon", "b4": "white soldier",
        "e10": "black general", "a8": "black chariot", "b8": "black horse",
    }
    game = rules.new_game("xiangqi", placement=placement)
    _assert_takes(game, "a1a8", "b3b8")


# --- Winning captures in the variants whose mates test_mates_every_variant.py covers -----

# A loose Queen on e5 for the Knight on f3; the decoy Qd1xd4 takes a Knight the c5 pawn and
# the Queen defend (Nxd4 cxd4 only trades). Nothing black reaches e5 after Nxe5, and the
# black Knight attacks nothing of White's. Kings castled away from the centre, far from the
# hill; no white capture gives check.
LOOSE_QUEEN = {
    "g1": "white king", "d1": "white queen", "f3": "white knight",
    "f2": "white pawn", "g2": "white pawn", "h2": "white pawn",
    "g8": "black king", "e5": "black queen", "d4": "black knight", "c5": "black pawn",
    "f7": "black pawn", "g7": "black pawn", "h7": "black pawn",
}


def test_crazyhouse_knight_takes_the_loose_queen() -> None:
    # Rule: the captured Queen goes to White's hand. Nf3xe5 wins it for nothing; after the
    # decoy Qxd4 cxd4 Black has White's Queen in hand instead.
    game = rules.new_game("crazyhouse", placement=LOOSE_QUEEN)
    _assert_takes(game, "f3e5", "d1d4")
    game.play("f3e5")
    assert game.fen().split()[0].endswith("[Q]")


def test_kingofthehill_knight_takes_the_loose_queen() -> None:
    game = rules.new_game("kingofthehill", placement=LOOSE_QUEEN)
    _assert_takes(game, "f3e5", "d1d4")


def test_threecheck_knight_takes_the_loose_queen() -> None:
    # Rule: checks count, and none has been given; Nxe5 is no check, so this is material alone.
    game = rules.new_game("threecheck", placement=LOOSE_QUEEN)
    _assert_takes(game, "f3e5", "d1d4")
    game.play("f3e5")
    assert not game.rules.in_check(game.pos, game.pos.turn)


def test_capablanca_archbishop_leaps_to_take_the_queen() -> None:
    # The Archbishop (bishop + knight) on c3 takes the loose Queen on b5 by its knight leap;
    # the decoy, its bishop move to d4, takes a Rook the e5 pawn takes back (an Archbishop for
    # a Rook). The white King on j2 has no back rank to be mated on.
    placement = {
        "j2": "white king", "i2": "white pawn", "j3": "white pawn", "c3": "white archbishop",
        "j8": "black king", "i7": "black pawn", "j7": "black pawn",
        "b5": "black queen", "d4": "black rook", "e5": "black pawn",
    }
    game = rules.new_game("capablanca", placement=placement)
    _assert_takes(game, "c3b5", "c3d4")


def test_grand_marshal_takes_the_queen_up_the_file() -> None:
    # The Marshal (rook + knight) on d4 takes the loose Queen on d9 up the open d-file; the
    # decoy, its knight leap to f5, takes a Cardinal the g6 pawn takes back (the Cardinal
    # attacks d4 by its own knight leap, so the Marshal is attacked twice and must act).
    placement = {
        "j1": "white king", "i2": "white pawn", "j2": "white pawn", "d4": "white chancellor",
        "j10": "black king", "i9": "black pawn", "j9": "black pawn",
        "d9": "black queen", "f5": "black archbishop", "g6": "black pawn",
    }
    game = rules.new_game("grand", placement=placement)
    _assert_takes(game, "d4d9", "d4f5")


def test_janus_takes_the_queen_along_the_diagonal() -> None:
    # The Janus (bishop + knight) on c3 takes the loose Queen on f6 along the diagonal
    # d4-e5; the decoy, its knight leap to e4, takes a Rook the f5 pawn takes back. After
    # Jxf6 the Rook's check on e1 is answered by Kj2 (the King on i1 has that square).
    placement = {
        "i1": "white king", "h2": "white pawn", "i2": "white pawn", "c3": "white janus",
        "j8": "black king", "i7": "black pawn", "j7": "black pawn",
        "f6": "black queen", "e4": "black rook", "f5": "black pawn",
    }
    game = rules.new_game("janus", placement=placement)
    _assert_takes(game, "c3f6", "c3e4")


def test_shako_cannon_jumps_its_pawn_to_take_the_queen() -> None:
    # Rule: the Cannon moves as a rook and captures by jumping exactly one piece. From d2 it
    # jumps its own pawn on d4 and takes the loose Queen on d8 (d5-d7 empty). The decoy,
    # the Elephant's two-square leap e3-g5, takes a Rook the h6 pawn and the Queen take back.
    placement = {
        "j1": "white king", "i2": "white pawn", "j2": "white pawn",
        "d2": "white cannon", "d4": "white pawn", "e3": "white elephant",
        "j10": "black king", "i9": "black pawn", "j9": "black pawn",
        "d8": "black queen", "g5": "black rook", "h6": "black pawn",
    }
    game = rules.new_game("shako", placement=placement)
    _assert_takes(game, "d2d8", "e3g5")


def test_grasshopper_hops_the_pawn_to_take_the_queen() -> None:
    # Rule: a Grasshopper moves along a queen line to the square just beyond the first
    # piece it meets. From d1 the first piece up the d-file is the black pawn on d5, so it
    # lands on d6 and takes the loose Queen. The decoy Nf3xg5 takes a Bishop the h6 pawn
    # takes back (a Knight for a Bishop, and the Queen stays).
    placement = {
        "g1": "white king", "f2": "white pawn", "g2": "white pawn", "h2": "white pawn",
        "d1": "white grasshopper", "f3": "white knight",
        "g8": "black king", "f7": "black pawn", "g7": "black pawn", "h6": "black pawn",
        "d6": "black queen", "d5": "black pawn", "g5": "black bishop",
    }
    game = rules.new_game("grasshopper", placement=placement)
    _assert_takes(game, "d1d6", "f3g5")
