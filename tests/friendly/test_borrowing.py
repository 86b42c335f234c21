"""Friends borrowing moves and powers (docs/variants/friendly.md, "Friends"; RULINGS friendly 5-6).

Rule 5: "A Friend F borrows from every friendly piece P that could capture F if F were an enemy
piece and nothing else changed. It gains all of P's moves (keeping move-only and capture-only)
and powers. When P is a Friend, P's own borrowings count only where they do not depend on F."
Rule 6: "Passive powers, computed in one pass: (a) real Jellyfish freezes and real Bodyguards'
Hia zones; (b) who guards and who borrows, under (a); (c) powers borrowed by Friends (freeze,
Hia, poison) then also apply to move generation and attacks, without changing (b)."

Two filler Friends per side (White l1 l2, Black a11 a12) keep every Friend non-royal.
"""

from __future__ import annotations

from positions import friendly, moves_from, to

import rules

FRIEND_TOKENS = {"l1": "F", "l2": "F", "a11": "f", "a12": "f"}


def from_tokens(tokens: dict[str, str], side: str = "w") -> rules.Game:
    """A game from position text built square by square (tokens as in position text, e.g. F[u])."""
    tokens = {**FRIEND_TOKENS, **tokens}
    rows = []
    for rank in range(12, 0, -1):
        row, empty = "", 0
        for file in "abcdefghijkl":
            token = tokens.get(f"{file}{rank}")
            if token is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + token
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return rules.new_game("friendly", fen="/".join(rows) + f" {side} - - 0 1")


def lenders(g: rules.Game, friend: str) -> dict[str, str | None]:
    """Lender square -> the Friend it comes through (None when direct), from the explanation."""
    for f in g.explain()["borrowing"]["friends"]:
        if f["square"] == friend:
            return {lender["square"]: lender["via"] for lender in f["lenders"]}
    raise AssertionError(f"no Friend on {friend}")


def test_friend_guarded_by_two_pieces_gets_both_with_modes_kept() -> None:
    """The pawn on d4 guards e5 (diagonal capture) and the Poison on e4 guards it (orthogonal
    capture). The Friend captures orthogonally (e6, f5: capture-only, so never to the empty d5),
    diagonally forward like the pawn (d6, but not to the empty f6), and makes the Poison's lame
    Knight moves that find their orthogonal square empty (c6, c4 over d5); it cannot step to e6
    like the pawn, the pawn's step being move-only."""
    g = friendly({"e5": "white friend", "d4": "white pawn", "e4": "white poison",
                  "e6": "black impala", "d6": "black impala", "f5": "black impala"})
    assert lenders(g, "e5") == {"d4": None, "e4": None}
    assert moves_from(g, "e5") == to("e5", "e6 d6 f5 c6 c4")


def test_three_friend_cascade_is_not_reciprocal() -> None:
    """The text's example. The Caliph on a1 guards Friend 1 (c3); Friend 1, with the Caliph's
    diagonal, guards Friend 2 (f6), which the Archer on h8 also guards; Friend 2, with both,
    guards Friend 3 (h4) by the diagonal f6-g5-h4. Friend 2 cannot reach c3 with the Archer's
    moves alone, so Friend 1 gets no Archer: no rifle shot at d5, where Friend 2 can shoot g8."""
    g = friendly({"a1": "white caliph", "c3": "white friend", "f6": "white friend", "h8": "white archer",
                  "h4": "white friend", "d5": "black impala", "g8": "black impala"})
    assert lenders(g, "c3") == {"a1": None}
    assert lenders(g, "f6") == {"h8": None, "a1": "c3"}
    assert lenders(g, "h4") == {"h8": "f6", "a1": "f6"}
    chain = [x for f in g.explain()["borrowing"]["friends"] if f["square"] == "h4" for x in f["lenders"]]
    assert {x["square"]: x["chain"] for x in chain} == {"h8": ["f6"], "a1": ["f6", "c3"]}
    assert moves_from(g, "c3") == to("c3", "d4 e5 b4 a5 d2 e1 b2 d6 b6 f4 f2")
    assert "f6xg8" in moves_from(g, "f6")


def test_two_friends_guarding_only_each_other_get_nothing() -> None:
    """"two Friends that guard only each other get nothing"."""
    g = friendly({"e5": "white friend", "e6": "white friend"})
    assert lenders(g, "e5") == {} and lenders(g, "e6") == {}
    assert moves_from(g, "e5") == set() and moves_from(g, "e6") == set()


def test_frozen_piece_guards_no_friend() -> None:
    """Rule 7: a frozen piece "guards no Friend": the Lady on e1 reaches e5, but the black
    Jellyfish on f1 freezes her."""
    assert lenders(friendly({"e1": "white lady-in-waiting", "e5": "white friend"}), "e5") == {"e1": None}
    g = friendly({"e1": "white lady-in-waiting", "e5": "white friend", "f1": "black jellyfish"})
    assert lenders(g, "e5") == {} and moves_from(g, "e5") == set()


def test_lender_stopped_by_a_real_hia_zone_does_not_guard() -> None:
    """Rule 6 (b) under (a): the Lady's slide from e1 stops on e2, next to the black Bodyguard on
    f3, so she could not capture on e5."""
    g = friendly({"e1": "white lady-in-waiting", "e5": "white friend", "f3": "black bodyguard"})
    assert lenders(g, "e5") == {}


def test_borrowed_hia_does_not_change_who_borrows() -> None:
    """Rule 6 (c): Friend 1 (b5) borrows Hia from the Bodyguard on a4; its zone (c4 c5 c6 ...)
    then stops the white Lady's slide north from c1 on c4, yet in stage (b) the Lady reached
    Friend 2 on c7, so Friend 2 keeps her moves."""
    g = friendly({"a4": "white bodyguard", "b5": "white friend", "c1": "white lady-in-waiting", "c7": "white friend"})
    assert lenders(g, "b5") == {"a4": None}
    assert lenders(g, "c7") == {"c1": None}
    assert {m for m in moves_from(g, "c1") if m[2] == "c"} == to("c1", "c2 c3 c4")
    assert {"c7c12", "c7i7", "c7c6"} <= moves_from(g, "c7") and "c7c5" not in moves_from(g, "c7")


def test_initial_pawn_moves_only_if_neither_friend_nor_pawn_has_moved() -> None:
    """Rule 5: "the initial double step only if neither the lending pawn nor the Friend has
    moved". The unmoved pawn on b3 guards the Friend on c4 (marked unmoved)."""
    assert moves_from(from_tokens({"b3": "P", "c4": "F[u]"}), "c4") == to("c4", "c5 c6")
    assert moves_from(from_tokens({"b3": "P", "c4": "F"}), "c4") == {"c4c5"}
    assert moves_from(from_tokens({"b3": "P[m]", "c4": "F[u]"}), "c4") == {"c4c5"}


def test_borrowed_pawn_moves_use_the_friend_owners_forward_direction() -> None:
    """Rule 5: "Borrowed pawn moves use the Friend owner's forward direction": a black Friend
    guarded by a black pawn steps toward rank 1."""
    g = friendly({"d7": "black pawn", "e6": "black friend", "f5": "white impala"}, to_move="black")
    assert moves_from(g, "e6") == to("e6", "e5 f5")


def test_rifle_capture_guards_and_is_lent() -> None:
    """The Archer on c3 guards d5 by its rifle (a Knight's distance); the Friend slides two
    squares diagonally and shoots the Impala on e7 without moving."""
    g = friendly({"c3": "white archer", "d5": "white friend", "e7": "black impala"})
    assert moves_from(g, "d5") == to("d5", "e6 f7 c6 b7 e4 f3 c4 b3") | {"d5xe7"}


def test_locust_capture_guards_and_is_lent() -> None:
    """The Ghost on e4 guards e5 because it could jump it to the empty e6; the Friend then jumps
    the Impala on f6. With e6 occupied the Ghost guards nothing."""
    g = friendly({"e4": "white ghost", "e5": "white friend", "f6": "black impala"})
    assert lenders(g, "e5") == {"e4": None}
    assert "e5g7xf6" in moves_from(g, "e5")
    blocked = friendly({"e4": "white ghost", "e5": "white friend", "e6": "white impala"})
    assert lenders(blocked, "e5") == {}


def test_withdrawal_guards_and_is_lent_as_a_one_square_capture() -> None:
    """The Hangman on e4 guards e5 (it could step back to e3, taking e5). "a Friend with a
    Hangman's ability could only move one space when doing a withdrawing capture": away from the
    Impala on f6, to d4."""
    g = friendly({"e4": "white hangman", "e5": "white friend", "f6": "black impala"})
    assert lenders(g, "e5") == {"e4": None}
    assert moves_from(g, "e5") == to("e5", "d4 d5 d6 e6 f4 f5") | {"e5d4xf6"}
    assert lenders(friendly({"e4": "white hangman", "e5": "white friend", "e3": "white impala"}), "e5") == {}


def test_swap_is_lent_only_at_the_squirrels_distance() -> None:
    """"a Friend with a Displacer Squirrel's ability could only switch places with a friendly
    piece two spaces away": g6 (two away) yes, f6 (adjacent) no."""
    g = friendly({"c4": "white displacer-squirrel", "e5": "white friend", "g6": "white impala", "f6": "white impala"})
    found = moves_from(g, "e5")
    assert "e5g6/swap" in found and "e5f6/swap" not in found


def test_borrowed_freeze_freezes_without_changing_borrowing() -> None:
    """Rule 6 (c): the Friend on e5 borrows the Jellyfish's freeze and freezes the black Lady on
    f6; the Lady still lends to the black Friend on f9 she guards, (b) being unchanged."""
    g = friendly({"e4": "white jellyfish", "e5": "white friend", "f6": "black lady-in-waiting",
                  "f9": "black friend"}, to_move="black")
    assert moves_from(g, "f6") == set()
    assert {"square": "f6", "piece": "black lady-in-waiting", "by": ["e5"]} in g.explain()["freeze"]["frozen"]
    assert lenders(g, "f9") == {"f6": None}
    assert "f9f12" in moves_from(g, "f9")
    white = friendly({"e4": "white jellyfish", "e5": "white friend", "f6": "black lady-in-waiting"})
    assert white.legal_actions() == []  # "The Poison's and Jellyfish's powers cannot be turned off"


def test_borrowed_poison_poisons_the_captor() -> None:
    """Rule 7: poison for "Friends borrowing either": the Impala that takes the Friend guarded by
    the Poison on e4 is removed too."""
    g = friendly({"e4": "white poison", "e5": "white friend", "f7": "black impala"}, to_move="black")
    g.play("f7e5")
    assert "e5" not in g.board()
    assert sorted(p.kind for p in g.pos.pools[1]) == ["impala"]


def test_borrowed_hia_has_its_own_switch() -> None:
    """Rule 8: "A Friend's borrowed Hia has its own switch, independent of the lender's": with the
    Bodyguard switched off, the Friend's zone still stops sliders."""
    g = friendly({"e5": "white bodyguard", "d5": "white friend"})
    assert sorted(str(a) for a in g.legal_actions()) == ["d5/hia-off", "e5/hia-off"]
    g.play("e5/hia-off")
    sources = {s["square"]: (s["active"], s["borrowed"]) for s in g.explain()["hia"]["sources"]}
    assert sources == {"e5": (False, False), "d5": (True, True)}
    black = from_tokens({"e5": "G[hia-off]", "d5": "F", "a4": "t"}, side="b")
    assert {m for m in moves_from(black, "a4") if m[3] == "4"} == to("a4", "b4 c4")


def test_friend_f1_in_the_start_position() -> None:
    """Worked by hand. Direct guards of f1: the Bodyguards f2 g2 (adjacent), the Buffalo d2 (a
    Knight's leap), the Archer h2 (a rifle shot at a Knight's distance), the Gerbil j2 (a (1,4)
    leap). Through e1 (next to f1): e1's own guard the Dayrider c1 (a dabbaba leap), and what e1
    gets through g1, counted without f1: g1's guard the Squirrel e2, and through h1 the Dayrider
    j1 and the Lady i2; g1 reaches e1 by the Dayrider's leap over f1. Each lender is listed once,
    by the first route found. On the crowded back rank that leaves: Camel leaps e4 g4 and Zebra
    leaps d4 h4 (Buffalo), the Gerbil's e5 g5, and the Squirrel's swaps with every friendly piece
    two squares away (d1 h1 f3 d2 h2 e3 g3 d3 h3); the slides go one square (f1 is next to the
    Bodyguards) and meet only own pieces."""
    g = rules.new_game("friendly")
    assert lenders(g, "f1") == {"f2": None, "g2": None, "d2": None, "h2": None, "j2": None,
                                "c1": "e1", "e2": "e1", "j1": "e1", "i2": "e1"}
    swaps = {f"f1{s}/swap" for s in "d1 h1 f3 d2 h2 e3 g3 d3 h3".split()}
    assert moves_from(g, "f1") == to("f1", "e4 g4 d4 h4 e5 g5") | swaps
