"""One editor widget per kind of key of the variant format (``rules.schema`` kinds).

Each editor shows a value and reports an edited one (``edited``); ``UNSET`` (None) means
the key is left out, so the parent's value or the format's default applies. Text a kind
cannot hold (a number field with letters) is marked and not reported.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from rules.schema import KeySpec, resolve_bound

from .betzafield import BetzaField
from .tomltext import toml_key, toml_value

UNSET: Any = None
BAD_STYLE = "background: #ffe0e0;"


class FieldEditor(QWidget):
    """Base: a value in, an edited value out."""

    edited = Signal(object)

    def __init__(self, spec: KeySpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(0, 0, 0, 0)

    def show_value(self, value: Any) -> None:
        raise NotImplementedError

    def focus_widget(self) -> QWidget:
        return self


class TextEditor(FieldEditor):
    """A line of text; ``parse`` turns it into the value (ValueError: not a value of the kind)."""

    def __init__(self, spec: KeySpec, parse: Callable[[str], Any], show: Callable[[Any], str],
                 parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.parse, self.show = parse, show
        self.line = QLineEdit(self)
        self.row.addWidget(self.line)
        self.line.textEdited.connect(self._typed)

    def _typed(self, text: str) -> None:
        try:
            value = self.parse(text) if text.strip() else UNSET
        except ValueError:
            self.line.setStyleSheet(BAD_STYLE)
            return
        self.line.setStyleSheet("")
        self.edited.emit(value)

    def _reads_as(self, value: Any) -> bool:
        try:
            return (self.parse(self.line.text()) if self.line.text().strip() else UNSET) == value
        except ValueError:
            return False

    def show_value(self, value: Any) -> None:
        text = "" if value is UNSET else self.show(value)
        # Text being typed that already means the value stays as typed ("4." while typing 4.5).
        if text != self.line.text() and not self.line.hasFocus() and not self._reads_as(value):
            self.line.setText(text)
            self.line.setCursorPosition(0)  # a long text shows its beginning
            self.line.setStyleSheet("")

    def focus_widget(self) -> QWidget:
        return self.line


class ChoiceEditor(FieldEditor):
    """One of a few values (or, editable, any text with suggestions such as the piece ids)."""

    def __init__(self, spec: KeySpec, choices: list[str], editable: bool, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.combo = QComboBox(self)
        self.combo.setEditable(editable)
        # The first item leaves the key out; a fixed list names the default it then gets.
        self.blank = "" if editable or spec.default is None else f"default ({spec.default})"
        self.combo.addItem(self.blank)
        self.combo.addItems(choices)
        self.row.addWidget(self.combo)
        self.combo.textActivated.connect(self._chosen)
        if editable:
            line = self.combo.lineEdit()
            assert line is not None
            line.textEdited.connect(self._chosen)

    def _chosen(self, text: str) -> None:
        self.edited.emit(UNSET if text == self.blank else text.strip() or UNSET)

    def set_choices(self, choices: list[str]) -> None:
        current = self.combo.currentText()
        if [self.combo.itemText(i) for i in range(1, self.combo.count())] == choices:
            return
        self.combo.blockSignals(True)
        self.combo.clear()
        self.combo.addItem("")
        self.combo.addItems(choices)
        self.combo.setCurrentText(current)
        self.combo.blockSignals(False)

    def show_value(self, value: Any) -> None:
        text = self.blank if value is UNSET else str(value)
        if self.combo.currentText() != text and not self.combo.hasFocus():
            self.combo.setCurrentText(text)

    def focus_widget(self) -> QWidget:
        return self.combo


class IntEditor(FieldEditor):
    """A whole number within the key's range; the lowest step below it means "not set"."""

    def __init__(self, spec: KeySpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.spin = QSpinBox(self)
        self.row.addWidget(self.spin)
        self.set_board(8, 8)
        self.spin.valueChanged.connect(self._changed)
        self._showing = False

    def set_board(self, files: int, ranks: int) -> None:
        low, high = (0, 9999) if self.spec.range is None else (
            resolve_bound(self.spec.range[0], files, ranks), resolve_bound(self.spec.range[1], files, ranks))
        self.spin.blockSignals(True)
        self.spin.setRange(low - 1, max(high, low))
        self.spin.setSpecialValueText(f"default ({self.spec.default})" if self.spec.default is not None else "not set")
        self.spin.blockSignals(False)

    def _changed(self, value: int) -> None:
        if not self._showing:
            self.edited.emit(UNSET if value < self.spin.minimum() + 1 else value)

    def show_value(self, value: Any) -> None:
        self._showing = True
        self.spin.setValue(self.spin.minimum() if not isinstance(value, int) else value)
        self._showing = False

    def focus_widget(self) -> QWidget:
        return self.spin


class BoolEditor(FieldEditor):
    def __init__(self, spec: KeySpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.box = QCheckBox(self)
        self.row.addWidget(self.box)
        self.box.clicked.connect(lambda checked: self.edited.emit(bool(checked)))

    def show_value(self, value: Any) -> None:
        self.box.setChecked(bool(value) if value is not UNSET else bool(self.spec.default))

    def focus_widget(self) -> QWidget:
        return self.box


class BetzaEditor(FieldEditor):
    def __init__(self, spec: KeySpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.field = BetzaField(self)
        self.row.addWidget(self.field)
        self.field.edited.connect(lambda text: self.edited.emit(text))

    def setToolTip(self, text: str) -> None:  # noqa: N802 - Qt's name
        super().setToolTip(text)
        self.field.setToolTip(text)

    def show_value(self, value: Any) -> None:
        if not self.field.line.hasFocus():
            self.field.set_text("" if value is UNSET else str(value))

    def focus_widget(self) -> QWidget:
        return self.field.line


class TableEditor(FieldEditor):
    """A free table (power data, options, a map from piece to depth) as ``key = value`` lines."""

    def __init__(self, spec: KeySpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.text = QPlainTextEdit(self)
        self.text.setPlaceholderText("key = value, one a line")
        self.text.setMaximumHeight(90)
        self.row.addWidget(self.text)
        self.text.textChanged.connect(self._typed)
        self._showing = False

    def _typed(self) -> None:
        if self._showing:
            return
        try:
            value = tomllib.loads(self.text.toPlainText())
        except tomllib.TOMLDecodeError:
            self.text.setStyleSheet(BAD_STYLE)
            return
        self.text.setStyleSheet("")
        self.edited.emit(value or UNSET)

    def show_value(self, value: Any) -> None:
        if self.text.hasFocus():
            return
        try:
            if (tomllib.loads(self.text.toPlainText()) or UNSET) == value:
                return
        except tomllib.TOMLDecodeError:
            pass
        items = value.items() if isinstance(value, dict) else ()
        lines = [f"{toml_key(k)} = {toml_value(v)}" for k, v in items]
        text = "\n".join(lines)
        if text != self.text.toPlainText():
            self._showing = True
            self.text.setPlainText(text)
            self._showing = False

    def focus_widget(self) -> QWidget:
        return self.text


# ------------------------------------------------------------------ parsing a kind's text


def _list_items(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def _ints(text: str) -> list[int]:
    try:
        return [int(item) for item in _list_items(text)]
    except ValueError:
        raise ValueError(f"not whole numbers: {text[:40]!r}") from None


def _number(text: str) -> int | float:
    try:
        return int(text)
    except ValueError:
        return float(text)


def _toml_item(text: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text.strip()


def _pieces_or_pool(text: str) -> Any:
    return "pool" if text.strip() == "pool" else _list_items(text)


def _joined(value: Any) -> str:
    return ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)


def editor_for(spec: KeySpec, piece_ids: list[str]) -> FieldEditor:
    """The editor of one key, by its kind."""
    kind = spec.kind
    if spec.choices:
        return ChoiceEditor(spec, [str(c) for c in spec.choices], editable=False)
    if kind == "betza":
        return BetzaEditor(spec)
    if kind == "integer":
        return IntEditor(spec)
    if kind == "boolean":
        return BoolEditor(spec)
    if kind in ("piece", "option"):
        return ChoiceEditor(spec, piece_ids if kind == "piece" else [], editable=True)
    if kind == "table":
        return TableEditor(spec)
    if kind == "number":
        return TextEditor(spec, _number, str)
    if kind == "integers":
        return TextEditor(spec, _ints, _joined)
    if kind in ("strings", "pieces", "squares"):
        return TextEditor(spec, _list_items, _joined)
    if kind == "pieces-or-pool":
        return TextEditor(spec, _pieces_or_pool, _joined)
    if kind == "values":
        return TextEditor(spec, lambda t: [_toml_item(i) for i in _list_items(t)], _joined)
    if kind in ("value", "any"):  # any TOML value, written as in the file
        return TextEditor(spec, _toml_item, lambda v: toml_value(v) if not isinstance(v, str) else v)
    return TextEditor(spec, lambda t: t, str)  # string, placement
