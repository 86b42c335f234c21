"""The selected piece: what it is, and the settings it carries (colour, polypiece form, Hia switch)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..board.artwork import Artwork
from ..board.snapshot import Glyph

ICON = 40


class PieceInspector(QWidget):
    recolourRequested = Signal()
    formRequested = Signal()
    flagToggled = Signal(str, bool)
    removeRequested = Signal()

    def __init__(self, art: Artwork, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art = art
        self.flag_boxes: dict[str, QCheckBox] = {}
        self.picture = QLabel()
        self.picture.setFixedSize(ICON, ICON)
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.recolour = QPushButton("Change colour")
        self.recolour.setToolTip("Also: right-click the piece on the board")
        self.form = QPushButton()
        self.remove = QPushButton("Remove")
        self.remove.setToolTip("Also: drag the piece off the board, or press Delete")
        self.recolour.clicked.connect(self.recolourRequested)
        self.form.clicked.connect(self.formRequested)
        self.remove.clicked.connect(self.removeRequested)
        head = QHBoxLayout()
        head.addWidget(self.picture)
        head.addWidget(self.title, 1)
        self.buttons = QGridLayout()
        self.buttons.addWidget(self.recolour, 0, 0)
        self.buttons.addWidget(self.remove, 0, 1)
        self.buttons.addWidget(self.form, 1, 0, 1, 2)
        self.flags = QVBoxLayout()
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addLayout(head)
        outer.addLayout(self.buttons)
        outer.addLayout(self.flags)
        self.show_piece(None, None)

    def show_piece(self, square: str | None, glyph: Glyph | None, switches: list[tuple[str, str]] | None = None,
                   other_form: str | None = None) -> None:
        """Show the piece on ``square`` (None: nothing selected) with the flags it may carry
        (flag, words) and the name of its other form, if it has one."""
        for box in self.flag_boxes.values():
            box.hide()
            box.deleteLater()
        self.flag_boxes = {}
        has_piece = square is not None and glyph is not None
        for w in (self.recolour, self.remove):
            w.setEnabled(has_piece)
        self.form.setVisible(has_piece and other_form is not None)
        if not has_piece or glyph is None:
            self.picture.clear()
            text = "Click a piece on the board to select it." if square is None else f"{square} is empty."
            self.title.setText(text)
            return
        image = self.art.piece_image(glyph.color, glyph.kind, glyph.letter, ICON)
        self.picture.setPixmap(QPixmap.fromImage(image))
        self.title.setText(f"<b>{glyph.color.capitalize()} {glyph.name}</b> on {square}")
        if other_form is not None:
            self.form.setText(f"Turn into its other form: {other_form}")
        for flag, words in switches or []:
            box = QCheckBox(words)
            box.setChecked(flag in glyph.flags)
            box.toggled.connect(lambda on, f=flag: self.flagToggled.emit(f, on))
            self.flag_boxes[flag] = box
            self.flags.addWidget(box)
        self.title.setTextFormat(Qt.TextFormat.RichText)
