"""Soak: seeded random games in every variant and option set, checked as a whole.

``test_conformance.py`` checks each ply (undo of one move, move texts, position text);
this adds the invariants of whole games: undo back to the start and redo to the end
pass through exactly the positions played, the record reads back to the same game
(also from a mid-game position in a FEN tag), a copy is the same game, and the result
is the same after reading. The budget is a number of plies, never a time.
``bench/soak.py`` runs the same games at a larger size.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import rules


def option_sets() -> list[tuple[str, dict[str, Any]]]:
    """Every variant with its defaults, and with each other choice of each option."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for vid in rules.variant_ids():
        cases.append((vid, {}))
        for name, opt in rules.variant(vid).options.items():
            cases.extend((vid, {name: c}) for c in opt.choices if c != opt.default and not opt.free_text)
    return cases


def soak_game(variant_id: str, options: dict[str, Any], seed: int, plies: int) -> int:
    """Play one seeded random game of up to ``plies`` and check every whole-game invariant.

    Returns the number of moves and actions played."""
    rng = random.Random(f"soak-{variant_id}-{sorted(options.items())}-{seed}")
    game = rules.new_game(variant_id, options=options)
    fens = [game.fen()]
    for _ in range(plies):
        if game.result is not None:
            break
        moves, actions = game.legal_moves(), game.legal_actions()
        assert moves or actions, "a game with no legal move or action must have a result"
        choice = rng.choice(actions) if actions and (not moves or rng.random() < 0.15) else rng.choice(moves)
        played = game.play(str(choice))  # through the text, as a user types it
        assert played == choice, f"text {choice} played {played}"
        fens.append(game.fen())
    _check_undo_redo(game, fens)
    _check_record(game)
    _check_mid_game_record(game, rng)
    copy = game.copy()
    assert copy.fen() == game.fen() and copy.pos.key() == game.pos.key() and copy.result == game.result
    return game.ply


def _check_undo_redo(game: rules.Game, fens: list[str]) -> None:
    key = game.pos.key()
    for expected in reversed(fens[:-1]):
        game.undo()
        assert game.fen() == expected
    assert game.fen() == game.start_fen
    for expected in fens[1:]:
        game.redo()
        assert game.fen() == expected
    assert game.pos.key() == key and not game.can_redo


def _check_record(game: rules.Game) -> None:
    again = rules.load_game(rules.game_record(game))
    assert [str(m) for m in again.history] == [str(m) for m in game.history]
    assert again.fen() == game.fen() and again.options == game.options
    assert again.result == game.result


def _check_mid_game_record(game: rules.Game, rng: random.Random) -> None:
    """A study from a position reached in play: the FEN tag and the rest of the moves."""
    if game.ply < 2:
        return
    cut = rng.randrange(1, game.ply)
    replay = game.copy_from_start()
    for move in game.history[:cut]:
        replay.play(move)
    study = rules.new_game(game.variant, options=game.options, fen=replay.fen())
    for move in game.history[cut:]:
        study.play(str(move))
    again = rules.load_game(rules.game_record(study))
    assert again.start_fen == study.start_fen
    assert [str(m) for m in again.history] == [str(m) for m in study.history]
    assert again.fen() == study.fen() == game.fen()


CASES = option_sets()
CI_PLIES = 24


@pytest.mark.parametrize(("variant_id", "options"), CASES, ids=[f"{v}-{o}" for v, o in CASES])
def test_soak(variant_id: str, options: dict[str, Any]) -> None:
    assert soak_game(variant_id, options, seed=0, plies=CI_PLIES) > 0
