"""XBoard's names for our variants, and results claimed as XBoard tests claims: a win only where
XBoard can see it, a loss or a draw as it stands (driven by a CECP script from the specification)."""

from __future__ import annotations

import pyffish

from .cecp_gui import CecpGui


def test_variants_are_announced_with_xboard_names():
    gui = CecpGui()
    announced = gui.features["variants"].split(",")
    assert {"normal", "3check", "xiangqi", "shogi", "crazyhouse", "capablanca", "grand", "janus"} <= set(announced)
    assert {"friendly", "kingofthehill", "minishogi", "pocket43"} <= set(announced)  # ours, engine-defined
    assert "chess" not in announced and "threecheck" not in announced
    # "variant 3check" (XBoard's name) plays Three-check: the engine answers a legal move.
    gui.send("new")
    gui.send("variant 3check")
    gui.send("sd 1")
    gui.send("usermove e2e4")
    reply, after = gui.engine_move()
    assert reply in pyffish.legal_moves("3check", pyffish.start_fen("3check"), ["e2e4"])
    assert not any(line.startswith("Error") for line in after)
    assert gui.close() == 0


def test_king_of_the_hill_is_claimed_by_the_loser():
    gui = CecpGui()
    gui.send("new")
    gui.send("variant kingofthehill")
    gui.send("force")
    gui.send("setboard 7k/p7/8/8/8/3K4/P7/8 w - - 0 1")
    gui.send("playother")  # the engine plays Black; White's king steps onto the hill
    gui.send("usermove d3d4")
    lines = [line for line in gui.sync() if not line.startswith(("setup ", "piece "))]  # XBoard does not know KOTH
    assert lines == ["1-0 {King reached hill}"]
    # The engine as White reaches the hill itself: XBoard would judge that claim false (it does
    # not know the hill), so it sends its move and leaves the claim to the loser.
    gui.send("new")
    gui.send("variant kingofthehill")
    gui.send("setboard 7k/p7/8/8/8/3K4/P7/8 w - - 0 1")
    gui.send("sd 2")
    gui.send("go")
    reply, after = gui.engine_move()
    assert reply in {"d3d4", "d3e4"}
    assert not any(line[:3] in ("1-0", "0-1", "1/2") for line in after)
    assert gui.close() == 0


def test_checkmate_is_claimed_by_the_winner():
    gui = CecpGui()
    gui.send("new")
    gui.send("setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
    gui.send("sd 2")
    gui.send("go")
    reply, after = gui.engine_move()
    assert reply == "a1a8" and after == ["1-0 {checkmate}"]
    assert gui.close() == 0
