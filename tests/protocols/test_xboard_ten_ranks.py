"""XBoard counts ranks from 0 on boards of exactly ten ranks (Xiangqi, Grand): our xboard mode
reads and writes its moves that way, and only there. Every move is checked with pyffish
(Fairy-Stockfish's rules, ranks from 1) after the test's own conversion."""

from __future__ import annotations

import random
import re

import pyffish
import pytest

from .cecp_gui import CecpGui, from_cecp, to_cecp

ZERO_BASED = re.compile(r"^[a-j][0-9][a-j][0-9]$")


@pytest.mark.parametrize(("variant", "first"), [("xiangqi", "h2e2"), ("grand", "e2e4")])
def test_a_cecp_gui_plays_both_sides_of_a_ten_rank_game(variant, first):
    # Xiangqi: "h2e2" is the central Cannon (our h3e3); Grand: "e2e4", the e-pawn from its third rank.
    gui = CecpGui()
    assert variant in gui.features["variants"].split(",")
    rng = random.Random(f"ten-ranks-{variant}")
    start = pyffish.start_fen(variant)
    played: list[str] = []  # in Fairy-Stockfish's UCI text, ranks from 1
    gui.send("new")
    gui.send(f"variant {variant}")
    gui.send("sd 1")
    gui.send("post")
    gui.send(f"usermove {first}")
    played.append(from_cecp(first, 10))
    assert played[0] in pyffish.legal_moves(variant, start, [])
    for _ in range(3):
        reply, after = gui.engine_move()
        assert ZERO_BASED.match(reply), reply
        assert from_cecp(reply, 10) in pyffish.legal_moves(variant, start, played), reply
        played.append(from_cecp(reply, 10))
        ours = rng.choice(sorted(pyffish.legal_moves(variant, start, played)))
        gui.send(f"usermove {to_cecp(ours, 10)}")
        played.append(ours)
    # The engine takes the other side: after "force" and "go" it moves for the side to move.
    gui.send("force")
    gui.send("go")
    reply, _ = gui.engine_move()
    assert from_cecp(reply, 10) in pyffish.legal_moves(variant, start, played), reply
    assert gui.close() == 0


def test_one_based_squares_are_refused_on_a_ten_rank_board():
    gui = CecpGui()
    gui.send("new")
    gui.send("variant xiangqi")
    gui.send("force")
    # Our old text for the central Cannon: in CECP's count h3 is the empty point above it.
    gui.send("usermove h3e3")
    gui.send("usermove a9a8")  # Black's Chariot, CECP a9 = rank 10: but it is Red's turn
    lines = gui.sync()
    assert [line.split(":")[-1].strip() for line in lines] == ["h3e3", "a9a8"]
    assert all(line.startswith("Illegal move") for line in lines)
    gui.send("usermove h2e2")  # the central Cannon
    gui.send("usermove h9g7")  # Black's Horse from its corner
    assert gui.sync() == []
    gui.send("analyze")
    thought = gui.engine.until(lambda line: line[:1].isdigit())[-1].split()
    gui.send("exit")
    played = ["h3e3", "h10g8"]
    assert from_cecp(thought[4], 10) in pyffish.legal_moves("xiangqi", pyffish.start_fen("xiangqi"), played)
    assert gui.close() == 0


def test_eight_and_twelve_rank_boards_count_from_one():
    gui = CecpGui()
    gui.send("new")
    gui.send("variant friendly")  # 12x12: ranks 1..12, two digits where they need them
    gui.send("force")
    gui.send("usermove h3h4")
    gui.send("usermove a10a8")  # a Black pawn's double step onto rank 8: no rank 0 and no shift
    # Only the variant's setup (and piece) lines come back: both moves were taken.
    assert [line.split()[0] for line in gui.sync()] == ["setup"] + ["piece"] * 10
    gui.send("new")  # chess: e2e4 is e2e4
    gui.send("force")
    gui.send("usermove e2e4")
    gui.send("usermove e1e0")
    lines = gui.sync()
    assert len(lines) == 1 and lines[0].startswith("Illegal move") and lines[0].endswith("e1e0")
    assert gui.close() == 0


def test_every_square_of_a_text_shifts_on_ten_ranks_only():
    import rules
    from rules.protocols.movetext import cecp_text, text_of_cecp

    ferry = rules.new_game("flight-and-ferry")  # 8 files, 10 ranks: XBoard counts from 0 here too
    assert cecp_text(ferry, "c5/a5") == "c4/a4" and text_of_cecp(ferry, "c4/a4") == "c5/a5"
    assert cecp_text(ferry, "a1h10") == "a0h9" and cecp_text(ferry, "P@e10") == "P@e9"
    grand = rules.new_game("grand")
    assert text_of_cecp(grand, "b7b9q") == "b8b10q"
    chess = rules.new_game("chess")
    assert cecp_text(chess, "e7e8q") == "e7e8q" and text_of_cecp(chess, "e1e0") == "e1e0"
