"""Game records keep everything a PGN game holds: tags, comments, NAGs, nested variations.

python-chess's PGN reader is the oracle for how the tree of a chess record is read."""

from __future__ import annotations

import io
import random

import chess.pgn
import pytest

import rules
from rules.errors import GameRecordError
from rules.gamerecord import read_pgn, record_of

ANNOTATED = """[Event "Club championship"]
[Site "Leeds"]
[Date "2013.04.07"]
[Round "3"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1850"]
[Annotator "Carl"]

{A sharp game.} 1. e4! {[%clk 0:09:58] [%eval 0.3]} e5 $2 (1... c5 {Sicilian} 2. Nf3
(2. c3 d5 (2... Nf6 3. e5) 3. exd5) d6) (1... e6?! 2. d4) 2. Nf3 Nc6 3. Bb5 $1 a6
4. Ba4 Nf6 5. O-O Be7 {[%clk 0:08:12]} 1-0
"""


def _python_chess_tree(node: chess.pgn.GameNode) -> list:
    return [
        (child.san(), sorted(child.nags), child.comment.strip(), [_python_chess_tree(child)])
        for child in node.variations
    ]


def _our_tree(node) -> list:
    return [
        (child.move, sorted(child.nags), " ".join(c.strip() for c in child.comments), [_our_tree(child)])
        for child in node.variations
    ]


def test_annotated_record_reads_as_python_chess_reads_it() -> None:
    """Tags in file order, moves, NAGs (glyphs too), comments and nested variations."""
    record = read_pgn(ANNOTATED)[0]
    theirs = chess.pgn.read_game(io.StringIO(ANNOTATED))
    assert list(record.headers.items()) == list(theirs.headers.items())
    assert _our_tree(record.root) == _python_chess_tree(theirs)
    assert record.root.comments == ["A sharp game."]
    assert record.result == "1-0"


def test_annotated_record_round_trips() -> None:
    """Writing keeps everything: the written text reads back as the same tree, and is already
    in our export format, so writing it again gives the same bytes."""
    record = read_pgn(ANNOTATED)[0]
    written = record.pgn()
    again = read_pgn(written)[0]
    assert again.same_as(record)
    assert again.pgn() == written
    theirs = chess.pgn.read_game(io.StringIO(written))
    assert _our_tree(again.root) == _python_chess_tree(theirs)


def test_main_line_is_played() -> None:
    record = read_pgn(ANNOTATED)[0]
    game = record.game()
    board = chess.pgn.read_game(io.StringIO(ANNOTATED)).end().board()
    assert game.fen().split()[:4] == board.fen().split()[:4]


def test_rest_of_line_comment_is_kept() -> None:
    """python-chess drops ';' comments; we keep them, so saving an opened file loses nothing."""
    record = read_pgn("1. e4 ; keep me\ne5 *\n")[0]
    assert record.root.variations[0].comments == [" keep me"]
    assert read_pgn(record.pgn())[0].same_as(record)


def test_tag_section_without_moves_is_a_game_of_its_own() -> None:
    text = '[Event "a"]\n[White "x"]\n\n[Event "b"]\n\n1. e4 *\n'
    records = read_pgn(text)
    assert [r.headers["Event"] for r in records] == ["a", "b"]
    assert records[0].mainline_moves() == [] and records[1].mainline_moves() == ["e4"]


def test_malformed_tag_is_read_as_lenient_readers_read_it() -> None:
    text = '[Event "x"]\n[White ""Socrates Expert""]\n\n1. e4 *\n'
    record = read_pgn(text)[0]
    assert record.headers["White"] == chess.pgn.read_game(io.StringIO(text)).headers["White"]
    assert read_pgn(record.pgn())[0].headers["White"] == record.headers["White"]


def test_error_names_the_game_the_line_and_the_move() -> None:
    text = '[Event "one"]\n\n1. e4 e5 *\n\n[Event "two"]\n\n1. e4 e5\n2. Ke3 *\n'
    record = read_pgn(text)[1]
    with pytest.raises(GameRecordError, match=r"line 8: game 2: move 'Ke3' \(ply 3\)"):
        record.game()


def test_unclosed_variation_is_named() -> None:
    with pytest.raises(GameRecordError, match="never closed"):
        read_pgn("1. e4 (1. d4 d5 *\n")


def test_brace_heavy_line_reads() -> None:
    """Many comments on one line are read in one pass."""
    text = "1. e4 " + "{x} " * 20_000 + "e5 *\n"
    record = read_pgn(text)[0]
    assert record.mainline_moves() == ["e4", "e5"]
    assert len(record.root.variations[0].comments) == 20_000


SEED_VARIANTS = ["friendly", "pocket43", "blender", "flight-and-ferry", "ultimate-cuisinart", "crazyhouse"]


@pytest.mark.parametrize("variant", SEED_VARIANTS)
def test_seed_variant_record_round_trips(variant: str) -> None:
    """A played game (actions included where the variant has them), with a comment and a
    variation added, writes and reads back as the same tree, the same bytes and the same game."""
    rng = random.Random(7)
    game = rules.new_game(variant)
    for _ in range(12):
        actions = game.legal_actions()
        if actions and rng.random() < 0.3:
            game.play(rng.choice(actions))
        moves = game.legal_moves()
        if not moves or game.result is not None:
            break
        game.play(rng.choice(moves))
    record = record_of(game, {"Event": "Test", "Variant": variant, "Result": "*"})
    first = record.root.variations[0]
    first.comments.append("an idea [%eval 0.5]")
    first.nags.append(3)
    replay = rules.new_game(variant)
    replay.play(replay.parse_move(first.move))
    second = replay.legal_moves()[-1]
    first.add(replay.san(second))
    written = record.pgn()
    again = read_pgn(written)[0]
    assert again.same_as(record)
    assert again.pgn() == written
    assert again.game().fen() == game.fen()
