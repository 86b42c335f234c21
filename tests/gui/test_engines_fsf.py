"""The engine client against Fairy-Stockfish (Debian's ``fairy-stockfish``, in /usr/games) over
CECP and UCI, and against a small CECP engine written here that answers ``post`` as
Fairy-Stockfish does: ``Error (unkown command): post`` is no refusal of the position."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest
from programs import find_program, needs_program

import rules
from fairygui.engines.client import EngineSpec, ExternalEngine, _refusal, detect, probe
from rules.engine import Limits

FSF = find_program("fairy-stockfish")
needs_fsf = needs_program("fairy-stockfish")


@pytest.mark.parametrize(("line", "refused"), [
    ("Error (unkown command): post", False),  # Fairy-Stockfish's spelling
    ("Error (unknown command): sd", False),
    ("Error (unknown command): usermove", True),  # a move it never took: the position differs
    ("Error (unknown command): setboard", True),
    ("Error (illegal position): 8/8/8", True),
    ("Illegal move: e2e5", True),
    ("1 20 0 13 e2e4", False),
])
def test_only_errors_about_the_position_refuse_it(line: str, refused: bool) -> None:
    assert _refusal(line) is refused


POST_REFUSER = """\
    import sys
    # A CECP engine that knows no "post" and takes moves bare (no usermove feature), as some do.
    moves = []
    for line in sys.stdin:
        words = line.split()
        word = words[0] if words else ""
        if word == "protover":
            print('feature myname="Postless 1.0" ping=1 setboard=1 variants="normal,3check" done=1', flush=True)
        elif word == "ping":
            print("pong " + words[1], flush=True)
        elif word == "post":
            print("Error (unkown command): post", flush=True)
        elif word == "usermove":
            print("Error (unknown command): usermove", flush=True)
        elif len(word) == 4 and word[1].isdigit():
            moves.append(word)
        elif word == "go":
            reply = "e7e5" if moves == ["e2e4"] else "g8f6"
            print("1 15 0 3 " + reply, flush=True)
            print("move " + reply, flush=True)
        elif word == "quit":
            break
"""


def test_an_engine_that_knows_no_post_plays_and_its_variant_names_are_ours(tmp_path: Path) -> None:
    script = tmp_path / "postless.py"
    script.write_text(textwrap.dedent(POST_REFUSER))
    facts = detect(sys.executable, (str(script),))
    assert facts.protocol == "xboard" and facts.name == "Postless 1.0"
    assert set(facts.variants) == {"chess", "threecheck"} and facts.variant_names["threecheck"] == "3check"
    engine = ExternalEngine(EngineSpec(sys.executable, (str(script),), "xboard"), facts)
    game = rules.new_game("chess")
    game.play("e2e4")
    try:
        result = engine.search(game, Limits(depth=1, time=1.0))
    finally:
        engine.close()
    assert str(result.best_move) == "e7e5" and result.score == 15


def play_with(engine: ExternalEngine, variant: str, plies: int) -> rules.Game:
    """The engine plays both sides; every move it sends must be legal (the client refuses others)."""
    game = rules.new_game(variant)
    for _ in range(plies):
        result = engine.search(game, Limits(depth=3, time=1.0))
        assert result.best_move in game.legal_moves()
        game.play(result.best_move)
    return game


@needs_fsf
@pytest.mark.parametrize("protocol", ["xboard", "uci"])
def test_fairy_stockfish_plays_chess_xiangqi_and_threecheck_through_the_client(protocol: str) -> None:
    assert FSF is not None
    facts = probe(EngineSpec(FSF, (), protocol))
    assert facts.name.startswith("Fairy-Stockfish")
    assert {"chess", "xiangqi", "threecheck", "shogi", "crazyhouse"} <= set(facts.variants)
    assert facts.variant_names["threecheck"] == "3check"
    engine = ExternalEngine(EngineSpec(FSF, (), protocol), facts)
    try:
        for variant in ("chess", "xiangqi", "threecheck"):  # xiangqi: CECP counts its ranks from 0
            assert play_with(engine, variant, 6).ply == 6
    finally:
        engine.close()


@needs_fsf
def test_fairy_stockfish_is_detected_by_its_uci_greeting() -> None:
    assert FSF is not None
    facts = detect(FSF)
    assert facts.protocol == "uci" and "threecheck" in facts.variants
