"""The status bar at the window's default size: long hover text is never cut off unseen (the
line keeps whole clauses and points to the Piece panel, which holds all of it), and picking
up a piece with no legal move says why, in the rules' words."""

from __future__ import annotations

from mouse import click
from PySide6.QtWidgets import QApplication

import rules
from fairygui.statusbar import HOVER_MORE
from fairygui.wording import reason_sentence

from .test_overlays import hover


def at_default_size(window) -> None:
    window.resize(*window.DEFAULT_SIZE)
    QApplication.processEvents()


def test_long_hover_text_fits_the_line_and_is_whole_in_the_piece_panel(make_window):
    window = make_window("friendly")
    at_default_size(window)
    hover(window.board, "e1")  # a Friend with nine lenders at the start
    full = window.statusBar().currentMessage()
    line = window.status_bar.line
    shown = line.text()
    assert full.startswith("White Friend on e1") and len(full) > 400
    assert line.fontMetrics().horizontalAdvance(shown) <= line.contentsRect().width()
    assert shown.endswith(HOVER_MORE)
    kept = shown[: -len(HOVER_MORE)]
    assert full.startswith(kept) and full[len(kept)] in ";,"  # whole clauses or items, never half a word
    assert line.toolTip() == full
    here = window.powers.piece_panel.here
    assert here.text() == full and here.wordWrap()
    # A short text shows whole, with no tip.
    hover(window.board, "a3")
    shown = line.text()
    assert shown == window.statusBar().currentMessage() and not line.toolTip()
    hover(window.board, "e6")  # an empty square: the note comes back
    assert window.statusBar().currentMessage() == "" and line.text() == window.status_text()


def test_a_long_note_keeps_its_whole_text_for_the_window(make_window):
    window = make_window("chess")
    at_default_size(window)
    note = "; ".join(f"reason number {i} why this is so" for i in range(40))
    window.show_message(note)
    line = window.status_bar.line
    assert window.status_text() == note
    assert line.fontMetrics().horizontalAdvance(line.text()) <= line.contentsRect().width()
    assert line.toolTip() == note
    assert window.width() == window.DEFAULT_SIZE[0]  # the text never widens the window


def test_picking_up_a_piece_with_no_legal_move_says_why(make_window):
    window = make_window("chess")
    at_default_size(window)
    click(window.board, "c1")
    assert window.board.selected == "c1"
    text = window.status_text()
    game = window.controller.game
    assert text.startswith("The Bishop on c1 has no legal move.")
    # The rules' own reasons for the nearest squares the Bishop could reach alone (b2, d2).
    assert reason_sentence(game.why_illegal("c1b2")) in text
    assert reason_sentence(game.why_illegal("c1d2")) in text


def test_a_pinned_piece_says_it_would_leave_the_king_attacked(make_window):
    window = make_window(None)
    window.controller.set_game(rules.new_game("chess", fen="4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"))
    click(window.board, "d2")
    text = window.status_text()
    assert text.startswith("The Knight on d2 has no legal move.")
    reason = reason_sentence(window.controller.game.why_illegal("d2b3"))
    assert "attacked" in reason and reason in text


def test_a_piece_with_moves_gets_no_such_note(make_window):
    window = make_window("chess")
    click(window.board, "g1")
    assert window.board.selected == "g1"
    assert "no legal move" not in window.status_text()
