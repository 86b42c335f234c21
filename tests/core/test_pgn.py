"""PGN both ways (rules/gamerecord.py): our chess records are standard PGN that
python-chess reads move for move; other programs' PGN (several games, comments with clock
and evaluation commands, NAGs, variations, FEN tags, every move-number form) reads."""

from __future__ import annotations

import io
import random
from pathlib import Path

import chess
import chess.pgn
import pytest
from textvariants import add_variant

import rules


def _random_game(variant: str, plies: int, seed: int) -> rules.Game:
    rnd = random.Random(seed)
    game = rules.new_game(variant)
    for _ in range(plies):
        moves = game.legal_moves() + game.legal_actions()
        if not moves or game.result is not None:
            break
        game.play(rnd.choice(moves))
    return game


def _fen(game: rules.Game) -> str:
    """The six standard FEN fields of our position text (ours adds the captured pieces)."""
    return " ".join(game.fen().split()[:6])


def _uci(move: rules.Move) -> str:
    letters = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}
    return move.origin + move.destination + (letters[move.promotion] if move.promotion else "")


@pytest.mark.parametrize("seed", range(12))
def test_python_chess_reads_our_chess_records_move_for_move(seed: int) -> None:
    game = _random_game("chess", 200, seed)
    text = rules.game_record(game, {"White": "Ann", "Black": "Bob"})
    read = chess.pgn.read_game(io.StringIO(text))
    assert read is not None and read.errors == []
    assert [m.uci() for m in read.mainline_moves()] == [_uci(m) for m in game.history]
    assert read.end().board().fen() == _fen(game)
    assert read.headers["White"] == "Ann" and "Variant" not in read.headers
    assert game.result is None or read.headers["Result"] == game.result.score()


def test_python_chess_reads_a_chess_record_from_a_set_up_position() -> None:
    fen = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1"
    game = rules.new_game("chess", fen=fen)
    for text in ("O-O-O", "O-O", "bxa8=Q", "Rxa8"):
        game.play(text)
    record = rules.game_record(game)
    read = chess.pgn.read_game(io.StringIO(record))
    assert read is not None and read.errors == [] and read.headers["FEN"] == fen
    assert read.end().board().fen() == _fen(game)
    assert "1. O-O-O O-O 2. bxa8=Q Rxa8" in record


def _python_chess_games() -> str:
    """Three games python-chess writes: clock and evaluation comments, NAGs, variations,
    a set-up position, players and events."""
    out = io.StringIO()
    first = chess.pgn.Game()
    first.headers.update({"Event": "Club night", "White": "Ann", "Black": "Bob", "Date": "2024.05.01",
                          "Result": "1-0"})
    node = first
    for i, san in enumerate(["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]):
        node = node.add_main_variation(node.board().parse_san(san))
        node.set_clock(300 - i)
        node.set_eval(chess.engine.PovScore(chess.engine.Cp(20 + i), chess.WHITE))
        if san == "Nf3":
            node.nags.add(chess.pgn.NAG_GOOD_MOVE)
            side = node.parent.add_variation(node.parent.board().parse_san("f4"))
            side.comment = "the King's Gambit"
            side.add_variation(side.board().parse_san("exf4")).add_variation(
                chess.Move.from_uci("g1f3"))
        if san == "a6":
            node.comment = "Morphy's defence"
    print(first, file=out, end="\n\n")
    second = chess.pgn.Game()
    second.headers.update({"Event": "Study", "White": "Cat", "Black": "Dan", "Result": "*"})
    second.setup(chess.Board("4k3/P7/8/8/8/8/8/4K2R w K - 0 1"))
    node = second
    for san in ["a8=Q+", "Kd7", "O-O", "Kc7"]:
        node = node.add_main_variation(node.board().parse_san(san))
    print(second, file=out, end="\n\n")
    third = chess.pgn.Game()
    third.headers.update({"White": "Eve", "Black": "Fay", "Result": "0-1"})
    node = third
    for san in ["f3", "e5", "g4", "Qh4#"]:
        node = node.add_main_variation(node.board().parse_san(san))
    print(third, file=out, end="\n\n")
    return out.getvalue()


def test_a_python_chess_file_of_several_games_opens_and_plays() -> None:
    text = _python_chess_games()
    assert "[%clk" in text and "[%eval" in text and "$1" in text and "(" in text
    listed = rules.list_games(text)
    assert [(g.tags["White"], g.tags["Black"], g.tags["Result"]) for g in listed] == [
        ("Ann", "Bob", "1-0"), ("Cat", "Dan", "*"), ("Eve", "Fay", "0-1")]
    assert listed[0].label() == "Ann - Bob, Club night, 2024.05.01, 1-0"
    reader = io.StringIO(text)
    expected = []
    while (g := chess.pgn.read_game(reader)) is not None:
        expected.append(g)
    for index, theirs in enumerate(expected):
        ours = rules.load_game(text, index)
        assert [_uci(m) for m in ours.history] == [m.uci() for m in theirs.mainline_moves()]
        assert _fen(ours) == theirs.end().board().fen()
    assert rules.load_game(text, 2).result is not None and rules.load_game(text, 2).result.winner == "black"
    assert rules.load_game(text).history == rules.load_game(listed[0].text).history


def test_every_usual_move_number_form_and_castling_with_zeros() -> None:
    text = (
        '[Event "forms"]\n\n1.e4 e5 2. Nf3 2... Nc6 3. Bc4 {comment} 3... Bc5 4. 0-0 d6 '
        "5. c3 $14 5. ... Nf6 6.d4 exd4 7.cxd4 Bb4+ 8.Bd2 Bxd2+ 9.Nbxd2 d5 10.exd5 Nxd5 "
        "11.Qb3 Nce7! 12.Rfe1 O-O 13.a4 c6?! *\n"
    )
    game = rules.load_game(text)
    assert game.ply == 26 and game.san_line([]) == []
    board = chess.Board()
    for move in game.history:
        board.push(chess.Move.from_uci(_uci(move)))
    assert board.fen() == _fen(game)


def test_several_games_with_a_bad_second_game_name_its_line_in_the_file() -> None:
    text = '[White "A"]\n\n1. e4 e5 *\n\n[White "B"]\n\n1. e4 e5 2. Ke2 Nf5 *\n'
    assert rules.load_game(text).ply == 2
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game(text, 1)
    assert info.value.line == 7 and "'Nf5'" in str(info.value)
    with pytest.raises(rules.GameRecordError, match="there is no game 3"):
        rules.load_game(text, 2)


@pytest.mark.slow
def test_variant_records_carry_the_variant_and_options_and_read_back() -> None:
    for variant in rules.variant_ids():
        game = _random_game(variant, 30, 9)
        text = rules.game_record(game)
        # The Variant tag holds Fairy-Stockfish's name where the file gives one ("3check").
        tag = rules.variant(variant).raw.get("fairy_stockfish") or variant
        assert f'[Variant "{tag}"]' in text or variant == "chess"
        # Every option is written; a variant without options writes no (empty) Options tag.
        has_options = bool(rules.variant(variant).options)
        assert ("[Options" in text) == (has_options and variant != "chess")
        again = rules.load_game(text)
        assert again.history == game.history and again.options == game.options


def test_actions_survive_as_comment_commands() -> None:
    game = rules.new_game("friendly")
    game.play("f2/hia-off")
    game.play(game.legal_moves()[0])
    text = rules.game_record(game)
    assert "{[%action f2/hia-off]}" in text
    read = chess.pgn.read_game(io.StringIO(text.replace('[Variant "friendly"]\n', "")))
    assert read is not None  # another reader keeps the action as a comment command
    assert rules.load_game(text).history == game.history


def test_records_the_app_wrote_before_san_still_open() -> None:
    played = rules.new_game("friendly", options={"hia_affects": "all"})
    for text in ("e3e4", "e10e9", "f2/hia-off"):
        played.play(text)
    last = str(played.legal_moves()[0])
    old = (  # as the app wrote records before SAN: coordinate text, the older action form
        '[Event "Casual game"]\n[Variant "friendly"]\n[Options "hia_affects=all"]\n[Result "*"]\n\n'
        f"1. e3e4 e10e9 2. {{action f2/hia-off}} {last} *\n"
    )
    game = rules.load_game(old)
    assert [str(m) for m in game.history] == ["e3e4", "e10e9", "f2/hia-off", last]
    old_chess = '[Variant "chess"]\n[Options "fifty_move_rule=true"]\n\n1. e2e4 e7e5 2. e1e2 *\n'
    assert rules.load_game(old_chess).ply == 3


def test_the_fairy_stockfish_name_is_the_variant_tag(variant_folder: Path) -> None:
    """A variant file's fairy_stockfish key names the variant in the Variant tag; both that name
    and our id read back."""
    add_variant(
        variant_folder,
        '[variant.my-knightmate]\nparent = "chess"\nname = "My Knightmate"\nfairy_stockfish = "knightmate"\n'
        '[variant.my-child]\nparent = "my-knightmate"\n',
        "knightmate",
    )
    game = rules.new_game("my-knightmate")
    game.play("e4")
    text = rules.game_record(game)
    assert '[Variant "knightmate"]' in text and '[VariantId "my-knightmate"]' in text
    assert rules.load_game(text).variant == "my-knightmate"
    theirs = text.replace('[VariantId "my-knightmate"]\n', "")
    assert rules.load_game(theirs).variant == "my-knightmate"
    assert '[Variant "my-child"]' in rules.game_record(rules.new_game("my-child"))  # not inherited


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ('[Event "x"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf8 *\n', "'Qxf8'"),
        ('[Event "x"]\n\n1. e4 -- 2. d4 *\n', "null move"),
        ('[Event "x"]\n\n1. e4 {unclosed\n', "never closed"),
        ('[Event "x"\n\n1. e4 *\n', "cannot read tag"),
    ],
)
def test_malformed_pgn_gets_a_clear_error(text: str, fragment: str) -> None:
    with pytest.raises(rules.GameRecordError) as info:
        rules.load_game(text)
    assert fragment in str(info.value) and info.value.line is not None
