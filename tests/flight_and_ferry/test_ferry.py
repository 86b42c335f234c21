"""Ferries: the three kinds of Ferry move, blocking, sending, and checks they make possible.

Seed 004: "Three kinds of move involve a Ferry. A piece can move over, onto, or off a Ferry by
its normal noncapturing or capturing move, move as a FIDE King with the middle two ranks
taking the Ferry with it, or send the Ferry from under it to any other square on those ranks.
The first includes usual restrictions on any other piece already occupying the Ferry, and the
last two exclude a square containing a Golddragon or Copperdragon or the other Ferry."
RULINGS flight-and-ferry 3: "(b) step like a King within ranks 5-6 taking the Ferry along,
capturing an enemy there if any (a pawn doing so may capture or not in any direction), never
onto the other Ferry or a friendly piece, or (c) stay and send its Ferry to another square of
ranks 5-6 that holds no dragon and not the other Ferry; a piece standing there boards it. An
empty Ferry never moves. An empty Ferry does not block; an occupied one blocks like a piece."

Move texts: an ordinary move ``c5a4``, a carry ``c5d6/ferry``, a send ``c5/f6``.
"""

from __future__ import annotations

from positions import moves_from

import rules

VARIANT = "flight-and-ferry"
FERRY_RANKS = [f"{f}{r}" for r in (5, 6) for f in "abcdefgh"]


def sends(origin: str, targets: list[str]) -> set[str]:
    return {f"{origin}/{t}" for t in targets}


def ferries(game: rules.Game) -> str:
    return next(field for field in game.fen().split() if field.startswith("ferries="))


def test_knight_on_a_ferry_has_all_three_kinds_of_move() -> None:
    """Knight on the Ferry c5, Black pawn d6. (a) Ordinary Knight moves leave the Ferry but
    still may not cross: a4 b3 d3 e4. (b) King steps within ranks 5-6 with the Ferry: b5 d5
    b6 c6, and d6 capturing the pawn across the water. (c) Sends to every square of ranks 5-6
    except c5 itself and the other Ferry f5 (d6 included: the pawn would board)."""
    g = rules.new_game(
        VARIANT, placement={"c5": "white knight", "d6": "black pawn", "a1": "white king", "h10": "black king"}
    )
    ordinary = {"c5a4", "c5b3", "c5d3", "c5e4"}
    carry = {"c5b5/ferry", "c5d5/ferry", "c5b6/ferry", "c5c6/ferry", "c5d6/ferry"}
    send = sends("c5", [s for s in FERRY_RANKS if s not in ("c5", "f5")])
    assert moves_from(g, "c5") == ordinary | carry | send
    capture = next(m for m in g.legal_moves() if str(m) == "c5d6/ferry")
    assert capture.captures == ("d6",)


def test_each_kind_of_ferry_move_does_what_it_says() -> None:
    """An ordinary move leaves the Ferry where it was; a carry moves piece and Ferry together;
    a send moves only the Ferry, and the piece already standing on its new square boards it.
    Undo puts everything back."""
    placement = {"c5": "white knight", "d6": "black pawn", "a1": "white king", "h10": "black king"}
    g = rules.new_game(VARIANT, placement=placement)
    start = g.fen()

    g.play("c5a4")
    assert g.board()["a4"] == "white knight"
    assert ferries(g) == "ferries=(c5,f5)"
    g.undo()

    g.play("c5d6/ferry")
    assert "c5" not in g.board() and g.board()["d6"] == "white knight"
    assert ferries(g) == "ferries=(f5,d6)"
    g.undo()

    g.play("c5/d6")
    assert g.board()["c5"] == "white knight" and g.board()["d6"] == "black pawn"
    assert ferries(g) == "ferries=(f5,d6)"
    g.undo()
    assert g.fen() == start


def test_rook_passes_over_an_empty_ferry() -> None:
    """ "A Rook ... can move over an empty Ferry": Rook c1 runs up the c-file through the
    empty Ferry c5 (and over the water, being a flyer) to c10."""
    g = rules.new_game(VARIANT, placement={"c1": "white rook", "a1": "white king", "h10": "black king"})
    file_moves = {f"c1c{r}" for r in range(2, 11)}
    assert moves_from(g, "c1") == file_moves | {"c1b1", "c1d1", "c1e1", "c1f1", "c1g1", "c1h1"}


def test_rook_is_stopped_by_an_occupied_ferry() -> None:
    """ "... but not an occupied one": with an enemy Knight riding c5 the Rook may capture it
    (and board the Ferry) but go no further; with a friendly Knight there it stops at c4."""
    rank_moves = {"c1b1", "c1d1", "c1e1", "c1f1", "c1g1", "c1h1"}
    enemy = rules.new_game(
        VARIANT, placement={"c1": "white rook", "c5": "black knight", "a1": "white king", "h10": "black king"}
    )
    assert moves_from(enemy, "c1") == rank_moves | {"c1c2", "c1c3", "c1c4", "c1c5"}
    friend = rules.new_game(
        VARIANT, placement={"c1": "white rook", "c5": "white knight", "a1": "white king", "h10": "black king"}
    )
    assert moves_from(friend, "c1") == rank_moves | {"c1c2", "c1c3", "c1c4"}


def test_pawn_on_a_ferry_moves_and_captures_in_every_direction() -> None:
    """ "A Pawn can use a Ferry to cross either way, without restrictions as to which moves are
    noncapturing and which capturing." Ferries on c6 and f6; White pawn riding c6. Ordinary
    pawn moves (leaving the Ferry): c7, and d7 capturing. With the Ferry, King steps within
    ranks 5-6: sideways b6 (quiet) and d6 (capture), backward c5 (quiet), b5 (capture) and d5
    (quiet). Sends: every square of ranks 5-6 but c6 and f6."""
    g = rules.new_game(
        VARIANT,
        options={"ferry_squares": "c6-f6"},
        placement={
            "c6": "white pawn", "b5": "black knight", "d6": "black knight", "d7": "black pawn",
            "a1": "white king", "h10": "black king",
        },
    )
    ordinary = {"c6c7", "c6d7"}
    carry = {"c6b6/ferry", "c6d6/ferry", "c6c5/ferry", "c6b5/ferry", "c6d5/ferry"}
    send = sends("c6", [s for s in FERRY_RANKS if s not in ("c6", "f6")])
    assert moves_from(g, "c6") == ordinary | carry | send


def test_sending_a_ferry_under_an_enemy_piece() -> None:
    """The Rook on the Ferry c5 stays and sends the Ferry to e6, where the Black Knight
    boards it. The Knight then has the passenger's moves: its ordinary leaps on its own shore
    (c7 d8 f8 g7; c5 d4 f4 g5 are across the water), carries to d5 e5 d6 f6 (not f5, the other
    Ferry) and sends to the 14 squares of ranks 5-6 other than e6 and f5."""
    g = rules.new_game(
        VARIANT, placement={"c5": "white rook", "e6": "black knight", "a1": "white king", "h10": "black king"}
    )
    g.play("c5/e6")
    assert g.board()["c5"] == "white rook"
    assert ferries(g) == "ferries=(f5,e6)"
    ordinary = {"e6c7", "e6d8", "e6f8", "e6g7"}
    carry = {"e6d5/ferry", "e6e5/ferry", "e6d6/ferry", "e6f6/ferry"}
    send = sends("e6", [s for s in FERRY_RANKS if s not in ("e6", "f5")])
    assert moves_from(g, "e6") == ordinary | carry | send


def test_a_send_that_lets_the_enemy_carry_onto_your_king_is_illegal() -> None:
    """Check is judged after every effect. White King d5, Rook on the Ferry c5, Black Knight
    e6: sending the Ferry under the Knight would let it step with the Ferry onto d5, so that
    one send is illegal; sending it under White's own King (d5) is fine."""
    g = rules.new_game(
        VARIANT, placement={"c5": "white rook", "d5": "white king", "e6": "black knight", "h10": "black king"}
    )
    got = {str(m) for m in g.legal_moves() if m.kind == "ferry-send"}
    assert got == sends("c5", [s for s in FERRY_RANKS if s not in ("c5", "f5", "e6")])


def test_carry_never_onto_the_other_ferry_but_an_ordinary_step_may_board_it() -> None:
    """Ferries on d5 and e5, White King riding d5. Carries: c5 c6 d6 e6, never e5 (the other
    Ferry). Ordinary King steps: c4 d4 e4 c5 and e5 (boarding the other Ferry: "Pieces that can
    move from one Ferry to the other are the King within a rank"). Sends: 14 squares."""
    g = rules.new_game(
        VARIANT, options={"ferry_squares": "d5-e5"}, placement={"d5": "white king", "h10": "black king"}
    )
    ordinary = {"d5c4", "d5d4", "d5e4", "d5c5", "d5e5"}
    carry = {"d5c5/ferry", "d5c6/ferry", "d5d6/ferry", "d5e6/ferry"}
    send = sends("d5", [s for s in FERRY_RANKS if s not in ("d5", "e5")])
    assert moves_from(g, "d5") == ordinary | carry | send


def test_a_ferry_is_never_sent_under_a_dragon() -> None:
    """Sends exclude squares holding a Golddragon or Copperdragon, whoever owns it: with a
    Black Copperdragon on a6 and a White Golddragon on h5, the Rook on c5 may send its Ferry
    to the 12 other squares of ranks 5-6."""
    g = rules.new_game(
        VARIANT,
        placement={
            "c5": "white rook", "a6": "black copperdragon", "h5": "white golddragon",
            "b1": "white king", "h10": "black king",
        },
    )
    got = {str(m) for m in g.legal_moves() if m.kind == "ferry-send"}
    assert got == sends("c5", ["a5", "b5", "d5", "e5", "g5", "b6", "c6", "d6", "e6", "f6", "g6", "h6"])


def test_a_passenger_may_carry_its_ferry_onto_an_enemy_dragon() -> None:
    """ "A piece can move on a Ferry to capture the enemy kind of dragon, as the dragon will
    not be there at the end of the move." Knight riding c5 takes the Copperdragon on d6."""
    g = rules.new_game(
        VARIANT,
        placement={"c5": "white knight", "d6": "black copperdragon", "a1": "white king", "h10": "black king"},
    )
    move = next(m for m in g.legal_moves() if str(m) == "c5d6/ferry")
    assert move.captures == ("d6",)
    assert "c5/d6" not in moves_from(g, "c5")


def test_a_piece_on_a_ferry_checks_by_its_carry_step() -> None:
    """ "A King might be Checkmated because of a move that it cannot make": the White Knight
    riding c5 could step with the Ferry onto d6, so the Black King there is in check across
    the water. It cannot take the Knight (c5 is across), c6 is covered by the same carry, and
    c5 d5 e5 are across the water: c7 d7 e7 e6 remain."""
    g = rules.new_game(
        VARIANT, placement={"c5": "white knight", "a1": "white king", "d6": "black king"}, to_move="black"
    )
    assert g.in_check()
    assert moves_from(g, "d6") == {"d6c7", "d6d7", "d6e7", "d6e6"}


def test_knight_riding_a_ferry_can_mate_a_lone_king() -> None:
    """Why the variant has no insufficient-material draw: Black King a6, White King b8 covering
    a7 b7, White Knight riding the Ferry b5 attacking a6 and b6 by carry steps. a5 and b5 are
    across the water, so it is checkmate. On plain b5 the same Knight does nothing."""
    mate = rules.new_game(VARIANT, fen="8/8/1K6/8/k7/1N6/8/8/8/8 b - - 0 1 ferries=(b5,g5)")
    assert mate.result is not None
    assert (mate.result.winner, mate.result.reason) == ("white", "checkmate")
    plain = rules.new_game(VARIANT, fen="8/8/1K6/8/k7/1N6/8/8/8/8 b - - 0 1 ferries=(c5,g5)")
    assert plain.result is None
    assert moves_from(plain, "a6") == {"a6b6"}


def test_a_capture_onto_an_occupied_ferry_boards_it() -> None:
    """ "The first includes usual restrictions on any other piece already occupying the
    Ferry": Bishop e3 takes the Black Knight riding c5 and now rides the Ferry itself."""
    g = rules.new_game(
        VARIANT, placement={"e3": "white bishop", "c5": "black knight", "a1": "white king", "h10": "black king"}
    )
    g.play("e3c5")
    assert g.board()["c5"] == "white bishop"
    assert ferries(g) == "ferries=(c5,f5)"
    passengers = {f["square"]: f["passenger"] for f in g.explain()["ferry"]["ferries"]}
    assert passengers == {"c5": "white bishop", "f5": None}
