"""The new-game dialog: every variant with its description and start-position preview,
its setups and options with their explanations, and who plays which side (a human, or the
computer: the built-in engine at one of its strength levels, or another program's engine that
plays the variant, Settings > Engines).

Everything shown comes from ``rules.variant_ids()`` and ``rules.variant(id)``, so a new
variant file appears here without any change to the app.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import rules
from rules.catalogue import is_builtin_file

from .board.artwork import Artwork
from .computer.levels import DEFAULT_LEVEL, is_level
from .controller import COMPUTER, HUMAN
from .editor.wayout import option_label, way_out
from .engines.registry import BUILT_IN_MARK, OPPONENT
from .facts import snapshot_of
from .render import render_image
from .seats import ENGINE_PREFIX, LEVEL_PREFIX, computer_choices
from .timefield import TimeControlField

if TYPE_CHECKING:
    from rules.variant import OptionDef

    from .engines.manager import EngineManager
    from .settings import Settings

PREVIEW_WIDTH = 300
#: Wide and tall enough for the busiest variant's options and both players beside the preview.
DEFAULT_SIZE = (1080, 760)
PLAYER_KINDS = ((HUMAN, "Human"), (COMPUTER, "Computer"))
#: A typed option redraws the preview once typing pauses, not at every key.
TYPING_PAUSE_MS = 300
#: Lines kept for the sentence under a player, shown or not, so the box never changes height.
PLAYER_NOTE_LINES = 3
#: Room in a player's closed chooser, in characters (the list shows long names whole).
PLAYER_CHOOSER_CHARACTERS = 24


@dataclass
class GameChoice:
    variant: str
    options: dict[str, Any] = field(default_factory=dict)
    players: dict[str, str] = field(default_factory=lambda: {"white": HUMAN, "black": HUMAN})
    #: The computer's strength level for each side (used where that side is the computer).
    levels: dict[str, str] = field(default_factory=lambda: {"white": DEFAULT_LEVEL, "black": DEFAULT_LEVEL})
    #: Another program's engine (its name in Settings > Engines) playing a computer side instead
    #: of the built-in engine at its level; BUILT_IN_MARK where the level was chosen; "" or
    #: absent where neither was (the variant's computer opponent of Settings > Engines, else the level).
    engines: dict[str, str] = field(default_factory=dict)
    #: The clocks as the record's TimeControl tag writes them ("300+2"; "-": none).
    time_control: str = "-"


#: The heading of the one-variant families that other programs play too.
CLASSICS_HEADING = "Chess and classic variants"


def _family_title(members: list[rules.VariantDef]) -> str:
    """A family's heading: the name of its first variant, with "and its family" when it has more."""
    first = members[0]
    return first.name if len(members) == 1 else f"{first.name} and its family"


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class NewGameDialog(QDialog):
    def __init__(
        self,
        art: Artwork | None = None,
        current: GameChoice | None = None,
        parent: QWidget | None = None,
        settings: Settings | None = None,
        engines: EngineManager | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.art = art or Artwork()
        #: The other programs' engines offered for the computer's sides (Settings > Engines).
        self.engines = engines
        #: The level each side had last: an engine chosen instead keeps it for next time.
        self.levels: dict[str, str] = dict(current.levels if current else {})
        #: The engine each side chose (GameChoice.engines): a name, BUILT_IN_MARK for a level,
        #: or "" where none was chosen (the variant's computer opponent of Settings > Engines plays).
        self.engine_choice: dict[str, str] = dict(current.engines if current else {})
        #: One field per option: a drop-down of its choices, or a text field for free text.
        self.option_boxes: dict[str, QComboBox | QLineEdit] = {}
        self.player_boxes: dict[str, QComboBox] = {}
        self.level_boxes: dict[str, QComboBox] = {}
        self.level_notes: dict[str, QLabel] = {}
        self.typing = QTimer(self)
        self.typing.setSingleShot(True)
        self.typing.setInterval(TYPING_PAUSE_MS)
        self.typing.timeout.connect(self._refresh_preview)

        self.variants = QListWidget()
        self.variants.setMinimumWidth(200)
        self.variants.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.variants.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fill_variants()

        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 14pt;")
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.preview = QLabel()
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setFixedWidth(PREVIEW_WIDTH + 40)
        self.options_box = QGroupBox("Setup and rule options")
        self.options_form = QFormLayout(self.options_box)
        # In a narrow dialog a label goes above its field rather than pushing the field off the edge.
        self.options_form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        # A refusal caused by another option (a Second row order left from the last game) is
        # one click away from undone: this button resets that option.
        self.way_out_button = QPushButton()
        self.way_out_button.hide()
        self.way_out_button.clicked.connect(self._take_way_out)
        self._blocker: str | None = None

        players = QGroupBox("Players")
        players_form = QFormLayout(players)
        for side in ("white", "black"):
            self._add_player_row(players_form, side)
        self.time_field = TimeControlField()
        self.time_field.currentTextChanged.connect(lambda _text: self.error.clear())

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)

        # Options can be many and long-winded: they scroll (never sideways); the preview and the
        # players stay in view.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        holder = QWidget()
        column = QVBoxLayout(holder)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.options_box)
        column.addStretch(1)
        scroll.setWidget(holder)
        self.options_scroll = scroll
        self.players_box = players

        middle = QVBoxLayout()
        middle.addWidget(self.title)
        middle.addWidget(self.description)
        middle.addWidget(self.preview)
        middle.addStretch(1)
        self.description.setFixedWidth(PREVIEW_WIDTH + 40)
        self.title.setWordWrap(True)
        self.title.setFixedWidth(PREVIEW_WIDTH + 40)
        right = QVBoxLayout()
        right.addWidget(scroll, 1)
        # Above the players: a sentence appearing here shortens the options, never moves the players.
        right.addWidget(self.error)
        right.addWidget(self.way_out_button)
        right.addWidget(players)
        time_row = QFormLayout()
        time_row.addRow("Time control:", self.time_field)
        right.addLayout(time_row)
        top = QHBoxLayout()
        top.addWidget(self.variants)
        top.addLayout(middle)
        top.addLayout(right, 1)
        outer = QVBoxLayout(self)
        outer.addLayout(top, 1)
        outer.addWidget(buttons)
        self.settings = settings
        self._restore_size()

        self.variants.currentItemChanged.connect(lambda *_: self._variant_changed())
        start = current.variant if current else "chess"
        self.select_variant(start if start in rules.variant_ids() else rules.variant_ids()[0])
        if current:
            for name, value in current.options.items():
                self.set_option(name, value)
            for side, kind in current.players.items():
                self._select_data(self.player_boxes.get(side), kind)
            self.time_field.set_tag(current.time_control)

    def _fill_variants(self) -> None:
        """Every variant, under a heading per family (the file that defines it); then the user's
        files that cannot be played, greyed, each with the rules' reason as its tooltip."""
        families: dict[str, list[rules.VariantDef]] = {}
        for vid in rules.variant_ids():
            vdef = rules.variant(vid)
            families.setdefault(vdef.source, []).append(vdef)
        # A dozen one-variant headings for the classics would bury the families: the built-in
        # variants other programs know too (they name their Fairy-Stockfish counterpart) share one.
        # A user's file keeps its own heading, even one imported from a variants.ini (which names
        # its Fairy-Stockfish section), so the user finds it among their own variants.
        classics = [
            m[0] for m in families.values()
            if len(m) == 1 and m[0].raw.get("fairy_stockfish") and is_builtin_file(m[0].source)
        ]
        grouped: list[tuple[str, list[rules.VariantDef]]] = []
        for members in families.values():
            if members[0] in classics:
                if members[0] is classics[0]:
                    grouped.append((CLASSICS_HEADING, sorted(classics, key=lambda v: v.name)))
                continue
            grouped.append((_family_title(members), members))
        for title, members in grouped:
            self._add_heading(title)
            for vdef in members:
                item = QListWidgetItem(f"    {vdef.name}")
                item.setToolTip(f"{vdef.id}: {vdef.description}")
                item.setData(Qt.ItemDataRole.UserRole, vdef.id)
                self.variants.addItem(item)
        broken = rules.broken_variants()
        if broken:
            self._add_heading("Not playable")
        for name, reason in broken.items():
            item = QListWidgetItem(f"    {Path(name).name} (cannot be read)")
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            item.setToolTip(reason)
            self.variants.addItem(item)

    def _add_heading(self, text: str) -> None:
        heading = QListWidgetItem(text)
        heading.setFlags(Qt.ItemFlag.NoItemFlags)
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        self.variants.addItem(heading)

    def _restore_size(self) -> None:
        """The size the user left it at, else one that shows the preview, options and players."""
        saved = self.settings.dialog_geometry("new-game") if self.settings else None
        if saved is not None and self.restoreGeometry(saved):
            return
        wanted = QSize(*DEFAULT_SIZE)
        screen = self.screen().availableGeometry() if self.screen() else None
        if screen is not None and screen.isValid():
            wanted = wanted.boundedTo(screen.size())
        self.resize(wanted.expandedTo(self.minimumSizeHint()))

    def done(self, result: int) -> None:
        if self.settings is not None:
            self.settings.set_dialog_geometry("new-game", self.saveGeometry())
        super().done(result)

    def _add_player_row(self, form: QFormLayout, side: str) -> None:
        kind = QComboBox()
        for key, text in PLAYER_KINDS:
            kind.addItem(text, key)
        level = QComboBox()
        level.setToolTip("Which computer plays this side: the built-in engine at a strength level, "
                         "or another program's engine that plays this variant (Settings > Engines)")
        # Its width is the layout's, whatever names the engines of a variant have.
        level.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        level.setMinimumContentsLength(PLAYER_CHOOSER_CHARACTERS)
        level.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._fill_computers(level, "chess")
        self._select_data(level, self.levels.get(side, DEFAULT_LEVEL))
        note = QLabel()
        note.setWordWrap(True)
        note.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        note.setStyleSheet("color: #555;")
        # Always shown at one height: a longer or shorter sentence never moves the choosers.
        note.setFixedHeight(note.fontMetrics().lineSpacing() * PLAYER_NOTE_LINES + 4)
        note.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        row = QHBoxLayout()
        row.addWidget(kind)
        row.addWidget(level, 1)
        form.addRow(f"{side.capitalize()}:", row)
        form.addRow(note)
        self.player_boxes[side] = kind
        self.level_boxes[side] = level
        self.level_notes[side] = note
        kind.currentIndexChanged.connect(lambda *_: self._player_changed(side))
        level.currentIndexChanged.connect(lambda *_: self._player_changed(side))
        level.activated.connect(lambda *_: self._computer_picked(side))
        self._player_changed(side)

    @staticmethod
    def _select_data(box: QComboBox | None, value: Any) -> None:
        if box is not None and box.findData(value) >= 0:
            box.setCurrentIndex(box.findData(value))

    def _fill_computers(self, box: QComboBox, variant: str) -> None:
        """The built-in engine's levels (their names as data) and the added engines that play
        ``variant`` ("engine:" and the name), each with its sentence."""
        entries = self.engines.entries if self.engines is not None else []
        box.blockSignals(True)
        box.clear()
        for choice in computer_choices(variant, entries):
            data = choice.key[len(LEVEL_PREFIX):] if choice.key.startswith(LEVEL_PREFIX) else choice.key
            box.addItem(choice.label, data)
            box.setItemData(box.count() - 1, choice.description, Qt.ItemDataRole.ToolTipRole)
        box.blockSignals(False)

    def _refill_computers(self, variant: str) -> None:
        """A new variant: each side is offered the engines that play it. A side keeps its choice
        where it can; an engine that does not play the variant gives way to the engine Settings >
        Engines chooses for the variant's computer opponent, else to the side's level."""
        default = self.engines.chosen_name(OPPONENT, variant) if self.engines is not None else ""
        for side, box in self.level_boxes.items():
            self._fill_computers(box, variant)
            own = self.engine_choice.get(side, "")
            wanted = [ENGINE_PREFIX + own] if own not in ("", BUILT_IN_MARK) else []
            if own != BUILT_IN_MARK and default:
                wanted.append(ENGINE_PREFIX + default)
            wanted += [self.levels.get(side, DEFAULT_LEVEL), DEFAULT_LEVEL]
            box.setCurrentIndex(next(box.findData(w) for w in wanted if box.findData(w) >= 0))
            self._player_changed(side)

    def _computer_picked(self, side: str) -> None:
        """The player chose a level (the built-in engine, whatever Settings > Engines says) or an engine."""
        data = str(self.level_boxes[side].currentData())
        self.engine_choice[side] = data[len(ENGINE_PREFIX):] if data.startswith(ENGINE_PREFIX) else BUILT_IN_MARK

    def _player_changed(self, side: str) -> None:
        """Which computer matters only for the computer; its sentence says what will play."""
        computer = self.player_boxes[side].currentData() == COMPUTER
        level = self.level_boxes[side]
        level.setEnabled(computer)
        if is_level(level.currentData()):
            self.levels[side] = str(level.currentData())
        note = self.level_notes[side]
        described = level.itemData(level.currentIndex(), Qt.ItemDataRole.ToolTipRole)
        note.setText(str(described) if computer and described else f"You move {side.capitalize()}'s pieces.")

    # ------------------------------------------------------------ selection

    def variant_id(self) -> str:
        item = self.variants.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else "chess"

    def select_variant(self, vid: str) -> None:
        for row in range(self.variants.count()):
            if self.variants.item(row).data(Qt.ItemDataRole.UserRole) == vid:
                self.variants.setCurrentRow(row)
                return
        raise KeyError(vid)

    def set_option(self, name: str, value: Any) -> None:
        box = self.option_boxes.get(name)
        if box is None:
            return
        if isinstance(box, QLineEdit):
            box.setText(str(value))
            return
        for i in range(box.count()):
            if box.itemData(i) == value or _value_text(box.itemData(i)) == str(value).lower():
                box.setCurrentIndex(i)
                return

    def options(self) -> dict[str, Any]:
        """The options whose value differs from the variant's default."""
        vdef = rules.variant(self.variant_id())
        out: dict[str, Any] = {}
        for name, box in self.option_boxes.items():
            value = box.text().strip() if isinstance(box, QLineEdit) else box.currentData()
            if name in vdef.options and value != vdef.options[name].default:
                out[name] = value
        return out

    def choice(self) -> GameChoice:
        players = {side: str(box.currentData()) for side, box in self.player_boxes.items()}
        levels = {side: self.levels.get(side, DEFAULT_LEVEL) for side in self.level_boxes}
        engines = {side: name for side, name in self.engine_choice.items() if name}
        return GameChoice(self.variant_id(), self.options(), players, levels, engines, self.time_field.tag())

    # ------------------------------------------------------------ reacting

    def _variant_changed(self) -> None:
        vid = self.variant_id()
        vdef = rules.variant(vid)
        self.title.setText(f"{vdef.name}  ({vid})")
        size = f"{vdef.files}x{vdef.ranks}"
        if vdef.extra_squares:
            size += " + " + ", ".join(vdef.extra_squares)
        self.description.setText(f"{vdef.description}\nBoard: {size}.")
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.option_boxes = {}
        # The setup choice first: it changes the preview most.
        names = sorted(vdef.options, key=lambda n: (n != "setup", n == "fifty_move_rule", n))
        for name in names:
            opt = vdef.options[name]
            box = self._text_field(opt) if opt.free_text else self._choice_box(opt)
            box.setToolTip(opt.description)
            self.option_boxes[name] = box
            self.options_form.addRow(name.replace("_", " ").capitalize() + ":", box)
            if opt.description:
                note = QLabel(opt.description)
                note.setWordWrap(True)
                note.setStyleSheet("color: #555; margin-bottom: 6px;")
                note.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
                self.options_form.addRow(note)
        self.options_box.setVisible(bool(names))
        self._refill_computers(vid)
        self._refresh_preview()

    def _choice_box(self, opt: OptionDef) -> QComboBox:
        box = QComboBox()
        # Long choice texts are cut in the closed box (the list shows them whole), so the
        # options column never needs a sideways scroll bar.
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(18)
        box.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        for value in opt.choices:
            text = _value_text(value)
            described = opt.choice_descriptions.get(str(value))
            box.addItem(f"{text}: {described}" if described else text, value)
            if described:
                box.setItemData(box.count() - 1, described, Qt.ItemDataRole.ToolTipRole)
        box.setCurrentIndex(list(opt.choices).index(opt.default))
        box.currentIndexChanged.connect(lambda *_: self._refresh_preview())
        box.view().setMinimumWidth(box.view().sizeHintForColumn(0) + 24)
        return box

    def _text_field(self, opt: OptionDef) -> QLineEdit:
        """Free text: the rules read and check it (an empty field is the default)."""
        field_ = QLineEdit(str(opt.default))
        field_.setPlaceholderText("empty: the default" if opt.default == "" else str(opt.default))
        field_.setClearButtonEnabled(True)
        field_.textChanged.connect(lambda *_: self.typing.start())
        return field_

    def _refresh_preview(self) -> None:
        self._blocker = None
        self.way_out_button.hide()
        try:
            game = rules.new_game(self.variant_id(), options=self.options())
        except rules.RulesError as exc:
            self.error.setText(f"These options do not make a game: {exc}")
            self.preview.clear()
            self._show_way_out()
            return
        self.error.clear()
        image = render_image(snapshot_of(game, None, checks=False), PREVIEW_WIDTH, art=self.art)
        self.preview.setPixmap(QPixmap.fromImage(image))

    def _show_way_out(self) -> None:
        vid = self.variant_id()
        way = way_out(rules.variant(vid), self.options(), None, lambda o: rules.new_game(vid, options=o))
        self._blocker = way.blocker if way is not None else None
        if way is not None:
            self.way_out_button.setText(f"Clear {option_label(way.blocker)}")
        self.way_out_button.setVisible(way is not None)

    def _take_way_out(self) -> None:
        box = self.option_boxes.get(self._blocker or "")
        if box is not None:
            self.set_option(str(self._blocker), rules.variant(self.variant_id()).options[str(self._blocker)].default)
            self.typing.stop()
            self._refresh_preview()

    def accept(self) -> None:
        if self.typing.isActive():  # the preview catches up with what was typed last
            self.typing.stop()
            self._refresh_preview()
        try:
            rules.new_game(self.variant_id(), options=self.options())
        except rules.RulesError as exc:
            self.error.setText(f"These options do not make a game: {exc}")
            return
        problem = self.time_field.problem()
        if problem is not None:
            self.error.setText(problem)
            return
        super().accept()
