"""Our CECP mode driven through Shogi and Minishogi games by the CECP script written from the
specification (cecp_gui.py): promotions ``+``, declined promotions written bare, drops ``P@e5``,
both from the GUI and from the engine, every move checked with pyffish (Fairy-Stockfish's rules)."""

from __future__ import annotations

import random

import pyffish
import pytest

from .cecp_gui import CecpGui

PLIES = 40


@pytest.mark.parametrize("variant", ["shogi", "minishogi"])
def test_a_cecp_gui_plays_a_shogi_game_with_promotions_and_drops(variant: str) -> None:
    gui = CecpGui()
    gui.send("new")
    gui.send(f"variant {variant}")
    # XBoard knows Shogi; Minishogi is described to it (setup with the shogi parent, piece lines).
    described = [line.split()[0] for line in gui.sync()]
    assert described == ([] if variant == "shogi" else ["setup"] + ["piece"] * (len(described) - 1))
    gui.send("sd 1")
    gui.send("force")
    start = pyffish.start_fen(variant)
    played: list[str] = []
    rng = random.Random(f"cecp-{variant}")
    seen = {"+": 0, "@": 0, "declined": 0, "engine": 0}
    for ply in range(PLIES):
        legal = sorted(pyffish.legal_moves(variant, start, played))
        if not legal:
            break
        if ply % 3 == 2:  # every third move is the engine's
            gui.send("go")
            reply, after = gui.engine_move()
            assert reply in legal, (played, reply)
            assert not any(line.startswith(("Illegal", "Error")) for line in after)
            gui.send("force")
            seen["engine"] += 1
            text = reply
        else:
            promoting = [t for t in legal if t.endswith("+")]
            drops = [t for t in legal if "@" in t]
            declinable = [t for t in legal if t + "+" in legal]
            pick = rng.random()
            pool = promoting if pick < 0.3 else drops if pick < 0.5 else declinable if pick < 0.6 else legal
            text = rng.choice(pool or legal)
            seen["declined"] += text in declinable
            gui.send(f"usermove {text}")
            assert gui.sync() == [], (played, text)
        seen["+"] += text.endswith("+")
        seen["@"] += "@" in text
        played.append(text)
    assert seen["+"] and seen["@"] and seen["declined"] and seen["engine"], seen
    assert gui.close() == 0
