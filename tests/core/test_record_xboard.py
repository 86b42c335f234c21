"""Records as XBoard writes them: ten-rank games with ranks counted from 0 (its Xiangqi and Grand
PGN, as saved by XBoard 4.9.1 in a match against Fairy-Stockfish): they read, move for move the
same game as the record written with ranks from 1; a soldier's move without a letter (``c4``)
reads as XBoard writes it; a Shogi promotion written with XBoard's "+" where only it is legal."""

from __future__ import annotations

import re

import pytest

import rules
from rules.errors import GameRecordError

XIANGQI_FROM_ZERO = """[Event "Computer Chess Game"]
[White "Fairychess"]
[Black "fairy-stockfish"]
[Result "1/2-1/2"]
[Variant "xiangqi"]

1. Hc2 {+0.00/2} Hg7 2. Cg2 Ch2 3. Ece2 Cc7 4. Ri2 Rh9 5. c4 Ade8 6. Ade1 g5 7. Rd0 Ece7
8. Rd6 Ha7 9. Cb7 Rb9 10. Cb4 Rb5 11. Ca4 Ec9 12. Hd4 Ch6 13. Rd8
{Xboard adjudication: long game} 1/2-1/2
"""

GRAND_FROM_ZERO = """[Event "Computer Chess Game"]
[Result "1/2-1/2"]
[Variant "grand"]

1. Af3 g6 2. Nc3 d6 3. Nh3 Ah6 4. Ad5 c6 5. Af4 c5 6. Ce3 Af5 7. Cd5 Be6 8. Cxf5 Bxf5
9. Rae0 e5 10. Ag5 f6 11. Ae3 Nh6 12. Ad5 Nc6 13. Rjf0
{Xboard adjudication: long game} 1/2-1/2
"""


def _from_one(text: str) -> str:
    """The same record with ranks counted from 1 (every rank after a letter, one more)."""
    head, _, moves = text.partition("\n\n")
    moves = re.sub(r"\{[^}]*\}", "", moves)
    return head + "\n\n" + re.sub(r"(?<=[A-Za-z])[0-9]+", lambda m: str(int(m.group(0)) + 1), moves)


@pytest.mark.parametrize(("text", "plies"), [(XIANGQI_FROM_ZERO, 25), (GRAND_FROM_ZERO, 25)])
def test_xboard_records_of_ten_ranks_read_as_the_same_game(text: str, plies: int) -> None:
    from_zero = rules.read_pgn(text)[0].game()
    from_one = rules.read_pgn(_from_one(text))[0].game()
    assert from_zero.ply == plies == from_one.ply
    assert from_zero.fen() == from_one.fen()
    assert [str(m) for m in from_zero.history] == [str(m) for m in from_one.history]


def test_a_record_without_rank_zero_is_read_from_zero_only_when_from_one_fails() -> None:
    # "1. c4": counted from 1 no soldier can go to c4 (one stands there); counted from 0 it is our c5.
    game = rules.read_pgn('[Variant "xiangqi"]\n\n1. c4 *\n')[0].game()
    assert [str(m) for m in game.history] == ["c4c5"]
    # A record that reads from 1 is read from 1: Fairy-Stockfish's SAN (Pc5 is our c4-c5).
    game = rules.read_pgn('[Variant "xiangqi"]\n\n1. Pc5 Pc6 *\n')[0].game()
    assert [str(m) for m in game.history] == ["c4c5", "c7c6"]


def test_a_fault_is_named_as_read_from_one_and_other_boards_never_shift() -> None:
    with pytest.raises(GameRecordError, match="'Hc9'"):
        rules.read_pgn('[Variant "xiangqi"]\n\n1. Hc9 *\n')[0].game()
    with pytest.raises(GameRecordError, match="'e0'"):
        rules.read_pgn("1. e0 *\n")[0].game()  # chess: eight ranks, no rank 0


# XBoard 4.9.1 hosting Fairy-Stockfish in Shogi: its "+" after a move is a promotion.
SHOGI_XBOARD = """[Variant "shogi"]

1. Kf2 g6 2. Gde2 Sg8 3. Sd2 e6 4. a4 Bf6 5. h4 a6 6. La3 a5 7. axa5 i6 8. a6 Lxa6
9. Lxa6 P@a7 10. L@f4 Be7 11. c4 f6 12. Lxf6 Gg9 13. Lf9+ 1/2-1/2
"""


def test_xboards_shogi_plus_promotes_where_the_move_must_promote() -> None:
    # The Lance on f6 reaches the last rank: only the promotion is legal, so "Lf9+" is it.
    game = rules.read_pgn(SHOGI_XBOARD)[0].game()
    assert game.ply == 25 and str(game.history[-1]) == "f6f9=promoted-lance"
