"""The Endgame window: builds a small table off the GUI thread, shows its longest win, plays a
winning move against the table's defence, and sets the position up as a game."""

from __future__ import annotations

import shutil
from pathlib import Path

from mouse import click
from PySide6.QtCore import Qt

import rules
from fairygui.analysis.lines import evaluation_of
from fairygui.endgame import ENDGAME, EndgameWindow
from rules.engine.limits import SearchResult
from rules.tablebase import LOSS
from rules.tablebase.store import ENV_FOLDER

TINY = Path(__file__).parents[1] / "tablebase" / "data" / "tiny.toml"


def _open(window, qtbot):
    computer = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Computer")
    next(a for a in computer.actions() if a.text() == "&Endgame tables...").trigger()
    endgame = window.workspace.existing_window(ENDGAME, EndgameWindow)
    assert endgame is not None and endgame.isVisible()
    qtbot.waitExposed(endgame)
    return endgame


def _winning_move(table, game):
    """A move to a position the table calls lost, one ply sooner, for the opponent."""
    here = table.probe(game.pos)
    for move in game.legal_moves():
        game.pos.push(move)
        after = table.probe(game.pos)
        game.pos.pop()
        if after is not None and (after.value, after.plies) == (LOSS, here.plies - 1):
            return move
    raise AssertionError("no winning move in a won position")


def test_build_a_table_play_a_move_and_start_a_game(make_window, qtbot, user_variants, tmp_path, monkeypatch):
    shutil.copy(TINY, user_variants / "tiny.toml")
    rules.reload_catalogue()
    monkeypatch.setenv(ENV_FOLDER, str(tmp_path / "tables"))
    window = make_window("chess")
    endgame = _open(window, qtbot)
    endgame.jobs = 1
    endgame.variant_box.setCurrentIndex(endgame.variant_box.findData("tiny-chess"))
    endgame.material_edit.setText("KQvK")
    with qtbot.waitSignal(endgame.built, timeout=120_000):
        qtbot.mouseClick(endgame.build_button, Qt.MouseButton.LeftButton)
    table = endgame.table
    longest = table.summary()["longest_win"]
    assert f"Longest win: {longest['moves']} moves" in endgame.status.text()
    assert endgame.answer.text() == f"White mates in {longest['moves']} (table)"

    qtbot.mouseClick(endgame.play_button, Qt.MouseButton.LeftButton)
    game = endgame.game
    move = _winning_move(table, game)
    with qtbot.waitSignal(endgame.replied, timeout=10_000):
        click(endgame.board, move.origin)
        click(endgame.board, move.destination)
    assert game.ply == 2 and game.to_move == "white"
    assert endgame.answer.text() == f"White mates in {longest['moves'] - 1} (table)"

    qtbot.mouseClick(endgame.game_button, Qt.MouseButton.LeftButton)
    assert window.controller.game.rules.variant.id == "tiny-chess"
    assert window.controller.game.fen() == game.fen()


def test_the_analysis_panel_names_a_table_answer():
    game = rules.new_game("chess", fen="8/8/8/5k2/8/8/1Q6/K7 w - - 0 1")
    won = SearchResult(None, 99_000, 0, 0, (), 0.0, 14, from_table=True)
    assert evaluation_of(won, game).score == "White mates in 14 (table)"
    drawn = SearchResult(None, 0, 0, 0, (), 0.0, None, from_table=True)
    assert evaluation_of(drawn, game).score == "Draw (table)"
    searched = SearchResult(None, 99_000, 3, 10, (), 0.1, 14)
    assert evaluation_of(searched, game).score == "White mates in 14"


def test_a_material_the_variant_cannot_build_is_reported_in_words(make_window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_FOLDER, str(tmp_path / "tables"))
    window = make_window("chess")
    endgame = _open(window, qtbot)
    endgame.material_edit.setText("KXvK")
    qtbot.mouseClick(endgame.build_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: endgame.build_button.isEnabled(), timeout=10_000)
    assert "Cannot build that table" in endgame.status.text() and "letter 'X'" in endgame.status.text()
    assert window.controller.game.fen() == rules.new_game("chess").fen()
