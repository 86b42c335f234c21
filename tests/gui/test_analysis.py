"""The analysis panel: the engine's evaluation of the position on the board, searched off the
GUI thread, started and stopped with one key, following every change of position; a move of its
best line explores the position after it."""

from __future__ import annotations

from PySide6.QtCore import Qt, QThreadPool, QTimer

import rules
from fairygui.analysis.lines import line_of, score_text, white_share
from fairygui.analysis.panel import MOST_LINES, parse_link
from fairygui.editor.window import SetupEditor
from fairygui.line import COORDINATES, SAN, set_notation
from fairygui.settings import Settings, open_qsettings
from rules.engine import SearchResult

WAIT_MS = 60_000  # generous: a loaded two-core machine still completes a first depth well within it


def analyse(window, qtbot) -> None:
    qtbot.keyClick(window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert window.analysis.active


def wait_for_evaluation(window, qtbot) -> None:
    panel = window.analysis.panel

    def evaluated() -> bool:
        task = window.analysis.task
        return panel.evaluation is not None and (task is None or task.request.tag.matches(window.controller.game))

    qtbot.waitUntil(evaluated, timeout=WAIT_MS)


def first_line_move_is_legal(window) -> bool:
    evaluation = window.analysis.panel.evaluation
    assert evaluation is not None and evaluation.line
    return evaluation.line[0].move in window.controller.game.legal_moves()


def test_one_key_starts_analysis_and_the_panel_shows_score_depth_and_line(window, qtbot):
    analyse(window, qtbot)
    wait_for_evaluation(window, qtbot)
    panel = window.analysis.panel
    assert panel.evaluation.depth >= 1
    assert "depth" in panel.details.text() and "nodes" in panel.details.text()
    assert panel.score.text()
    assert first_line_move_is_legal(window)
    assert window.analysis_dock.isVisible()


def test_analysis_follows_moves_and_browsing(window, qtbot):
    analyse(window, qtbot)
    wait_for_evaluation(window, qtbot)
    window.controller.play_text("e2e4")
    assert window.analysis.task is not None and window.analysis.task.request.tag.matches(window.controller.game)
    wait_for_evaluation(window, qtbot)
    assert first_line_move_is_legal(window)  # a Black move now
    assert window.analysis.panel.line_labels()[0].startswith("1...")
    window.controller.go_to(0)
    wait_for_evaluation(window, qtbot)
    assert window.controller.game.to_move == "white" and first_line_move_is_legal(window)


def test_the_key_again_stops_it_and_no_answer_arrives_after(window, qtbot):
    analyse(window, qtbot)
    wait_for_evaluation(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert not window.analysis.active and window.analysis.task is None
    assert window.analysis.panel.evaluation is None
    qtbot.waitUntil(lambda: QThreadPool.globalInstance().activeThreadCount() == 0, timeout=WAIT_MS)
    assert window.analysis.panel.evaluation is None
    assert "off" in window.analysis.panel.details.text()


def test_the_gui_thread_keeps_running_while_the_engine_searches(window, qtbot):
    analyse(window, qtbot)
    assert QThreadPool.globalInstance().activeThreadCount() >= 1
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    qtbot.waitUntil(lambda: len(ticks) >= 5, timeout=WAIT_MS)
    timer.stop()
    assert window.analysis.task is not None or window.analysis.panel.evaluation is not None


def test_a_finished_game_is_not_analysed(window, qtbot):
    for move in ("f2f3", "e7e5", "g2g4", "d8h4"):
        window.controller.play_text(move)
    analyse(window, qtbot)
    assert window.analysis.task is None
    assert "Nothing to analyse" in window.analysis.panel.details.text()


def test_clicking_a_move_of_the_line_explores_the_position_after_it(window, qtbot):
    window.controller.play_text("e2e4")
    analyse(window, qtbot)
    qtbot.waitUntil(lambda: len(window.analysis.panel.line_labels()) >= 2, timeout=WAIT_MS)
    evaluation = window.analysis.panel.evaluation
    expected = window.controller.game.copy()
    for item in evaluation.line[:2]:
        expected.play(item.move)
    real_game = window.controller.game
    window.analysis.panel.line.linkActivated.emit("1")
    assert window.controller.game is not real_game
    assert window.controller.game.fen().split(" ")[0] == expected.fen().split(" ")[0]
    assert window.controller.game.to_move == expected.to_move
    # The game in progress is set aside, not changed, and comes back on leaving.
    assert real_game.ply == 1
    explorer = window.findChild(SetupEditor).explorer
    assert explorer.active
    explorer.leave()
    assert window.controller.game is real_game


def test_the_panel_follows_several_lines_and_a_move_of_the_second_explores_after_it(window, qtbot,
                                                                                   private_settings):
    panel = window.analysis.panel
    panel.lines.setFocus()
    for _ in range(2):
        qtbot.keyClick(panel.lines, Qt.Key.Key_Up)
    assert panel.lines.value() == 3 and panel.lines.suffix() == " lines"
    analyse(window, qtbot)
    assert window.analysis.task.request.lines == 3

    def three_lines() -> bool:
        evaluation = panel.evaluation
        return evaluation is not None and len(evaluation.others) == 2 and all(o.moves for o in evaluation.others)

    qtbot.waitUntil(three_lines, timeout=WAIT_MS)
    evaluation = panel.evaluation
    firsts = [evaluation.line[0].move] + [other.moves[0].move for other in evaluation.others]
    assert len(set(firsts)) == 3 and set(firsts) <= set(window.controller.game.legal_moves())
    assert panel.line_labels(2)[0].startswith("1.")  # each line is written from its first move
    # Every line shows its score beside it.
    assert all(other.score in panel.others.text() for other in evaluation.others)
    real_game = window.controller.game
    expected = real_game.copy()
    expected.play(evaluation.others[0].moves[0].move)
    panel.others.linkActivated.emit("1:0")
    assert window.controller.game is not real_game
    assert window.controller.game.fen().split(" ")[0] == expected.fen().split(" ")[0]
    window.findChild(SetupEditor).explorer.leave()
    # The choice is kept for the next session.
    assert Settings(open_qsettings(str(private_settings))).analysis_lines(MOST_LINES) == 3


# ------------------------------------------------------------------ words and numbers


def result(score: int, mate: int | None = None) -> SearchResult:
    return SearchResult(None, score, 3, 100, (), 1.0, mate)


def test_scores_are_from_whites_side_whoever_is_to_move():
    assert score_text(result(35), white_to_move=True) == "+0.35 (White slightly better)"
    assert score_text(result(35), white_to_move=False) == "-0.35 (Black slightly better)"
    assert score_text(result(99_000, 2), white_to_move=False) == "Black mates in 2"
    assert score_text(result(-99_000, -3), white_to_move=True) == "Black mates in 3"


def test_the_bar_is_even_at_zero_and_leans_to_the_side_ahead():
    assert white_share(result(0), True) == 0.5
    assert white_share(result(200), True) > 0.5 > white_share(result(200), False)
    assert abs(white_share(result(150), True) + white_share(result(-150), True) - 1) < 1e-9
    assert white_share(result(99_000, 1), False) == 0.0


def test_the_line_is_written_as_the_move_list_writes_it():
    game = rules.new_game("chess")
    game.play("e2e4")
    moves = tuple(game.parse_move(text) for text in ("e7e5",))
    labels = [m.label for m in line_of(game, moves)]
    assert labels == ["1... e5"]
    knight = rules.new_game("chess")
    line = line_of(knight, (knight.parse_move("g1f3"),))
    assert [m.label for m in line] == ["1. Nf3"]
    mate = rules.new_game("chess")
    for text in ("f3", "e5", "g4"):
        mate.play(text)
    assert [m.label for m in line_of(mate, (mate.parse_move("Qh4"),))] == ["2... Qh4#"]
    set_notation(COORDINATES)  # the setting for coordinate text
    try:
        assert [m.label for m in line_of(knight, (knight.parse_move("g1f3"),))] == ["1. Ng1f3"]
    finally:
        set_notation(SAN)


def test_line_links_name_their_line_and_move_and_nothing_else_is_taken_for_one():
    assert parse_link("4") == (0, 4)
    assert parse_link("2:0") == (2, 0)
    assert parse_link("https://example.org") is None
    assert parse_link("") is None
