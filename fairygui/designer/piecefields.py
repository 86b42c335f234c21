"""Editors for the piece keys that need more than their kind: powers and artwork.

Powers are chosen from the rules' power registry (``rules.powers.known_powers``), each with
its own description as the tooltip; artwork from the shipped SVG pictures or a file.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QComboBox, QFileDialog, QListWidget, QListWidgetItem, QPushButton, QWidget

from rules import schema
from rules.powers import known_powers
from rules.schema import KeySpec

from ..board.artwork import Artwork
from .fields import UNSET, FieldEditor


def _escape(text: str) -> str:
    """Text for a rich-text tooltip (quotes stay as they are)."""
    return html.escape(text, quote=False)


def power_descriptions() -> dict[str, str]:
    return {name: str(getattr(cls, "description", "") or "") for name, cls in sorted(known_powers().items())}


def power_parameters(power: str) -> list[tuple[str, str]]:
    """The data keys the schema documents for a power: ``(where, doc)`` pairs such as
    ``("data.rifle", "Rifle capture: ...")``. A key belongs to a power when its name (with
    hyphens) is the power's name or one of its words (``bent`` of ``bent-rider``)."""
    words = set(power.split("-")) | {power}
    out = [(f"[{spec.name}] table", spec.doc) for spec in schema.keys("variant")
           if spec.kind == "table" and spec.name in words]
    for where in ("variant.data", "variant.pieces.<piece>.data"):
        for spec in schema.keys(where):
            if spec.name.replace("_", "-") in words:
                prefix = "data" if where == "variant.data" else "piece data"
                out.append((f"{prefix}.{spec.name}", spec.doc))
    return out


def power_tooltip(power: str, description: str) -> str:
    lines = [f"<b>{_escape(power)}</b>: {_escape(description or 'no description')}"]
    for where, doc in power_parameters(power):
        lines.append(f"Parameter <b>{_escape(where)}</b>: {_escape(doc)}")
    return "<br>".join(lines)


class PowersEditor(FieldEditor):
    def __init__(self, spec: KeySpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.list = QListWidget(self)
        self.list.setMaximumHeight(110)
        for name, description in power_descriptions().items():
            item = QListWidgetItem(name, self.list)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            item.setToolTip(power_tooltip(name, description))
        self.row.addWidget(self.list)
        self.list.itemChanged.connect(self._changed)
        self._showing = False

    def checked(self) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def set_checked(self, name: str, on: bool) -> None:
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.text() == name:
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def _changed(self, _item: QListWidgetItem) -> None:
        if not self._showing:
            self.edited.emit(self.checked() or UNSET)

    def show_value(self, value: Any) -> None:
        chosen = set(value) if isinstance(value, list) else set()
        self._showing = True
        first_checked = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setCheckState(Qt.CheckState.Checked if item.text() in chosen else Qt.CheckState.Unchecked)
            if item.text() in chosen and first_checked is None:
                first_checked = item
        # Chosen powers first in view, so a glance shows them.
        if first_checked is not None:
            self.list.scrollToItem(first_checked)
        self._showing = False

    def focus_widget(self) -> QWidget:
        return self.list


class ArtworkEditor(FieldEditor):
    def __init__(self, spec: KeySpec, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.art = art
        self.combo = QComboBox(self)
        self.combo.setEditable(True)
        self.combo.setIconSize(QSize(22, 22))
        self.combo.addItem("")
        for name in art.shipped_names():
            self.combo.addItem(self._icon(name), name)
        self.combo.setPlaceholderText("the piece id's own picture")
        self.button = QPushButton("File...", self)
        self.button.setToolTip("Use an SVG file of your own")
        self.row.addWidget(self.combo, 1)
        self.row.addWidget(self.button)
        self.combo.textActivated.connect(self._chosen)
        line = self.combo.lineEdit()
        assert line is not None
        line.textEdited.connect(self._chosen)
        self.button.clicked.connect(self._choose_file)

    def _icon(self, name: str) -> QIcon:
        image = self.art.piece_image("white", name, name[:1].upper(), 22)
        return QIcon(QPixmap.fromImage(image))

    def _chosen(self, text: str) -> None:
        self.edited.emit(text.strip() or UNSET)

    def _choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Artwork for the piece", "", "SVG pictures (*.svg)")
        if path:
            self.combo.setCurrentText(path)
            self.edited.emit(path)

    def show_value(self, value: Any) -> None:
        text = "" if value is UNSET else str(value)
        if self.combo.currentText() != text and not self.combo.hasFocus():
            self.combo.setCurrentText(text)

    def focus_widget(self) -> QWidget:
        return self.combo
