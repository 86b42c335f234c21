"""Piece values from mobility, and the evaluation's position facts and named terms."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import chess
import pytest
from textvariants import add_variant

import rules
from rules.betza import parse_betza
from rules.engine import Engine, Evaluator, PieceValues
from rules.engine.evaluate import SQUARE_MOBILITY_CP
from rules.engine.terms import DEFAULT_WEIGHTS, engine_config
from rules.engine.values import atoms_cp
from rules.pieces import piece


def test_chess_values_come_out_in_the_classical_order() -> None:
    v = PieceValues(rules.make_rules("chess")).kind_cp
    assert v["pawn"] < v["knight"] <= v["bishop"] < v["rook"] < v["queen"]
    # The scale is fitted on the Knight; the others fall near their textbook worth.
    assert v["knight"] == pytest.approx(300, abs=10)
    assert v["bishop"] == pytest.approx(325, abs=25)
    assert v["rook"] == pytest.approx(500, abs=60)
    assert v["queen"] == pytest.approx(900, abs=60)


def test_longer_reach_is_worth_more() -> None:
    big = PieceValues(rules.make_rules("friendly")).kind_cp
    # Q6 is a queen that stops after six squares; K is a one-step queen.
    assert big["jellyfish"] < big["bodyguard"] < big["lady-in-waiting"]
    # A lame leap can be blocked, so it is worth less than the same leap that cannot.
    friendly = rules.make_rules("friendly")
    size = friendly.geo.board_size
    lame = atoms_cp(friendly.compile(parse_betza("nN"), 0), size)
    free = atoms_cp(friendly.compile(parse_betza("N"), 0), size)
    assert lame < free


def test_a_value_in_the_variant_file_wins() -> None:
    r = rules.make_rules("blender")
    v = PieceValues(r).kind_cp
    for kind, t in r.types.items():
        if t.value is not None:
            assert v[kind] == round(t.value * 100)


def test_windmill_is_valued_by_its_power_moves() -> None:
    # The Windmill has no Betza moves at all; its worth comes from turning round neighbours.
    r = rules.make_rules("pocket43")
    assert r.types["windmill"].betza == ""
    assert PieceValues(r).kind_cp["windmill"] > PieceValues(r).kind_cp["pawn"]


def test_polypiece_is_valued_between_its_two_forms() -> None:
    values = PieceValues(rules.make_rules("pocket43"))
    rook, bishop = values.kind_cp["rook"], values.kind_cp["bishop"]
    assert bishop < values.piece_cp(piece(0, "bishop")) < values.piece_cp(piece(0, "rook")) < rook


def test_compound_is_worth_most_of_its_components() -> None:
    r = rules.make_rules("cuisinart")
    values = PieceValues(r)
    # A Queen made of Bishop and Rook keeps its own (higher) value; a compound whose own
    # value is lower than most of its parts is lifted to that.
    queen = piece(0, "queen", False, (), ("bishop", "rook"))
    assert values.piece_cp(queen) == values.kind_cp["queen"]
    odd = piece(0, "knight", False, (), ("rook", "rook"))
    assert values.piece_cp(odd) >= 0.8 * 2 * values.kind_cp["rook"]


def test_borrowed_moves_value_by_what_is_borrowed() -> None:
    r = rules.make_rules("friendly")
    values = PieceValues(r)
    knight = r.atoms_of("knight", 0)
    lady = r.atoms_of("lady-in-waiting", 0)
    king_step = r.atoms_of("jellyfish", 0)
    assert values.borrowed_cp(knight) < values.borrowed_cp(lady)
    # Lending a step on lines the Lady already covers adds nothing.
    assert values.borrowed_cp(lady + king_step) == values.borrowed_cp(lady)
    # Lending moves in new directions adds something.
    assert values.borrowed_cp(lady + knight) > values.borrowed_cp(lady)


def test_start_positions_of_symmetric_variants_evaluate_level() -> None:
    for variant in ["chess", "pocket43", "blender", "cuisinart", "friendly"]:
        game = rules.new_game(variant)
        assert Engine(game).evaluate(game) == 0, variant


@pytest.mark.parametrize("seed", range(6))
def test_colour_mirrored_chess_positions_evaluate_alike(seed: int) -> None:
    # Mirroring swaps the colours and the side to move, so the mover's score must not change.
    board = chess.Board()
    rng = random.Random(seed)
    for _ in range(12 + seed):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    game = rules.new_game("chess", fen=board.fen())
    mirrored = rules.new_game("chess", fen=board.mirror().fen())
    evaluator = Evaluator(game.rules)
    assert evaluator.evaluate(game.pos, game.rules.context(game.pos)) == evaluator.evaluate(
        mirrored.pos, mirrored.rules.context(mirrored.pos)
    )
    assert evaluator.material(game.pos) == tuple(reversed(evaluator.material(mirrored.pos)))


def test_taking_a_piece_raises_the_takers_score() -> None:
    game = rules.new_game(
        "chess", placement={"e1": "white king", "d1": "white queen", "e8": "black king", "d7": "black rook"}
    )
    evaluator = Evaluator(game.rules)
    before = evaluator.evaluate(game.pos, game.rules.context(game.pos))
    game.play("d1d7")
    # Black to move now: its score is far below White's before.
    after = evaluator.evaluate(game.pos, game.rules.context(game.pos))
    assert -after > before + 400


def test_frozen_pieces_count_for_less() -> None:
    # A white Lady beside a black Jellyfish cannot move; the same Lady elsewhere can.
    base = {"a1": "white friend", "l12": "black friend", "f7": "black jellyfish"}
    frozen = rules.new_game("friendly", placement={**base, "f6": "white lady-in-waiting"})
    free = rules.new_game("friendly", placement={**base, "c3": "white lady-in-waiting"})
    evaluator = Evaluator(frozen.rules)
    ctx = frozen.rules.context(frozen.pos)
    assert frozen.rules.geo.index["f6"] in ctx.frozen
    frozen_score = evaluator.evaluate(frozen.pos, ctx)
    free_score = evaluator.evaluate(free.pos, free.rules.context(free.pos))
    assert frozen_score < free_score - 100


def test_a_friend_is_worth_what_it_borrows() -> None:
    # The same Friend guarded by a Lady in Waiting, or by a Pawn.
    base = {"a1": "white friend", "b1": "white friend", "l12": "black friend", "k12": "black friend"}
    with_lady = rules.new_game("friendly", placement={**base, "f5": "white friend", "f4": "white lady-in-waiting"})
    with_pawn = rules.new_game("friendly", placement={**base, "f5": "white friend", "e4": "white pawn"})
    evaluator = Evaluator(with_lady.rules)
    lady_ctx = with_lady.rules.context(with_lady.pos)
    pawn_ctx = with_pawn.rules.context(with_pawn.pos)
    f5 = with_lady.rules.geo.index["f5"]
    assert f5 in lady_ctx.atoms and f5 in pawn_ctx.atoms
    lady_gain = dict(((sq, cp) for sq, _, cp in evaluator.context_facts(with_lady.pos, lady_ctx)))[f5]
    pawn_gain = dict(((sq, cp) for sq, _, cp in evaluator.context_facts(with_pawn.pos, pawn_ctx)))[f5]
    assert lady_gain > pawn_gain


def test_the_last_royal_friend_wants_enemies_away() -> None:
    # Where only the last Friend is royal, each further Friend is a reserve life; and the
    # last one is worse off with enemies around it.
    two = rules.new_game("friendly", placement={"a1": "white friend", "b1": "white friend", "l12": "black friend"})
    one = rules.new_game("friendly", placement={"a1": "white friend", "l12": "black friend"})
    evaluator = Evaluator(two.rules)
    assert evaluator.evaluate(two.pos, two.rules.context(two.pos)) > evaluator.evaluate(
        one.pos, one.rules.context(one.pos)
    )
    calm = rules.new_game("friendly", placement={"a1": "white friend", "l12": "black friend", "h8": "black pawn"})
    crowded = rules.new_game("friendly", placement={"a1": "white friend", "l12": "black friend", "b3": "black pawn"})
    assert evaluator.evaluate(crowded.pos, crowded.rules.context(crowded.pos)) < evaluator.evaluate(
        calm.pos, calm.rules.context(calm.pos)
    )


# ---------------------------------------------------------------- named terms in variant data


def _write_variant(folder: Path, vid: str, engine_table: str) -> None:
    add_variant(
        folder,
        textwrap.dedent(
            f"""
            [variant.{vid}]
            parent = "chess"
            name = "Chess with engine terms"

            {engine_table}
            """
        ),
        vid,
    )


def test_variant_data_reweights_and_switches_on_terms(variant_folder: Path) -> None:
    _write_variant(
        variant_folder,
        "engine-terms-test",
        """
        [variant.engine-terms-test.data.engine.terms]
        mobility = 0.5
        pool = 1.0

        [variant.engine-terms-test.data.engine.power_values]
        castling = 30
        """,
    )
    config = engine_config(rules.make_rules("engine-terms-test"))
    assert config.weights["mobility"] == 0.5
    assert config.weights["pool"] == 1.0
    assert config.weights["centre"] == DEFAULT_WEIGHTS["centre"]
    assert config.power_values == {"castling": 30}


def test_a_term_switched_off_changes_the_score(variant_folder: Path) -> None:
    _write_variant(
        variant_folder,
        "engine-terms-off",
        """
        [variant.engine-terms-off.data.engine.terms]
        centre = 0
        pawn-advance = 0
        mobility = 0
        """,
    )
    placement = {"e1": "white king", "e8": "black king", "d4": "white knight", "a8": "black knight"}
    plain = rules.new_game("chess", placement=placement)
    flat = rules.new_game("engine-terms-off", placement=placement)
    plain_score = Evaluator(plain.rules).evaluate(plain.pos, plain.rules.context(plain.pos))
    flat_score = Evaluator(flat.rules).evaluate(flat.pos, flat.rules.context(flat.pos))
    # With the centre and mobility terms, White's central knight beats Black's cornered one;
    # without them, they are equal.
    assert plain_score > 0
    assert flat_score == 0


def test_unknown_terms_are_reported(variant_folder: Path) -> None:
    _write_variant(
        variant_folder,
        "engine-terms-bad",
        """
        [variant.engine-terms-bad.data.engine.terms]
        sharpness = 2
        mobility = "lots"
        """,
    )
    with pytest.raises(rules.VariantFileError) as info:
        engine_config(rules.make_rules("engine-terms-bad"))
    text = str(info.value)
    assert "sharpness" in text and "mobility" in text


def test_square_mobility_prefers_where_a_piece_has_more_moves() -> None:
    # A Knight has 8 moves from d4 and 2 from a1. A Rook has 14 from either square on an
    # empty board, but each further square of a slide counts 0.8 of the one before (lines
    # get blocked): from a1 two lines of 7 weigh 7.90, from d4 lines of 3, 4, 3, 4 weigh 10.78.
    knight_d4 = {"e1": "white king", "e8": "black king", "d4": "white knight"}
    knight_a1 = {"e1": "white king", "e8": "black king", "a1": "white knight"}
    scores = {}
    for name, placement in (("d4", knight_d4), ("a1", knight_a1)):
        game = rules.new_game("chess", placement=placement)
        scores[name] = Evaluator(game.rules).evaluate(game.pos, game.rules.context(game.pos))
    # The centre term alone is worth at most 20 centipawns: mobility adds more.
    assert scores["d4"] - scores["a1"] > 40
    from rules.engine.values import square_mobility

    chess = rules.new_game("chess").rules
    rook = square_mobility(chess.atoms_of("rook", 0), 64)
    assert rook[0] == pytest.approx(2 * sum(0.8**k for k in range(7)))
    assert rook[27] == pytest.approx(2 * sum(0.8**k for k in range(3)) + 2 * sum(0.8**k for k in range(4)))
    knight = square_mobility(chess.atoms_of("knight", 0), 64)
    assert knight[0] == pytest.approx(2) and knight[27] == pytest.approx(8)


def test_a_piece_in_the_pocket_is_judged_by_the_moves_it_has_from_there() -> None:
    # A Knight in a Pocket may enter any empty square, so the rules list far more moves from
    # there than from a1 (two), and the mobility tables, which ask them once, rate it above
    # the corner. Pocket 43 itself counts real moves instead of using tables, so they are
    # switched on here as for a pocket variant of plain pieces.
    game = rules.new_game("pocket43")
    evaluator = Evaluator(game.rules)
    assert evaluator.w_square_mobility == 0
    evaluator.w_square_mobility = float(SQUARE_MOBILITY_CP)
    evaluator._tables.clear()  # those built so far had no mobility part
    geo = game.rules.geo
    knight = next(p for p in game.pos.board if p is not None and p.kind == "knight" and p.color == 0)
    table, _ = evaluator._table(knight)
    pocket = geo.board_size  # the one square beyond the board
    assert table[pocket] > table[geo.square(0, 0)]
    assert evaluator._moves_off_board(knight, pocket) > 2


def test_unequal_armies_start_level() -> None:
    # Flight and Ferry pits different armies against each other (Gold against Copper
    # dragons, Bishops against Queenfilers); their designer balanced them by play. The
    # mobility values see about three pawns between them: with the army-balance term the
    # start is judged near level, without it Black is far ahead.
    from rules.engine.terms import engine_config

    game = rules.new_game("flight-and-ferry")
    ctx = game.rules.context(game.pos)
    balanced = Evaluator(game.rules).evaluate(game.pos, ctx)
    raw = Evaluator(game.rules, engine_config(game.rules, {"army-balance": 0.0})).evaluate(game.pos, ctx)
    assert abs(balanced) < 100
    assert raw < -250
    # A variant with the same army on both sides is untouched.
    chess_game = rules.new_game("chess")
    assert Evaluator(chess_game.rules).balance == {}
