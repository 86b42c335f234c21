"""Move text in records is PGN symbol tokens: no braces (comments) or other reserved
characters, so other PGN readers keep every move whole; records with the older braces read."""

from __future__ import annotations

import io
import random
import re

import chess
import chess.pgn
import pytest

import rules

#: Characters the PGN standard reserves: comments, variations, tags, NAGs, escapes, "<" and ">".
RESERVED = re.compile(r"[{}();\[\]$%<>\"]")


def _played(variant: str, seed: int, plies: int = 60, fen: str | None = None) -> rules.Game:
    rng = random.Random(seed)
    game = rules.new_game(variant, fen=fen)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves or game.result is not None:
            break
        game.play(rng.choice(moves))
    return game


class _Tokens(chess.pgn.BaseVisitor[list[str]]):
    """What python-chess's reader takes for moves and for comments, playing nothing."""

    def begin_game(self) -> None:
        self.moves: list[str] = []
        self.comments: list[str] = []

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        self.moves.append(san)
        return chess.Move.null()

    def visit_comment(self, comment: str) -> None:
        self.comments.append(comment)

    def result(self) -> list[str]:
        return self.moves


def _python_chess_tokens(record: str) -> tuple[list[str], list[str]]:
    visitor = _Tokens()
    chess.pgn.read_game(io.StringIO(re.sub(r'\[Variant(Id)? "[^"]*"\]\n', "", record)), Visitor=lambda: visitor)
    return visitor.moves, visitor.comments


def test_multi_letter_pieces_are_written_as_their_capitals() -> None:
    game = rules.new_game("cuisinart", fen="4k3/8/8/8/8/8/8/{DH}3K3 w - - 0 1")
    assert game.san("a1d4") == "DHd4"
    assert game.play("DHe5").destination == "e5"


def test_shogi_promotions_are_written_with_fairy_stockfishs_letters_and_older_letters_still_read() -> None:
    study = rules.new_game("minishogi", fen="2k2/S4/5/5/K4[] w - - 0 1")
    promotion = study.parse_move("a4b5=promoted-silver")
    assert study.san(promotion) == "Sb5=G+"  # the Promoted Silver moves as a Gold: FSF's G
    assert study.parse_move("Sb5=PS+") == promotion  # its own letter, as older records wrote it


@pytest.mark.parametrize("variant", ["cuisinart", "mega-blender", "friendly", "shogi", "minishogi", "pocket43"])
def test_no_move_text_uses_what_pgn_reserves(variant: str) -> None:
    for seed in range(3):
        game = _played(variant, seed)
        for san in game.copy_from_start().san_line(game.history):
            assert not RESERVED.search(san), san


def test_older_records_with_braces_and_merge_results_after_a_bracket_still_read() -> None:
    game = rules.new_game("cuisinart", fen="4k3/8/8/8/8/8/8/{DH}3K3 w - - 0 1")
    assert str(game.play("{DH}d4")) == "a1d4"
    study = rules.new_game("minishogi", fen="2k2/S4/5/5/K4[] w - - 0 1")
    assert study.play("Sb5={PS}+").promotion is not None
    blender = rules.new_game("cuisinart")
    for san in ("Nh3", "Nc6", "e3", "Nd6/W", "Be2/F", "Q&c8/R", "Nh4/W", "a6"):
        blender.play(san)
    assert [blender.san(m) for m in blender.legal_moves() if str(m) == "a1b1/wazir>griffon"] == ["R&b1/W=GF"]
    assert str(blender.play("R&b1/W>{GF}")) == "a1b1/wazir>griffon"


@pytest.mark.parametrize(("variant", "seed"), [("cuisinart", 3), ("cuisinart", 5), ("cuisinart", 7)])
def test_python_chess_reads_each_move_as_one_token_and_no_comment(variant: str, seed: int) -> None:
    """python-chess's tokenizer knows chess SAN only, so of a fairy move it keeps the part that
    looks like chess; what matters is that every move gives exactly one token, in order, and that
    nothing is swallowed as a comment, as ``{DH}`` was."""
    game = _played(variant, seed, 80)
    sans = game.copy_from_start().san_line(game.history)
    assert any(re.match(r"[A-Z]{2}", san) for san in sans)  # the game has a multi-letter piece move
    record = rules.game_record(game)
    moves, comments = _python_chess_tokens(record)
    assert comments == [] and len(moves) == len(sans)
    for token, san in zip(moves, sans, strict=True):
        assert token in san
    braced = record
    for letters in {m.group() for san in sans for m in re.finditer(r"[A-Z]{2,}", san)}:
        braced = re.sub(rf"(?<![A-Z\[]){letters}(?![A-Z])", "{" + letters + "}", braced)
    assert _python_chess_tokens(braced)[1] != []  # the older spelling was read as comments
    assert rules.load_game(braced).history == game.history
