"""The New game dialog with broken user variant files: each is listed greyed with its error
as tooltip, and a user variant that breaks only when its game starts is refused with a message,
never a crash."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

import rules
from fairygui.newgame import NewGameDialog


@pytest.fixture
def broken_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "foo.toml").write_text("[variant]\nfoo = 5\n", encoding="utf-8")
    (tmp_path / "typed.toml").write_text('[variant.typed]\nparent = "chess"\ndata = 5\n', encoding="utf-8")
    (tmp_path / "late.toml").write_text(
        '[variant.late]\nparent = "chess"\nname = "Late"\n[variant.late.setups.standard]\n'
        'placement = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX"\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("FAIRYCHESS_VARIANTS", str(tmp_path))
    rules.reload_catalogue()
    yield tmp_path
    monkeypatch.delenv("FAIRYCHESS_VARIANTS")
    rules.reload_catalogue()


def test_broken_user_variants_are_listed_greyed_with_their_reason(qtbot, broken_folder: Path) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    items = [dialog.variants.item(i) for i in range(dialog.variants.count())]
    playable = [i.data(Qt.ItemDataRole.UserRole) for i in items if i.flags() & Qt.ItemFlag.ItemIsEnabled]
    assert playable == rules.variant_ids() and "late" in playable
    greyed = {i.text().strip(): i.toolTip() for i in items
              if not i.flags() & Qt.ItemFlag.ItemIsEnabled and i.text().endswith("(cannot be read)")}
    assert "Not playable" in [i.text() for i in items]  # their heading
    assert greyed == {
        "foo.toml (cannot be read)": "line 2: variant.foo must be a table [variant.<id>], not 5",
        "typed (cannot be read)": f"{broken_folder / 'typed.toml'}:3: 'data' must be a table, not 5",
    }


def test_a_variant_that_breaks_at_start_shows_the_error_and_cannot_start(qtbot, broken_folder: Path) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.select_variant("late")
    assert "unknown piece letter 'X'" in dialog.error.text()
    assert dialog.preview.pixmap().isNull()
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    dialog.select_variant("chess")
    assert dialog.error.text() == "" and not dialog.preview.pixmap().isNull()
