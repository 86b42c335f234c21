"""Alternate Setup #1 never traps: the Second row order that blocks another setup is shown where
the setup is chosen, with one click out (in the setup editor and in New game), and the reading
of Black's row changes White's copy, never the row Black arranged (rules text, Alternate Setup
#1: "allow the Black player to set up the pieces in any order ... that order is then duplicated
by the White player")."""

from __future__ import annotations

from mouse import drag

import rules
from fairygui.newgame import GameChoice, NewGameDialog

FILES = "abcdefghijkl"
ORDER = ["jellyfish", "impala", "poison", "buffalo", "displacer-squirrel", "bodyguard", "bodyguard", "archer",
         "lady-in-waiting", "gerbil", "ghost", "hangman"]


def row(editor, rank):
    return [editor.draft.pieces[f"{f}{rank}"].kind for f in FILES]


def editor_after_alternate_game(window, qtbot):
    window.controller.new_game("friendly", {"setup": "alternate-1", "second_row_order": ",".join(ORDER)})
    editor = window.open_setup_editor()
    qtbot.waitExposed(editor)
    return editor


def test_the_order_that_blocks_another_setup_is_shown_with_one_click_out(window, qtbot):
    editor = editor_after_alternate_game(window, qtbot)
    box = editor.position_box
    shown = box.text_values["second_row_order"]
    assert shown.isVisible() and shown.full_text().startswith("Jellyfish, Impala, Poison")
    assert box.text_clears["second_row_order"].isEnabled()

    setup = box.option_widgets["setup"]
    setup.setCurrentIndex(setup.findData("standard"))
    # Refused: the setup stays, and why is said beside the options with the way out.
    assert editor.draft.options["setup"] == "alternate-1"
    assert setup.currentData() == "alternate-1"
    assert box.blocked_text.isVisible() and "applies only to setup alternate-1" in box.blocked_text.text()
    assert box.blocked_button.isVisible()
    # Where it bites: right under the Setup field.
    form = box.options_form
    assert form.getWidgetPosition(box.blocked)[0] == form.getWidgetPosition(setup)[0] + 1
    assert box.blocked_button.text() == "Clear Second row order and choose standard"

    box.blocked_button.click()
    assert editor.draft.options == {}
    assert setup.currentData() == "standard"
    assert not box.blocked_text.isVisible()
    assert shown.full_text() == "the default" and not box.text_clears["second_row_order"].isEnabled()
    assert row(editor, 2)[0] == "hangman"  # the standard array
    editor.undo_action.trigger()  # nothing was lost: Undo brings the order back
    assert editor.draft.options["second_row_order"] == ",".join(ORDER)


def test_the_order_clears_with_its_own_button(window, qtbot):
    editor = editor_after_alternate_game(window, qtbot)
    editor.position_box.text_clears["second_row_order"].click()
    assert editor.draft.options == {"setup": "alternate-1"}
    setup = editor.position_box.option_widgets["setup"]
    setup.setCurrentIndex(setup.findData("alternate-2"))
    assert editor.draft.options == {"setup": "alternate-2"}
    assert not editor.position_box.blocked_text.isVisible()


def test_the_reading_switch_changes_whites_copy_never_blacks_row(window, qtbot):
    window.controller.new_game("friendly")
    editor = window.open_setup_editor()
    qtbot.waitExposed(editor)
    editor.guide_box.enter.click()
    drag(editor.board, "a11", "b11")  # Black's own arrangement
    arranged = row(editor, 11)
    assert row(editor, 2) == list(reversed(arranged))  # rotational: read from Black's side
    reading = editor.guide_box.reading
    reading.setCurrentIndex(reading.findData("mirror"))
    assert row(editor, 11) == arranged  # Black's row as Black arranged it
    assert row(editor, 2) == arranged  # White copies it on the same files
    assert "Black's row stays as arranged" in editor.status_text()
    reading.setCurrentIndex(reading.findData("rotational"))
    assert row(editor, 11) == arranged
    assert row(editor, 2) == list(reversed(arranged))
    editor.start_button.click()
    game = window.controller.game
    assert game.fen().split()[0].split("/")[1] == "".join(
        rules.variant("friendly").pieces[k].letter.lower() for k in arranged)


def test_new_game_offers_to_clear_an_order_left_from_the_last_game(window, qtbot):
    current = GameChoice("friendly", {"setup": "alternate-1", "second_row_order": ",".join(ORDER)})
    dialog = NewGameDialog(current=current)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.way_out_button.isVisible()
    dialog.set_option("setup", "standard")
    assert "applies only to setup alternate-1" in dialog.error.text()
    assert dialog.way_out_button.isVisible()
    assert dialog.way_out_button.text() == "Clear Second row order"
    dialog.way_out_button.click()
    assert dialog.option_boxes["second_row_order"].text() == ""
    assert dialog.error.text() == "" and not dialog.way_out_button.isVisible()
    assert dialog.options() == {}


def test_arranging_after_an_alternate_game_starts_from_its_order(window, qtbot):
    editor = editor_after_alternate_game(window, qtbot)
    arranged = row(editor, 11)
    editor.guide_box.enter.click()
    assert editor.model.arrangement is not None and editor.model.arrangement.order == ORDER
    assert row(editor, 11) == arranged == list(reversed(ORDER))  # read from Black's side
