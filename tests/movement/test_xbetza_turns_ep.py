"""XBetza beyond last session's part (issue 49): ``z`` and ``q`` inside moves of several legs,
the en passant capture ``e``, and Hia zones, ``hurdles_exclude`` and ``captures_exclude``
applying to moves written in legs exactly as to plain Betza.

Each test sets up a position and names the rule it checks; the expected moves are worked out by
hand in the comment. ``X`` is the piece under test, ``P``/``p`` pawns (one step forward, two on
the first move) and ``G``/``g`` a Hia source (the Bodyguard's power on a piece that never moves).
"""

from __future__ import annotations

import random
from pathlib import Path

import pyffish as sf
import pytest
from positions import moves_from, to
from textvariants import add_variant, game_from_text

import rules
from rules.betza import parse_betza
from rules.betzawords import betza_sentence
from rules.errors import BetzaError
from rules.movement import idle_movement


def piece_game(folder: Path, betza: str, fen: str, extra: str = "") -> rules.Game:
    text = (
        '[variant.mine]\nname = "XBetza"\nroyal = []\n'
        f'[variant.mine.pieces.piece]\nname = "Piece"\nletter = "X"\nbetza = "{betza}"\n{extra}'
        '[variant.mine.pieces.pawn]\nname = "Pawn"\nletter = "P"\nbetza = "fmWifmnD"\ntracks_moved = true\n'
        '[variant.mine.pieces.guard]\nname = "Guard"\nletter = "G"\nbetza = ""\npowers = ["hia"]\n'
        '[variant.mine.setups.standard]\nplacement = "8/8/8/8/8/8/8/8"\n'
    )
    return game_from_text(folder, text, fen)


CAMEL_FROM_D4 = "c7 e7 g5 g3 e1 c1 a3 a5"


# ------------------------------------------------------------------ z and q in later legs


def test_z_in_a_later_leg_bends_opposite_to_the_bend_before(variant_folder: Path) -> None:
    # afsafzW: a W step, a half turn either way (fs), then a half turn the other way (fz): a
    # zig-zag, W-F-W, ending a Camel's leap away. d5 c6 c7 (left, then right), d5 e6 e7, e4 f5 g5,
    # e4 f3 g3, d3 e2 e1, d3 c2 c1, c4 b3 a3, c4 b5 a5.
    game = piece_game(variant_folder, "afsafzW", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", CAMEL_FROM_D4)
    # A pawn on c6 blocks only the path d5 c6 c7.
    game = piece_game(variant_folder, "afsafzW", "8/8/2P5/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "e7 g5 g3 e1 c1 a3 a5")


def test_q_in_a_later_leg_bends_the_same_way_as_before(variant_folder: Path) -> None:
    # afsafqW: the second bend goes the way of the first (round): d5 c6 b6, d5 e6 f6, e4 f5 f6,
    # e4 f3 f2, d3 e2 f2, d3 c2 b2, c4 b3 b2, c4 b5 b6: the four Alfil squares, two paths each.
    game = piece_game(variant_folder, "afsafqW", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "b6 f6 f2 b2")
    # Pawns on c6 and e2 close d5-c6-b6 and d3-e2-f2; b6 and f2 are still reached the other way.
    game = piece_game(variant_folder, "afsafqW", "8/8/2P5/8/3X4/8/4P3/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "b6 f6 f2 b2")
    # With b5 and f3 closed as well, b6 and f2 are gone.
    game = piece_game(variant_folder, "afsafqW", "8/8/2P5/1P6/3X4/5P2/4P3/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "f6 b2")


def test_an_oblique_first_leg_leans_and_z_turns_against_it(variant_folder: Path) -> None:
    # azN: an oblique leap leans toward its short side, read as going along its long side first
    # (g1-f3 leans left). z: a right angle the other way. d4-e6 leans right, so on to the left:
    # c7; d4-c6 leans left: e7; d4-f5 leans left: g3 ... the eight Camel squares, each by one path.
    # (Muller's NazN is the Knight and this move, the first two of the Quintessence's.)
    game = piece_game(variant_folder, "azN", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", CAMEL_FROM_D4)
    # A pawn on e6 closes d4-e6-c7 only.
    game = piece_game(variant_folder, "azN", "8/8/4P3/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "e7 g5 g3 e1 c1 a3 a5")


def test_q_after_an_oblique_leap_turns_with_its_lean(variant_folder: Path) -> None:
    # aqN: the same eight squares by the other paths: c7 now comes by b5 (d4-b5 leans right, then
    # right), so the pawn on e6 closes g5 (d4-e6-g5) instead.
    game = piece_game(variant_folder, "aqN", "8/8/4P3/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "c7 e7 g3 e1 c1 a3 a5")


def test_z_with_no_bend_before_goes_either_way(variant_folder: Path) -> None:
    # WazW: the W steps, and a W step (which has no lean) then z, which with no bend before is l
    # or r: the four F squares, each by two paths. The same as WasW.
    game = piece_game(variant_folder, "WazW", "8/8/8/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "d5 e4 d3 c4 c5 e5 c3 e3")
    assert moves_from(game, "d4") == moves_from(piece_game(variant_folder, "WasW", "8/8/8/8/3X4/8/8/8 w - - 0 1"), "d4")


@pytest.mark.parametrize(("text", "fragment"), [("zafW", "the first leg has none"), ("qafsW", "the first leg")])
def test_z_or_q_on_the_first_of_several_legs_is_refused(text: str, fragment: str) -> None:
    with pytest.raises(BetzaError) as caught:
        parse_betza(text)
    assert fragment in str(caught.value)


# ------------------------------------------------------------------ en passant: e


def test_e_captures_the_piece_that_passed_with_rights(variant_folder: Path) -> None:
    # fmWfceF: a step forward, a diagonal forward capture, or one en passant. The black pawn's
    # first double step d7-d5 (ifmnD: a lame leap on the first move) passes d6 with en passant
    # rights, so X on e5 may go to d6 taking d5 (d6 empty, the pawn beside it).
    game = piece_game(variant_folder, "fmWfceF", "8/3p[u]4/8/4X3/8/8/8/8 b - - 0 1")
    game.play("d7d5")
    assert moves_from(game, "e5") == {"e5e6", "e5d6xd5"}
    game.play("e5d6xd5")
    assert game.board() == {"d6": "white piece"}
    game.undo()
    assert game.board() == {"d5": "black pawn", "e5": "white piece"}


def test_e_without_rights_is_no_move(variant_folder: Path) -> None:
    # A single step d6-d5 passes nothing: X on e5 has only its step forward.
    game = piece_game(variant_folder, "fmWfceF", "8/8/3p4/4X3/8/8/8/8 b - - 0 1")
    game.play("d6d5")
    assert moves_from(game, "e5") == {"e5e6"}


def test_rights_last_one_move(variant_folder: Path) -> None:
    # The rights of d7-d5 go once White has made another move (the pawn h2 steps).
    game = piece_game(variant_folder, "fmWfceF", "8/3p[u]4/8/4X3/8/8/7P/8 b - - 0 1")
    game.play("d7d5")
    game.play("h2h3")
    game.play("d5d4")
    assert moves_from(game, "e5") == {"e5e6"}


def test_e_on_a_leg_before_the_last_is_the_en_passant_checker(variant_folder: Path) -> None:
    # feafmF: a diagonal forward step onto the en passant square, taking the piece that passed it,
    # then on the same way to an empty square. After d7-d5, X on c5: c5-d6 (taking d5) then e7.
    game = piece_game(variant_folder, "feafmF", "8/3p[u]4/8/2X5/8/8/8/8 b - - 0 1")
    game.play("d7d5")
    assert moves_from(game, "c5") == {"c5e7xd5"}
    game.play("c5e7xd5")
    assert game.board() == {"e7": "white piece"}


def uci(game: rules.Game, m: rules.Move) -> str:
    return m.origin + m.destination + (game.rules.types[m.promotion].letter.lower() if m.promotion else "")


BEROLINA_INI = (
    "[berolinax:chess]\npawn = -\ncustomPiece1 = p:fmFfceWifmnA\n"
    "pawnTypes = p\nenPassantTypes = p\npromotionPawnTypes = p\n"
)


def test_en_passant_in_xbetza_plays_as_fairy_stockfish(variant_folder: Path) -> None:
    """Berolina pawns written with e (fmFfceWifmnA: diagonal steps, straight captures, and
    straight en passant captures of a pawn that made its diagonal double step), in a child of
    chess and in Fairy-Stockfish (which reads the same Betza): the same legal moves at every ply
    of seeded random games, en passant captures among them."""
    sf.load_variant_config(BEROLINA_INI)
    add_variant(
        variant_folder, '[variant.mine]\nparent = "chess"\n[variant.mine.pieces.pawn]\nbetza = "fmFfceWifmnA"\n'
    )
    seen = 0
    for seed in (0, 10, 11):  # seeds whose games meet en passant captures within 50 plies
        rng = random.Random(seed)
        game = rules.new_game("mine")
        fen = sf.start_fen("berolinax")
        played: list[str] = []
        for _ in range(50):
            ours = {uci(game, m): m for m in game.legal_moves()}
            theirs = set(sf.legal_moves("berolinax", fen, played))
            assert set(ours) == theirs, (seed, played)
            if not theirs or game.result is not None:
                break
            seen += sum(m.kind == "en-passant" for m in ours.values())
            choice = rng.choice(sorted(theirs))
            game.play(ours[choice])
            played.append(choice)
    assert seen > 0


# ------------------------------------------------------------------ Hia zones


def test_hia_stops_a_move_of_steps_in_legs(variant_folder: Path) -> None:
    # The Mao (afsW) goes through the square next to it: a move of steps, which a Hia zone stops.
    # The black Guard d6 makes d5 a zone square: a step from d5 must end the move, so c6 and e6
    # (through d5) are gone; the other six Knight squares stay.
    game = piece_game(variant_folder, "afsW", "8/8/3g4/8/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", "b3 b5 c2 e2 f3 f5")


def test_hia_leaves_a_move_in_legs_starting_in_a_zone_one_step(variant_folder: Path) -> None:
    # The Mao d5 starts next to the Guard d6: its first step must be its last, and a Mao's move
    # has two: no move at all. The Griffon (FyafsF) there may make only its first diagonal step.
    assert moves_from(piece_game(variant_folder, "afsW", "8/8/3g4/3X4/8/8/8/8 w - - 0 1"), "d5") == set()
    game = piece_game(variant_folder, "FyafsF", "8/8/3g4/3X4/8/8/8/8 w - - 0 1")
    assert moves_from(game, "d5") == to("d5", "c4 e4 c6 e6")


def test_hia_stops_a_crooked_slide_on_the_first_zone_square(variant_folder: Path) -> None:
    # zB from a1: b2 a3 b4 a5 b6 a7 b8 or b2 c1 d2 e1 f2 g1 h2. The Guard c4 puts b3 b4 b5 c3 c5
    # d3 d4 d5 in its zone: the first path stops on b4 (it may stop there, not go on).
    game = piece_game(variant_folder, "zB", "8/8/8/8/2g5/8/8/X7 w - - 0 1")
    assert moves_from(game, "a1") == to("a1", "b2 a3 b4 c1 d2 e1 f2 g1 h2")


def test_hia_never_stops_a_leap_or_a_hop_in_legs(variant_folder: Path) -> None:
    # azN leaps; pafcR hops (as plain pR, which Hia does not stop): beside the Guard they keep
    # every move. The azN d4 with the Guard e5 (zone d4 ... f6): the eight Camel squares.
    game = piece_game(variant_folder, "azN", "8/8/8/4g3/3X4/8/8/8 w - - 0 1")
    assert moves_from(game, "d4") == to("d4", CAMEL_FROM_D4)
    # pafcR a1: over the pawn a3 to take the pawn a6, through the Guard's zone (a4 a5 b4 b5 b6).
    game = piece_game(variant_folder, "pafcR", "8/8/p7/1g6/8/P7/8/X7 w - - 0 1")
    assert moves_from(game, "a1") == {"a1a6"}


# ------------------------------------------------------------------ hurdles_exclude, captures_exclude


CANNON_KEYS = 'hurdles_exclude = ["piece"]\ncaptures_exclude = ["piece"]\n'


def test_a_cannon_in_legs_never_hops_over_an_excluded_kind(variant_folder: Path) -> None:
    # pafmcR (hurdle leg, then straight on moving or capturing: the Janggi cannon) on d1, which
    # may not jump another X: the black X on d3 is no hurdle (nothing up the file); the pawn f1 is
    # (g1, h1 beyond it); nothing to the west.
    game = piece_game(variant_folder, "pafmcR", "8/8/8/8/8/3x4/8/3X1P2 w - - 0 1", CANNON_KEYS)
    assert moves_from(game, "d1") == {"d1g1", "d1h1"}


def test_a_cannon_in_legs_never_captures_an_excluded_kind(variant_folder: Path) -> None:
    # Over the pawn f1 the black X on h1 may not be taken, the black pawn on d5 (over d3) may.
    game = piece_game(variant_folder, "pafmcR", "8/8/8/3p4/8/3P4/8/3X1P1x w - - 0 1", CANNON_KEYS)
    assert moves_from(game, "d1") == {"d1g1", "d1d4", "d1d5"}


def test_a_locust_capture_of_an_excluded_kind_is_no_move(variant_folder: Path) -> None:
    # mFcafmF (the Checker) may not take another X: the jump over the black X e5 is gone, over the
    # black pawn c5 to b6 stays.
    game = piece_game(variant_folder, "mFcafmF", "8/8/8/2p1x3/3X4/8/8/8 w - - 0 1", 'captures_exclude = ["piece"]\n')
    assert moves_from(game, "d4") == {"d4c3", "d4e3", "d4b6xc5"}


def test_janggi_cannon_in_legs_plays_as_the_plain_one(variant_folder: Path) -> None:
    """The Janggi cannon written in legs (pafmcR, and on the palace diagonals pafmcF after a
    hurdle leg, with its hurdles_exclude and captures_exclude): the same legal moves as the
    built-in pR at every ply of a seeded random game."""
    corners = ", ".join(f'corner_{d} = "pafmcR{d}pafmcF"' for d in ("fr", "fl", "br", "bl"))
    text = (
        '[variant.mine]\nparent = "janggi"\n[variant.mine.pieces.cannon]\nbetza = "pafmcR"\n'
        f"betza_in = {{ {corners} }}\n"
    )
    child = game_from_text(variant_folder, text)
    plain = rules.new_game("janggi")
    rng = random.Random(49)
    for _ in range(60):
        ours = sorted(str(m) for m in child.legal_moves())
        assert ours == sorted(str(m) for m in plain.legal_moves()), plain.fen()
        if not ours or plain.result is not None:
            break
        move = rng.choice(ours)
        child.play(move)
        plain.play(move)


def test_hurdles_exclude_on_a_hop_in_legs_is_not_idle() -> None:
    # check warns about a hurdles_exclude with no hop to use it; a hurdle leg is such a hop.
    row = {"hurdles_exclude": ["cannon"]}
    assert idle_movement(row, parse_betza("pafmcR")) == []
    assert idle_movement(row, parse_betza("afsW")) != []


# ------------------------------------------------------------------ words


@pytest.mark.parametrize(
    ("betza", "words"),
    [
        ("afsafzW", "then step turning half the other way from its last bend"),
        ("afsafqW", "then step turning half the same way as its last bend"),
        ("azN", "knight leap, then leap turning the other way from its last bend"),
        ("fmWfceF", "forward diagonal steps (captures en passant only)"),
        ("feafmF", "forward diagonal step (onto the en passant square, taking the piece that passed it)"),
    ],
)
def test_betza_words_say_turns_by_the_bend_and_en_passant(betza: str, words: str) -> None:
    assert words in betza_sentence(betza)


def test_the_bodyguard_s_hia_stops_a_mao_in_a_friendly_game(variant_folder: Path) -> None:
    """RULINGS friendly 8 (a sliding move is any move through adjacent squares) with the real
    Bodyguard: a Mao (afsW) added to A Friendly Game. The black Bodyguard e8's zone holds e7, so
    the Mao e6 cannot go through e7 to d8 or f8; its six other Knight squares stay. A white
    Bodyguard there stops it too (the default hia_affects stops both sides' sliders), but not
    under hia_affects = enemy-only."""
    add_variant(
        variant_folder,
        '[variant.mine]\nparent = "friendly"\n'
        '[variant.mine.pieces.mao]\nname = "Mao"\nletter = "Y"\nbetza = "afsW"\n',
    )
    friends = {"l1": "white friend", "l2": "white friend", "a11": "black friend", "a12": "black friend"}
    free = to("e6", "c5 c7 d4 f4 g5 g7 d8 f8")
    for guard, options, expected in (
        ("black bodyguard", {}, free - {"e6d8", "e6f8"}),
        ("white bodyguard", {}, free - {"e6d8", "e6f8"}),
        ("white bodyguard", {"hia_affects": "enemy-only"}, free),
    ):
        game = rules.new_game(
            "mine", placement={**friends, "e6": "white mao", "e8": guard}, to_move="white", options=options
        )
        assert moves_from(game, "e6") == expected, (guard, options)


def test_a_refused_capture_of_an_excluded_kind_in_legs_says_so(variant_folder: Path) -> None:
    # The cannon in legs d1 over the pawn f1 to the black X h1, which it may not take.
    game = piece_game(variant_folder, "pafmcR", "8/8/8/8/8/8/8/3X1P1x w - - 0 1", CANNON_KEYS)
    reason = game.why_illegal("d1h1")
    assert "may not capture" in reason and "h1" in reason
