"""The variant, its options and the position's own fields: side to move, castling, en
passant and the clocks. Fields a variant does not have (castling in Friendly, en passant
in Pocket Polypiece Chess) are not shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

import rules

from ..statusbar import FittingLabel
from . import rulings
from .draft import COLORS, Draft
from .wayout import WayOut, option_label, value_words

if TYPE_CHECKING:
    from rules.variant import OptionDef


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class PositionBox(QWidget):
    variantChosen = Signal(str)
    optionChanged = Signal(str, object)
    turnChosen = Signal(str)
    castlingChanged = Signal(str)
    epChosen = Signal(str)
    clocksChanged = Signal(int, int)
    #: The one-click way out of a refused option: reset the first option, set the second to the value.
    wayOutChosen = Signal(str, str, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._variant = ""
        self._castling_key: tuple[str, str] | None = None
        self.option_widgets: dict[str, QComboBox] = {}
        #: Free-text options (set by a guided setup): their value in words and a button resetting it.
        self.text_values: dict[str, FittingLabel] = {}
        self.text_clears: dict[str, QPushButton] = {}
        self._way_out: tuple[str, str, Any] | None = None
        self.castling_boxes: dict[str, QCheckBox] = {}

        self.variant_box = QComboBox()
        self.variant_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.variant_box.setMinimumContentsLength(12)
        for vid in rules.variant_ids():
            try:
                name = rules.variant(vid).name
            except rules.RulesError:
                continue  # a broken user variant file: the new-game dialog explains it
            self.variant_box.addItem(name, vid)
        self.variant_box.currentIndexChanged.connect(
            lambda _i: self.variantChosen.emit(str(self.variant_box.currentData())))
        self.options_form = QFormLayout()
        self.options_form.setContentsMargins(0, 0, 0, 0)
        # A refused option is explained right under it, with the click that gets out of it.
        self.blocked = QWidget(self)
        self.blocked_text = QLabel()
        self.blocked_text.setWordWrap(True)
        self.blocked_text.setStyleSheet("color: #b00020;")
        self.blocked_button = QPushButton()
        self.blocked_button.clicked.connect(self._take_way_out)
        blocked_column = QVBoxLayout(self.blocked)
        blocked_column.setContentsMargins(0, 0, 0, 4)
        blocked_column.addWidget(self.blocked_text)
        blocked_column.addWidget(self.blocked_button)
        self.blocked.hide()
        self._blocked_in_form = False

        self.turn_group = QButtonGroup(self)
        turn_row = QHBoxLayout()
        self.turn_buttons: dict[str, QRadioButton] = {}
        for color in COLORS:
            button = QRadioButton(color.capitalize())
            self.turn_buttons[color] = button
            self.turn_group.addButton(button)
            turn_row.addWidget(button)
            button.toggled.connect(lambda on, c=color: on and self.turnChosen.emit(c))
        turn_row.addStretch(1)

        self.castling_row = QHBoxLayout()
        self.castling_label = QLabel("Castling:")
        self.ep_box = QComboBox()
        self.ep_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.ep_box.setToolTip("The square a pawn skipped with its double step on the last move")
        self.ep_box.currentIndexChanged.connect(lambda _i: self.epChosen.emit(str(self.ep_box.currentData() or "")))
        self.ep_label = QLabel("En passant:")
        self.fullmove = QSpinBox()
        self.fullmove.setRange(1, 9999)
        self.fullmove.setToolTip("The number of the next move")
        self.halfmove = QSpinBox()
        self.halfmove.setRange(0, 9999)
        self.halfmove.setToolTip("Moves since the last capture or pawn move (for the fifty-move rule)")
        for spin in (self.fullmove, self.halfmove):
            spin.valueChanged.connect(lambda _v: self.clocksChanged.emit(self.halfmove.value(), self.fullmove.value()))
        clocks = QHBoxLayout()
        clocks.addWidget(QLabel("Move"))
        clocks.addWidget(self.fullmove)
        clocks.addWidget(QLabel("Fifty-move count"))
        clocks.addWidget(self.halfmove)
        clocks.addStretch(1)

        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Variant:", self.variant_box)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(form)
        outer.addLayout(self.options_form)
        position = QFormLayout()
        position.setContentsMargins(0, 6, 0, 0)
        position.addRow("To move:", turn_row)
        position.addRow(self.castling_label, self.castling_row)
        position.addRow(self.ep_label, self.ep_box)
        position.addRow(clocks)
        outer.addLayout(position)

    # ------------------------------------------------------------ showing a draft

    def show_draft(self, draft: Draft) -> None:
        if draft.variant != self._variant:
            self._variant = draft.variant
            self._build_options(draft.vdef)
            self._build_ep(draft)
        self._build_castling(draft)
        widgets = [self.variant_box, self.ep_box, self.fullmove, self.halfmove, *self.turn_buttons.values(),
                   *self.castling_boxes.values(), *self.option_widgets.values()]
        # Showing values is not choosing them: no signals while they are set.
        for w in widgets:
            w.blockSignals(True)
        try:
            self.variant_box.setCurrentIndex(self.variant_box.findData(draft.variant))
            self._show_options(draft)
            self.turn_buttons[draft.turn].setChecked(True)
            for letter, box in self.castling_boxes.items():
                box.setChecked(letter in draft.castling)
            self.ep_box.setCurrentIndex(max(0, self.ep_box.findData(draft.ep or "")))
            self.fullmove.setValue(draft.fullmove)
            self.halfmove.setValue(draft.halfmove)
        finally:
            for w in widgets:
                w.blockSignals(False)

    def _build_options(self, vdef: rules.VariantDef) -> None:
        self._take_blocked()
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_widgets = {}
        self.text_values = {}
        self.text_clears = {}
        names = sorted(vdef.options, key=lambda n: (n != "setup", n == "fifty_move_rule", n))
        for name in names:
            opt = vdef.options[name]
            if opt.free_text:
                self._add_text_row(name, opt)
                continue
            widget = QComboBox()
            widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            widget.setMinimumContentsLength(10)
            for value in opt.choices:
                widget.addItem(_value_text(value), value)
                described = opt.choice_descriptions.get(str(value))
                if described:
                    widget.setItemData(widget.count() - 1, described, Qt.ItemDataRole.ToolTipRole)
            widget.currentIndexChanged.connect(
                lambda _i, n=name, w=widget: self.optionChanged.emit(n, w.currentData()))
            widget.setToolTip(opt.description)
            self.option_widgets[name] = widget
            self.options_form.addRow(option_label(name) + ":", widget)

    def _add_text_row(self, name: str, opt: OptionDef) -> None:
        """A free-text option is set by a guided setup (Black's order in Alternate Setup #1),
        but it constrains the other options, so it is shown with a button resetting it."""
        value = FittingLabel()  # one line: the whole order is in its tooltip
        value.setStyleSheet("color: #333;")
        clear = QPushButton("Clear")
        clear.setToolTip(f"Reset {option_label(name)} to its default")
        clear.clicked.connect(lambda _c=False, n=name, d=opt.default: self.optionChanged.emit(n, d))
        row = QHBoxLayout()
        row.addWidget(value, 1)
        row.addWidget(clear)
        self.text_values[name] = value
        self.text_clears[name] = clear
        self.options_form.addRow(option_label(name) + ":", row)

    def _show_options(self, draft: Draft) -> None:
        vdef = draft.vdef
        for name, widget in self.option_widgets.items():
            value = draft.options.get(name, vdef.options[name].default)
            index = next((i for i in range(widget.count()) if widget.itemData(i) == value), 0)
            widget.setCurrentIndex(index)
        for name, label in self.text_values.items():
            default = vdef.options[name].default
            value = draft.options.get(name, default)
            label.set_full_text("the default" if value == default else value_words(vdef, value), " …")
            if not label.toolTip():
                label.setToolTip(vdef.options[name].description)
            self.text_clears[name].setEnabled(value != default)

    # ------------------------------------------------------------ refused options

    def show_blocked(self, vdef: rules.VariantDef, name: str, value: Any, reason: str,
                     way: WayOut | None) -> None:
        """Say why an option's value was refused; with a way out, offer it as one button."""
        wanted = value_words(vdef, value)
        self.blocked_text.setText(f"{option_label(name)} cannot be {wanted}: {reason}")
        self._take_blocked()
        row = self._row_of(self.option_widgets.get(name))
        self.options_form.insertRow(row + 1 if row >= 0 else self.options_form.rowCount(), self.blocked)
        self._blocked_in_form = True
        self.blocked.show()
        self._way_out = (way.blocker, name, value) if way is not None else None
        if way is not None:
            self.blocked_button.setText(way.button_text(wanted))
        self.blocked_button.setVisible(way is not None)

    def _row_of(self, widget: QWidget | None) -> int:
        form = self.options_form
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.FieldRole)
            if widget is not None and item is not None and item.widget() is widget:
                return row
        return -1

    def clear_blocked(self) -> None:
        self._way_out = None
        self._take_blocked()

    def _take_blocked(self) -> None:
        """Out of the form (kept for the next refusal; removing its row would delete it)."""
        if self._blocked_in_form:
            self.options_form.takeRow(self.blocked)
            self._blocked_in_form = False
        self.blocked.hide()

    def _take_way_out(self) -> None:
        if self._way_out is not None:
            self.wayOutChosen.emit(*self._way_out)

    def _build_castling(self, draft: Draft) -> None:
        key = (draft.variant, repr(sorted(draft.options.items())))
        if key == self._castling_key:
            return
        self._castling_key = key
        while self.castling_row.count():
            item = self.castling_row.takeAt(0)
            old = item.widget()
            if old is not None:
                old.hide()  # deleted later; hidden now so it never shows over the new rows
                old.deleteLater()
        self.castling_boxes = {}
        letters = rulings.castling_letters(draft.variant, draft.options)
        words = {"K": "White may castle short", "Q": "White may castle long", "k": "Black may castle short",
                 "q": "Black may castle long"}
        for letter in letters:
            box = QCheckBox(letter)
            box.setToolTip(words.get(letter, letter))
            box.toggled.connect(lambda _on: self.castlingChanged.emit(
                "".join(c for c, b in self.castling_boxes.items() if b.isChecked())))
            self.castling_boxes[letter] = box
            self.castling_row.addWidget(box)
        self.castling_row.addStretch(1)
        self.castling_label.setVisible(bool(letters))

    def _build_ep(self, draft: Draft) -> None:
        self.ep_box.clear()
        self.ep_box.addItem("none", "")
        for square in draft.board_squares():
            self.ep_box.addItem(square, square)
        shown = rulings.has_en_passant(draft.variant)
        self.ep_box.setVisible(shown)
        self.ep_label.setVisible(shown)
