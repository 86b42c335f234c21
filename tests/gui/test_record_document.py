"""The app shows and edits what a record holds: tags, comments, NAGs and variations (issue 47)."""

from __future__ import annotations

from mouse import drag
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QInputDialog

import rules

ANNOTATED = """[Event "Club championship"]
[Site "Leiden"]
[Date "2024.03.09"]
[Round "4"]
[White "Ann Smith"]
[Black "Bo Jones"]
[Result "1-0"]
[Annotator "Cat"]
[WhiteElo "1850"]

{A quiet opening.} 1. e4 {[%clk 0:05:00]} e5 $1 {[%eval 0.3]} 2. Nf3 (2. f4 exf4 (2... d5
3. exd5) 3. Nf3 $5 {The King's Gambit.}) 2... Nc6 3. Bb5 a6?! 1-0
"""


def open_text(window, qtbot, tmp_path, text, name="game.pgn"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with qtbot.waitSignal(window.controller.loaded, timeout=20000):
        assert window.open_file(str(path))
    return path


def node_by_moves(record, *moves):
    node = record.root
    for move in moves:
        node = next(child for child in node.variations if child.move == move)
    return node


def click_node(window, node):
    widget, point = window.move_list.node_point(node)
    QTest.mouseClick(widget, Qt.MouseButton.LeftButton, pos=point)


def answer(window, text):
    next(b for b in window.last_question.buttons() if b.text() == text).click()


def test_open_then_save_of_an_annotated_game_changes_nothing(window, qtbot, tmp_path):
    exported = rules.read_pgn(ANNOTATED)[0].pgn()  # our export format
    path = open_text(window, qtbot, tmp_path, exported)
    assert window.header_panel.fields["White"].text() == "Ann Smith"
    assert window.header_panel.result.currentData() == "1-0"
    assert window.save_file()
    assert path.read_text(encoding="utf-8") == exported
    # Another program's layout comes back as the same tree.
    other = open_text(window, qtbot, tmp_path, ANNOTATED, "other.pgn")
    assert window.save_file()
    assert rules.read_pgn(other.read_text(encoding="utf-8"))[0].same_as(rules.read_pgn(ANNOTATED)[0])


def test_the_move_list_shows_nags_comments_and_nested_variations(window, qtbot, tmp_path):
    open_text(window, qtbot, tmp_path, ANNOTATED)
    moves = window.move_list
    assert moves.item(1, 1).text() == "e5!"  # after the row of the comment before the first move
    notes = [widget.toPlainText() for _row, widget in moves.notes]
    assert notes[0] == "A quiet opening. "
    assert "(2. f4 exf4 (2... d5 3. exd5) 3. Nf3!? The King's Gambit.)" in notes[-1]


def test_clicking_a_variation_move_shows_its_position(window, qtbot, tmp_path):
    open_text(window, qtbot, tmp_path, ANNOTATED)
    record = window.controller.record
    d5 = node_by_moves(record, "e4", "e5", "f4", "d5")
    with qtbot.waitSignal(window.controller.positionChanged):
        click_node(window, d5)
    game = rules.new_game("chess")
    for move in ("e4", "e5", "f4", "d5"):
        game.play(game.parse_move(move))
    assert window.controller.game.fen() == game.fen()
    assert window.board.snapshot.pieces["d5"].kind == "pawn"
    # The line through it goes on with its own continuation.
    assert [i.label for i in window.controller.line] == ["e4", "e5", "f4", "d5", "exd5"]
    window.last_action.trigger()
    assert window.controller.node.move == "exd5"


def test_a_move_from_an_earlier_position_asks_and_each_answer_does_what_it_says(window, qtbot):
    c = window.controller
    for text in ("e2e4", "e7e5", "g1f3"):
        assert c.play_text(text)
    root = c.record.root
    c.go_to(1)
    drag(window.board, "c7", "c5")
    answer(window, "Cancel")
    assert c.ply == 1 and len(root.variations[0].variations) == 1
    drag(window.board, "c7", "c5")
    answer(window, "New variation")
    e4 = root.variations[0]
    assert [n.move for n in e4.variations] == ["e5", "c5"] and c.node.move == "c5"
    c.go_to_node(e4)
    drag(window.board, "e7", "e6")
    answer(window, "New main line")
    assert [n.move for n in e4.variations] == ["e6", "e5", "c5"]
    assert [i.label for i in c.line] == ["e4", "e6"]
    c.go_to_node(e4)
    drag(window.board, "d7", "d5")
    answer(window, "Overwrite")
    assert [n.move for n in e4.variations] == ["d5", "e5", "c5"]
    assert "1. e4 d5 (1... e5 2. Nf3) (1... c5) *" in c.record_text()


def test_header_edits_are_saved(window, qtbot, tmp_path):
    edited = []
    window.controller.recordEdited.connect(lambda: edited.append(True))
    field = window.header_panel.fields["White"]
    field.setFocus()
    field.selectAll()
    QTest.keyClicks(field, "Magnus")
    QTest.keyClick(field, Qt.Key.Key_Return)
    window.header_panel.result.activated.emit(window.header_panel.result.findData("1/2-1/2"))
    target = tmp_path / "tags.pgn"
    assert window.save_to(str(target))
    saved = rules.read_pgn(target.read_text(encoding="utf-8"))[0]
    assert saved.headers["White"] == "Magnus" and saved.headers["Result"] == "1/2-1/2"
    assert saved.pgn().rstrip().endswith("1/2-1/2") and len(edited) == 2


def menu_action(window, node, text):
    menu = window._move_menu(node, window.move_list.mapToGlobal(window.move_list.rect().center()))
    actions = list(menu.actions()) + [a for m in menu.actions() if m.menu() for a in m.menu().actions()]
    found = next(a for a in actions if a.text() == text)
    found.trigger()
    menu.close()


def test_comments_and_nags_are_added_edited_and_deleted_from_the_menu(window, monkeypatch):
    c = window.controller
    assert c.play_text("e2e4")
    e4 = c.record.root.variations[0]
    replies = iter([("Best by test", True), ("Best by test}", True)])
    monkeypatch.setattr(QInputDialog, "getMultiLineText", lambda *args: next(replies))
    menu_action(window, e4, "Add comment...")
    assert "1. e4 {Best by test} *" in c.record_text()
    menu_action(window, e4, "Edit comment...")
    assert e4.comments == ["Best by test)"]  # a brace would end the comment
    menu_action(window, e4, "Delete comment")
    assert e4.comments == []
    menu_action(window, e4, "! good move")
    menu_action(window, e4, "?! dubious move")  # one move glyph at a time
    menu_action(window, e4, "$14 White is slightly better")
    assert e4.nags == [6, 14] and window.move_list.item(0, 0).text() == "e4?! $14"
    menu_action(window, e4, "Remove all annotations")
    assert e4.nags == []


def test_variations_are_promoted_and_deleted_from_the_menu(window, qtbot, tmp_path):
    open_text(window, qtbot, tmp_path, ANNOTATED)
    c = window.controller
    record = c.record
    d5 = node_by_moves(record, "e4", "e5", "f4", "d5")
    menu_action(window, d5, "Promote variation up one")
    f4 = node_by_moves(record, "e4", "e5", "f4")
    assert [n.move for n in f4.variations] == ["d5", "exf4"]
    menu_action(window, d5, "Make variation the main line")
    assert [n.move for n in record.root.mainline()] == ["e4", "e5", "f4", "d5", "exd5"]
    click_node(window, node_by_moves(record, "e4", "e5", "Nf3", "Nc6"))
    assert c.node.move == "Nc6"
    menu_action(window, c.node, "Delete variation")
    assert [n.move for n in record.root.variations[0].variations[0].variations] == ["f4"]
    assert c.node.move == "e5"  # the position on view went with it: where it branched off


def test_the_analysis_line_is_added_as_a_variation(window, qtbot):
    c = window.controller
    for text in ("e2e4", "e7e5"):
        assert c.play_text(text)
    c.go_to(1)
    window.analysis.action.setChecked(True)
    qtbot.waitUntil(lambda: window.analysis.panel.add_line.isEnabled(), timeout=20000)
    best = window.analysis.panel.evaluation.line
    window.analysis.panel.add_line.click()
    window.analysis.action.setChecked(False)
    e4 = c.record.root.variations[0]
    assert c.ply == 1 and e4.variations[0].move == "e5"
    if best[0].move != c.line[1].move:
        assert len(e4.variations) == 2 and len(list(e4.variations[1].mainline())) == len(best) - 1
    else:  # the engine agrees with the game: its moves go on along the main line
        assert len(e4.variations) == 1


def test_exploring_from_the_analysis_keeps_the_record(window, qtbot, tmp_path):
    open_text(window, qtbot, tmp_path, ANNOTATED)
    before = window.controller.record_text()
    game = window.controller.game.copy()
    window._explore_line(game)
    assert window.workspace.exploring
    window.workspace.close()  # leaves the exploration: the game in progress comes back
    assert window.controller.record_text() == before
