"""PGN files of other programs in the app: a file of several games lists them to choose
from; a bad game gets a dialog and the game in progress stays; moves show in SAN or, by a
setting, in coordinate text."""

from __future__ import annotations

import io

import chess
import chess.engine
import chess.pgn
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

import rules


def _python_chess_file() -> tuple[str, list[list[str]]]:
    """Three games written by python-chess (clock and evaluation comments, a NAG, a variation,
    a set-up position), and each game's main line in UCI."""
    out = io.StringIO()
    lines: list[list[str]] = []
    specs = [
        ({"White": "Ann", "Black": "Bob", "Event": "Club", "Date": "2024.01.02", "Result": "1-0"}, None,
         ["e4", "e5", "Nf3", "Nc6", "Bb5"]),
        ({"White": "Cat", "Black": "Dan", "Event": "Study", "Result": "*"}, "4k3/P7/8/8/8/8/8/4K2R w K - 0 1",
         ["a8=Q+", "Kd7", "O-O"]),
        ({"White": "Eve", "Black": "Fay", "Event": "Blitz", "Result": "0-1"}, None, ["f3", "e5", "g4", "Qh4#"]),
    ]
    for tags, fen, sans in specs:
        game = chess.pgn.Game()
        game.headers.update(tags)
        if fen:
            game.setup(chess.Board(fen))
        node = game
        for i, san in enumerate(sans):
            node = node.add_main_variation(node.board().parse_san(san))
            node.set_clock(180 - i)
            node.set_eval(chess.engine.PovScore(chess.engine.Cp(10 * i), chess.WHITE))
            if i == 1:
                node.nags.add(chess.pgn.NAG_DUBIOUS_MOVE)
                node.parent.add_variation(node.parent.board().legal_moves.__iter__().__next__())
        print(game, file=out, end="\n\n")
        lines.append([m.uci() for m in game.mainline_moves()])
    return out.getvalue(), lines


def _chooser(window, qtbot, path):
    """Open a file of several games and wait for its list (made in the background)."""
    with qtbot.waitSignal(window.lister.listed, timeout=20000):
        assert window.open_file(str(path))
    chooser = window.game_chooser
    assert chooser is not None and chooser.isVisible()
    return chooser


def _uci(move: rules.Move) -> str:
    letters = {"queen": "q", "rook": "r", "bishop": "b", "knight": "n"}
    return move.origin + move.destination + (letters[move.promotion] if move.promotion else "")


def test_a_file_of_several_games_lists_them_and_opens_the_chosen_one(window, qtbot, tmp_path):
    text, lines = _python_chess_file()
    path = tmp_path / "club.pgn"
    path.write_text(text, encoding="utf-8")
    chooser = _chooser(window, qtbot, path)
    table, model = chooser.table, chooser.model
    assert model.rowCount() == 3
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["White", "Black", "Event", "Date", "Result"]
    assert [model.index(r, 0).data() for r in range(3)] == ["Ann", "Cat", "Eve"]
    assert model.index(0, 3).data() == "2024.01.02" and model.index(2, 4).data() == "0-1"
    cell = table.visualRect(model.index(1, 1)).center()
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    assert chooser.current_row() == 1
    with qtbot.waitSignal(window.controller.loaded, timeout=20000):
        qtbot.mouseDClick(table.viewport(), Qt.MouseButton.LeftButton, pos=cell)
    game = window.controller.game
    assert [_uci(m) for m in game.history] == lines[1]
    assert game.start_fen.startswith("4k3/P7/8/8/8/8/8/4K2R w K")
    assert [window.move_list.item(0, c).text() for c in range(2)] == ["a8=Q+", "Kd7?!"]  # the file's ?! glyph
    # The variation beside Kd7 has a row of its own; the main line goes on after it.
    assert window.move_list.cellWidget(1, 0) is not None
    assert window.move_list.item(2, 0).text() == "O-O"
    assert window.workspace.path is None  # Save asks rather than write one game over the other two
    assert window.settings.recent_files()[0] == str(path.resolve())


def test_the_chooser_opens_the_first_game_with_the_open_button(window, qtbot, tmp_path):
    text, lines = _python_chess_file()
    path = tmp_path / "club.pgn"
    path.write_text(text, encoding="utf-8")
    chooser = _chooser(window, qtbot, path)
    with qtbot.waitSignal(window.controller.loaded, timeout=20000):
        chooser.choose(chooser.current_row())
    assert [_uci(m) for m in window.controller.game.history] == lines[0]


def test_a_bad_game_of_several_gets_a_dialog_and_the_game_in_progress_stays(window, qtbot, tmp_path):
    for text in ("d2d4", "Nf6", "c4"):
        assert window.controller.play_text(text)
    before = [str(m) for m in window.controller.game.history]
    path = tmp_path / "broken.pgn"
    path.write_text('[White "A"]\n\n1. e4 e5 *\n\n[White "B"]\n\n1. e4 e5 2. Qxf7 *\n', encoding="utf-8")
    chooser = _chooser(window, qtbot, path)
    with qtbot.waitSignal(window.controller.loadFailed, timeout=20000):
        chooser.choose(1)
    box = window.last_error
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "line 7" in box.informativeText() + box.text() and "Qxf7" in box.informativeText() + box.text()
    assert [str(m) for m in window.controller.game.history] == before
    assert [window.move_list.item(0, c).text() for c in range(2)] == ["d4", "Nf6"]


def test_the_move_list_shows_coordinate_text_when_asked(window, qtbot):
    for text in ("e4", "e5", "Nf3"):
        assert window.controller.play_text(text)
    assert window.move_list.item(1, 0).text() == "Nf3"
    window.notation_action.trigger()
    assert window.move_list.item(1, 0).text() == "Ng1f3" and window.move_list.item(0, 0).text() == "e2e4"
    assert window.settings.coordinate_notation()
    window.notation_action.trigger()
    assert window.move_list.item(1, 0).text() == "Nf3" and not window.settings.coordinate_notation()
