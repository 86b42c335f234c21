"""Betza parser and generator: each atom, modifier and error, on an empty 12x12 board.

Expected destination sets are worked out by hand from the notation's meaning.
A test variant (tests/core/data/betza_test.toml) supplies the board; each piece
is placed alone (with the blockers a test names) and its moves are listed.
"""

from __future__ import annotations

import pytest

import rules
from rules.betza import parse_betza
from rules.catalogue import build_variant
from rules.errors import BetzaError
from rules.geometry import geometry
from rules.pieces import piece
from rules.position import Position
from rules.ruleset import Rules

GEO = geometry(12, 12)


def _rules_for(betza: str) -> Rules:
    table = {
        "files": 12,
        "ranks": 12,
        "pieces": {
            "probe": {"letter": "X", "betza": betza},
            "blocker": {"letter": "O", "betza": "W"},
        },
        "setups": {"empty": {"placement": "/".join(["12"] * 12)}},
    }
    vdef = build_variant("betza-probe", table, "<test>", "")
    return Rules(vdef, vdef.resolve_options({}))


def destinations(
    betza: str, at: str, friends: tuple[str, ...] = (), enemies: tuple[str, ...] = (), color: int = 0
) -> set[str]:
    r = _rules_for(betza)
    pos = Position(r)
    pos.put(GEO.index[at], piece(color, "probe"))
    for sq in friends:
        pos.put(GEO.index[sq], piece(color, "blocker"))
    for sq in enemies:
        pos.put(GEO.index[sq], piece(1 - color, "blocker"))
    pos.turn = color
    out: list[rules.Move] = []
    r.piece_moves(pos, r.context(pos), GEO.index[at], pos.board[GEO.index[at]], out)  # type: ignore[arg-type]
    return {m.destination for m in out}


def _sq(f: int, r: int) -> str | None:
    if 0 <= f < 12 and 0 <= r < 12:
        return "abcdefghijkl"[f] + str(r + 1)
    return None


def leaps(at: str, vectors: list[tuple[int, int]]) -> set[str]:
    f, r = GEO.file_of(GEO.index[at]), GEO.rank_of(GEO.index[at])
    return {s for dx, dy in vectors if (s := _sq(f + dx, r + dy))}


def all8(a: int, b: int) -> list[tuple[int, int]]:
    return list({(sx * x, sy * y) for x, y in ((a, b), (b, a)) for sx in (1, -1) for sy in (1, -1)})


def ride(at: str, vectors: list[tuple[int, int]], limit: int = 99) -> set[str]:
    f, r = GEO.file_of(GEO.index[at]), GEO.rank_of(GEO.index[at])
    out = set()
    for dx, dy in vectors:
        for k in range(1, limit + 1):
            s = _sq(f + dx * k, r + dy * k)
            if s is None:
                break
            out.add(s)
    return out


@pytest.mark.parametrize(
    ("atom", "a", "b"),
    [
        ("W", 0, 1), ("F", 1, 1), ("D", 0, 2), ("N", 1, 2), ("A", 2, 2),
        ("H", 0, 3), ("C", 1, 3), ("Z", 2, 3), ("G", 3, 3),
    ],
)
def test_each_single_letter_atom_is_its_leap(atom: str, a: int, b: int) -> None:
    """Atoms: W(0,1) F(1,1) D(0,2) N(1,2) A(2,2) H(0,3) C(1,3) Z(2,3) G(3,3) leap in all directions."""
    assert destinations(atom, "f6") == leaps("f6", all8(a, b))


@pytest.mark.parametrize(("leap", "a", "b"), [("(1,4)", 1, 4), ("(3,4)", 3, 4), ("(2,5)", 2, 5), ("(3,5)", 3, 5)])
def test_bracketed_leaps(leap: str, a: int, b: int) -> None:
    """Any (x,y) leap can be written in brackets, e.g. the Gerbil's (1,4) and the Impala's (3,4)."""
    assert destinations(leap, "f6") == leaps("f6", all8(a, b))


def test_shorthands_k_q_r_b() -> None:
    """K = WF leaps; R = WW, B = FF, Q = RB riders."""
    assert destinations("K", "f6") == leaps("f6", all8(0, 1) + all8(1, 1))
    assert destinations("R", "f6") == ride("f6", all8(0, 1))
    assert destinations("B", "f6") == ride("f6", all8(1, 1))
    assert destinations("Q", "f6") == ride("f6", all8(0, 1) + all8(1, 1))


def test_compounds_bc_and_rz() -> None:
    """BC is the Caliph (bishop + camel); RZ is the Mtawala (rook + zebra)."""
    assert destinations("BC", "f6") == ride("f6", all8(1, 1)) | leaps("f6", all8(1, 3))
    assert destinations("RZ", "f6") == ride("f6", all8(0, 1)) | leaps("f6", all8(2, 3))


def test_range_limits_q6_and_f2() -> None:
    """A number after an atom limits the ride: Q6 (Lady in Waiting), F2 (Archer's slide)."""
    assert destinations("Q6", "a1") == ride("a1", all8(0, 1) + all8(1, 1), 6)
    assert "a7" in destinations("Q6", "a1") and "a8" not in destinations("Q6", "a1")
    assert destinations("F2", "f6") == ride("f6", all8(1, 1), 2)


def test_doubled_atoms_ride_nn_and_aadd() -> None:
    """A doubled atom rides: NN the Nightrider; AADD the Dayrider's alfil and dabbaba riders."""
    assert destinations("NN", "f6") == ride("f6", all8(1, 2))
    assert destinations("AADD", "f6") == ride("f6", all8(2, 2) + all8(0, 2))
    assert destinations("(2,5)(2,5)", "a1") == ride("a1", all8(2, 5))


def test_riders_stop_at_the_first_piece_capturing_enemies_only() -> None:
    """A rider stops on the first occupied square: captures it if enemy, stops short if friendly."""
    dest = destinations("R", "f6", friends=("f9",), enemies=("c6",))
    assert "f8" in dest and "f9" not in dest and "f10" not in dest
    assert "c6" in dest and "b6" not in dest


def test_move_only_and_capture_only() -> None:
    """m: moves only to empty squares; c: only captures."""
    assert destinations("mW", "f6", enemies=("f7",)) == leaps("f6", all8(0, 1)) - {"f7"}
    assert destinations("cW", "f6", enemies=("f7",)) == {"f7"}


def test_directions_on_orthogonal_and_diagonal_atoms() -> None:
    """f b l r v s select directions; on F a pair like fl intersects (one diagonal)."""
    assert destinations("fW", "f6") == {"f7"}
    assert destinations("bW", "f6") == {"f5"}
    assert destinations("lW", "f6") == {"e6"}
    assert destinations("rW", "f6") == {"g6"}
    assert destinations("vW", "f6") == {"f7", "f5"}
    assert destinations("sW", "f6") == {"e6", "g6"}
    assert destinations("fF", "f6") == {"e7", "g7"}
    assert destinations("flF", "f6") == {"e7"}
    assert destinations("brF", "f6") == {"g5"}


def test_directions_on_the_knight() -> None:
    """Oblique atoms: f picks the narrow forward pair, fs the wide forward pair, rf one move, fh all four forward."""
    assert destinations("fN", "f6") == {"e8", "g8"}
    assert destinations("fsN", "f6") == {"d7", "h7"}
    assert destinations("rfN", "f6") == {"g8"}
    assert destinations("fhN", "f6") == {"e8", "g8", "d7", "h7"}
    assert destinations("bN", "f6") == {"e4", "g4"}


def test_black_moves_mirror_forward() -> None:
    """Forward is up the board for White and down for Black."""
    assert destinations("fW", "f6", color=1) == {"f5"}
    assert destinations("fsN", "f6", color=1) == {"d5", "h5"}


def test_lame_leaps_need_an_empty_path() -> None:
    """n: a lame leap is blocked by a piece on its path; the lame knight goes orthogonally first."""
    assert destinations("nD", "f6") == leaps("f6", all8(0, 2))
    assert destinations("nD", "f6", friends=("f7",)) == leaps("f6", all8(0, 2)) - {"f8"}
    assert destinations("nN", "f6", enemies=("f7",)) == leaps("f6", all8(1, 2)) - {"e8", "g8"}
    # A diagonal blocker does not stop the orthogonal-first path.
    assert destinations("nN", "f6", enemies=("g7",)) == leaps("f6", all8(1, 2))


def test_hoppers_pq_and_cannon_mrcpr() -> None:
    """p: hop over exactly one piece, then move on or capture beyond (pQ); mRcpR is the Xiangqi cannon."""
    dest = destinations("pR", "f6", friends=("f8",), enemies=("f10",))
    assert dest == {"f9", "f10"}
    cannon = destinations("mRcpR", "f6", friends=("f8",), enemies=("f10", "c6"))
    assert "f7" in cannon and "f9" not in cannon and "f10" in cannon
    assert "d6" in cannon and "c6" not in cannon  # a plain capture is not a cannon capture
    # No hurdle on a line: the hopper cannot move along it at all.
    assert not (destinations("pQ", "a1") & {"a2", "b2", "b1"})


def test_initial_moves_only_for_unmoved_pieces() -> None:
    """i: only while the piece has never moved (the pawn's double step ifmnD)."""
    r = _rules_for("ifmnDfmW")
    pos = Position(r)
    pos.put(GEO.index["c3"], piece(0, "probe"))
    out: list[rules.Move] = []
    r.piece_moves(pos, r.context(pos), GEO.index["c3"], pos.board[GEO.index["c3"]], out)  # type: ignore[arg-type]
    assert {m.destination for m in out} == {"c4", "c5"}
    pos.put(GEO.index["c3"], piece(0, "probe", moved=True))
    out = []
    r.piece_moves(pos, r.context(pos), GEO.index["c3"], pos.board[GEO.index["c3"]], out)  # type: ignore[arg-type]
    assert {m.destination for m in out} == {"c4"}


@pytest.mark.parametrize(
    ("text", "position", "fragment"),
    [
        ("", 0, "empty"),
        ("X", 0, "unknown atom 'X'"),
        ("Wx", 1, "unsupported modifier 'x'"),
        ("mcW", 0, "'m' and 'c' together"),
        ("W(1,2", 1, "without a closing"),
        ("(1,a)", 0, "two whole numbers"),
        ("fm", 0, "no atom"),
        ("F00", 1, "at least 1"),
        ("hW", 0, "'h' must follow"),
        ("W%", 1, "unexpected character"),
    ],
)
def test_malformed_betza_names_string_and_position(text: str, position: int, fragment: str) -> None:
    """A malformed Betza string raises BetzaError naming the string and the fault's position."""
    with pytest.raises(BetzaError) as info:
        parse_betza(text)
    assert info.value.position == position
    assert fragment in str(info.value)
    assert repr(text) in str(info.value)
