"""Standard algebraic notation (rules/san.py): python-chess agreement for chess, and for
every variant a round trip text -> move -> text that is unique among the position's moves."""

from __future__ import annotations

import random

import chess
import pytest
from slowcases import marked_slow

import rules
from rules import IllegalMoveError, MoveParseError
from rules.san import move_to_san, parse_san, san_table


def _random_games(variant: str, games: int, plies: int, seed: int):
    """(game, moves and actions) at every position along seeded random games."""
    rnd = random.Random(seed)
    for _ in range(games):
        game = rules.new_game(variant)
        for _ in range(plies):
            moves = game.legal_moves() + game.legal_actions()
            if not moves or game.result is not None:
                break
            yield game, moves
            game.play(rnd.choice(moves))


@pytest.mark.parametrize("variant", marked_slow(rules.variant_ids(), {"friendly", "ultimate-cuisinart"}))
def test_san_round_trip_every_legal_move(variant: str) -> None:
    """Every legal move and action has a SAN that no other names, and that SAN plays it."""
    seen = 0
    for game, moves in _random_games(variant, games=2, plies=40, seed=17):
        table = san_table(game.rules, game.pos, moves)
        assert len(set(table.values())) == len(moves), sorted(table.values())
        coordinates = {str(m): m for m in moves}
        for move in moves:
            text = table[move]
            assert coordinates.get(text, move) == move, f"{text} is another move's coordinate text"
            assert game.parse_move(text) == move
            signed = game.san(move)
            assert signed.rstrip("+#") == text
            assert game.parse_move(signed) == move
            seen += 1
    assert seen > 100


@pytest.mark.slow
def test_san_matches_python_chess_for_300_random_games() -> None:
    """Our SAN of every move played equals python-chess's, check and mate signs included."""
    rnd = random.Random(300)
    compared = 0
    for _ in range(300):
        game = rules.new_game("chess")
        board = chess.Board()
        for _ in range(10 + rnd.randrange(30)):
            moves = game.legal_moves()
            if not moves:
                break
            move = rnd.choice(moves)
            expected = board.san(chess.Move.from_uci(_uci(str(move))))
            assert game.san(move) == expected, board.fen()
            board.push_san(expected)
            game.play(move)
            compared += 1
    assert compared > 4000


def test_san_matches_python_chess_for_every_move_in_tricky_positions() -> None:
    """Disambiguation by file, rank and square, promotions with check, en passant, castling."""
    fens = [
        "1k6/8/8/2N3N1/8/2N3N1/8/1K6 w - - 0 1",  # four knights reach e4: Nc3e4
        "k7/2P5/8/8/8/8/8/R3K2R w KQ - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
        "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "7k/8/8/8/8/8/1Q6/Q1Q4K w - - 0 1",
    ]
    for fen in fens:
        game = rules.new_game("chess", fen=fen)
        board = chess.Board(fen)
        for move in game.legal_moves():
            assert game.san(move) == board.san(chess.Move.from_uci(_uci(str(move))))


def _uci(text: str) -> str:
    """Our coordinate text as UCI: en passant's captured square dropped, promotions by letter."""
    body, _, promo = text.partition("=")
    body = body.split("x")[0]
    letters = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}
    return body + (letters[promo] if promo else "")


def test_parse_accepts_other_programs_forms() -> None:
    """Check signs, annotations, 0-0, over-disambiguation, a P for pawns, e8Q."""
    game = rules.new_game("chess", fen="r3k3/1P6/8/8/8/8/8/R3K2R w KQq - 0 1")
    assert str(game.parse_move("0-0!?")) == "e1g1"
    assert str(game.parse_move("O-O-O+")) == "e1c1"
    assert str(game.parse_move("b7b8Q")) == "b7b8=queen"
    assert str(game.parse_move("bxa8=q")) == "b7a8=queen"
    assert str(game.parse_move("Pb8=N")) == "b7b8=knight"
    assert str(game.parse_move("Rh1-h7")) == "h1h7"
    assert str(game.parse_move("Rhh7")) == "h1h7"
    assert str(game.parse_move("e1g1")) == "e1g1"  # coordinate text still reads


def test_parse_refuses_moves_that_are_not_there() -> None:
    game = rules.new_game("chess")
    with pytest.raises(IllegalMoveError):
        game.parse_move("Nf6")
    with pytest.raises(MoveParseError):
        game.parse_move("Zz9")
    with pytest.raises(IllegalMoveError, match="names no legal move"):
        parse_san(game.rules, game.pos, "Qh5")


def test_ambiguous_lenient_san_lists_the_moves() -> None:
    game = rules.new_game("chess", fen="1k6/8/8/2N3N1/8/2N3N1/8/1K6 w - - 0 1")
    with pytest.raises(IllegalMoveError, match="ambiguous"):
        game.parse_move("Ne4")
    assert game.san("c3e4") == "Nc3e4"
    assert game.san("g5e4") == "Ng5e4"
    assert game.san("c3a4") == "N3a4"  # c5 reaches a4 too: same file, so the rank
    assert game.san("c3e2") == "Nce2"  # g3 reaches e2 too: same rank, so the file
    assert game.san("c3d1") == "Nd1"


def test_fairy_conventions() -> None:
    """The written conventions of docs/notation.md, one move of each kind."""
    friendly = rules.new_game("friendly")
    sans = {friendly.san(m) for m in friendly.legal_actions()}
    assert all("/hia-" in s for s in sans) and sans
    pocket = rules.new_game("pocket43")
    entering = [m for m in pocket.legal_moves() if m.kind == "pocket-enter"]
    assert entering and all(pocket.san(m).endswith("-pocket") for m in entering)
    blender = rules.new_game("blender")
    merge = next(m for m in blender.legal_moves() if m.kind == "merge" and m.origin == "a1")
    assert blender.san(merge) == "R&b1"
    for ferry, moves in _random_games("flight-and-ferry", games=1, plies=60, seed=4):
        sends = [m for m in moves if m.kind == "ferry-send"]
        if sends:
            assert all(ferry.san(m).endswith("/" + str(m.choice)) for m in sends)
            break
    else:
        pytest.fail("no Ferry was sent in the random game")


def test_move_to_san_with_rules_and_position() -> None:
    game = rules.new_game("chess")
    move = game.parse_move("g1f3")
    assert move_to_san(game.rules, game.pos, move) == "Nf3"
    assert move_to_san(game.rules, game.pos, move, with_check=False) == "Nf3"
    with pytest.raises(TypeError):
        move_to_san("chess", game.pos, move)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        move_to_san(game, game.pos, move)  # type: ignore[arg-type]
    after = game.copy()
    after.play(move)
    assert game.san_line([move, after.parse_move("e7e5")]) == ["Nf3", "e5"]
    assert game.ply == 0


def test_the_command_line_lists_moves_in_san_and_reads_san(capsys: pytest.CaptureFixture[str]) -> None:
    from rules.cli import main

    assert main(["moves", "chess", "--move", "e4", "--move", "e7e5", "--move", "Nf3"]) == 0
    rows = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert ["Nc6", "b8c6"] in rows and ["Ke7", "e8e7"] in rows and len(rows) == 29
    assert main(["moves", "chess", "--coordinates"]) == 0
    assert "g1f3" in capsys.readouterr().out.split()
    assert main(["moves", "chess", "--move", "Nf4"]) == 2
    assert "none of White's Knights can go to f4: the Knight on b1" in capsys.readouterr().err
