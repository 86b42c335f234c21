"""Protocol move text (rules.protocols.movetext): the short UCI form where it names one move,
the rules' own text otherwise, and reading either back to the same move."""

import random

import pytest

import rules
from rules import IllegalMoveError
from rules.protocols.movetext import parse_protocol_move, protocol_text


def test_chess_moves_are_plain_uci():
    # Castling is the king's two squares, en passant the pawn's, promotion a lowercase letter.
    game = rules.new_game("chess", fen="r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
    texts = {protocol_text(game, m) for m in game.legal_moves()}
    assert {"e1g1", "e1c1", "e5d6", "b7b8q", "b7b8n", "b7a8r", "b7a8b"} <= texts
    assert not any("=" in t or "x" in t for t in texts)
    assert parse_protocol_move(game, "e5d6").kind == "en-passant"
    assert parse_protocol_move(game, "e1g1").kind == "castle"
    assert parse_protocol_move(game, "b7b8q").promotion == "queen"
    assert parse_protocol_move(game, "b7b8=queen").promotion == "queen"


def test_rules_text_where_squares_do_not_tell_moves_apart():
    # A Hia switch leaves no square: it is written as the rules write it, and is read back.
    game = rules.new_game("friendly")
    switch = next(m for m in game.legal_actions() if m.origin == "f2")
    assert protocol_text(game, switch) == "f2/hia-off"
    assert parse_protocol_move(game, "f2/hia-off") == switch


@pytest.mark.parametrize("variant", rules.variant_ids())
def test_every_move_reads_back_along_random_games(variant):
    rng = random.Random(f"movetext-{variant}")
    game = rules.new_game(variant)
    for _ in range(24):
        moves = game.legal_moves() + game.legal_actions()
        if not moves or game.result is not None:
            break
        texts = [protocol_text(game, m) for m in moves]
        assert len(set(texts)) == len(texts), "two moves share a text"
        for move, text in zip(moves, texts, strict=True):
            assert parse_protocol_move(game, text) == move
        game.play(rng.choice(moves))


def test_illegal_text_names_the_move():
    game = rules.new_game("chess")
    with pytest.raises(IllegalMoveError, match="e2e5"):
        parse_protocol_move(game, "e2e5")
