"""The session journal keeps the whole document (``fairygui/session.py``, ``sessionstate.py``):
the record's tags, comments, NAGs and variations, the line on view through its tree, the file
and whether the game was saved; entries of the older, moves-only kind still restore. The
real-process kills are in ``test_crash_safety.py``."""

from __future__ import annotations

from sessions import new_window, restore

import rules
from fairygui.controller import VARIATION
from fairygui.editor.link import show_editor
from fairygui.journal import encode, read_journal
from fairygui.sessionstate import rebuild_session


def newest(window) -> dict:
    return read_journal(window.session.game_journal.path).entries[-1]


def annotate(window) -> None:
    """1. e4 e5 2. Nf3 (2. f4 $5 {the gambit} 2... exf4) 2... Nc6, White "Ann", on view: 2. f4."""
    c = window.controller
    for text in ("e2e4", "e7e5", "g1f3", "b8c6"):
        c.play_text(text)
    c.go_to(2)
    assert c.play_text("f2f4", VARIATION)
    c.set_comment(c.node, "the gambit")
    c.toggle_nag(c.node, 5)
    c.play_text("e5f4")
    c.undo()
    c.set_tag("White", "Ann")


def test_every_edit_of_the_record_is_journalled_before_the_call_returns(window):
    c = window.controller
    c.play_text("e2e4")
    c.set_tag("White", "Ann")  # a tag changes no position: journalled all the same
    assert '[White "Ann"]' in newest(window)["record"]
    c.set_comment(c.node, "best by test")
    assert "{best by test}" in newest(window)["record"]
    c.toggle_nag(c.node, 1)
    assert "e4 $1 {best by test}" in newest(window)["record"]
    c.play_text("e7e5")
    c.go_to(1)
    assert c.play_text("c7c5", VARIATION)
    entry = newest(window)
    assert "(1... c5)" in entry["record"]
    assert entry["line"] == [0, 1] and entry["ply"] == 2 and entry["moves"] == ["e2e4", "c7c5"]
    assert entry["modified"] is True and entry["version"] == 2


def test_the_document_comes_back_after_a_close_with_the_view_inside_a_variation(window, qtbot, private_settings):
    annotate(window)
    c = window.controller
    text, on_view, line = c.record.pgn(), c.node, [str(i.move) for i in c.line]
    assert on_view.move == "f4" and not on_view.is_main()
    window.close()
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    d = second.controller
    assert d.record.pgn() == text
    assert d.record.headers["White"] == "Ann"
    assert d.node.move == "f4" and not d.node.is_main() and d.node.comments == ["the gambit"]
    assert d.node.nags == [5]
    assert [str(i.move) for i in d.line] == line and d.ply == 3
    assert d.redo() and d.node.move == "exf4"  # the variation's next move is still to redo
    assert second.workspace.modified and second.workspace.path is None


def test_a_saved_game_comes_back_saved_and_one_whose_file_is_gone_comes_back_unsaved(window, qtbot,
                                                                                     private_settings, tmp_path):
    annotate(window)
    saved = tmp_path / "game.pgn"
    assert window.save_to(str(saved), confirmed=True)
    assert newest(window)["modified"] is False and newest(window)["path"] == str(saved.resolve())
    window.close()
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    assert second.workspace.path == str(saved.resolve()) and not second.workspace.modified
    assert "*" not in second.windowTitle()
    second.close()
    saved.unlink()
    third = new_window(qtbot, private_settings)
    restore(third, qtbot)
    assert third.workspace.path is None and third.workspace.modified  # no file holds it now
    assert third.controller.record.headers["White"] == "Ann"


def test_an_entry_of_the_older_kind_with_moves_alone_still_restores(window, qtbot, private_settings):
    path = window.session.game_journal.path
    window.close()
    old = {"kind": "session", "version": 1, "variant": "chess", "options": {},
           "start": rules.new_game("chess").start_fen, "moves": ["e2e4", "e7e5", "g1f3"], "ply": 2,
           "players": {"white": "human", "black": "human"}, "levels": {}, "path": None, "explore": None}
    path.write_bytes(encode(old))
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    c = second.controller
    assert [str(i.move) for i in c.line] == ["e2e4", "e7e5", "g1f3"] and c.ply == 2
    assert c.record.mainline_moves() == ["e4", "e5", "Nf3"]  # a new record of its moves
    assert c.node.move == "e5"
    assert second.workspace.modified  # a game with moves that no file holds
    assert "Restored" in second.status_text()
    assert newest(second)["version"] == 2 and "record" in newest(second)


def test_a_record_that_does_not_fit_its_moves_costs_only_the_record(window, qtbot, private_settings):
    annotate(window)
    path = window.session.game_journal.path
    window.close()
    entry = read_journal(path).entries[-1]
    entry["record"] = entry["record"].replace("Nc6", "Nf6")
    entry["line"] = [0, 0, 0, 0]  # the main line: not the moves the entry lists
    path.write_bytes(encode(entry))
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    c = second.controller
    assert [str(i.move) for i in c.line] == ["e2e4", "e7e5", "f2f4", "e5f4"] and c.ply == 3
    assert "could not be restored" in second.status_text() and "its moves are back" in second.status_text()
    assert c.record.headers["White"] != "Ann"


def test_a_line_leaving_the_record_or_a_record_of_two_games_is_refused_by_name():
    game = rules.new_game("chess")
    game.play("e2e4")
    entry = {"variant": "chess", "options": {}, "start": game.start_fen, "moves": ["e2e4"], "ply": 1,
             "record": "1. e4 *\n", "line": [0]}
    assert rebuild_session(entry).document is not None
    for changes, words in (({"line": [1]}, "leaves the record"), ({"line": "0"}, "list of whole numbers"),
                           ({"record": "1. e4 *\n\n1. d4 *\n"}, "2 games"), ({"record": 5}, "not text"),
                           ({"record": "1. e4 e5 *\n", "line": [0, 0]}, "not the saved moves")):
        restored = rebuild_session({**entry, **changes})
        assert restored.document is None and words in restored.note
        assert [str(m) for m in restored.game.history] == ["e2e4"]


def test_the_game_set_aside_while_exploring_is_kept_with_its_record(window, qtbot, private_settings):
    annotate(window)
    show_editor(window.workspace).explore()
    explorer = window.session.explorer()
    assert explorer is not None and explorer.move("b1", "d5")
    exploring = newest(window)
    assert exploring["explore"] and '[White "Ann"]' in exploring["record"] and exploring["line"] == [0, 0, 1, 0]
    path = window.session.game_journal.path
    window.close()
    path.write_bytes(encode(exploring))  # as a kill would have left it
    second = new_window(qtbot, private_settings)
    restore(second, qtbot)
    explorer = second.session.explorer()
    assert explorer is not None and explorer.active
    explorer.leave()
    c = second.controller
    assert c.record.headers["White"] == "Ann" and c.node.move == "f4" and c.node.comments == ["the gambit"]
