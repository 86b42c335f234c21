"""Every record we write reads back: seeded random games in every variant, actions included
where a variant has them, written and read back to the same positions ply by ply (the save and
reopen check of bench/soak.py, in the suite)."""

from __future__ import annotations

import random

import pytest

import rules

SEEDS = range(3)
PLIES = 36


def _random_game(variant: str, seed: int) -> rules.Game:
    rng = random.Random(f"{variant}/{seed}")
    game = rules.new_game(variant)
    for _ in range(PLIES):
        if game.result is not None:
            break
        actions = game.legal_actions()
        if actions and rng.random() < 0.3:
            game.play(rng.choice(actions))
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


def _positions(game: rules.Game) -> list[str]:
    replay = game.copy_from_start()
    out = [replay.fen()]
    for move in game.history:
        replay.play(move)
        out.append(replay.fen())
    return out


@pytest.mark.slow
@pytest.mark.parametrize("variant", rules.variant_ids())
def test_every_record_we_write_reads_back_ply_by_ply(variant: str) -> None:
    for seed in SEEDS:
        game = _random_game(variant, seed)
        record = rules.game_record(game, {"White": "Soak", "Black": f"seed {seed}"})
        again = rules.load_game(record)
        assert [str(m) for m in again.history] == [str(m) for m in game.history], (variant, seed)
        assert _positions(again) == _positions(game), (variant, seed)
        assert again.result == game.result
        assert rules.read_pgn(record)[0].pgn() == record  # our own export format, byte for byte
