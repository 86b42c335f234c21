"""The New game dialog with broken user variant files: each is listed greyed with its error
as tooltip. A user variant that could only fail when its game starts (a placement with an
unknown letter) is caught when the file is loaded, by the checks of `python -m rules check`,
so it is greyed too and can never be started."""

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
    assert sorted(playable) == sorted(rules.variant_ids()) and "late" not in playable and "chess" in playable
    greyed = {i.text().strip(): i.toolTip() for i in items
              if not i.flags() & Qt.ItemFlag.ItemIsEnabled and i.text().endswith("(cannot be read)")}
    assert "Not playable" in [i.text() for i in items]  # their heading
    assert greyed == {
        "foo.toml (cannot be read)": "line 2: variant.foo must be a table [variant.<id>], not 5",
        "typed (cannot be read)": f"{broken_folder / 'typed.toml'}:3: 'data' must be a table, not 5",
        "late (cannot be read)": f"{broken_folder / 'late.toml'}:5: setup 'standard': rank 1: unknown piece "
                                 "letter 'X'; this variant uses: B K N P Q R",
    }


def test_a_variant_that_would_break_at_start_cannot_be_chosen(qtbot, broken_folder: Path) -> None:
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    with pytest.raises(KeyError):
        dialog.select_variant("late")  # greyed: no row holds it as a choice
    dialog.select_variant("chess")
    assert dialog.error.text() == "" and not dialog.preview.pixmap().isNull()
