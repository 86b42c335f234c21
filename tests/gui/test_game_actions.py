"""Game > Resign, Offer a draw, Adjudicate and Take back result (fairygui/gameactions.py): each
result goes through the rules into the record, and can be taken back so no game is lost."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox

from fairygui.scores import WhiteScore

YES = QMessageBox.StandardButton.Yes
NO = QMessageBox.StandardButton.No


def answer(monkeypatch, button, asked: list[str] | None = None) -> None:
    """Answer the next questions (QMessageBox.question) with ``button``, noting what was asked."""
    def question(_parent, _title, text, *_rest):
        if asked is not None:
            asked.append(text)
        return button
    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))


def test_resigning_asks_first_then_ends_the_game_in_the_record(window, monkeypatch):
    c = window.controller
    c.play_text("e4")
    actions = window.play.actions
    assert actions.resign_action.isEnabled()
    answer(monkeypatch, NO)
    actions.resign_action.trigger()
    assert c.game.result is None  # No: nothing happens
    asked: list[str] = []
    answer(monkeypatch, YES, asked)
    actions.resign_action.trigger()
    assert asked == ["Resign the game for Black?"]  # two people: the side to move resigns
    assert c.game.result.sentence() == "White wins: Black resigns"
    assert c.record.headers["Result"] == "1-0" and c.record.headers["Termination"] == "Black resigns"
    assert window.turn_label.text() == "White wins: Black resigns"
    assert not actions.resign_action.isEnabled() and not actions.draw_action.isEnabled()


def test_a_result_taken_back_lets_the_game_go_on(window, monkeypatch):
    c = window.controller
    answer(monkeypatch, YES)
    actions = window.play.actions
    assert not actions.take_back_action.isEnabled()
    actions.resign_action.trigger()
    assert actions.take_back_action.isEnabled()
    actions.take_back_action.trigger()
    assert c.game.result is None
    assert c.record.headers["Result"] == "*" and "Termination" not in c.record.headers
    assert c.play_text("e4")


def test_against_the_computer_the_person_resigns_even_while_the_computer_is_to_move(window, monkeypatch):
    c = window.controller
    c.set_players({"white": "human", "black": "computer"})
    window.computer.opponent.suspend(True)  # no search: the test looks only at who resigns
    c.play_text("e4")
    asked: list[str] = []
    answer(monkeypatch, YES, asked)
    window.play.actions.resign_action.trigger()
    assert asked == ["Resign the game for White?"]
    assert c.game.result.sentence() == "Black wins: White resigns"


def test_a_draw_offer_between_people_is_answered_by_the_other_side(window, monkeypatch):
    c = window.controller
    actions = window.play.actions
    asked: list[str] = []
    answer(monkeypatch, NO, asked)
    actions.draw_action.trigger()
    assert asked == ["White offers a draw. Does Black accept?"]
    assert c.game.result is None
    assert window.status_text() == "Black declines the draw; the game goes on."
    answer(monkeypatch, YES)
    actions.draw_action.trigger()
    assert c.game.result.sentence() == "Draw: draw agreed"
    assert c.record.headers["Result"] == "1/2-1/2"


@pytest.mark.parametrize(("white_pawns", "accepts"), [(0.1, True), (-0.2, True), (-1.0, False)])
def test_the_computer_answers_a_draw_offer_from_its_evaluation(window, white_pawns, accepts):
    c = window.controller
    c.set_players({"white": "human", "black": "computer"})
    actions = window.play.actions
    window.play.evaluations.note(WhiteScore(white_pawns))  # what the computer thinks of the position
    assert actions.offer_draw() is accepts
    if accepts:
        assert c.game.result.sentence() == "Draw: draw agreed"
        assert window.status_text().startswith("Draw agreed: the computer (Black) accepts, as it judges")
    else:  # Black stands a pawn better by its own judgement: it plays on
        assert c.game.result is None
        assert "declines the draw: it judges the position -1.00 (Black better)" in window.status_text()


def test_the_computer_without_an_evaluation_plays_on(window):
    window.controller.set_players({"white": "human", "black": "computer"})
    assert window.play.actions.offer_draw() is False
    assert "has not judged the position yet" in window.status_text()


def test_adjudication_declares_the_chosen_result_with_its_reason(window, qtbot):
    c = window.controller
    c.play_text("e4")
    dialog = window.play.actions.adjudicate()
    dialog.result_box.setCurrentIndex(dialog.result_box.findText("Black wins"))
    dialog.reason.setText("the engine stopped answering")
    dialog.accept()
    assert c.game.result.sentence() == "Black wins: adjudicated: the engine stopped answering"
    assert c.record.headers["Termination"] == "adjudicated: the engine stopped answering"


def test_a_declared_result_is_read_back_from_the_saved_record(window, monkeypatch, qtbot):
    c = window.controller
    c.play_text("e4")
    answer(monkeypatch, YES)
    window.play.actions.resign_action.trigger()
    text = c.record_text()
    with qtbot.waitSignal(c.loaded):
        c.load_text(text, "clipboard")
    assert c.game.result.sentence() == "White wins: Black resigns"
    assert window.play.actions.take_back_action.isEnabled()


def test_no_result_is_declared_away_from_the_end_of_the_line(window):
    c = window.controller
    c.play_text("e4")
    c.go_to(0)
    actions = window.play.actions
    assert not actions.resign_action.isEnabled() and not actions.adjudicate_action.isEnabled()
    assert not c.end_game(lambda game: game.declare_result(None, "draw agreed"))
    assert c.game.result is None


def test_a_resigned_game_is_still_over_when_the_app_starts_again(window, qtbot, private_settings, monkeypatch):
    from sessions import new_window, restore

    window.controller.play_text("e4")
    answer(monkeypatch, YES)
    window.play.actions.resign_action.trigger()
    answer(monkeypatch, QMessageBox.StandardButton.Discard)  # closing: Save / Discard / Cancel
    window.close()
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    assert second.controller.game.result.sentence() == "White wins: Black resigns"
    assert second.play.actions.take_back_action.isEnabled()
