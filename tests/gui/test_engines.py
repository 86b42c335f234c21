"""Settings > Engines: other programs' engines in the app, tested with our own ``python -m rules
uci`` and ``xboard`` as the other program (real separate processes), and with two small
misbehaving engines written here: one that answers an illegal move, one that never answers."""

from __future__ import annotations

import os
import signal
import sys
import textwrap

import pytest

import rules
from fairygui.engines import client
from fairygui.engines.client import EngineSpec, detect
from fairygui.engines.manager import EngineManager
from fairygui.engines.registry import ANALYSIS, OPPONENT, EngineEntry
from fairygui.settings import Settings, open_qsettings
from rules.engine import Limits

WAIT_MS = 60_000  # a guard against a hung test, not a speed figure
OURS = {"uci": ("-m", "rules", "uci"), "xboard": ("-m", "rules", "xboard")}


def add_engine(window, args: tuple[str, ...], path: str = sys.executable) -> EngineEntry:
    """Greet a real engine program (in this thread: the test has nothing else to do) and list it."""
    facts = detect(path, args)
    entry = EngineEntry.from_facts(path, args, facts, window.engines.taken_names())
    window.engines.add(entry)
    return entry


def versus_black(window, seconds: float | None = None, level: str = "advanced", engine: str = "") -> None:
    """A new game of chess: you White, Black the computer (another program's engine, if named)."""
    window.computer.opponent.time_limit = seconds
    window.controller.new_game("chess", players={"white": "human", "black": "computer"},
                               levels={"black": level}, engines={"black": engine})


def play(window, text: str) -> None:
    controller = window.controller
    assert controller.play(controller.game.parse_move(text))


def fake_engine(tmp_path, name: str, body: str) -> tuple[str, ...]:
    script = tmp_path / f"{name}.py"
    script.write_text(textwrap.dedent(body))
    return (str(script),)


def test_adding_our_uci_engine_in_the_dialog_lists_its_variants_options_and_keeps_them(window, qtbot,
                                                                                       private_settings):
    dialog = window.open_engines_dialog()
    dialog.program.setText(sys.executable)
    dialog.arguments.setText("-m rules uci")
    assert dialog.add_engine()
    qtbot.waitUntil(lambda: dialog.engine_list.count() == 1, timeout=WAIT_MS)
    entry = window.engines.entries[0]
    assert entry.name == "Fairychess" and entry.protocol == "uci"
    assert set(entry.variants) == set(rules.variant_ids())  # its UCI_Variant combo, read back
    assert "plays" in dialog.status.text() and "friendly" in dialog.status.text()
    # Its options from its "option" lines, editable; the variant option is the app's to set.
    assert set(dialog.editors) == {"Level", "Hash"}
    dialog.editors["Hash"].setValue(32)
    dialog.editors["Level"].setCurrentText("expert")
    dialog.opponent_choice.setCurrentIndex(1)
    dialog.opponent_choice.activated.emit(1)
    assert window.engines.roles[OPPONENT] == "Fairychess"
    # Kept in the settings: a new start finds the engine, its values and its role.
    window.settings.sync()
    again = EngineManager(Settings(open_qsettings(str(private_settings))))
    kept = again.entry("Fairychess")
    assert kept is not None and kept.values == {"Hash": "32", "Level": "expert"}
    assert kept.args == ("-m", "rules", "uci") and again.roles[OPPONENT] == "Fairychess"


def test_a_program_that_is_no_engine_is_refused_in_words(window, qtbot, tmp_path):
    dialog = window.open_engines_dialog()
    silent = fake_engine(tmp_path, "silent", "import sys\nsys.stdin.read()\n")
    dialog.program.setText(sys.executable)
    dialog.arguments.setText(silent[0])
    monkey_greeting = client.GREETING_SECONDS
    client.GREETING_SECONDS = 0.5
    try:
        dialog.add_engine()
        qtbot.waitUntil(lambda: "not added" in dialog.status.text(), timeout=WAIT_MS)
    finally:
        client.GREETING_SECONDS = monkey_greeting
    assert "neither UCI nor XBoard" in dialog.status.text()  # it could be started: it is no engine
    assert dialog.engine_list.count() == 0


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_our_engine_as_another_program_plays_the_computers_move(window, qtbot, protocol):
    entry = add_engine(window, OURS[protocol])
    versus_black(window, engine=entry.name)
    started: list[str] = []
    window.computer.opponent.started.connect(lambda report: started.append(report.text()))
    play(window, "e2e4")
    qtbot.waitUntil(lambda: window.controller.game.ply == 2, timeout=WAIT_MS)
    game = window.controller.game
    reply = game.history[-1]
    assert reply in legal_after(["e2e4"])
    assert any(entry.name in text for text in started)  # the indicator names the engine
    running = window.engines.running("black")
    assert running is not None and running.process is not None and running.process.alive()


def legal_after(moves: list[str]) -> set[rules.Move]:
    game = rules.new_game("chess")
    for text in moves:
        game.play(text)
    return set(game.legal_moves())


@pytest.mark.parametrize("protocol", ["uci", "xboard"])
def test_our_engine_as_another_program_analyses_a_friendly_position(make_window, qtbot, protocol):
    window = make_window("friendly")
    entry = add_engine(window, OURS[protocol])
    assert "friendly" in entry.variants
    window.engines.set_role(ANALYSIS, entry.name)
    play(window, "e2e4")
    window.analysis.set_active(True)
    panel = window.analysis.panel
    qtbot.waitUntil(lambda: panel.evaluation is not None and panel.evaluation.depth >= 1, timeout=WAIT_MS)
    assert panel.evaluation.line[0].move in window.controller.game.legal_moves()
    assert panel.evaluation.nodes > 0
    assert panel.details.text().startswith(entry.name)  # the panel says whose analysis it shows
    assert window.engines.running(ANALYSIS).process.alive()
    window.analysis.set_active(False)


def test_another_programs_engine_gives_several_lines_through_multipv(window, qtbot):
    entry = add_engine(window, OURS["uci"])
    window.engines.set_role(ANALYSIS, entry.name)
    play(window, "e2e4")
    panel = window.analysis.panel
    panel.lines.setValue(2)
    window.analysis.set_active(True)
    qtbot.waitUntil(lambda: panel.evaluation is not None and len(panel.evaluation.others) == 1, timeout=WAIT_MS)
    evaluation = panel.evaluation
    first, second = evaluation.line[0].move, evaluation.others[0].moves[0].move
    assert first != second and {first, second} <= set(window.controller.game.legal_moves())
    window.analysis.set_active(False)


TWO_LINE_ENGINE = """\
    import sys
    lines = 1
    for line in sys.stdin:
        words = line.split()
        word = words[0] if words else ""
        if word == "uci":
            print("id name Twoline")
            print("option name MultiPV type spin default 1 min 1 max 2")
            print("uciok", flush=True)
        elif word == "setoption":
            lines = int(words[-1])
        elif word == "isready":
            print("readyok", flush=True)
        elif word == "go" and lines == 1:  # its one line is another move, to show it was told
            print("info depth 1 score cp 20 nodes 5 pv g1f3", flush=True)
            print("bestmove g1f3", flush=True)
        elif word == "go" and lines == 2:
            print("info depth 1 multipv 1 score cp 30 nodes 5 pv e2e4", flush=True)
            print("info depth 1 multipv 2 score cp 10 nodes 5 pv d2d4 d7d5", flush=True)
            print("bestmove e2e4", flush=True)
        elif word == "go":  # told more lines than it offers: it answers nonsense
            print("bestmove e7e1", flush=True)
        elif word == "quit":
            break
"""


def test_multipv_asked_of_another_engine_is_held_to_what_it_offers(tmp_path):
    args = fake_engine(tmp_path, "twoline", TWO_LINE_ENGINE)
    engine = client.ExternalEngine(EngineSpec(sys.executable, args), detect(sys.executable, args))
    try:
        result = engine.search(rules.new_game("chess"), Limits(depth=1), lines=5)
        assert [(str(line.pv[0]), line.score) for line in result.lines] == [("e2e4", 30), ("d2d4", 10)]
        assert [str(m) for m in result.lines[1].pv] == ["d2d4", "d7d5"]
        # Asked for one line again, it is told so.
        again = engine.search(rules.new_game("chess"), Limits(depth=1))
        assert str(again.best_move) == "g1f3" and again.lines == ()
    finally:
        engine.close()


@pytest.mark.slow
def test_an_engine_without_multipv_gives_its_one_line():
    # Our XBoard engine offers no MultiPV: asking for three lines gives the best one alone.
    engine = client.ExternalEngine(EngineSpec(sys.executable, OURS["xboard"], "xboard"),
                                   detect(sys.executable, OURS["xboard"]))
    try:
        result = engine.search(rules.new_game("chess"), Limits(depth=2), lines=3)
    finally:
        engine.close()
    assert result.lines == () and len(result.principal_lines()) == 1


@pytest.mark.slow
def test_a_killed_engine_mid_search_is_reported_and_the_game_is_kept(window, qtbot):
    entry = add_engine(window, OURS["uci"])
    # A minute: the engine is still thinking when the test kills it.
    versus_black(window, seconds=60.0, engine=entry.name)
    play(window, "e2e4")
    qtbot.waitUntil(lambda: window.engines.running("black") is not None
                    and window.engines.running("black").process is not None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: window.computer.opponent.thinking, timeout=WAIT_MS)
    before = (window.controller.game.fen(), list(window.controller.game.history))
    os.kill(window.engines.running("black").process.pid, signal.SIGKILL)
    qtbot.waitUntil(lambda: "game is kept" in window.status_text(), timeout=WAIT_MS)
    text = window.status_text()
    assert entry.name in text and "ended by SIGKILL" in text
    assert not window.computer.opponent.thinking
    assert (window.controller.game.fen(), list(window.controller.game.history)) == before
    # Move now asks again: a new engine process answers.
    window.computer.opponent.time_limit = 0.5
    assert window.computer.opponent.move_now()
    qtbot.waitUntil(lambda: window.controller.game.ply == 2, timeout=WAIT_MS)
    assert window.controller.game.history[-1] in legal_after(["e2e4"])


ILLEGAL_ENGINE = """\
    import sys
    for line in sys.stdin:
        word = line.split()[0] if line.split() else ""
        if word == "uci":
            print("id name Liar"); print("uciok", flush=True)
        elif word == "isready":
            print("readyok", flush=True)
        elif word == "go":
            print("info depth 1 score cp 5 nodes 1 pv e7e5", flush=True)
            print("bestmove e7e1", flush=True)
        elif word == "quit":
            break
"""

SILENT_ENGINE = """\
    import sys
    for line in sys.stdin:
        word = line.split()[0] if line.split() else ""
        if word == "uci":
            print("id name Sleeper"); print("uciok", flush=True)
        elif word == "isready":
            print("readyok", flush=True)
        elif word == "quit":
            break
"""


def test_an_engine_that_answers_an_illegal_move_is_reported_and_the_game_is_kept(window, qtbot, tmp_path):
    entry = add_engine(window, fake_engine(tmp_path, "liar", ILLEGAL_ENGINE))
    assert entry.variants == ("chess",)  # a plain UCI engine plays chess only
    versus_black(window, engine=entry.name)
    play(window, "e2e4")
    qtbot.waitUntil(lambda: "game is kept" in window.status_text(), timeout=WAIT_MS)
    assert "Liar" in window.status_text() and "e7e1" in window.status_text()
    assert "not a legal move" in window.status_text()
    assert window.controller.game.ply == 1 and window.controller.game.to_move == "black"


def test_an_engine_that_never_answers_is_stopped_and_reported(window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(client, "ANSWER_GRACE_SECONDS", 0.3)
    entry = add_engine(window, fake_engine(tmp_path, "sleeper", SILENT_ENGINE))
    versus_black(window, seconds=0.2, engine=entry.name)
    play(window, "e2e4")
    qtbot.waitUntil(lambda: "game is kept" in window.status_text(), timeout=WAIT_MS)
    assert "Sleeper" in window.status_text() and "did not answer" in window.status_text()
    assert window.controller.game.ply == 1


def test_an_engine_that_does_not_play_the_variant_leaves_it_to_the_built_in_one(make_window, qtbot, tmp_path):
    window = make_window("chess")
    entry = add_engine(window, fake_engine(tmp_path, "liar", ILLEGAL_ENGINE))
    window.engines.set_role(OPPONENT, entry.name)
    friendly = rules.new_game("friendly")
    assert window.engines.engine_for(OPPONENT, friendly) is None
    assert "does not play friendly" in window.engines.note_for(OPPONENT, friendly)


def test_the_engines_window_spec_runs_the_program_with_its_arguments():
    spec = EngineSpec(sys.executable, OURS["uci"], "uci")
    assert spec.command == [sys.executable, "-m", "rules", "uci"]


def test_a_killed_analysis_engine_is_reported_in_the_panel_and_starts_again(window, qtbot):
    entry = add_engine(window, OURS["uci"])
    window.engines.set_role(ANALYSIS, entry.name)
    window.analysis.set_active(True)
    panel = window.analysis.panel
    qtbot.waitUntil(lambda: panel.evaluation is not None, timeout=WAIT_MS)
    os.kill(window.engines.running(ANALYSIS).process.pid, signal.SIGKILL)
    qtbot.waitUntil(lambda: "game is kept" in panel.details.text(), timeout=WAIT_MS)
    assert entry.name in panel.details.text() and "ended by SIGKILL" in panel.details.text()
    assert window.controller.game.ply == 0
    # Off and on again: a new engine process analyses.
    window.analysis.set_active(False)
    window.analysis.set_active(True)
    qtbot.waitUntil(lambda: panel.evaluation is not None, timeout=WAIT_MS)
    assert window.engines.running(ANALYSIS).process.alive()
    window.analysis.set_active(False)
