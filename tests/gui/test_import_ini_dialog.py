"""Game > Import variants.ini: the dialog lists the file's variants with what did not map,
imports the ticked ones into the user variants folder, and New game lists them."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

import rules
from fairygui.iniimportdialog import IniImportDialog, split_import
from fairygui.newgame import NewGameDialog
from rules.iniimport import import_ini

INI = """\
# three variants: one with a key we cannot say, one plain, one on a parent we do not know
[tiny:chess]
bikjangRule = true
castling = false

[plain:chess]
doubleStep = false

[weird:nosuchvariant]
maxRank = 6
"""


@pytest.fixture
def ini_file(tmp_path):
    path = tmp_path / "variants.ini"
    path.write_text(INI, encoding="utf-8")
    return path


def test_each_section_is_listed_with_what_did_not_map() -> None:
    found = split_import(import_ini(INI))
    assert [(v.name, v.importable) for v in found] == [("tiny", True), ("plain", True), ("weird", False)]
    tiny, plain, weird = found
    assert tiny.notes == ["bikjangRule = true: not mapped (no counterpart in our format yet)"]
    assert plain.notes == [] and plain.summary() == "plain: every rule maps"
    assert "nosuchvariant" in weird.details() and weird.summary() == "weird: cannot be imported"
    assert tiny.text is not None and tiny.text.startswith("[variant.tiny]\n")
    assert "[variant.plain" not in tiny.text  # each entry holds its own tables only


def test_the_ticked_variants_are_imported_and_appear_in_new_game(window, qtbot, user_variants, ini_file,
                                                                  monkeypatch) -> None:
    (user_variants / "tiny.toml").write_text("[variant.tiny]\nparent = \"chess\"\nname = \"Mine\"\n",
                                             encoding="utf-8")
    rules.reload_catalogue()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (str(ini_file), "")))
    seen: dict[str, object] = {}

    def answer(dialog: IniImportDialog) -> int:
        dialog.show()
        rows = [dialog.list.item(i) for i in range(dialog.list.count())]
        seen["rows"] = [(row.text(), row.checkState()) for row in rows]
        dialog.list.setCurrentRow(0)
        seen["details"] = dialog.details.toPlainText()
        assert not rows[2].flags() & Qt.ItemFlag.ItemIsUserCheckable  # the left-out one cannot be ticked
        rows[1].setCheckState(Qt.CheckState.Unchecked)  # import only the first
        qtbot.mouseClick(dialog.import_button, Qt.MouseButton.LeftButton)
        return dialog.result()

    monkeypatch.setattr(IniImportDialog, "exec", answer)
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", staticmethod(lambda _p, _t, text: told.append(text)))
    window.import_ini_action.trigger()

    assert seen["rows"] == [
        ("tiny: 1 rule did not map", Qt.CheckState.Checked),
        ("plain: every rule maps", Qt.CheckState.Checked),
        ("weird: cannot be imported", Qt.CheckState.Unchecked),
    ]
    assert "bikjangRule = true" in str(seen["details"])
    # The user's own "tiny" is kept; the imported one takes the next free id, and says so.
    assert "Mine" in (user_variants / "tiny.toml").read_text(encoding="utf-8")
    assert not (user_variants / "plain.toml").exists()
    assert "[variant.tiny-2]" in (user_variants / "tiny-2.toml").read_text(encoding="utf-8")
    assert told and "tiny (you have a variant called tiny already, so this one is tiny-2)" in told[0]
    assert "problem" not in told[0]  # check accepts it
    assert "tiny-2" in rules.variant_ids() and "castling" not in rules.variant("tiny-2").raw["powers"]

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    listed = [dialog.variants.item(i).data(Qt.ItemDataRole.UserRole) for i in range(dialog.variants.count())]
    assert "tiny-2" in listed and "plain" not in listed


def test_cancel_imports_nothing(window, user_variants, ini_file, monkeypatch) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (str(ini_file), "")))
    monkeypatch.setattr(IniImportDialog, "exec", lambda _self: QDialog.DialogCode.Rejected)
    window.import_ini_action.trigger()
    assert list(user_variants.glob("*.toml")) == []


def test_a_file_that_cannot_be_read_is_said_in_words(window, user_variants, tmp_path, monkeypatch) -> None:
    folder = tmp_path / "a-folder.ini"
    folder.mkdir()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (str(folder), "")))
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", staticmethod(lambda _p, _t, text: warned.append(text)))
    window.import_ini_action.trigger()
    assert warned and warned[0].startswith("Cannot import:") and "a-folder.ini" in warned[0]
    assert list(user_variants.glob("*.toml")) == []


def _heading_of(dialog: NewGameDialog, vid: str) -> str:
    """The heading (a row that cannot be chosen) above the variant's row in New game."""
    heading = ""
    for i in range(dialog.variants.count()):
        item = dialog.variants.item(i)
        if not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            heading = item.text()
        elif item.data(Qt.ItemDataRole.UserRole) == vid:
            return heading
    raise AssertionError(f"{vid} is not listed")


def test_an_imported_variant_is_listed_with_the_users_variants_not_the_classics(qtbot, user_variants) -> None:
    # The imported file names its Fairy-Stockfish section (fairy_stockfish = "plain"), as the
    # built-in classics name theirs; only the built-in ones share the classics heading.
    plain = split_import(import_ini(INI))[1]
    assert plain.text is not None
    (user_variants / "plain.toml").write_text(plain.text, encoding="utf-8")
    rules.reload_catalogue()
    assert rules.variant("plain").raw.get("fairy_stockfish") == "plain"
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    assert _heading_of(dialog, "makruk") == "Chess and classic variants"
    assert _heading_of(dialog, "plain") == rules.variant("plain").name
