"""Settings > Engines: add another program's UCI or XBoard engine by its path, choose which engine
serves as the computer opponent and which analyses, for every variant it plays and variant by
variant, and edit the selected engine's options.

Adding greets the program in a worker thread (the window stays live); what goes wrong is said in
the window's own words, and nothing is added.
"""

from __future__ import annotations

import shlex

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

import rules

from ..worker import Task, start_task
from .client import UCI, XBOARD, EngineFacts, EngineSpec, detect, probe
from .manager import EngineManager
from .options import EngineOption
from .registry import ANALYSIS, BUILT_IN_MARK, OPPONENT, ROLES, EngineEntry

BUILT_IN = "Built-in engine"
DETECT = "Detect"
PROTOCOL_CHOICES = ((DETECT, ""), ("UCI", UCI), ("XBoard", XBOARD))
#: Spin boxes hold 32-bit numbers; an engine's "max" may say more.
SPIN_LIMIT = 2_000_000_000
DEFAULT_SIZE = (640, 760)
LIST_HEIGHT = 110
TABLE_HEIGHT = 150
#: A variant's row in the table: the engine chosen above for every variant it plays.
AS_ABOVE = "As above"
ROLE_HEADINGS = {OPPONENT: "Computer opponent", ANALYSIS: "Analysis"}


def entry_summary(entry: EngineEntry) -> str:
    plays = ", ".join(entry.variants) if entry.variants else "none of our variants"
    return f"{entry.name} · {entry.protocol.upper()} · plays {plays}"


class EnginesDialog(QDialog):
    def __init__(self, manager: EngineManager, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Engines")
        self.manager = manager
        self._task: Task | None = None
        layout = QVBoxLayout(self)

        self.engine_list = QListWidget()
        self.engine_list.setMaximumHeight(LIST_HEIGHT)
        layout.addWidget(QLabel("Engines you added:"))
        layout.addWidget(self.engine_list)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self._remove)
        layout.addWidget(self.remove_button)

        add_box = QGroupBox("Add an engine")
        form = QFormLayout(add_box)
        self.program = QLineEdit()
        self.program.setPlaceholderText("the engine program, e.g. /usr/games/stockfish")
        browse = QPushButton("Browse...")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.program)
        row.addWidget(browse)
        form.addRow("Program:", row)
        self.arguments = QLineEdit()
        self.arguments.setPlaceholderText("arguments, if it needs any (e.g. -m rules uci)")
        form.addRow("Arguments:", self.arguments)
        self.protocol = QComboBox()
        for label, _value in PROTOCOL_CHOICES:
            self.protocol.addItem(label)
        form.addRow("Protocol:", self.protocol)
        self.add_button = QPushButton("Add engine")
        self.add_button.clicked.connect(self.add_engine)
        form.addRow(self.add_button)
        layout.addWidget(add_box)

        roles_box = QGroupBox("Which engine serves which variants")
        roles_layout = QVBoxLayout(roles_box)
        roles = QFormLayout()
        self.opponent_choice = QComboBox()
        self.opponent_choice.setToolTip(
            "The computer first offered for a side in New game and Game > Players, in every variant it plays "
            "(each side may still choose any level or engine)")
        self.analysis_choice = QComboBox()
        self.analysis_choice.setToolTip("The engine of the Analysis panel, in every variant it plays")
        roles.addRow("Computer opponent:", self.opponent_choice)
        roles.addRow("Analysis engine:", self.analysis_choice)
        roles_layout.addLayout(roles)
        self.opponent_choice.activated.connect(lambda _i: self._role_chosen(OPPONENT, self.opponent_choice))
        self.analysis_choice.activated.connect(lambda _i: self._role_chosen(ANALYSIS, self.analysis_choice))
        roles_layout.addWidget(QLabel("Variant by variant (the variants your engines play):"))
        #: One row per variant an added engine plays; a chooser per role.
        self.variant_table = QTableWidget(0, len(ROLES))
        self.variant_table.setHorizontalHeaderLabels([ROLE_HEADINGS[role] for role in ROLES])
        self.variant_table.horizontalHeader().setStretchLastSection(True)
        self.variant_table.setMinimumHeight(TABLE_HEIGHT)
        self.variant_table.setMaximumHeight(TABLE_HEIGHT)
        roles_layout.addWidget(self.variant_table)
        #: The table's choosers by (variant, role).
        self.variant_choices: dict[tuple[str, str], QComboBox] = {}
        layout.addWidget(roles_box)

        self.options_box = QGroupBox("Options of the selected engine")
        holder = QWidget()
        self.options_form = QFormLayout(holder)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(holder)
        QVBoxLayout(self.options_box).addWidget(scroll)
        layout.addWidget(self.options_box, 1)
        #: The option editors on show, by option name.
        self.editors: dict[str, QWidget] = {}

        self.status = QLabel("")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.close)
        layout.addWidget(buttons)

        self.engine_list.currentRowChanged.connect(lambda _row: self._show_options())
        self.resize(*DEFAULT_SIZE)
        self.refresh()

    # ------------------------------------------------------------ showing

    def refresh(self) -> None:
        current = self.selected_name()
        self.engine_list.clear()
        for entry in self.manager.entries:
            self.engine_list.addItem(entry_summary(entry))
            item = self.engine_list.item(self.engine_list.count() - 1)
            item.setToolTip(f"{entry_summary(entry)}\n{entry.path} {' '.join(entry.args)}")
        names = [e.name for e in self.manager.entries]
        if current in names:
            self.engine_list.setCurrentRow(names.index(current))
        elif names:
            self.engine_list.setCurrentRow(len(names) - 1)
        for role, combo in ((OPPONENT, self.opponent_choice), (ANALYSIS, self.analysis_choice)):
            combo.clear()
            combo.addItem(BUILT_IN)
            combo.addItems(names)
            chosen = self.manager.roles.get(role, "")
            combo.setCurrentIndex(names.index(chosen) + 1 if chosen in names else 0)
        self.remove_button.setEnabled(bool(names))
        self._fill_variant_table()
        self._show_options()

    def _fill_variant_table(self) -> None:
        """A row per variant some added engine plays: for each role, As above (the engine chosen
        for every variant it plays), the built-in engine, or any engine that plays the variant."""
        table = self.variant_table
        variants = sorted({v for entry in self.manager.entries for v in entry.variants})
        table.setRowCount(len(variants))
        table.setVerticalHeaderLabels([rules.variant(v).name for v in variants])
        self.variant_choices = {}
        for row, variant in enumerate(variants):
            players = [e.name for e in self.manager.offered(variant)]
            for column, role in enumerate(ROLES):
                combo = QComboBox()
                general = self.manager.roles.get(role, "")
                combo.addItem(f"{AS_ABOVE} ({general if self.manager.plays(general, variant) else BUILT_IN})", "")
                combo.addItem(BUILT_IN, BUILT_IN_MARK)
                for name in players:
                    combo.addItem(name, name)
                chosen = self.manager.variant_roles.get(role, {}).get(variant, "")
                combo.setCurrentIndex(max(0, combo.findData(chosen)))
                combo.activated.connect(lambda _i, v=variant, r=role, c=combo: self._variant_role_chosen(v, r, c))
                table.setCellWidget(row, column, combo)
                self.variant_choices[(variant, role)] = combo
        table.resizeColumnsToContents()

    def selected_name(self) -> str | None:
        row = self.engine_list.currentRow()
        entries = self.manager.entries
        return entries[row].name if 0 <= row < len(entries) else None

    def _show_options(self) -> None:
        while self.options_form.rowCount():
            self.options_form.removeRow(0)
        self.editors = {}
        entry = self.manager.entry(self.selected_name() or "")
        if entry is None:
            self.options_box.setTitle("Options of the selected engine")
            return
        self.options_box.setTitle(f"Options of {entry.name}")
        editable = [o for o in entry.options if o.editable]
        if not editable:
            self.options_form.addRow(QLabel("This engine has no options to set."))
        for option in editable:
            editor = self._editor(entry, option)
            self.editors[option.name] = editor
            self.options_form.addRow(f"{option.name}:", editor)

    def _editor(self, entry: EngineEntry, option: EngineOption) -> QWidget:
        value = entry.value_of(option)
        name = entry.name

        def keep(text: str) -> None:
            self.manager.set_value(name, option.name, text)

        if option.kind == "spin":
            spin = QSpinBox()
            low = option.low if option.low is not None else -SPIN_LIMIT
            high = option.high if option.high is not None else SPIN_LIMIT
            spin.setRange(max(low, -SPIN_LIMIT), min(high, SPIN_LIMIT))
            try:
                spin.setValue(int(value))
            except ValueError:
                pass
            spin.valueChanged.connect(lambda number: keep(str(number)))
            return spin
        if option.kind == "check":
            check = QCheckBox()
            check.setChecked(value.lower() == "true")
            check.toggled.connect(lambda on: keep("true" if on else "false"))
            return check
        if option.kind == "combo":
            combo = QComboBox()
            combo.addItems(list(option.choices))
            if value in option.choices:
                combo.setCurrentIndex(option.choices.index(value))
            combo.currentTextChanged.connect(keep)
            return combo
        line = QLineEdit(value)
        line.editingFinished.connect(lambda: keep(line.text()))
        return line

    # ------------------------------------------------------------ commands

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Choose an engine program")
        if path:
            self.program.setText(path)

    def add_engine(self) -> bool:
        """Greet the program in the background; it is listed once it has answered."""
        path = self.program.text().strip()
        if not path:
            self.status.setText("Choose the engine program first.")
            return False
        try:
            args = tuple(shlex.split(self.arguments.text()))
        except ValueError as exc:
            self.status.setText(f"The arguments cannot be read: {exc}.")
            return False
        protocol = PROTOCOL_CHOICES[self.protocol.currentIndex()][1]

        def job() -> EngineFacts:
            return probe(EngineSpec(path, args, protocol)) if protocol else detect(path, args)

        self.add_button.setEnabled(False)
        self.status.setText(f"Starting {path} to ask what it plays...")
        self._task = start_task(job, lambda facts: self._added(path, args, facts), self._add_failed,
                                own_thread=True)
        return True

    def _added(self, path: str, args: tuple[str, ...], facts: EngineFacts) -> None:
        self.add_button.setEnabled(True)
        entry = EngineEntry.from_facts(path, args, facts, self.manager.taken_names())
        self.manager.add(entry)
        self.refresh()
        self.engine_list.setCurrentRow(len(self.manager.entries) - 1)
        plays = ", ".join(entry.variants) if entry.variants else "none of our variants"
        self.status.setText(f"Added {entry.name} ({entry.protocol.upper()}); it plays {plays}.")

    def _add_failed(self, exc: Exception) -> None:
        self.add_button.setEnabled(True)
        self.status.setText(f"The engine was not added: {exc}.")

    def _remove(self) -> None:
        name = self.selected_name()
        if name is not None:
            self.manager.remove(name)
            self.refresh()
            self.status.setText(f"Removed {name}.")

    def _variant_role_chosen(self, variant: str, role: str, combo: QComboBox) -> None:
        self.manager.set_variant_role(role, variant, str(combo.currentData()))
        serving = self.manager.chosen_name(role, variant) or BUILT_IN
        what = "the computer opponent first offered" if role == OPPONENT else "the analysis engine"
        self.status.setText(f"In {rules.variant(variant).name}, {serving} is {what}.")

    def _role_chosen(self, role: str, combo: QComboBox) -> None:
        index = combo.currentIndex()
        names = [e.name for e in self.manager.entries]
        self.manager.set_role(role, names[index - 1] if 0 < index <= len(names) else "")
        what = "the computer opponent first offered" if role == OPPONENT else "analysis"
        self.status.setText(f"{combo.currentText()} is {what} for the variants it plays, "
                            "where the table below does not choose another.")
        self._fill_variant_table()
