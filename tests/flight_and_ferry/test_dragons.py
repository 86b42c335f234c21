"""The dragons: their moves, their two special captures, and the checks those give.

Seed 004, piece table: Golddragon "FIDE Rook plus F&F Bishop, barred from moving to a square
with a Ferry on, or two or more squares diagonally backward"; Copperdragon "Golddragon barred
from moving two or more squares orthogonally sideways".
RULINGS flight-and-ferry 4: "Dragons never stop on a Ferry and never ride one. Golddragon
(rank or file) and Copperdragon (file) may pass through exactly one enemy standing on a Ferry,
capturing it, to an empty square beyond with nothing else on the path. A dragon's
non-capturing diagonal-forward move removes the first piece beyond its destination on that
line if it stands on a Ferry, ally or enemy; a move that would so remove the mover's own King
is illegal."

Move texts: a pass-through ``c1c7xc5`` and a fire-breath ``b1d3xf5`` name the removed square
after ``x``.
"""

from __future__ import annotations

from positions import moves_from

import rules

VARIANT = "flight-and-ferry"
GOLD_C1_PLAIN = {
    "c1b1", "c1d1", "c1e1", "c1f1", "c1g1", "c1h1",  # rank 1 (a1 holds the White King)
    "c1c2", "c1c3", "c1c4",  # up the file to the Ferry c5
    "c1b2", "c1a3", "c1d2", "c1e3", "c1f4", "c1g5",  # forward diagonals; h6 is across the water
}


def gold_c1(extra: dict[str, str]) -> rules.Game:
    placement = {"c1": "white golddragon", "a1": "white king", "h10": "black king", **extra}
    return rules.new_game(VARIANT, placement=placement)


def test_golddragon_passes_through_an_enemy_on_a_ferry() -> None:
    """Golddragon c1, Black Knight riding c5: it may not stop on c5 (a Ferry), but may fly
    through it, capturing the Knight, to any of c6..c10 (over the water: a dragon's file move
    flies)."""
    g = gold_c1({"c5": "black knight"})
    passes = {f"c1c{r}xc5" for r in range(6, 11)}
    assert moves_from(g, "c1") == GOLD_C1_PLAIN | passes
    move = next(m for m in g.legal_moves() if str(m) == "c1c8xc5")
    assert (move.destination, move.captures) == ("c8", ("c5",))
    g.play(move)
    assert "c5" not in g.board() and g.board()["c8"] == "white golddragon"


def test_golddragon_never_passes_a_friendly_piece() -> None:
    """ "They cannot pass through ... a square containing an ally": with a White Knight on
    the Ferry c5 the file ends at c4."""
    g = gold_c1({"c5": "white knight"})
    assert moves_from(g, "c1") == GOLD_C1_PLAIN


def test_golddragon_pass_through_stops_before_a_second_piece() -> None:
    """ "... as long as there is no third piece anywhere along the move, including at the
    end": a Black pawn on c8 leaves only c6 and c7 as landing squares."""
    g = gold_c1({"c5": "black knight", "c8": "black pawn"})
    assert moves_from(g, "c1") == GOLD_C1_PLAIN | {"c1c6xc5", "c1c7xc5"}


def test_golddragon_never_passes_a_piece_on_plain_ground() -> None:
    """ "... or through a square containing a piece but no Ferry": a Black Knight on c4 (no
    Ferry) is simply captured; nothing beyond it is reachable."""
    g = gold_c1({"c4": "black knight"})
    assert moves_from(g, "c1") == GOLD_C1_PLAIN  # c1c4 is now the capture
    assert next(m for m in g.legal_moves() if str(m) == "c1c4").captures == ("c4",)


def test_golddragon_never_lands_on_a_ferry_when_passing_through() -> None:
    """Ferries on c5 and c6, Black Knight riding c5: the Golddragon passes through c5 and flies
    over the empty Ferry c6, but may land only on c7..c10."""
    g = rules.new_game(VARIANT, fen="7k/8/8/8/8/2n5/8/8/8/K1G5 w - - 0 1 ferries=(c5,c6)")
    passes = {f"c1c{r}xc5" for r in range(7, 11)}
    assert moves_from(g, "c1") == GOLD_C1_PLAIN | passes
    assert "never stops on a Ferry" in g.why_illegal("c1c6")


def test_golddragon_passes_through_along_a_rank() -> None:
    """ "A Golddragon moving along a rank ... can pass through": from a5 past the Black Knight
    riding c5 to d5, e5, g5, h5, flying over the empty Ferry f5 without stopping on it. Its
    other moves: the a-file both ways, b5, b4 (one step diagonally back); b6 is across."""
    g = rules.new_game(
        VARIANT, placement={"a5": "white golddragon", "c5": "black knight", "h1": "white king", "h10": "black king"}
    )
    expected = {
        "a5a1", "a5a2", "a5a3", "a5a4", "a5a6", "a5a7", "a5a8", "a5a9", "a5a10",
        "a5b5", "a5b4",
        "a5d5xc5", "a5e5xc5", "a5g5xc5", "a5h5xc5",
    }
    assert moves_from(g, "a5") == expected


def test_copperdragon_is_limited_to_one_sideways_step_and_passes_through_files_only() -> None:
    """Copperdragon: one square sideways at most, so no pass-through along a rank. White
    Copperdragon a5 beside the Black Knight riding c5: a-file, b5, b4 and nothing past c5."""
    g = rules.new_game(
        VARIANT, placement={"a5": "white copperdragon", "c5": "black knight", "h1": "white king", "h10": "black king"}
    )
    expected = {
        "a5a1", "a5a2", "a5a3", "a5a4", "a5a6", "a5a7", "a5a8", "a5a9", "a5a10",
        "a5b5", "a5b4",
    }
    assert moves_from(g, "a5") == expected


def test_black_copperdragon_passes_through_along_its_file() -> None:
    """Black Copperdragon c10 (forward is down for Black), Ferries on c6 and f6, White Knight
    riding c6: down the file to c7, then through c6 to c5..c1; sideways only b10 and d10;
    forward diagonals b9 a8 and d9 e8 f7 g6 (h5 is across the water)."""
    g = rules.new_game(
        VARIANT,
        options={"ferry_squares": "c6-f6"},
        placement={"c10": "black copperdragon", "c6": "white knight", "h10": "black king", "a2": "white king"},
        to_move="black",
    )
    expected = {
        "c10c9", "c10c8", "c10c7",
        "c10c5xc6", "c10c4xc6", "c10c3xc6", "c10c2xc6", "c10c1xc6",
        "c10b10", "c10d10",
        "c10b9", "c10a8", "c10d9", "c10e8", "c10f7", "c10g6",
    }
    assert moves_from(g, "c10") == expected


def test_fire_breath_burns_an_ally_on_a_ferry() -> None:
    """ "Either piece moving diagonally forward captures any ally or enemy on a Ferry beyond its
    destination": Golddragon b1, White Knight riding f5. Each quiet move along b1-f5 (c2 d3 e4)
    burns the Knight; a2 burns nothing (nothing beyond)."""
    g = rules.new_game(
        VARIANT, placement={"b1": "white golddragon", "f5": "white knight", "a1": "white king", "h10": "black king"}
    )
    file_moves = {f"b1b{r}" for r in range(2, 11)}
    rank_moves = {"b1c1", "b1d1", "b1e1", "b1f1", "b1g1", "b1h1"}
    breath = {"b1c2xf5", "b1d3xf5", "b1e4xf5"}
    assert moves_from(g, "b1") == file_moves | rank_moves | breath | {"b1a2"}
    g.play("b1d3xf5")
    assert "f5" not in g.board()
    assert g.board()["d3"] == "white golddragon"
    assert "captured=" not in g.fen()  # a burnt ally is lost, not captured by the enemy


def test_burnt_ally_joins_the_pool_with_the_option() -> None:
    """Option burnt_allies_pooled: the burnt Knight becomes available for White's promotion."""
    g = rules.new_game(
        VARIANT,
        options={"burnt_allies_pooled": True},
        placement={"b1": "white golddragon", "f5": "white knight", "a1": "white king", "h10": "black king"},
    )
    g.play("b1d3xf5")
    assert "captured=N/" in g.fen()


def test_fire_breath_never_burns_its_own_king() -> None:
    """ "a move that would so remove the mover's own King is illegal": with the White King
    riding f5, the Golddragon b1 has no move along b1-f5 at all."""
    g = rules.new_game(
        VARIANT, placement={"b1": "white golddragon", "f5": "white king", "h1": "white rook", "h10": "black king"}
    )
    file_moves = {f"b1b{r}" for r in range(2, 11)}
    rank_moves = {"b1a1", "b1c1", "b1d1", "b1e1", "b1f1", "b1g1"}
    assert moves_from(g, "b1") == file_moves | rank_moves | {"b1a2"}
    assert "burn your own King" in g.why_illegal("b1d3")


def test_fire_breath_stops_at_the_nearer_of_two_ferries() -> None:
    """ "If there are two occupied Ferries in that direction only the piece on the nearer is
    captured." Ferries e5 and f6, Black pawns riding both, Golddragon a1: b2 c3 d4 burn e5 only;
    a1 may not take e5 by landing on a Ferry."""
    g = rules.new_game(VARIANT, fen="7k/8/8/8/5p2/4p3/8/8/8/G6K w - - 0 1 ferries=(e5,f6)")
    file_moves = {f"a1a{r}" for r in range(2, 11)}
    rank_moves = {"a1b1", "a1c1", "a1d1", "a1e1", "a1f1", "a1g1"}
    assert moves_from(g, "a1") == file_moves | rank_moves | {"a1b2xe5", "a1c3xe5", "a1d4xe5"}


def test_fire_breath_needs_the_first_piece_beyond_to_ride_a_ferry() -> None:
    """Only the first piece beyond counts: a Black pawn on plain d4 shields the passenger on e5,
    so b2 and c3 are quiet moves and d4 is an ordinary capture."""
    g = rules.new_game(VARIANT, fen="7k/8/8/8/8/4p3/3p4/8/8/G6K w - - 0 1 ferries=(e5,f6)")
    diagonal = {str(m) for m in g.legal_moves() if m.origin == "a1" and m.destination in ("b2", "c3", "d4")}
    assert diagonal == {"a1b2", "a1c3", "a1d4"}


def test_fire_breath_reaches_over_the_water() -> None:
    """Our reading: the breath is not a move, so the water does not stop it. Golddragon a2,
    Black pawn riding the Ferry e6: the quiet moves b3 c4 d5 burn it across the water."""
    g = rules.new_game(VARIANT, fen="7k/8/8/8/4p3/8/8/8/G7/7K w - - 0 1 ferries=(c5,e6)")
    diagonal = {str(m) for m in g.legal_moves() if m.origin == "a2" and m.destination in ("b3", "c4", "d5")}
    assert diagonal == {"a2b3xe6", "a2c4xe6", "a2d5xe6"}


def test_fire_breath_stops_at_the_water_with_the_option_off() -> None:
    """Option breath_crosses_water off: the same three moves burn nothing."""
    g = rules.new_game(
        VARIANT, options={"breath_crosses_water": False}, fen="7k/8/8/8/4p3/8/8/8/G7/7K w - - 0 1 ferries=(c5,e6)"
    )
    diagonal = {str(m) for m in g.legal_moves() if m.origin == "a2" and m.destination in ("b3", "c4", "d5")}
    assert diagonal == {"a2b3", "a2c4", "a2d5"}


def test_dragon_checks_a_king_riding_a_ferry_by_passing_through() -> None:
    """Black King riding c5, White Golddragon c1 with c2-c4 and c6 empty: the dragon could pass
    through c5, so it is check. Escapes: b4 d4 b5 d5 on foot, carries to b5 d5 b6 d6. Not c4
    (on the file), not the carry to c6 (passed through again), no send (the King would stand on
    plain c5 on the dragon's file)."""
    g = rules.new_game(
        VARIANT, placement={"c1": "white golddragon", "a1": "white king", "c5": "black king"}, to_move="black"
    )
    assert g.in_check()
    assert moves_from(g, "c5") == {
        "c5b4", "c5d4", "c5b5", "c5d5", "c5b5/ferry", "c5d5/ferry", "c5b6/ferry", "c5d6/ferry",
    }


def test_no_check_when_the_square_beyond_is_taken() -> None:
    """The pass-through needs an empty landing square: with a Black pawn on c6 there is none."""
    g = rules.new_game(
        VARIANT,
        placement={"c1": "white golddragon", "a1": "white king", "c5": "black king", "c6": "black pawn"},
        to_move="black",
    )
    assert not g.in_check()


def test_dragon_checks_a_king_riding_a_ferry_by_fire_breath() -> None:
    """Black King riding e5 (Ferries e5, f6), White Golddragon a1: the quiet move a1b2 would burn
    the King, so it is check. Escapes: e4 f4 d5 f5 on foot (d4 is on the dragon's diagonal), and
    carries to d5 d6 e6 f5 (f6 is the other Ferry). A send leaves the King on plain e5, where the
    dragon takes it along the diagonal."""
    g = rules.new_game(VARIANT, fen="8/8/8/8/8/4k3/8/8/8/G6K b - - 0 1 ferries=(e5,f6)")
    assert g.in_check()
    assert moves_from(g, "e5") == {
        "e5e4", "e5f4", "e5d5", "e5f5", "e5d5/ferry", "e5d6/ferry", "e5e6/ferry", "e5f5/ferry",
    }
