"""Other programs' engines follow the clocks (issue 51): in a game with a time control a UCI
engine is sent ``go wtime btime winc binc [movestogo]`` and a CECP engine ``level`` once at the
start of its game, then ``time`` and ``otim`` before each move, never a fixed time per move;
when the game ends a CECP engine is sent ``result`` and keeps no clock. Checked on the texts
(fairygui/engines/timecontrol.py) and, from the client's log of the lines it sent, against the
real engines: Fairy-Stockfish over UCI and CECP, and Stockfish."""

from __future__ import annotations

import time

import pytest
from programs import find_program, needs_program
from PySide6.QtWidgets import QMessageBox

import rules
from fairygui.clock import ChessClock, ClockReading, read_clk, read_tag
from fairygui.controller import COMPUTER
from fairygui.engines.client import EngineSpec, ExternalEngine, probe
from fairygui.engines.registry import EngineEntry
from fairygui.engines.timecontrol import cecp_level, cecp_times, uci_go
from fairygui.newgame import GameChoice
from rules.engine import Limits

WAIT_MS = 90_000  # a guard against a hung test, not a speed figure
#: Half-moves of the short games: each engine moves about this many times on a 10 s clock.
PLIES = 12


def control(tag: str):
    found = read_tag(tag)
    assert found is not None
    return found


# ---------------------------------------------------------------- the protocols' texts


def test_uci_go_gives_both_clocks_in_milliseconds_and_the_increments_above_nothing() -> None:
    reading = ClockReading(control("10+0.1"), 9.8765, 10.0)
    assert uci_go(reading, "white") == "go wtime 9876 btime 10000 winc 100 binc 100"
    # Sudden death: no increments, and no movestogo ("if you don't get this ... it's sudden death").
    assert uci_go(ClockReading(control("300"), 250.0, 199.5), "black") == "go wtime 250000 btime 199500"


def test_uci_go_counts_the_moves_to_go_of_the_side_to_move() -> None:
    # 40 moves in 90 minutes, then 30 minutes: White made 39 moves, Black 38.
    reading = ClockReading(control("40/5400+30:1800+30"), 61.0, 1200.0, 39, 38)
    assert uci_go(reading, "white") == "go wtime 61000 btime 1200000 winc 30000 binc 30000 movestogo 1"
    assert uci_go(reading, "black").endswith("movestogo 2")
    # In the last period, sudden death: no movestogo.
    later = ClockReading(control("40/5400+30:1800+30"), 600.0, 700.0, 45, 45)
    assert "movestogo" not in uci_go(later, "white")


@pytest.mark.parametrize(("tag", "level"), [
    ("10+0.1", "level 0 0:10 0.1"),  # base in minutes:seconds, the increment in seconds
    ("300+3", "level 0 5 3"),  # whole minutes without seconds, as the specification's "level 0 2 12"
    ("40/300", "level 40 5 0"),  # conventional clock: 40 moves in 5 minutes
    ("40/5400+30:1800+30", "level 40 90 30"),  # the first period; time and otim say the rest
    ("150", "level 0 2:30 0"),
])
def test_cecp_level_names_moves_base_and_increment(tag: str, level: str) -> None:
    assert cecp_level(control(tag)) == level


def test_cecp_time_is_the_clock_of_the_side_the_engine_plays_and_otim_the_others() -> None:
    reading = ClockReading(control("10+0.1"), 8.456, 9.1)
    assert cecp_times(reading, "white") == ("time 845", "otim 910")
    assert cecp_times(reading, "black") == ("time 910", "otim 845")


# ---------------------------------------------------------------- real engines in the window

ENGINES = [
    pytest.param("fairy-stockfish", "uci", marks=needs_program("fairy-stockfish")),
    pytest.param("fairy-stockfish", "xboard", marks=needs_program("fairy-stockfish")),
    pytest.param("stockfish", "uci", marks=needs_program("stockfish")),
]


def add_engine(window, program: str, protocol: str) -> EngineEntry:
    path = find_program(program)
    assert path is not None
    facts = probe(EngineSpec(path, (), protocol))
    entry = EngineEntry.from_facts(path, (), facts, window.engines.taken_names())
    window.engines.add(entry)
    return entry


def clocks_after_moves(window) -> dict[str, list[float]]:
    """Each side's clock after each of its moves, as the record's [%clk] commands keep them."""
    times: dict[str, list[float]] = {"white": [], "black": []}
    for step in window.controller.steps:
        recorded = read_clk(step.node.comments)
        assert recorded is not None
        times[step.info.side].append(recorded)
    return times


def within(told: float, recorded: float) -> bool:
    """A clock told to the engine (seconds) agrees with the record's [%clk] of the same clock,
    which keeps tenths below ten seconds and whole seconds above."""
    return recorded <= told < recorded + (0.1 if recorded < 10 else 1.0) + 1e-9


def play_engine_game(window, qtbot, program: str, protocol: str) -> EngineEntry:
    entry = add_engine(window, program, protocol)
    choice = GameChoice("chess", players={"white": COMPUTER, "black": COMPUTER},
                        engines={"white": entry.name, "black": entry.name}, time_control="10+0.1")
    assert window.start_game(choice)
    qtbot.waitUntil(lambda: window.controller.game.ply >= PLIES, timeout=WAIT_MS)
    window.seats.stop()
    return entry


@pytest.mark.slow
@pytest.mark.parametrize(("program", "protocol"), ENGINES)
def test_an_engine_playing_both_sides_is_told_the_clocks_before_each_move(make_window, qtbot, program, protocol):
    window = make_window("chess")
    play_engine_game(window, qtbot, program, protocol)
    game = window.controller.game
    assert game.result is None  # no flag fell: each engine kept within its clock
    times = clocks_after_moves(window)
    assert all(t > 0 for side in times.values() for t in side)
    for side in ("white", "black"):
        other = "black" if side == "white" else "white"
        sent = list(window.engines.running(side).sent)
        assert not any(line.startswith(("st ", "sd ")) or "movetime" in line for line in sent)
        if protocol == "uci":
            goes = [line.split() for line in sent if line.startswith("go")]
            assert len(goes) >= PLIES // 2
            for number, words in enumerate(goes):
                told = dict(zip(words[1::2], (int(w) for w in words[2::2]), strict=True))
                assert set(told) == {"wtime", "btime", "winc", "binc"}, words  # 10 s + 0.1 s: no movestogo
                assert told["winc"] == told["binc"] == 100
                own, theirs = told[side[0] + "time"], told[other[0] + "time"]
                # The side's k-th move is thought on the clocks as the record keeps them before it.
                mine_before = times[side][number - 1] if number else 10.0
                theirs_before = [10.0, *times[other]][number + (1 if side == "black" else 0)]
                assert 0 < own / 1000 < mine_before + 1.0
                assert within(theirs / 1000, theirs_before)
        else:
            assert [line for line in sent if line.startswith("level")] == ["level 0 0:10 0.1"]  # once
            assert sent.count("new") == 1  # one game, sent move by move
            goes = [i for i, line in enumerate(sent) if line == "go"]
            assert len(goes) >= PLIES // 2
            for number, at in enumerate(goes):
                own_line, their_line = sent[at - 3], sent[at - 2]  # time, otim, post, go
                assert own_line.startswith("time ") and their_line.startswith("otim ")
                own, theirs = int(own_line.split()[1]), int(their_line.split()[1])
                mine_before = times[side][number - 1] if number else 10.0
                theirs_before = [10.0, *times[other]][number + (1 if side == "black" else 0)]
                assert 0 < own / 100 < mine_before + 1.0
                assert within(theirs / 100, theirs_before)


@pytest.mark.slow
@needs_program("fairy-stockfish")
def test_a_flag_that_falls_ends_the_cecp_engines_game_with_result(make_window, qtbot, monkeypatch):
    """The game ends on time while an engine thinks: it is stopped, both engines are sent the
    result, and nothing about clocks follows; the next game on the clocks begins anew."""
    window = make_window("chess")
    entry = add_engine(window, "fairy-stockfish", "xboard")
    choice = GameChoice("chess", players={"white": COMPUTER, "black": COMPUTER},
                        engines={"white": entry.name, "black": entry.name}, time_control="10+0.1")
    assert window.start_game(choice)
    qtbot.waitUntil(lambda: window.controller.game.ply >= 4 and window.computer.opponent.task is not None,
                    timeout=WAIT_MS)
    clocks = window.play.clocks
    behind = time.monotonic() + 60  # the clocks jump a minute on: the side to move has run out
    clocks.now = lambda: behind
    clocks.tick()
    result = window.controller.record.headers["Result"]
    assert window.controller.game.result is not None and result in ("1-0", "0-1")
    for side in ("white", "black"):
        engine = window.engines.running(side)
        qtbot.waitUntil(lambda engine=engine: any(line.startswith("result ") for line in engine.sent),
                        timeout=WAIT_MS)
        sent = list(engine.sent)
        told = next(line for line in sent if line.startswith("result "))
        assert told.startswith(f"result {result} {{") and told.endswith("}")
        assert sent[-1] == told  # nothing after it: no clock, no move
        last_go = len(sent) - 1 - sent[::-1].index("go")
        # Between its last search and the result at most "?" (move now: the one that was thinking).
        assert set(sent[last_go + 1:-1]) <= {"?"}
    # The next game on the clocks begins with new and its level again.
    clocks.now = time.monotonic
    monkeypatch.setattr(QMessageBox, "question", staticmethod(lambda *_a: QMessageBox.StandardButton.Discard))
    assert window.start_game(choice)
    qtbot.waitUntil(lambda: window.controller.game.ply >= 2, timeout=WAIT_MS)
    window.seats.stop()
    sent = list(window.engines.running("white").sent)
    after = sent[len(sent) - 1 - sent[::-1].index("new"):]
    assert after[1] == "level 0 0:10 0.1"


@needs_program("fairy-stockfish")
def test_a_cecp_engine_given_a_fixed_time_is_started_afresh_for_a_game_on_the_clocks() -> None:
    """Fairy-Stockfish keeps an ``st`` through a later ``level``: the clocks get a fresh process."""
    path = find_program("fairy-stockfish")
    assert path is not None
    spec = EngineSpec(path, (), "xboard")
    engine = ExternalEngine(spec, probe(spec))
    game = rules.new_game("chess")
    try:
        assert engine.search(game, Limits(time=0.2)).best_move is not None
        first = engine.process
        assert "st 1" in engine.sent
        clock = ChessClock(control("10+0.1"))
        clock.start("white")
        assert engine.search(game, clock=clock.reading()).best_move is not None
        assert engine.process is not first
        sent = list(engine.sent)
        since = sent[len(sent) - 1 - sent[::-1].index("xboard"):]  # the new process's lines
        assert "level 0 0:10 0.1" in since and not any(line.startswith("st ") for line in since)
    finally:
        engine.close()
