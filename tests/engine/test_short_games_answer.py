"""Many short engine games in every seed variant at the weakest levels: whenever the game
goes on, the engine returns a move (or a switch that opens one) that the game accepts.

Issue 47 item 8 (see tests/engine/test_switch_answers.py for the position it found). The
games are seeded, so a failure names a game that can be played again.
"""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.engine import make_player

#: (variant, options) for every seed variant and each of Pocket 43's sub-variants.
SEED_VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("friendly", {}),
    ("pocket43", {}),
    ("pocket43", {"synchronous": True}),
    ("pocket43", {"antisynchronous": True}),
    ("pocket43", {"cube": True}),
    ("pocket43", {"river": True}),
    ("pocket43", {"berolina-pawns": True}),
    ("pocket43", {"cube": True, "river": True, "berolina-pawns": True}),
    ("blender", {}),
    ("mega-blender", {}),
    ("blender-100", {}),
    ("cuisinart", {}),
    ("cuisinart-100", {}),
    ("ultimate-cuisinart", {}),
    ("flight-and-ferry", {}),
]
PLIES = 16
GAMES = 4


def play_short_game(variant: str, options: dict[str, Any], seed: int) -> rules.Game:
    game = rules.new_game(variant, options=options)
    players = (
        make_player("novice", seed=f"{seed}-white", depth=1),
        make_player("beginner", seed=f"{seed}-black", depth=1),
    )
    while game.result is None and game.ply < PLIES:
        legal = game.legal_moves() + game.legal_actions()
        assert legal, f"seed {seed}: the game goes on but has no move or switch at {game.fen()}"
        move = players[game.pos.turn].choose(game)
        assert move in legal, f"seed {seed}: the engine answered {move}, not legal at {game.fen()}"
        game.play(move)
    return game


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "options"), SEED_VARIANTS, ids=lambda v: str(v) if v else "default")
def test_the_weakest_levels_always_answer(variant: str, options: dict[str, Any]) -> None:
    for seed in range(GAMES):
        game = play_short_game(variant, options, seed)
        assert game.ply >= PLIES or game.result is not None
