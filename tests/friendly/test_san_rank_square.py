"""SAN that never reads as two squares (docs/notation.md, "Disambiguation"): the Friend's letter
F is also a file of the 12x12 board, so a Friend told apart by its rank alone (``F1j4``,
``F12i12``) would read as the square f1 and a destination; the origin square comes whole
(``Fh1j4``). Records written the older way still read. The rivals, read off the position: the
Friends on h1 and h3 (a position of a random game's second move) both reach j4 and j2.
"""

from __future__ import annotations

import rules

#: White's Friends on h1 and h3, on one file, so only their ranks tell them apart.
FEN = (
    "tmdcffffcdmt/joelaggsbxih/{pm}p{pb}{pc}{pt}{ps}1{pt}{pc}{pb}p{pm}/8{ps}3/12/12/12/12/12/"
    "{PM}P{PB}{PC}{PT}{PS}{PS}F{PC}{PB}P{PM}/HIXBSGGALEOJ/TMDCF{PT}FFCDMT w - - 0 2"
)


def test_a_rank_that_would_read_as_a_square_comes_with_its_file() -> None:
    game = rules.new_game("friendly", fen=FEN)
    assert game.san("h1j4") == "Fh1j4"
    assert game.san("h3j4") == "Fh3j4"
    assert game.san("h1j2/swap") == "Fh1j2/swap"


def test_older_rank_only_records_still_read() -> None:
    game = rules.new_game("friendly", fen=FEN)
    for text, coordinates in (("F1j4", "h1j4"), ("F3j4", "h3j4"), ("F1j2/swap", "h1j2/swap")):
        assert game.parse_move(text) == game.parse_move(coordinates), text


def test_a_letter_that_is_no_file_keeps_the_rank_alone() -> None:
    """Chess keeps python-chess's SAN: a Rook, R being no file of the board, is told by its rank."""
    game = rules.new_game("chess", fen="4k3/8/8/R7/8/8/8/R3K3 w - - 0 1")
    assert game.san("a1a3") == "R1a3"
