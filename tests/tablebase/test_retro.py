"""The retrograde build: un-moves on hand-worked positions and against forward moves, when the
rules allow un-moves and when they do not, and tables equal to the forward build's bytes."""

from __future__ import annotations

import random

import pytest

import rules
from rules.fen import write_fen
from rules.tablebase import TablebaseError, build_table
from rules.tablebase.expand import PLAIN_LAYER, workshop
from rules.tablebase.store import table_path
from rules.tablebase.unmoves import unmoves, why_not_reversible


def _placement(pos):
    return write_fen(pos).split()[0]


def _file_bytes(folder, variant, material, method, jobs=1):
    table = build_table(variant, material, folder=folder, jobs=jobs, method=method)
    return table_path(table.job, folder).read_bytes()


def _before_positions(variant, material, fen):
    """(piece letter, square it stood on) of each un-move of ``fen`` to a position where the side
    to move could not take the other's King, and the FEN of each such position."""
    shop = workshop(variant, ())
    space = shop.space(material)
    pos = rules.new_game(variant, fen=fen).pos
    used = [sq for sq, _ in pos.pieces()]
    found = {}
    for back, index in unmoves(shop, space, pos, used):
        before = shop.position(PLAIN_LAYER)
        space.place(before, index)
        if not shop.rules.in_check(before, 1 - before.turn):
            letter = shop.rules.types[pos.board[back.o].kind].letter.upper()
            found[(letter, shop.rules.geo.names[back.d])] = write_fen(before)
    return found


def test_unmoves_of_a_hand_worked_position():
    """Chess, Black to move with White's King on a1 and Rook on h1: White's last move was the
    King from a2 or b1 (b2 stands beside Black's King on c3), or the Rook along the first rank
    or the h-file, but not from c1 or h3 (Black's King would have stood in check)."""
    found = _before_positions("chess", "KRvK", "8/8/8/8/8/2k5/8/K6R b - - 0 1")
    expected = {("K", "a2"), ("K", "b1")}
    expected |= {("R", sq) for sq in ("g1", "f1", "e1", "d1", "b1", "h2", "h4", "h5", "h6", "h7", "h8")}
    assert set(found) == expected
    assert found[("R", "b1")] == "8/8/8/8/8/2k5/8/KR6 w - - 0 1"


def test_unmoves_stop_at_pieces_in_the_way():
    """Chess, White to move: Black's Queen on d5 came back along its lines, but not from beyond
    White's King, and not from where it would have given check to it (White moved into the
    position): not the d-file, b5, c4, e4, f5 (the King's diagonals) nor b3 and f3 (its rank).
    Black's King did not move last: White would have been in check from the Queen already."""
    found = _before_positions("chess", "KvKQ", "7k/8/8/3q4/8/3K4/8/8 w - - 0 1")
    assert {sq for letter, sq in found if letter == "Q"} == {
        "a5", "c5", "e5", "g5", "h5", "c6", "b7", "a8", "e6", "f7", "g8", "a2", "g2", "h1"}
    assert {sq for letter, sq in found if letter == "K"} == set()


@pytest.mark.parametrize("variant, material", [
    ("chess", "KQvK"),
    pytest.param("chess", "KBNvK", marks=pytest.mark.slow),
    pytest.param("blender", "KRvK", marks=pytest.mark.slow),
])
def test_unmoves_and_forward_moves_agree_on_sample_positions(variant, material):
    """Each un-move of a sample leads to a position with a legal move back to the sample, and
    each legal move of a sample that captures and promotes nothing is found by an un-move."""
    shop = workshop(variant, ())
    game_rules = shop.rules
    space = shop.space(material)
    rnd = random.Random(3)
    checked = 0
    while checked < 12:
        index = rnd.randrange(space.size)
        cells, _ = space.decode(index)
        if len({sq for sq, _ in cells}) < len(cells):
            continue
        pos = shop.position(PLAIN_LAYER)
        used = space.place(pos, index)
        if game_rules.in_check(pos, 1 - pos.turn):
            continue
        checked += 1
        here = _placement(pos)
        for _, before in unmoves(shop, space, pos, used):
            prior = shop.position(PLAIN_LAYER)
            space.place(prior, before)
            if game_rules.in_check(prior, 1 - prior.turn):
                continue
            reached = []
            for move in game_rules.legal_moves(prior):
                prior.push(move)
                reached.append(_placement(prior))
                prior.pop()
            assert here in reached, (write_fen(prior), write_fen(pos))
        start = write_fen(pos)
        for move in game_rules.legal_moves(pos):
            if move.caps or move.promotion:
                continue
            pos.push(move)
            after = [sq for sq, _ in pos.pieces()]
            backs = []
            for _, before in unmoves(shop, space, pos, after):
                prior = shop.position(PLAIN_LAYER)
                space.place(prior, before)
                backs.append(write_fen(prior))
            pos.pop()
            assert start in backs, (start, str(move))


@pytest.mark.parametrize("variant, material, reversible", [
    ("chess", "KQvK", True),
    pytest.param("chess", "KBNvK", True, marks=pytest.mark.slow),
    pytest.param("blender", "KRvK", True, marks=pytest.mark.slow),
    ("chess", "KPvK", False),  # a pawn moves forward only
    ("pocket43", "KBvK", False),  # a Bishop flips into a Rook as it moves
    ("flight-and-ferry", "KvK", False),  # a move may carry a Ferry: the position's state changes
    ("xiangqi", "KNvK", False),  # the Horse is blocked beside its start, not beside its end
    # the Cannon moves as a Rook where it does not capture
    pytest.param("xiangqi", "KCvK", True, marks=pytest.mark.slow),
])
def test_un_moves_are_used_where_the_rules_allow_them(variant, material, reversible):
    shop = workshop(variant, ())
    space = shop.space(material)
    reason = why_not_reversible(space, PLAIN_LAYER if variant != "flight-and-ferry" else _first_layer(shop))
    assert (reason is None) == reversible, reason


def _first_layer(shop):
    from rules.tablebase.expand import layer_key
    from rules.tablebase.pieces import empty_position

    return layer_key(shop.rules, empty_position(shop.rules))


def test_retro_is_refused_in_words_where_un_moves_cannot_be_worked_out(tmp_path):
    with pytest.raises(TablebaseError, match="KBvK: un-moves cannot be worked out from the rules here"):
        build_table("pocket43", "KBvK", folder=tmp_path, jobs=1, method="retro")
    assert not list(tmp_path.glob("*.fctb"))
    with pytest.raises(TablebaseError, match="no build method 'backward'"):
        build_table("chess", "KvK", folder=tmp_path, jobs=1, method="backward")


@pytest.mark.parametrize("material", [
    "KvK", "KQvK", "KRvK",
    # both sides move pieces other than the King; captures either way
    pytest.param("KQvKR", marks=pytest.mark.slow),
    # two interchangeable Rooks: a Rook's un-move may change their sorted order
    pytest.param("KRRvK", marks=pytest.mark.slow),
])
def test_tiny_tables_are_the_same_bytes_both_ways(tiny_variant, tmp_path, material):
    forward = _file_bytes(tmp_path / "forward", tiny_variant, material, "forward")
    retro = _file_bytes(tmp_path / "retro", tiny_variant, material, "retro")
    assert forward == retro


def test_two_processes_find_the_same_un_moves(tiny_variant, tmp_path, monkeypatch):
    """Waves large enough are spread over the processes: the same bytes as one process."""
    from rules.tablebase import retro as retro_module

    monkeypatch.setattr(retro_module, "_LOCAL_WAVE", 10)
    one = _file_bytes(tmp_path / "one", tiny_variant, "KQvK", "retro")
    two = _file_bytes(tmp_path / "two", tiny_variant, "KQvK", "retro", jobs=2)
    assert one == two


@pytest.mark.slow
def test_a_blender_table_is_the_same_bytes_both_ways(tmp_path):
    forward = _file_bytes(tmp_path / "forward", "blender", "KRvK", "forward", jobs=2)
    retro = _file_bytes(tmp_path / "retro", "blender", "KRvK", "retro", jobs=2)
    assert forward == retro


@pytest.mark.slow
def test_a_dask_local_cluster_finds_the_same_un_moves(tiny_variant, tmp_path, monkeypatch):
    """Counting and the waves of un-moves on Dask workers: the same bytes as one process."""
    distributed = pytest.importorskip("distributed", reason="the 'cluster' extra (dask[distributed]) is not installed")
    from rules.tablebase import retro as retro_module

    monkeypatch.setattr(retro_module, "_LOCAL_WAVE", 10)
    one = _file_bytes(tmp_path / "one", tiny_variant, "KRvK", "retro")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        table = build_table(tiny_variant, "KRvK", folder=tmp_path / "dask", scheduler=cluster.scheduler_address,
                            method="retro")
        dask = table_path(table.job, tmp_path / "dask").read_bytes()
    assert one == dask
