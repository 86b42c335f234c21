"""Moves XBoard can only relay in CECP's own forms, driven by the CECP script (cecp_gui.py):

* a move that takes a piece off its destination (Friendly's rifle shot, the Ghost's locust
  capture, the Hangman's withdrawal) goes in two legs, ``b1c3,c3b1``: the first leg ends on the
  piece taken, the second where the mover ends; the engine sends each leg as a ``move`` command
  of its own, all but the last ending in a comma (the specification's multi-leg moves);
* in a variant XBoard does not know, the engine plays only moves XBoard's board can follow
  (no swap, merge, separation, Ferry or Pocket move; all moves where none is left);
* a promotion's letter is one character, the piece's letter in the ``setup`` table the engine
  gave XBoard (a piece lettered ``NN`` promotes as ``e7e8i`` if ``I`` is its table letter); our
  own letters are still read."""

from __future__ import annotations

import random

import rules
from rules.moves import Move
from rules.protocols.movetext import protocol_text
from rules.protocols.xboard import XBoardEngine

from .cecp_gui import CecpGui

TWO_LEG_KINDS = ("rifle", "locust", "withdrawal")


def _spec_legs(move: Move) -> str:
    """The specification's multi-leg text, worked out here: to the piece taken, then on."""
    (taken,) = [square for square in move.captures if square != move.destination]
    return f"{move.origin}{taken},{taken}{move.destination}"


def test_moves_taking_off_their_square_are_read_in_two_legs():
    gui = CecpGui()
    gui.send("new")
    gui.send("variant friendly")  # twelve ranks: no rank shift
    gui.send("force")
    game = rules.new_game("friendly")
    rng = random.Random("two-legs")
    sent: dict[str, str] = {}
    for _ in range(400):
        moves = [m for m in game.legal_moves() if not m.promotion and not m.choice]
        if not moves or game.result is not None or len(sent) == len(TWO_LEG_KINDS):
            break
        two_legs = [m for m in moves if m.kind in TWO_LEG_KINDS and m.kind not in sent]
        move = two_legs[0] if two_legs else rng.choice(moves)
        text = _spec_legs(move) if move.kind in TWO_LEG_KINDS else protocol_text(game, move)
        if move.kind in TWO_LEG_KINDS:
            sent[move.kind] = text
        gui.send(f"usermove {text}")
        game.play(move)
    assert set(sent) == set(TWO_LEG_KINDS), sent
    lines = gui.sync()
    assert [line for line in lines if line.startswith(("Illegal", "Error"))] == []
    gui.send("usermove a1a1,a1a2")  # two legs that take nothing: refused, in words
    refused = gui.sync()
    assert len(refused) == 1 and refused[0].startswith("Illegal move (") and refused[0].endswith("a1a1,a1a2")
    assert gui.close() == 0


def test_the_engine_sends_two_legs_as_two_move_commands():
    game = rules.new_game("friendly")
    rng = random.Random("rifle-out")
    written: list[str] = []
    engine = XBoardEngine(written.append)
    for _ in range(400):
        rifles = [m for m in game.legal_moves() if m.kind == "rifle"]
        if rifles:
            break
        game.play(rng.choice(game.legal_moves()))
    rifle = rifles[0]
    first, second = _spec_legs(rifle).split(",")
    assert engine.move_text(game, rifle) == f"move {first},\nmove {second}"
    assert second.endswith(rifle.origin)  # the shooter stays: the second leg comes back


POOL_POSITION = "7k/4P3/8/8/8/8/8/4K3 w - - 0 1 captured={NN}R/"


def test_a_two_letter_piece_promotes_with_its_setup_letter():
    # Mega-Blender's Nightrider is lettered NN; White's pool holds it and a Rook.
    written: list[str] = []
    engine = XBoardEngine(written.append)
    for line in ("new", "variant mega-blender"):
        engine.handle(line)
    (setup,) = [line for text in written for line in text.split("\n") if line.startswith("setup ")]
    table = setup.split()[1].strip("()")
    white = table[:len(table) // 2]
    own = {p.letter for p in engine.session.game.rules.variant.pieces.values()}
    # The one table letter that is no piece's own letter is the Nightrider's.
    (nightrider,) = [c for c in white if c != "." and c not in own]
    for text, promoted in ((f"e7e8{nightrider.lower()}", "{NN}"), ("e7e8nn", "{NN}"), ("e7e8r", "R")):
        written.clear()
        for line in (f"setboard {POOL_POSITION}", "force", f"usermove {text}"):
            engine.handle(line)
        assert written == []
        assert engine.session.game.fen().startswith("4" + promoted + "2k/8/"), text
    engine.handle(f"setboard {POOL_POSITION}")
    engine.handle("usermove e7e8x")  # no piece has that letter here
    assert len(written) == 1 and written[0].startswith("Illegal move") and written[0].endswith("e7e8x")
    game = rules.new_game("mega-blender", fen=POOL_POSITION)
    (to_nightrider,) = [m for m in game.legal_moves() if m.promotion == "nightrider"]
    engine.handle("variant mega-blender")
    assert engine.move_text(game, to_nightrider) == f"move e7e8{nightrider.lower()}"


def test_the_engine_promotes_with_a_letter_of_the_table_over_the_protocol():
    gui = CecpGui()
    gui.send("new")
    gui.send("variant mega-blender")
    (setup,) = [line for line in gui.sync() if line.startswith("setup ")]
    black_letters = setup.split()[1].strip("()")[len(setup.split()[1].strip("()")) // 2:]
    gui.send(f"setboard {POOL_POSITION}")
    gui.send("sd 2")
    gui.send("go")
    reply, _ = gui.engine_move()
    assert reply[:4] == "e7e8" and len(reply) == 5 and reply[4] in black_letters, reply
    gui.send("force")
    gui.send("undo")
    gui.send(f"usermove {reply}")  # what it wrote, it reads
    assert gui.sync() == []
    assert gui.close() == 0


def test_in_a_variant_xboard_does_not_know_the_engine_plays_only_moves_it_relays():
    # Friendly's Displacer Squirrel swaps with a friend: XBoard would move it onto the friend.
    engine = XBoardEngine(lambda line: None)
    engine.handle("new")
    engine.handle("variant friendly")
    game = engine.session.game
    rng = random.Random("relays")
    while not any(m.kind == "swap" for m in game.legal_moves()):
        engine.handle(f"usermove {protocol_text(game, rng.choice(game.legal_moves()))}")
    kinds = {m.kind for m in game.legal_moves()}
    only = engine._limits().only
    assert only is not None and "swap" in kinds
    assert {m.kind for m in game.legal_moves() if str(m) in only} == kinds - {"swap"}
    engine.handle("new")  # chess: XBoard knows it, every move is searched
    assert engine._limits().only is None
