"""SAN of a move whose flip turns its own mover over (docs/notation.md, "Turning over"):
the letter is the mover's form when it moves, then ``=`` and the form it lands as, as Kyoto
Shogi's turning over is written (``Bg1=R+``). Records written before the mark (``Bg1+``) still
read. Expected forms follow the flip rule (RULINGS pocket43 rule 3) worked by hand.
"""

from __future__ import annotations

import rules

#: The Bishop on e3 reaches g1 by f2; the flip turns it into a Rook on the open g file, which
#: checks the King on g6; the black Bishop on c6 turns into a Rook with it.
POSITION = {
    "a1": "white king", "e3": "white bishop", "pocket": "white knight",
    "g6": "black king", "c6": "black bishop",
}


def test_the_mover_turned_over_is_written_with_its_new_form() -> None:
    """Rule 3: the Bishop lands as a Rook, and that Rook gives check on the g file."""
    game = rules.new_game("pocket43", placement=POSITION)
    assert game.san("e3g1") == "Bg1=R+"
    assert game.san("a1b2") == "Kb2"  # a King never flips
    assert game.san("pocketb1") == "N@b1"  # leaving the Pocket flips nothing (rule 3)
    empty_pocket = rules.new_game("pocket43", placement={k: v for k, v in POSITION.items() if k != "pocket"})
    assert empty_pocket.san("e3pocket") == "B-pocket"  # nor does entering it


def test_new_and_old_forms_read_back() -> None:
    """The SAN written reads back, and so does the form written before the flip mark."""
    game = rules.new_game("pocket43", placement=POSITION)
    move = game.parse_move("e3g1")
    for text in ("Bg1=R+", "Bg1=R", "Bg1+", "Bg1", "Be3g1"):
        assert game.parse_move(text) == move, text
    game.play("Bg1=R+")
    assert game.fen().split()[0].startswith("2r3k/")  # the black Bishop turned Rook as well


def test_every_flipping_move_of_a_game_reads_back_in_both_forms() -> None:
    """Over a game's opening moves: each move's SAN, and that SAN without the flip mark, read
    back as the move itself."""
    game = rules.new_game("pocket43")
    for _ in range(12):
        moves = game.legal_moves()
        flipping = [m for m in moves if "=" in game.san(m) and m.promotion is None]
        for move in flipping:
            san = game.san(move)
            assert game.parse_move(san) == move
            assert game.parse_move(san.split("=")[0]) == move
        game.play(flipping[0] if flipping else moves[0])


def test_synchronous_flips_mark_pocket_moves() -> None:
    """Under the synchronous option flips reach the Pocket and moves to and from it (rule 6):
    the Knight leaving the Pocket lands as an Alibaba."""
    game = rules.new_game("pocket43", placement=POSITION, options={"synchronous": True})
    assert game.san("pocketb1") == "N@b1=A"
    assert game.parse_move("N@b1") == game.parse_move("pocketb1")
