"""The Endgame window: build a variant's endgame table off the GUI thread, see what it holds and
its longest win on a board, play that win out against perfect defence, or start a game there.

Every answer comes from the rules package's tables (``rules.tablebase``): the window builds
them, asks them for the value of the position on its board and for the defender's reply.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import rules
from rules import Game, Move
from rules.tablebase import Progress, Table, TablebaseError, build_table
from rules.tablebase.probe import shelf

from ..board.artwork import Artwork
from ..board.widget import BoardWidget
from ..facts import index_of, last_move_of, snapshot_of
from ..worker import Task, start_task
from ..workspace import Workspace

#: The workspace's key for the window.
ENDGAME = "endgame"


class _Relay(QObject):
    """Carries a build's progress from the building thread to the GUI thread."""

    progressed = Signal(object)


def answer_words(game: Game) -> str:
    """What the tables say about the game's position: "White mates in 10 (table)"."""
    if game.result is not None:
        return f"Game over: {game.result.reason}"
    found = shelf(game.rules).probe(game.pos)
    if found is None:
        return "No table holds this position"
    if found.value == 0:
        return "Draw (table)"
    mover = game.to_move.capitalize()
    other = "Black" if mover == "White" else "White"
    winner = mover if found.value > 0 else other
    return f"{winner} mates in {found.moves} (table)"


class EndgameWindow(QWidget):
    """See the module docstring. ``jobs``: processes a build uses (None: every core)."""

    built = Signal(object)  # the Table, once built and shown
    replied = Signal(object)  # the defender's Move, once played on the window's board

    def __init__(self, workspace: Workspace, art: Artwork | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle("Endgame tables")
        self.workspace = workspace
        self.jobs: int | None = None
        self.table: Table | None = None
        self.game: Game | None = None
        self._task: Task | None = None
        self._stop = threading.Event()
        self._relay = _Relay(self)
        self._relay.progressed.connect(self._show_progress)

        self.variant_box = QComboBox()
        for vid in rules.variant_ids():
            self.variant_box.addItem(rules.variant(vid).name, vid)
        self.variant_box.setCurrentIndex(max(0, self.variant_box.findData(workspace.controller.variant.id)))
        self.material_edit = QLineEdit("KQvK")
        self.material_edit.setToolTip("White's pieces, then 'v', then Black's, by the variant's letters: KQvK, KBNvK")
        self.build_button = QPushButton("&Build")
        self.build_button.clicked.connect(self.build)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.status = QLabel("Pick a variant and a material, then Build.")
        self.status.setWordWrap(True)
        self.board = BoardWidget(art, self)
        self.board.set_interactive(False)
        self.board.movePicked.connect(self._player_moved)
        self.answer = QLabel("")
        self.longest_button = QPushButton("&Longest win")
        self.longest_button.clicked.connect(self.show_longest_win)
        self.play_button = QPushButton("&Play it out")
        self.play_button.setToolTip("Play the winning side's moves on this board; the table defends perfectly")
        self.play_button.clicked.connect(self.play_out)
        self.game_button = QPushButton("Set up as a &game")
        self.game_button.clicked.connect(self.start_game)
        for button in (self.longest_button, self.play_button, self.game_button):
            button.setEnabled(False)

        top = QHBoxLayout()
        top.addWidget(QLabel("Variant"))
        top.addWidget(self.variant_box, 1)
        top.addWidget(QLabel("Material"))
        top.addWidget(self.material_edit)
        top.addWidget(self.build_button)
        buttons = QHBoxLayout()
        for button in (self.longest_button, self.play_button, self.game_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.board, 1)
        layout.addWidget(self.answer)
        layout.addLayout(buttons)
        self.resize(560, 720)

    # ------------------------------------------------------------ building

    def variant_id(self) -> str:
        return str(self.variant_box.currentData())

    def build(self) -> None:
        """Build (or load) the table of the chosen material, off the GUI thread."""
        if self._task is not None:
            return
        variant, material = self.variant_id(), self.material_edit.text().strip()
        self.build_button.setEnabled(False)
        self.progress.setValue(0)
        self.status.setText(f"Building {material}...")
        relay = self._relay
        jobs = self.jobs
        stop = self._stop
        stop.clear()

        def report(progress: Progress) -> None:
            if stop.is_set():  # the window closed: stop at the next range (its checkpoints stay)
                raise TablebaseError("the build was stopped; building again resumes it")
            relay.progressed.emit(progress)

        def job() -> Table:
            return build_table(variant, material, jobs=jobs, progress=report)

        self._task = start_task(job, self._built, self._failed)

    def _show_progress(self, progress: Progress) -> None:
        if progress.total:
            self.progress.setValue(int(1000 * progress.done / progress.total))
        self.status.setText(progress.line())

    def _built(self, table: Table) -> None:
        self._task = None
        self.build_button.setEnabled(True)
        self.progress.setValue(1000)
        self.table = table
        summary = table.summary()
        lines = [f"{summary['material']}: {summary['positions']:,} positions"]
        for side in ("white_to_move", "black_to_move"):
            c = summary[side]
            lines.append(f"{side.replace('_', ' ').capitalize()}: {c['win']:,} won, {c['draw']:,} drawn, "
                         f"{c['loss']:,} lost")
        win = summary["longest_win"]
        lines.append(f"Longest win: {win['moves']} moves ({win['plies']} plies)" if win["fen"]
                     else "No side can force a win.")
        self.status.setText("\n".join(lines))
        for button in (self.longest_button, self.play_button, self.game_button):
            button.setEnabled(bool(win["fen"]))
        if win["fen"]:
            self.show_longest_win()
        self.built.emit(table)

    def _failed(self, exc: Exception) -> None:
        self._task = None
        self.build_button.setEnabled(True)
        self.progress.setValue(0)
        self.status.setText(f"Cannot build that table: {exc}")

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop.set()
        super().closeEvent(event)

    # ------------------------------------------------------------ the board

    def show_longest_win(self) -> None:
        if self.table is None:
            return
        fen = self.table.summary()["longest_win"]["fen"]
        if fen:
            self._show(rules.new_game(self.variant_id_of_table(), options=self._options(), fen=fen))
            self.board.set_interactive(False)

    def variant_id_of_table(self) -> str:
        assert self.table is not None
        return self.table.job.variant

    def _options(self) -> dict[str, Any]:
        assert self.table is not None
        return dict(self.table.job.options)

    def _show(self, game: Game) -> None:
        self.game = game
        self.board.set_position(snapshot_of(game, last_move_of(game)), index_of(game), game.rules.variant)
        self.answer.setText(answer_words(game))

    def play_out(self) -> None:
        """From the longest win: the player moves the winning side, the table defends."""
        self.show_longest_win()
        self.board.set_interactive(True)

    def _player_moved(self, move: Move) -> None:
        game = self.game
        if game is None or game.result is not None:
            return
        game.play(move)
        self._show(game)
        if game.result is not None:
            self.board.set_interactive(False)
            return
        best = shelf(game.rules).best_move(game.pos)
        if best is not None:
            game.play(best[0])
            self._show(game)
            self.replied.emit(best[0])
        self.board.set_interactive(game.result is None)

    def start_game(self) -> bool:
        """The position on the window's board as a new game in the main window."""
        if self.game is None or not self.workspace.unsaved.may_replace("starting a game from an endgame table"):
            return False
        try:
            self.workspace.controller.new_game(self.game.rules.variant.id, self._options(), fen=self.game.fen())
        except rules.RulesError as exc:
            self.workspace.unsaved.abandon()
            self.status.setText(f"Cannot start that game: {exc}")
            return False
        self.workspace.path = None
        self.workspace.modified = True  # a position from a table: no file holds it
        self.workspace.bring_to_front()
        self.workspace.show_message("Started a game from an endgame table.")
        return True
