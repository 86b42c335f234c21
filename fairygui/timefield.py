"""New game's Time control field: a short text with a few presets, read by ``clock.read_field``
(minutes, then seconds added a move: ``5+3``; moves per period: ``40/90+30, 30+30``; ``none``)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from .clock import NO_CLOCKS, TimeControlError, read_field, read_tag

#: The presets offered, as the field writes them; any other text in the same form works too.
PRESETS = (NO_CLOCKS, "1+0", "3+2", "5+0", "5+3", "10+5", "15+10", "30+0", "40/90+30, 30+30")
TIP = ("How much time each side has: minutes, then seconds added after each move (5+3); "
       "moves per period before more time comes (40/90 is 40 moves in 90 minutes), periods joined "
       "by commas (40/90+30, 30+30); none for no clocks")


class TimeControlField(QComboBox):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("timeControl")
        self.setEditable(True)
        self.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.addItems(PRESETS)
        self.setToolTip(TIP)
        self.setCurrentText(NO_CLOCKS)

    def tag(self) -> str:
        """The record's TimeControl tag for the text (``-`` for none); TimeControlError says
        what is wrong with a text it cannot read."""
        control = read_field(self.currentText())
        return control.tag() if control is not None else "-"

    def problem(self) -> str | None:
        try:
            self.tag()
        except TimeControlError as exc:
            return str(exc)
        return None

    def set_tag(self, tag: str) -> None:
        """Show a record's TimeControl tag in the field's own form."""
        try:
            control = read_tag(tag)
        except TimeControlError:
            control = None
        self.setCurrentText(control.field() if control is not None else NO_CLOCKS)
