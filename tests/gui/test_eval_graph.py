"""The evaluation graph under the move list (fairygui/evalgraph.py): fed by the analysis and the
computer's searches, scores from White's side, clipped, and a click shows that move's position.
And the one sign convention: every place a score appears writes it from White's side the same
way (fairygui/scores.py), the issue's "-1.19" beside "+1.14 for Black" cannot happen again."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from fairygui.analysis.lines import evaluation_of
from fairygui.computer.opponent import Hint
from fairygui.computer.report import report_of
from fairygui.computer.search import HINT, MOVE, SearchRequest, SearchTag
from fairygui.computer.view import hint_words
from fairygui.evalgraph import CLIP_PAWNS
from fairygui.scores import WhiteScore, white_score
from rules.engine import SearchResult

WAIT_MS = 60_000


def play(window, *moves: str) -> None:
    for move in moves:
        assert window.controller.play_text(move)


def test_the_graph_is_hidden_until_a_search_judged_a_position(window):
    graph = window.play.evaluations.graph
    play(window, "e4", "e5")
    assert not graph.isVisible()
    window.play.evaluations.note(WhiteScore(0.3))
    assert graph.isVisible()


def test_the_analysis_feeds_the_graph_for_each_position_it_judges(window, qtbot):
    play(window, "e4", "e5", "Nf3")
    history = window.play.evaluations
    with qtbot.waitSignal(window.analysis.evaluated, timeout=WAIT_MS):
        window.analysis.action.setChecked(True)
    assert history.values()[3] is not None  # deeper searches may have refined it since
    window.controller.go_to(1)
    with qtbot.waitSignal(window.analysis.evaluated, timeout=WAIT_MS):
        pass
    window.analysis.action.setChecked(False)
    values = history.values()
    assert values[1] is not None and values[3] is not None
    assert values[0] is None and values[2] is None  # positions nobody searched
    assert window.play.evaluations.graph.isVisible()


def test_the_computers_searches_feed_the_graph(window, qtbot):
    c = window.controller
    c.set_players({"white": "human", "black": "computer"}, {"black": "beginner"})
    play(window, "e4")  # the computer answers; its search judged the position after 1. e4
    qtbot.waitUntil(lambda: c.ply == 2, timeout=WAIT_MS)
    assert window.play.evaluations.values()[1] is not None


def test_scores_are_plotted_from_whites_side_clipped_and_a_click_shows_that_move(window, qtbot):
    play(window, "e4", "e5", "Nf3", "Nc6")
    c = window.controller
    history = window.play.evaluations
    for ply, pawns in ((1, 0.4), (2, -1.5), (3, 20.0)):
        c.go_to(ply)
        history.note(WhiteScore(pawns))
    c.go_to(4)
    graph = history.graph
    assert graph.values == [None, 0.4, -1.5, 20.0, None]
    points = graph.points()
    assert len(points) == 3
    middle = graph.height() / 2
    assert points[0].y() < middle < points[1].y()  # up: White better; down: Black better
    assert points[2].y() == graph.y_of(CLIP_PAWNS)  # +20 drawn at the edge
    qtbot.mouseClick(graph, Qt.MouseButton.LeftButton, pos=QPoint(round(graph.x_of(2)), 5))
    assert c.ply == 2
    assert graph.current == 2


def test_the_issues_position_reads_the_same_in_every_panel(window):
    """Black to move, the engine says +1.14 for the side to move: Black is better by 1.14."""
    play(window, "e4")
    c = window.controller
    game = c.game
    result = SearchResult(None, 114, 4, 1000, (), 1.0, None)
    evaluation = evaluation_of(result, game)
    panel = window.analysis.panel
    panel.show_evaluation(evaluation)
    assert panel.score.text() == "-1.14 (Black better)"
    assert panel.bar.text == "-1.1"
    tag = SearchTag.of(game)
    report = report_of(SearchRequest(MOVE, "black", "intermediate", tag), result, game)
    window.computer.indicator.show_report(report)
    assert "-1.14 (Black better)" in window.computer.indicator.label.text()
    hint = report_of(SearchRequest(HINT, "black", "intermediate", tag), result, game)
    assert "-1.14 (Black better)" in hint_words(Hint(tag, game.legal_moves()[0], hint))
    window.play.evaluations.note(report.white)
    assert window.play.evaluations.values()[1] == -1.14


def test_the_words_of_a_score_follow_its_size_and_mates_name_the_mating_side():
    assert white_score(0, None, True).text() == "0.00 (about equal)"
    assert white_score(-50, None, False).text() == "+0.50 (White slightly better)"
    assert white_score(300, None, True).text() == "+3.00 (White winning)"
    assert white_score(99_000, 3, False).text() == "Black mates in 3"
    assert white_score(-99_000, -2, False).text() == "White mates in 2"
    assert white_score(99_000, 3, False).short() == "-M3"
