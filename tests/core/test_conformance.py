"""Conformance over every listed variant and each non-default option value.

Random playouts; after each move: undo restores the exact position text and hash,
every legal move's text parses back to the same move, and the position text
round-trips through a new game.
"""

from __future__ import annotations

import random

import pytest

import rules


def _cases() -> list[tuple[str, dict[str, object]]]:
    cases: list[tuple[str, dict[str, object]]] = []
    for vid in rules.variant_ids():
        cases.append((vid, {}))
        vdef = rules.variant(vid)
        for name, opt in vdef.options.items():
            if name == "fifty_move_rule":
                continue
            for choice in opt.choices:
                if choice != opt.default:
                    cases.append((vid, {name: choice}))
    return cases


CASES = _cases()
PLIES = 40
GAMES = 3


@pytest.mark.parametrize(("variant_id", "options"), CASES, ids=[f"{v}-{o}" for v, o in CASES])
def test_random_playouts_undo_and_text_round_trip(variant_id: str, options: dict[str, object]) -> None:
    for seed in range(GAMES):
        rng = random.Random(f"{variant_id}-{options}-{seed}")
        game = rules.new_game(variant_id, options=options)
        for _ in range(PLIES):
            if game.result is not None:
                break
            moves = game.legal_moves()
            actions = game.legal_actions()
            # Friendly: with no move left, a game goes on only if a switch would open one.
            assert moves or actions, "a game with no legal move or action must have a result"
            for m in moves + actions:
                assert game.parse_move(str(m)) == m, f"text {m} does not parse back"
            if actions and (not moves or rng.random() < 0.2):
                choice = rng.choice(actions)
            else:
                choice = rng.choice(moves)
            before_fen = game.fen()
            before_key = game.pos.key()
            game.play(choice)
            after_fen = game.fen()
            after_key = game.pos.key()
            copy = rules.new_game(variant_id, options=game.options, fen=after_fen)
            assert copy.fen() == after_fen
            assert copy.pos.key() == after_key, f"hash differs after reading back {after_fen}"
            assert sorted(map(str, copy.legal_moves())) == sorted(map(str, game.legal_moves()))
            game.undo()
            assert game.fen() == before_fen
            assert game.pos.key() == before_key
            game.redo()
            assert game.fen() == after_fen


@pytest.mark.parametrize("variant_id", rules.variant_ids())
def test_record_round_trip(variant_id: str) -> None:
    rng = random.Random(variant_id)
    game = rules.new_game(variant_id)
    for _ in range(30):
        if game.result is not None:
            break
        actions = game.legal_actions()
        if actions and rng.random() < 0.2:
            game.play(rng.choice(actions))
        else:
            game.play(rng.choice(game.legal_moves()))
    again = rules.load_game(rules.game_record(game))
    assert again.fen() == game.fen()
    assert [str(m) for m in again.history] == [str(m) for m in game.history]
