"""Chess tables against what is known: the longest forced mates (KQvK 10 moves, KRvK 16, KBBvK 19), KvK
drawn everywhere, and python-chess on sampled positions (legal moves, mate, stalemate); built
from un-moves (the default for chess's pieces) and from the forward graph, the same bytes."""

from __future__ import annotations

import random

import chess
import numpy as np
import pytest

from rules.fen import write_fen
from rules.tablebase import DRAW, LOSS, WIN, Probe, build_table
from rules.tablebase.expand import workshop
from rules.tablebase.store import table_path


@pytest.fixture(scope="module")
def kqk_folder(tmp_path_factory):
    return tmp_path_factory.mktemp("tables")


@pytest.fixture(scope="module")
def kqk(kqk_folder):
    return build_table("chess", "KQvK", folder=kqk_folder, jobs=2)


def _forward_bytes(folder, material):
    table = build_table("chess", material, folder=folder, jobs=2, method="forward")
    return table_path(table.job, folder).read_bytes()


def test_king_against_king_is_drawn_everywhere(tmp_path):
    table = build_table("chess", "KvK", folder=tmp_path, jobs=1)
    summary = table.summary()
    # 64 x 63 placements less the 420 with the kings side by side, for each side to move
    assert summary["positions"] == 2 * 3612
    assert summary["white_to_move"] == {"win": 0, "draw": 3612, "loss": 0}
    assert summary["black_to_move"] == {"win": 0, "draw": 3612, "loss": 0}
    assert summary["longest_win"]["moves"] == 0


@pytest.mark.slow
def test_king_and_queen_mate_in_at_most_ten_moves(kqk):
    win = kqk.summary()["longest_win"]
    assert (win["moves"], win["plies"]) == (10, 19)
    board = chess.Board(win["fen"])
    assert board.turn == chess.WHITE and not board.is_check()


@pytest.mark.slow
def test_king_and_queen_from_un_moves_is_the_forward_build_byte_for_byte(kqk, kqk_folder, tmp_path):
    assert table_path(kqk.job, kqk_folder).read_bytes() == _forward_bytes(tmp_path, "KQvK")


@pytest.mark.slow
def test_two_bishops_mate_in_at_most_nineteen_moves(tmp_path):
    """The known maximum of King and two Bishops against King: 19 moves (37 plies), from a
    position python-chess reads as legal, with the Bishops on squares of both colours. The
    four-piece build costs a few CPU minutes (docs/tablebase.md), the one such table in CI."""
    table = build_table("chess", "KBBvK", folder=tmp_path, jobs=2)
    summary = table.summary()
    win = summary["longest_win"]
    assert (win["moves"], win["plies"]) == (19, 37)
    board = chess.Board(win["fen"])
    assert board.is_valid() and board.turn == chess.WHITE
    bishops = board.pieces(chess.BISHOP, chess.WHITE)
    assert len({(chess.square_file(sq) + chess.square_rank(sq)) % 2 for sq in bishops}) == 2
    # White to move never loses; Black to move never wins
    assert summary["white_to_move"]["loss"] == 0 and summary["black_to_move"]["win"] == 0


@pytest.mark.slow
def test_king_and_rook_mate_in_at_most_sixteen_moves(tmp_path):
    """Built from un-moves, and the same bytes from the forward graph."""
    table = build_table("chess", "KRvK", folder=tmp_path / "retro", jobs=2, method="retro")
    win = table.summary()["longest_win"]
    assert (win["moves"], win["plies"]) == (16, 31)
    assert table_path(table.job, tmp_path / "retro").read_bytes() == _forward_bytes(tmp_path / "forward", "KRvK")


@pytest.mark.slow
def test_king_and_bishop_is_drawn_both_ways(tmp_path):
    """A dead draw by the rules: every position drawn, from un-moves and from the forward graph."""
    table = build_table("chess", "KBvK", folder=tmp_path / "retro", jobs=2, method="retro")
    summary = table.summary()
    assert summary["white_to_move"]["win"] == summary["black_to_move"]["loss"] == 0
    assert table_path(table.job, tmp_path / "retro").read_bytes() == _forward_bytes(tmp_path / "forward", "KBvK")


@pytest.mark.slow
def test_sampled_positions_agree_with_python_chess(kqk):
    """Legal moves, mate and stalemate as python-chess sees them, and each value backed by a move."""
    rnd = random.Random(7)
    value, plies = kqk.layers[kqk.layer_keys[0]]
    indices = np.flatnonzero(value >= LOSS)
    game_rules = workshop("chess", ()).rules
    for index in rnd.sample(indices.tolist(), 300):
        pos = kqk.position(index)
        board = chess.Board(write_fen(pos))
        legal = game_rules.legal_moves(pos)
        assert sorted(str(m)[:4] for m in legal) == sorted(m.uci()[:4] for m in board.legal_moves)
        v, p = int(value[index]), int(plies[index])
        if board.is_checkmate():
            assert (v, p) == (LOSS, 0)
        elif board.is_stalemate() or board.is_insufficient_material():
            assert v == DRAW
        else:
            answers = []
            for m in legal:
                pos.push(m)
                # a move that takes the Queen reaches KvK, drawn
                answers.append(kqk.probe(pos) or Probe(DRAW, 0))
                pos.pop()
            if v == WIN:
                assert min(a.plies for a in answers if a.value == LOSS) == p - 1
            elif v == LOSS:
                assert all(a.value == WIN for a in answers)
                assert max(a.plies for a in answers) == p - 1
            else:
                assert all(a.value != LOSS for a in answers) and any(a.value == DRAW for a in answers)



@pytest.mark.slow
def test_what_is_no_position_is_what_python_chess_calls_invalid(kqk):
    """Kings side by side, or the side not to move in check: no position of the table."""
    rnd = random.Random(11)
    value, _ = kqk.layers[kqk.layer_keys[0]]
    space = kqk.space
    checked = 0
    while checked < 400:
        index = rnd.randrange(space.size)
        cells, _ = space.decode(index)
        if len({sq for sq, _ in cells}) < len(cells):
            continue  # two pieces on one square: no placement at all
        board = chess.Board(write_fen(kqk.position(index)))
        assert (int(value[index]) >= LOSS) == board.is_valid(), board.fen()
        checked += 1
