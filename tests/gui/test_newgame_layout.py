"""The new-game dialog fits: it opens showing the whole preview, every option without a sideways
scroll bar and both players; the variants are grouped by family; its size is remembered.

The offscreen test screen is 800x800, smaller than most desktops, so the dialog is checked at
the size it chooses on a small screen."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt

import rules
from fairygui.newgame import NewGameDialog
from fairygui.settings import Settings, open_qsettings


def open_dialog(qtbot, settings: Settings | None = None) -> NewGameDialog:
    dialog = NewGameDialog(settings=settings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def rect_in_dialog(dialog: NewGameDialog, widget) -> QRect:
    return QRect(widget.mapTo(dialog, QPoint(0, 0)), widget.size())


def test_every_variant_shows_its_whole_preview_options_and_players(qtbot):
    dialog = open_dialog(qtbot)
    inside = dialog.rect()
    for vid in rules.variant_ids():
        dialog.select_variant(vid)
        qtbot.wait(1)  # let the layout settle after the option rows changed
        preview = dialog.preview
        assert inside.contains(rect_in_dialog(dialog, preview)), vid
        picture = preview.pixmap().size()
        assert picture.width() <= preview.width() and picture.height() <= preview.height(), vid
        scroll = dialog.options_scroll
        assert scroll.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        viewport = scroll.viewport()
        assert scroll.widget().width() <= viewport.width(), vid
        for name, box in dialog.option_boxes.items():
            right_edge = box.mapTo(viewport, QPoint(box.width(), 0)).x()
            assert right_edge <= viewport.width(), (vid, name)
        for box in (*dialog.player_boxes.values(), *dialog.level_boxes.values()):
            assert box.isVisible() and inside.contains(rect_in_dialog(dialog, box)), vid


def test_variants_are_listed_once_each_under_a_family_heading(qtbot):
    dialog = open_dialog(qtbot)
    headings: list[str] = []
    family_of: dict[str, str] = {}
    for row in range(dialog.variants.count()):
        item = dialog.variants.item(row)
        vid = item.data(Qt.ItemDataRole.UserRole)
        if vid is None:
            assert not item.flags() & Qt.ItemFlag.ItemIsSelectable
            headings.append(item.text())
        else:
            assert headings, "a variant before any heading"
            family_of[vid] = headings[-1]
    assert sorted(family_of) == sorted(rules.variant_ids())
    blender_file = rules.variant("blender").source
    blender_family = {vid for vid in rules.variant_ids() if rules.variant(vid).source == blender_file}
    assert len(blender_family) == 6
    assert {family_of[vid] for vid in blender_family} == {"Blender Chess and its family"}
    assert family_of["friendly"] != family_of["chess"]
    # The classics share one heading, by name; the seed variants keep their own.
    classics = [vid for vid, heading in family_of.items() if heading == "Chess and classic variants"]
    assert {"chess", "xiangqi", "shogi", "crazyhouse", "capablanca"} <= set(classics)
    assert [rules.variant(v).name for v in classics] == sorted(rules.variant(v).name for v in classics)
    assert family_of["flight-and-ferry"] == "Flight and Ferry"


def test_the_dialog_opens_at_the_size_it_was_left_at(qtbot, private_settings):
    settings = Settings(open_qsettings(str(private_settings)))
    first = open_dialog(qtbot, settings)
    # Only the height changes: the 800-pixel test screen leaves no room to widen it.
    left_at = QSize(first.width(), first.height() - 120)
    first.resize(left_at)
    first.reject()
    again = open_dialog(qtbot, Settings(open_qsettings(str(private_settings))))
    assert again.size() == left_at
