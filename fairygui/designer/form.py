"""A form over one table of the variant format, built from ``rules.schema``.

Every key the schema lists for the table gets a row: its editor by kind (``fields.py``),
its name as the label, and its one-line documentation, default and range as the tooltip.
A sub-table whose keys the schema lists gets a group of its own; a free table (power data,
options) is edited as ``key = value`` lines. So a key the rules add to the schema appears
here with no change to the designer.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from rules import schema
from rules.schema import KeySpec

from .document import FieldPath, VariantDocument, get_at
from .fields import UNSET, FieldEditor, IntEditor, TextEditor, editor_for

INHERITED_TIP = "Inherited from the parent variant: typing here writes this variant's own text."


def _escape(text: str) -> str:
    """Text for a rich-text tooltip (quotes stay as they are)."""
    return html.escape(text, quote=False)


def tooltip(spec: KeySpec) -> str:
    parts = [f"<b>{_escape(spec.name)}</b>: {_escape(spec.doc)}"]
    if spec.default not in (None, [], {}, ""):
        parts.append(f"Default: {_escape(str(spec.default))}")
    if spec.choices:
        parts.append("Choices: " + ", ".join(_escape(str(c)) for c in spec.choices))
    if spec.range is not None:
        parts.append(f"From {spec.range[0]} to {spec.range[1]}")
    if spec.required:
        parts.append("Required.")
    inner = schema.table(spec.table) if spec.kind == "table" and spec.table in schema.tables() else None
    if inner is not None and inner.keys:
        # A table edited as lines: its documented keys are listed, each with its meaning.
        parts.append("Keys: " + "".join(f"<br>&nbsp;&nbsp;<b>{_escape(k.name)}</b>: {_escape(k.doc)}"
                                        for k in inner.keys.values()))
    return "<br>".join(parts)


class SchemaForm(QWidget):
    """The keys of the table ``table_path`` of the format, at ``path`` inside the variant."""

    #: A key was edited (its path); the document already holds the new value.
    changed = Signal(object)

    def __init__(self, document: Callable[[], VariantDocument], table_path: str, path: FieldPath,
                 skip: Iterable[str] = (), special: dict[str, Callable[[KeySpec], FieldEditor]] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.table_path = table_path
        self.path = path
        self.editors: dict[FieldPath, FieldEditor] = {}
        #: Text keys' labels and "start from the parent's text" buttons, to mark inherited texts.
        self.text_labels: dict[FieldPath, QLabel] = {}
        self.offers: dict[FieldPath, QPushButton] = {}
        self.groups: list[SchemaForm] = []
        layout = QFormLayout(self)
        layout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form_layout = layout
        special = special or {}
        for spec in schema.keys(table_path):
            if spec.name in skip:
                continue
            key_path = (*path, spec.name)
            sub = schema.table(spec.table) if spec.kind == "table" and spec.table else None
            if sub is not None and sub.keys and sub.entry is None and spec.name not in special \
                    and spec.name != "data":
                group = QGroupBox(spec.name.replace("_", " ").capitalize(), self)
                group.setToolTip(tooltip(spec))
                inner = SchemaForm(document, spec.table or "", key_path, parent=group)
                inner.changed.connect(self.changed)
                box = QVBoxLayout(group)
                box.setContentsMargins(6, 4, 6, 4)
                box.addWidget(inner)
                layout.addRow(group)
                self.groups.append(inner)
                continue
            factory = special.get(spec.name)
            editor = factory(spec) if factory is not None else editor_for(spec, [])
            editor.setToolTip(tooltip(spec))
            label = QLabel(spec.name, self)
            label.setToolTip(tooltip(spec))
            if spec.kind == "string" and isinstance(editor, TextEditor):
                self.text_labels[key_path] = label
                offer = QPushButton("Start from the parent's text", self)
                offer.setToolTip("Copy the parent's text into this field, to change it")
                offer.hide()
                offer.clicked.connect(lambda _c=False, p=key_path, e=editor: self._offer_taken(p, e))
                self.offers[key_path] = offer
                holder = QWidget(self)
                row = QVBoxLayout(holder)  # the button under the field: the field keeps the form's width
                row.setContentsMargins(0, 0, 0, 0)
                row.setSpacing(2)
                row.addWidget(editor)
                row.addWidget(offer, 0, Qt.AlignmentFlag.AlignLeft)
                layout.addRow(label, holder)
            else:
                layout.addRow(label, editor)
            self.editors[key_path] = editor
            editor.edited.connect(lambda value, p=key_path, s=spec: self._edited(p, s, value))

    def _edited(self, path: FieldPath, spec: KeySpec, value: Any) -> None:
        doc = self.document()
        # The format's own default, not written, stays unwritten.
        if value is not UNSET and value == spec.default and doc.own_value(path) is UNSET \
                and doc.value(path) is UNSET:
            value = UNSET
        doc.set(path, value)
        self.changed.emit(path)

    def _offer_taken(self, path: FieldPath, editor: TextEditor) -> None:
        inherited = get_at(self.document().parent_table(), path)
        if isinstance(inherited, str):
            editor.line.setText(inherited)
            self.document().set(path, inherited)
            self.changed.emit(path)
            editor.line.setFocus()

    def _mark_inherited(self, doc: VariantDocument) -> None:
        """Label an inherited text as inherited; a set-aside one (written empty after the piece's
        moves changed) shows the parent's text as a hint, with the button that starts from it."""
        if not self.text_labels:
            return
        parent = doc.parent_table()
        for path, label in self.text_labels.items():
            inherited = get_at(parent, path)
            own = doc.own_value(path)
            editor = self.editors[path]
            assert isinstance(editor, TextEditor)
            has_parent_text = isinstance(inherited, str) and bool(inherited)
            shown_inherited = has_parent_text and own is UNSET
            set_aside = has_parent_text and own == ""
            name = path[-1]
            label.setText(f"{name} (inherited)" if shown_inherited else
                          f"{name} (parent's set aside)" if set_aside else name)
            label.setStyleSheet("font-style: italic; color: #555;" if shown_inherited or set_aside else "")
            editor.line.setToolTip(INHERITED_TIP if shown_inherited else editor.toolTip())
            editor.line.setPlaceholderText(f"The parent's: {inherited}" if set_aside else "")
            self.offers[path].setVisible(set_aside)

    def all_editors(self) -> dict[FieldPath, FieldEditor]:
        out = dict(self.editors)
        for group in self.groups:
            out.update(group.all_editors())
        return out

    def refresh(self) -> None:
        """Show the document's values (merged with the parent's)."""
        doc = self.document()
        merged = doc.merged()
        files = merged.get("files", 8) if isinstance(merged.get("files"), int) else 8
        ranks = merged.get("ranks", 8) if isinstance(merged.get("ranks"), int) else 8
        pieces = sorted(merged.get("pieces", {})) if isinstance(merged.get("pieces"), dict) else []
        for path, editor in self.all_editors().items():
            if isinstance(editor, IntEditor):
                editor.set_board(files, ranks)
            if editor.spec.kind == "piece" and hasattr(editor, "set_choices"):
                editor.set_choices(pieces)
            value = merged
            for key in path:
                value = value.get(key, UNSET) if isinstance(value, dict) else UNSET
            editor.show_value(value)
        self._mark_inherited(doc)
