"""The designer opens any variant file (a broken one as its text with the problems beside it)
and notices edits made to its file by another program (Qt's file watcher)."""

from __future__ import annotations

from designing import add_piece, new_designer, type_into
from PySide6.QtWidgets import QMessageBox

from fairygui.designer.window import DesignerWindow

GOOD = """[variant.handmade]
parent = "chess"
name = "Handmade"
"""


def saved_designer(window, qtbot) -> DesignerWindow:
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "watched")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    designer.save()
    return designer


def test_a_file_the_rules_refuse_opens_in_the_form_with_its_problems(window, qtbot, user_variants, tmp_path):
    path = tmp_path / "elsewhere.toml"
    path.write_text(GOOD + "files = 40\n", encoding="utf-8")
    designer = new_designer(window, qtbot)
    assert designer.files.open_file(str(path))
    assert designer.doc.vid == "handmade" and designer.doc.path == path
    assert designer.name_line.text() == "Handmade"
    rows = [designer.problem_list.item(i).text() for i in range(designer.problem_list.count())]
    assert rows == ["line 4: 'files' must be from 1 to 26, not 40"]
    assert not designer.dirty


def test_a_file_that_is_not_toml_opens_as_text_to_repair(window, qtbot, user_variants, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(GOOD + "files = = 8\n", encoding="utf-8")
    designer = new_designer(window, qtbot)
    assert not designer.files.open_file(str(path))
    raw = designer.files.raw
    assert raw is not None and raw.isVisible()
    assert raw.text.toPlainText() == GOOD + "files = = 8\n"
    assert raw.problem_list.item(0).text().startswith("line 4: not valid TOML")
    raw.text.setPlainText(GOOD + "files = 10\n")
    raw.save_text()
    assert not raw.isVisible()
    assert designer.doc.vid == "handmade" and designer.doc.own["files"] == 10


def test_a_change_on_disk_is_reloaded_with_a_notice(window, qtbot, user_variants):
    designer = saved_designer(window, qtbot)
    path = user_variants / "watched.toml"
    assert designer.files.watcher.files() == [str(path)]
    path.write_text(path.read_text(encoding="utf-8").replace('name = "My variant"', 'name = "Edited by hand"'),
                    encoding="utf-8")
    qtbot.waitUntil(lambda: designer.doc.own.get("name") == "Edited by hand", timeout=5000)
    assert designer.name_line.text() == "Edited by hand"
    assert "changed by another program: reloaded" in designer.statusBar().currentMessage()
    assert not designer.dirty


def test_a_change_on_disk_over_unsaved_edits_asks_first(window, qtbot, user_variants, monkeypatch):
    designer = saved_designer(window, qtbot)
    type_into(designer.name_line, qtbot, "Mine")
    asked = []

    def cancel(*args, **kwargs):
        asked.append(args[2])
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", cancel)
    path = user_variants / "watched.toml"
    path.write_text(path.read_text(encoding="utf-8") + "description = \"by hand\"\n", encoding="utf-8")
    qtbot.waitUntil(lambda: bool(asked), timeout=5000)
    assert designer.doc.own["name"] == "Mine" and designer.dirty  # the user's edits are kept
    assert "your edits are kept" in designer.statusBar().currentMessage()


def test_play_on_a_file_outside_the_variants_folder_says_why_it_cannot(window, qtbot, user_variants, tmp_path):
    path = tmp_path / "elsewhere.toml"
    path.write_text(GOOD, encoding="utf-8")
    designer = new_designer(window, qtbot)
    assert designer.files.open_file(str(path))
    before = window.controller.game.fen()
    assert not designer.play()
    assert "outside your variants folder" in designer.statusBar().currentMessage()
    assert window.controller.game.fen() == before
