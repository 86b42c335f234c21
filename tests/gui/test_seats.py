"""Who plays each side (fairygui/seats.py, seatsview.py): a person, one of our levels or another
program's engine, chosen in New game and changed at any moment (the players bar, Game >
Players); two computer sides playing each other with Stop and Continue; the record's White and
Black tags. Other programs are real processes: our own ``python -m rules uci`` always, and
Fairy-Stockfish where Debian's package is installed."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint
from sessions import new_window, restore

import rules
from fairygui.app import main_window
from fairygui.engines.client import detect
from fairygui.engines.manager import EngineManager
from fairygui.engines.registry import OPPONENT, EngineEntry
from fairygui.journal import read_journal
from fairygui.seats import ENGINE_PREFIX, HUMAN_KEY, LEVEL_PREFIX
from fairygui.settings import Settings, open_qsettings

WAIT_MS = 60_000  # a guard against a hung test, not a speed figure
OUR_UCI = ("-m", "rules", "uci")


def fairy_stockfish() -> str | None:
    for candidate in ("/usr/games/fairy-stockfish", shutil.which("fairy-stockfish")):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


FSF = fairy_stockfish()
needs_fsf = pytest.mark.skipif(FSF is None, reason="Fairy-Stockfish is not installed "
                               "(Debian package fairy-stockfish: /usr/games/fairy-stockfish)")


def add_engine(window, args: tuple[str, ...] = OUR_UCI, path: str = sys.executable) -> EngineEntry:
    facts = detect(path, args)
    entry = EngineEntry.from_facts(path, args, facts, window.engines.taken_names())
    window.engines.add(entry)
    return entry


def pick(box, data: str) -> None:
    """Choose an entry of a chooser as the mouse does (``activated`` follows a person's choice)."""
    index = box.findData(data)
    assert index >= 0, (data, [box.itemData(i) for i in range(box.count())])
    box.setCurrentIndex(index)
    box.activated.emit(index)


def chooser(window, side: str):
    return window.seats_view.boxes[side]


def keys(box) -> list[str]:
    return [box.itemData(i) for i in range(box.count())]


def play(window, text: str) -> None:
    controller = window.controller
    assert controller.play(controller.game.parse_move(text))


def record_moves(window) -> list[rules.Move]:
    """The moves of the record's main line, read back from its text."""
    return list(rules.read_pgn(window.controller.record_text())[0].game().history)


# ---------------------------------------------------------------- New game


def test_new_game_seats_an_engine_on_one_side_and_a_level_on_the_other(make_window, qtbot):
    window = make_window("chess")
    entry = add_engine(window)
    window.computer.opponent.time_limit = 0.3
    dialog = window.open_new_game_dialog()
    dialog.select_variant("chess")
    white, black = dialog.level_boxes["white"], dialog.level_boxes["black"]
    assert ENGINE_PREFIX + entry.name in keys(white)  # it plays chess: offered
    dialog.player_boxes["white"].setCurrentIndex(dialog.player_boxes["white"].findData("computer"))
    pick(white, ENGINE_PREFIX + entry.name)
    # The sentence says what will play: the engine, not a level of ours.
    note = dialog.level_notes["white"].text()
    assert entry.name in note and "another program" in note and "built-in" not in note
    dialog.player_boxes["black"].setCurrentIndex(dialog.player_boxes["black"].findData("computer"))
    pick(black, "beginner")
    assert "built-in engine" in dialog.level_notes["black"].text()
    choice = dialog.choice()
    assert choice.players == {"white": "computer", "black": "computer"}
    assert choice.engines == {"white": entry.name, "black": "<built-in>"} and choice.levels["black"] == "beginner"
    dialog.accept()
    c = window.controller
    assert c.engine_names["white"] == entry.name and c.players["black"] == "computer"
    headers = c.record.headers
    assert headers["White"] == "Fairychess" and headers["Black"] == "Fairy Chess engine (Beginner)"
    assert chooser(window, "white").currentData() == ENGINE_PREFIX + entry.name
    assert chooser(window, "black").currentData() == LEVEL_PREFIX + "beginner"
    window.seats.stop()  # two computers: keep the test short
    window.seats.edit_game()


def test_new_game_offers_an_engine_only_in_the_variants_it_plays(make_window, qtbot, tmp_path):
    window = make_window("chess")
    plain = tmp_path / "plain.py"
    plain.write_text("import sys\nfor line in sys.stdin:\n    w = line.split()[:1]\n"
                     "    if w == ['uci']: print('id name Plain'); print('uciok', flush=True)\n"
                     "    elif w == ['isready']: print('readyok', flush=True)\n"
                     "    elif w == ['quit']: break\n")
    entry = add_engine(window, (str(plain),))
    assert entry.variants == ("chess",)
    window.engines.set_role(OPPONENT, entry.name)  # the variant's computer first offered
    dialog = window.open_new_game_dialog()
    dialog.select_variant("chess")
    black = dialog.level_boxes["black"]
    assert black.currentData() == ENGINE_PREFIX + "Plain"
    dialog.player_boxes["black"].setCurrentIndex(1)  # Computer: the sentence names what will play
    assert dialog.level_notes["black"].text().startswith("Plain, another program (UCI")
    dialog.select_variant("friendly")  # Plain does not play it: the side's level instead
    assert ENGINE_PREFIX + "Plain" not in keys(black) and black.currentData() == "intermediate"
    dialog.reject()


def test_the_players_box_stays_put_under_the_pointer_as_choices_change(make_window, qtbot):
    window = make_window("chess")
    add_engine(window)
    dialog = window.open_new_game_dialog()
    qtbot.waitExposed(dialog)
    boxes = [*dialog.player_boxes.values(), *dialog.level_boxes.values()]

    def places() -> list[QPoint]:
        qtbot.wait(1)  # let the layout settle
        return [box.mapTo(dialog, QPoint(0, 0)) for box in boxes]

    before = places()
    for side in ("white", "black"):
        dialog.player_boxes[side].setCurrentIndex(1)
        assert places() == before
        level = dialog.level_boxes[side]
        for index in range(level.count()):  # every level and the engine: sentences of all lengths
            level.setCurrentIndex(index)
            assert places() == before, level.itemText(index)
        dialog.player_boxes[side].setCurrentIndex(0)
        assert places() == before
    for vid in ("friendly", "xiangqi", "chess"):
        dialog.select_variant(vid)
        assert places() == before, vid
    dialog.select_variant("friendly")
    dialog.option_boxes["second_row_order"].setText("hangman, nobody")
    dialog.accept()  # refused: a red sentence appears
    assert dialog.error.text() and places() == before
    dialog.reject()


# ---------------------------------------------------------------- changing who plays


def test_a_side_given_to_the_computer_on_its_move_starts_at_once(window, qtbot):
    window.computer.opponent.time_limit = 0.2
    play(window, "e2e4")
    assert not window.computer.opponent.thinking
    with qtbot.waitSignal(window.controller.movePlayed, timeout=WAIT_MS):
        pick(chooser(window, "black"), LEVEL_PREFIX + "beginner")
    c = window.controller
    assert c.players == {"white": "human", "black": "computer"} and c.game.ply == 2
    assert c.game.history[-1] in legal_after(["e2e4"])
    assert c.record.headers["Black"] == "Fairy Chess engine (Beginner)"
    assert window.seats_view.machine_black_action.isChecked()


def legal_after(moves: list[str]) -> set[rules.Move]:
    game = rules.new_game("chess")
    for text in moves:
        game.play(text)
    return set(game.legal_moves())


def test_taking_over_a_thinking_side_stops_its_search_and_nothing_is_played(window, qtbot):
    opponent = window.computer.opponent
    opponent.time_limit = 60.0
    play(window, "e2e4")
    window.seats_view.machine_black_action.trigger()  # Black to move: it thinks at once
    qtbot.waitUntil(lambda: opponent.task is not None, timeout=WAIT_MS)
    assert not window.board.interactive
    dropped: list[object] = []
    opponent.answerDropped.connect(dropped.append)
    pick(chooser(window, "black"), HUMAN_KEY)
    assert opponent.task is None and not opponent.thinking and window.board.interactive
    qtbot.waitUntil(lambda: bool(dropped), timeout=WAIT_MS)  # the search ended; its move was dropped
    c = window.controller
    assert c.game.ply == 1 and c.players == {"white": "human", "black": "human"}
    assert c.record.headers["Black"] == "Human"
    play(window, "e7e5")  # the person plays Black now
    assert c.game.ply == 2


def test_an_engine_taken_off_its_side_mid_search_stops_cleanly(window, qtbot):
    entry = add_engine(window)
    opponent = window.computer.opponent
    opponent.time_limit = 60.0
    play(window, "e2e4")
    pick(chooser(window, "black"), ENGINE_PREFIX + entry.name)
    assert window.controller.record.headers["Black"] == "Fairychess"
    qtbot.waitUntil(lambda: (window.engines.running("black") is not None
                             and window.engines.running("black").process is not None), timeout=WAIT_MS)
    dropped: list[object] = []
    opponent.answerDropped.connect(dropped.append)
    pick(chooser(window, "black"), HUMAN_KEY)
    assert not opponent.thinking
    qtbot.waitUntil(lambda: bool(dropped), timeout=WAIT_MS)  # it was told to stop and answered
    assert window.controller.game.ply == 1
    assert window.engines.running("black").process.alive()  # ready for the next time it plays


def test_a_chosen_engine_that_does_not_play_the_variant_leaves_the_side_to_our_level(make_window, qtbot):
    window = make_window("chess")
    plain_args = ("-c", "import sys\nfor l in sys.stdin:\n w=l.split()[:1]\n"
                        " if w==['uci']: print('id name Plain\\nuciok', flush=True)\n"
                        " elif w==['quit']: break\n")
    entry = add_engine(window, plain_args)
    assert entry.variants == ("chess",)
    window.controller.new_game("friendly", players={"white": "human", "black": "computer"},
                               levels={"black": "novice"}, engines={"black": entry.name})
    assert window.seats.effective("black").engine == ""
    assert window.controller.record.headers["Black"] == "Fairy Chess engine (Novice)"
    assert chooser(window, "black").currentData() == LEVEL_PREFIX + "novice"
    assert ENGINE_PREFIX + entry.name not in keys(chooser(window, "black"))


# ---------------------------------------------------------------- computer against computer


def test_our_levels_play_each_other_until_stop_and_on_after_continue(window, qtbot):
    opponent = window.computer.opponent
    opponent.time_limit = 0.05
    view = window.seats_view
    assert not view.stop_action.isEnabled()
    view.two_machines_action.trigger()  # White to move: it starts at once
    qtbot.waitUntil(lambda: window.controller.game.ply >= 4, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: view.stop_action.isEnabled(), timeout=WAIT_MS)
    assert view.stop_button.isVisible() and view.stop_button.isEnabled()
    view.stop_button.click()
    assert not opponent.thinking and opponent.paused
    stopped_at = window.controller.game.ply
    assert view.continue_action.isEnabled() and not view.stop_action.isEnabled()
    qtbot.wait(300)  # time for several moves, had it not stopped
    c = window.controller
    assert c.game.ply == stopped_at and len(c.line) == stopped_at
    assert record_moves(window) == list(c.game.history)  # the record is whole
    headers = c.record.headers
    assert headers["White"].startswith("Fairy Chess engine") and headers["Black"].startswith("Fairy Chess engine")
    assert "Stopped" in window.computer.indicator.label.text()
    view.continue_button.click()
    qtbot.waitUntil(lambda: c.game.ply >= stopped_at + 2, timeout=WAIT_MS)
    view.stop_action.trigger()
    assert record_moves(window) == list(c.game.history)


def test_closing_the_window_stops_two_computers(make_window, qtbot):
    window = make_window("chess")
    opponent = window.computer.opponent
    opponent.time_limit = 0.05
    window.seats_view.two_machines_action.trigger()
    qtbot.waitUntil(lambda: window.controller.game.ply >= 2, timeout=WAIT_MS)
    window.close()
    at = window.controller.game.ply
    assert opponent.task is None and not opponent.thinking
    qtbot.wait(200)
    assert window.controller.game.ply == at


def test_another_programs_engine_plays_our_level(window, qtbot):
    entry = add_engine(window)
    window.computer.opponent.time_limit = 0.2
    pick(chooser(window, "black"), ENGINE_PREFIX + entry.name)
    pick(chooser(window, "white"), LEVEL_PREFIX + "beginner")  # White to move: it starts
    assert window.seats_view.two_machines_action.isChecked()
    qtbot.waitUntil(lambda: window.controller.game.ply >= 4, timeout=WAIT_MS)
    window.seats.stop()
    replay = rules.new_game("chess")
    for move in window.controller.game.history:  # every move legal where it was played
        assert move in replay.legal_moves()
        replay.play(move)
    headers = window.controller.record.headers
    assert headers["White"] == "Fairy Chess engine (Beginner)" and headers["Black"] == "Fairychess"


@needs_fsf
@pytest.mark.parametrize("variant", ["chess", "xiangqi"])
def test_fairy_stockfish_plays_our_level(make_window, qtbot, variant):
    assert FSF is not None
    window = make_window(variant)
    entry = add_engine(window, (), FSF)
    assert entry.protocol == "uci" and variant in entry.variants
    window.computer.opponent.time_limit = 0.2
    window.controller.new_game(variant, players={"white": "computer", "black": "computer"},
                               levels={"black": "beginner"}, engines={"white": entry.name})
    qtbot.waitUntil(lambda: window.controller.game.ply >= 6, timeout=WAIT_MS)
    window.seats.stop()
    replay = rules.new_game(variant)
    for move in window.controller.game.history:
        assert move in replay.legal_moves()
        replay.play(move)
    assert window.controller.record.headers["White"].startswith("Fairy-Stockfish")
    assert record_moves(window) == list(window.controller.game.history)


# ---------------------------------------------------------------- failures in words


ILLEGAL_ENGINE = """\
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "uci":
        print("id name Liar"); print("uciok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        print("bestmove e7e1", flush=True)
    elif word == "quit":
        break
"""


def test_an_engines_failure_is_said_whole_in_a_dialog_and_the_game_is_kept(window, qtbot, tmp_path):
    script = tmp_path / "liar.py"
    script.write_text(ILLEGAL_ENGINE)
    entry = add_engine(window, (str(script),))
    play(window, "e2e4")
    pick(chooser(window, "black"), ENGINE_PREFIX + entry.name)
    qtbot.waitUntil(lambda: window.last_error is not None, timeout=WAIT_MS)
    text = window.last_error.text()
    assert "Liar" in text and "e7e1" in text and "not a legal move" in text and "game is kept" in text
    assert window.controller.game.ply == 1
    window.last_error.close()


def test_a_missing_engine_program_is_said_to_be_missing(window, qtbot, tmp_path):
    program = tmp_path / "gone-engine"
    program.write_text(f"#!{sys.executable}\n{ILLEGAL_ENGINE}")
    program.chmod(0o755)
    entry = add_engine(window, (), str(program))
    program.unlink()  # removed after it was added
    play(window, "e2e4")
    pick(chooser(window, "black"), ENGINE_PREFIX + entry.name)
    qtbot.waitUntil(lambda: window.last_error is not None, timeout=WAIT_MS)
    text = window.last_error.text()
    assert "could not be started" in text and "missing" in text and str(program) in text
    assert window.controller.game.ply == 1
    window.last_error.close()


# ---------------------------------------------------------------- Settings > Engines, variant by variant


def test_the_engines_window_chooses_an_engine_variant_by_variant(make_window, qtbot, private_settings):
    window = make_window("chess")
    first = add_engine(window)
    second = add_engine(window)
    assert second.name == "Fairychess (2)"
    dialog = window.open_engines_dialog()
    dialog.opponent_choice.setCurrentIndex(1)
    dialog.opponent_choice.activated.emit(1)  # the first, in every variant it plays
    pick(dialog.variant_choices[("friendly", OPPONENT)], second.name)
    assert dialog.status.text().startswith(f"In {rules.variant('friendly').name}, Fairychess (2) is")
    pick(dialog.variant_choices[("xiangqi", OPPONENT)], "<built-in>")
    assert window.engines.chosen_name(OPPONENT, "chess") == first.name
    assert window.engines.chosen_name(OPPONENT, "friendly") == second.name
    assert window.engines.chosen_name(OPPONENT, "xiangqi") == ""
    window.settings.sync()  # kept in the settings: a new start finds the same choices
    again = EngineManager(Settings(open_qsettings(str(private_settings))))
    assert [again.chosen_name(OPPONENT, v) for v in ("chess", "friendly", "xiangqi")] == [first.name, second.name, ""]
    # Game > Players > Computer plays Black in Friendly: the variant's engine takes the side.
    window.controller.new_game("friendly")
    window.seats_view.machine_black_action.trigger()
    assert window.seats.effective("black").engine == second.name
    assert window.controller.record.headers["Black"] == "Fairychess"
    assert chooser(window, "black").currentData() == ENGINE_PREFIX + second.name
    window.seats.edit_game()


# ---------------------------------------------------------------- kept between runs


def test_the_players_chosen_mid_game_come_back_with_the_session(window, qtbot, private_settings):
    entry = add_engine(window)
    play(window, "e2e4")
    window.seats.stop()
    window.controller.set_tag("White", "Ada")  # a name of the user's: the change of player keeps it
    pick(chooser(window, "white"), ENGINE_PREFIX + entry.name)  # White is not to move: nothing starts
    assert window.controller.record.headers["White"] == "Ada"
    assert not window.computer.opponent.thinking
    # Journalled at once, as a move is: a crash now would not lose the change.
    last = read_journal(window.session.game_journal.path).entries[-1]
    assert last["players"]["white"] == "computer" and last["engines"]["white"] == entry.name
    play_and_keep = window.controller.game.fen()
    window.close()
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    assert second.controller.game.fen() == play_and_keep
    assert second.controller.players == {"white": "computer", "black": "human"}
    assert second.seats.effective("white").engine == entry.name
    assert chooser(second, "white").currentData() == ENGINE_PREFIX + entry.name
    assert second.controller.record.headers["White"] == "Ada"
    second.close()


def test_new_games_players_are_remembered_with_their_engines(make_window, qtbot, private_settings):
    window = make_window("chess")
    entry = add_engine(window)
    dialog = window.open_new_game_dialog()
    dialog.player_boxes["black"].setCurrentIndex(1)
    pick(dialog.level_boxes["black"], ENGINE_PREFIX + entry.name)
    dialog.accept()
    window.close()
    again = main_window(Settings(open_qsettings(str(private_settings))))
    qtbot.addWidget(again)
    assert again.controller.engine_names["black"] == entry.name
    remembered = again.open_new_game_dialog()
    assert remembered.level_boxes["black"].currentData() == ENGINE_PREFIX + entry.name
    remembered.reject()


def test_a_computer_seated_on_an_earlier_position_of_the_line_waits_for_move_now(window, qtbot):
    for text in ("e2e4", "e7e5", "g1f3"):
        play(window, text)
    window.controller.go_to(1)  # Black to move, the line goes on
    window.seats_view.machine_black_action.trigger()
    opponent = window.computer.opponent
    assert not opponent.thinking and opponent.can_move_now()
    assert "Move now" in window.computer.indicator.label.text()
    assert len(window.controller.line) == 3  # the line is untouched


def test_an_engine_plays_itself_in_a_process_per_side(window, qtbot):
    entry = add_engine(window)
    window.computer.opponent.time_limit = 0.2
    window.controller.new_game("chess", players={"white": "computer", "black": "computer"},
                               engines={"white": entry.name, "black": entry.name})
    qtbot.waitUntil(lambda: window.controller.game.ply >= 3, timeout=WAIT_MS)
    window.seats_view.stop_action.trigger()
    white, black = window.engines.running("white"), window.engines.running("black")
    assert white is not None and black is not None and white is not black
    assert white.process.pid != black.process.pid
    headers = window.controller.record.headers
    assert headers["White"] == headers["Black"] == "Fairychess"
    assert record_moves(window) == list(window.controller.game.history)


@needs_fsf
def test_fairy_stockfish_is_offered_for_every_variant_of_ours_it_announces():
    """detect() maps its names through rules/variantnames.py: each UCI_Variant choice that names
    a variant of ours (its `fairy_stockfish` name, `3check` for threecheck) is one it plays."""
    assert FSF is not None
    facts = detect(FSF)
    announced = next(o for o in facts.options if o.name == "UCI_Variant").choices
    ours = {rules.variant(v).raw.get("fairy_stockfish"): v for v in rules.variant_ids()}
    expected = {ours[name] for name in announced if name in ours}
    assert {"chess", "xiangqi", "shogi", "threecheck", "crazyhouse", "grand"} <= expected
    assert set(facts.variants) == expected
    assert all(facts.variant_names[v] == rules.variant(v).raw["fairy_stockfish"] for v in expected)
