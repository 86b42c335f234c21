"""The main window: board, move list, pools, menus, toolbar, status bar and file handling.

It wires the views to the :class:`GameController` and keeps no game state of its own
beyond the file name of the open game. Whatever would replace a game with unsaved changes
(Open, New game, Paste, a game of the chooser, closing) asks Save / Discard / Cancel first
through the workspace's guard (``unsaved.py``), a blocking standard question. Dialogs that report problems open without
blocking (``QMessageBox.open``), so nothing waits on them and tests can inspect them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QFileDialog,
    QFrame,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

import rules
from rules.engine import level_names
from rules.pgnscan import PgnListing

from .analysis.panel import MOST_LINES
from .analysis.view import AnalysisView
from .annotate import ask_branch, node_menu
from .appearance import Appearance
from .board.artwork import Artwork
from .board.widget import BoardWidget
from .computer.levels import DEFAULT_LEVEL
from .computer.view import ComputerView
from .controller import GameController
from .designer import edit_variant, new_variant
from .designer.window import DesignerWindow
from .document import Node
from .editor.link import EDITOR, explore_game, linked_editor, show_editor
from .endgame import show_endgame
from .engines.dialog import EnginesDialog
from .engines.manager import EngineManager
from .engines.registry import ANALYSIS
from .facts import chosen_artwork, dropped_kind
from .gamechooser import FileLister, GameChooser, listed_record
from .headerpanel import HeaderPanel
from .helpwindow import RulesWindow
from .iniimportdialog import open_variants_ini
from .line import COORDINATES, SAN, set_notation
from .menus import Shortcut, fill_menu, fill_toolbar, make_action
from .movelist import MoveList
from .movesaid import chooser_tip, ignored_press_words, say_moves, viewing_words
from .newgame import PLAYER_KINDS, GameChoice, NewGameDialog
from .nomove import no_move_sentence
from .playtools import PlayTools
from .pools import PoolsPanel
from .powers.view import PowerView
from .render import save_picture
from .savefile import GAME, ask_to_replace, replace_question, write_atomically
from .seats import Seating
from .seatsview import SeatsView
from .session import LAST_SESSION, SessionKeeper
from .settings import Settings
from .statusbar import StatusBar
from .worker import wait_for_tasks
from .workspace import Workspace

GAME_FILTER = "Game records (*.pgn);;All files (*)"
PICTURE_FILTER = "PNG image (*.png);;SVG drawing (*.svg)"


class MainWindow(QMainWindow):
    #: The window's size on a first start (later starts restore the last one).
    DEFAULT_SIZE = (1100, 780)

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")  # how tests and tools find the app's window among top-level widgets
        self.settings = settings
        self.art = Artwork()
        set_notation(COORDINATES if settings.coordinate_notation() else SAN)
        self.controller = GameController(self)
        # Before the powers view, which shows its hover text there.
        status_bar = StatusBar(self)
        self.setStatusBar(status_bar)
        #: What the editor, designer, session and explorer share with this window.
        self.workspace = Workspace(self, self.controller, settings, self.art, status_bar)
        self.workspace.titleChanged.connect(self.setWindowTitle)
        self.workspace.unsaved.save = self.save_file
        self.last_question: QMessageBox | None = None
        self.new_game_dialog: NewGameDialog | None = None
        self.rules_window: RulesWindow | None = None
        self.game_chooser: GameChooser | None = None
        self._one_of_several: str | None = None  # the file whose chosen game is being read
        self.designer: QWidget | None = None
        #: Lists the games of a file being opened, off the GUI thread.
        self.lister = FileLister(self)
        self.lister.listed.connect(self._listed)
        self.lister.failed.connect(self._listing_failed)
        self.lister.cancelled.connect(lambda path: self.show_message(
            f"Stopped listing {Path(path).name}; the game on the board is unchanged."))
        # Journals every change of the game before the next input (``session.py``).
        self.session = SessionKeeper(self.workspace)

        self.board = BoardWidget(self.art, self)
        # Made on first use (the session may ask for it to bring back a draft); it explores on this board.
        self.workspace.add_window_kind(EDITOR, lambda: linked_editor(self.workspace, self.board))
        self.setCentralWidget(self.board)
        self.move_list = MoveList(self)
        self.header_panel = HeaderPanel(self.controller, self)
        self.last_menu: QMenu | None = None
        moves_box = QWidget(self)
        moves_layout = QVBoxLayout(moves_box)
        moves_layout.setContentsMargins(0, 0, 0, 0)
        # In a scroll area, so a short window can still squeeze the form.
        header_area = QScrollArea(moves_box)
        header_area.setWidget(self.header_panel)
        header_area.setWidgetResizable(True)
        header_area.setFrameShape(QFrame.Shape.NoFrame)
        header_area.setMinimumHeight(1)
        header_area.setMaximumHeight(self.header_panel.sizeHint().height() + 2)
        header_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header_area.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        moves_layout.addWidget(header_area)
        moves_layout.addWidget(self.move_list, 1)
        self.pools = PoolsPanel(self.art, self)
        self._add_dock("Moves", "moves", moves_box, Qt.DockWidgetArea.RightDockWidgetArea)
        self._add_dock("Captured pieces", "pools", self.pools, Qt.DockWidgetArea.RightDockWidgetArea)
        self.powers = PowerView(self.controller, self.board, settings, self.art, self.statusBar(), self)
        powers_dock = self._add_dock("Powers", "powers", self.powers.panel, Qt.DockWidgetArea.RightDockWidgetArea)
        piece_dock = self._add_dock("Piece", "piece", self.powers.piece_panel, Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(powers_dock, piece_dock)
        self.analysis = AnalysisView(self.controller, self, self._explore_line)
        self.analysis.panel.lines.setValue(settings.analysis_lines(MOST_LINES))
        self.analysis.panel.linesChanged.connect(settings.set_analysis_lines)
        self.analysis_dock = self._add_dock("Analysis", "analysis", self.analysis.panel,
                                            Qt.DockWidgetArea.RightDockWidgetArea)
        self.tabifyDockWidget(piece_dock, self.analysis_dock)
        self.analysis.action.toggled.connect(self._analysis_toggled)
        powers_dock.raise_()
        moves_dock = self.findChild(QDockWidget, "dock-moves")
        if moves_dock is not None:  # room for the panels' sentences and the move diagram
            self.resizeDocks([moves_dock, powers_dock], [300, 330], Qt.Orientation.Vertical)
            self.resizeDocks([moves_dock], [380], Qt.Orientation.Horizontal)

        self.turn_label = QLabel()
        self.check_label = QLabel()
        self.check_label.setStyleSheet("color: #c00000; font-weight: bold;")
        self.message_label = self.status_bar.line
        self.computer = ComputerView(self.controller, self.board, self.show_message, self)
        self.statusBar().addPermanentWidget(self.computer.indicator)
        self.statusBar().addPermanentWidget(self.check_label)
        self.statusBar().addPermanentWidget(self.turn_label)

        # Other programs' engines (Settings > Engines) for the opponent and the analysis panel.
        self.engines = EngineManager(settings, self)
        self.engines_dialog: EnginesDialog | None = None
        self.analysis.external_engine = lambda game: self.engines.engine_for(ANALYSIS, game)
        # Who plays each side (a person, a level, an engine): the players bar and Game > Players.
        self.seats = Seating(self.controller, self.computer.opponent, self.engines, self.show_error, self)
        self.seats_view = SeatsView(self.seats, self)
        players, levels = settings.players(tuple(kind for kind, _ in PLAYER_KINDS), level_names(), DEFAULT_LEVEL)
        self.controller.set_players(players, levels, self.seats.known(settings.player_engines()))
        # Clocks, the evaluation graph, resign / draw / adjudicate (``playtools.py``).
        self.play = PlayTools(self, self.workspace, self.computer.opponent, self.analysis, moves_layout)
        self.claim_action = self.play.actions.claim_action

        # Board colours, pieces, palette, animation and sounds (``appearance.py``).
        self.appearance = Appearance(settings, self.board, self.art, self.controller, self, self.move_list)
        self._build_actions()
        self._build_menus()
        self._build_toolbar()

        c = self.controller
        c.positionChanged.connect(self._position_changed)
        c.lineChanged.connect(self._line_changed)
        c.gameReplaced.connect(self._game_replaced)
        c.message.connect(self.show_message)
        say_moves(c, self.show_message, self.status_text)
        c.gameEnded.connect(self.show_message)
        c.loaded.connect(self._loaded)
        c.loadFailed.connect(self._load_failed)
        c.busyChanged.connect(self._busy_changed)
        # No turns while exploring: the computer neither plays nor hints on an explored position.
        self.workspace.exploringChanged.connect(self.computer.opponent.suspend)
        self.board.describer = c.describe
        self.board.teller = lambda move: chooser_tip(c, move)
        self.board.movePicked.connect(c.play)
        self.board.dropRefused.connect(c.refuse)
        # A click that focuses an enemy Friend's loans is not an attempt to move it.
        self.board.pickRefused.connect(lambda sq: None if self.powers.focusable(sq) else c.refuse(sq, sq))
        self.board.pressIgnored.connect(lambda _sq: self.show_message(ignored_press_words(
            self.computer.opponent.thinking, c.busy, c.game.to_move)))
        self.board.selectionChanged.connect(self._picked)
        self.pools.handPicked.connect(self.board.pick_from_hand)
        self.pools.handDragged.connect(self.board.drag_from_hand)
        self.pools.handReleased.connect(self.board.release_from_hand)
        self.move_list.nodeClicked.connect(c.go_to_node)
        self.move_list.menuRequested.connect(self._move_menu)
        c.branchNeeded.connect(self._ask_branch)
        c.recordEdited.connect(self._line_changed)

        self.board.set_flipped(settings.flipped())
        self.flip_action.setChecked(settings.flipped())
        self.board.set_coordinates(settings.coordinates())
        self.coords_action.setChecked(settings.coordinates())
        self.notation_action.setChecked(settings.coordinate_notation())
        self.resize(*self.DEFAULT_SIZE)
        geometry = settings.geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = settings.window_state()
        if state is not None:
            self.restoreState(state)
        self._refresh_recent()
        self._game_replaced()
        self._line_changed()
        self._position_changed()
        self._settings_notes()

    # ------------------------------------------------------------ building

    def _add_dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{name}")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _action(self, text: str, slot: Callable[[], object], shortcut: Shortcut = None, tip: str = "") -> QAction:
        return make_action(self, text, slot, shortcut, tip)

    def _build_actions(self) -> None:
        c = self.controller
        self.new_action = self._action("&New game...", self.open_new_game_dialog, QKeySequence.StandardKey.New,
                                       "Start a new game of any variant")
        self.setup_action = self._action("Set &up a position...", self.open_setup_editor, "Ctrl+Shift+E",
                                         "Build any position, arrange Alternate Setup #1 or explore freely")
        self.new_variant_action = self._action("New &variant...", self.open_new_variant, tip=(
            "Design a variant of your own: pieces, board, rules and setups"))
        self.edit_variant_action = self._action("&Edit variant...", self.open_edit_variant, tip=(
            "Change this variant in the designer (a built-in variant is saved as your own copy)"))
        self.import_ini_action = self._action("&Import variants.ini...", lambda: open_variants_ini(self), tip=(
            "Take in the variants of a Fairy-Stockfish variant file as your own"))
        self.open_action = self._action("&Open...", self.open_file, QKeySequence.StandardKey.Open,
                                        "Open a saved game (.pgn)")
        self.save_action = self._action("&Save", self.save_file, QKeySequence.StandardKey.Save, "Save the game")
        self.save_as_action = self._action("Save &as...", self.save_file_as, QKeySequence.StandardKey.SaveAs)
        self.export_action = self._action("&Export picture...", self.export_picture, "Ctrl+E",
                                          "Save the board as a PNG or SVG picture")
        self.copy_action = self._action("&Copy position", self.copy_position, "Ctrl+Shift+C",
                                        "Copy the position text to the clipboard")
        self.paste_action = self._action("&Paste position or game", self.paste, "Ctrl+Shift+V",
                                         "Start from a position text or game record on the clipboard")
        self.restore_previous_action = self._action(
            "Restore &previous game", self.restore_previous_game,
            tip="Bring back the game that Open, New game or Paste last replaced (again: swap back)")
        self.quit_action = self._action("&Quit", self.close, QKeySequence.StandardKey.Quit)
        redo_keys = [QKeySequence("Ctrl+Shift+Z")]
        for key in QKeySequence.keyBindings(QKeySequence.StandardKey.Redo):
            if key not in redo_keys:
                redo_keys.append(key)
        self.undo_action = self._action("&Undo", self.computer.opponent.undo, QKeySequence("Ctrl+Z"),
                                        "Take back the last move; against the computer, your last move "
                                        "and its reply")
        self.redo_action = self._action("&Redo", c.redo, redo_keys, "Play the taken-back move again")
        for action in (self.undo_action, self.redo_action):  # taking back is a change; stepping through is not
            action.triggered.connect(self.workspace.mark_modified)
        self.first_action = self._action("Go to start", lambda: c.go_to(0), "Home")
        self.back_action = self._action("Back", c.undo, "Left", "Show the previous position")
        self.forward_action = self._action("Forward", c.redo, "Right", "Show the next position")
        self.last_action = self._action("Go to end", lambda: c.go_to(len(c.line)), "End")
        self.flip_action = self._action("&Flip board", self._toggle_flip, "Ctrl+F",
                                        "View the board from the other side")
        self.flip_action.setCheckable(True)
        self.coords_action = self._action("Show &coordinates", self._toggle_coordinates)
        self.coords_action.setCheckable(True)
        self.notation_action = self._action("Coordinate &notation for moves", self._toggle_notation)
        self.notation_action.setCheckable(True)
        self.notation_action.setToolTip("List moves as Ng1f3 instead of standard algebraic notation (Nf3)")
        self.rules_action = self._action("&Rules of this variant", self.show_rules,
                                         QKeySequence.StandardKey.HelpContents)
        self.about_action = self._action("&About", self.show_about)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        self.recent_menu = QMenu("Open &recent", self)
        fill_menu(bar.addMenu("&Game"), [
            self.new_action, self.setup_action, self.new_variant_action, self.edit_variant_action,
            self.import_ini_action, self.open_action, self.recent_menu, self.save_action, self.save_as_action,
            self.restore_previous_action, None, self.copy_action, self.paste_action, self.export_action, None,
            *self.play.actions.actions, self.seats_view.menu, None, self.quit_action])
        fill_menu(bar.addMenu("&Moves"), [self.undo_action, self.redo_action, self.first_action, self.back_action,
                                          self.forward_action, self.last_action])
        endgame = make_action(self, "&Endgame tables...", lambda: show_endgame(self.workspace, self.art))
        fill_menu(bar.addMenu("&Computer"), [*self.computer.actions, None, self.analysis.action, endgame])
        settings_menu = bar.addMenu("&Settings")
        settings_menu.addAction("&Engines...", self.open_engines_dialog)
        settings_menu.addMenu(self.appearance.menu)
        view = fill_menu(bar.addMenu("&View"), [self.flip_action, self.coords_action, self.notation_action,
                                                self.appearance.words_action])
        view.addSection("Overlays")
        docks = [dock.toggleViewAction() for dock in self.findChildren(QDockWidget)]
        fill_menu(view, [*self.powers.actions.values(), None, *docks])
        fill_menu(bar.addMenu("&Help"), [self.rules_action, self.about_action])

    def _build_toolbar(self) -> None:
        bar = self.addToolBar("Main")
        bar.setObjectName("toolbar-main")
        fill_toolbar(bar, [
            [self.new_action, self.open_action, self.save_action],
            [self.undo_action, self.redo_action],
            [*self.computer.actions, self.analysis.action],
            [self.first_action, self.back_action, self.forward_action, self.last_action],
            [self.flip_action, self.rules_action],
        ])
        # A row of its own under the board, beside the computer's indicator: the main bar keeps its room.
        self.addToolBar(Qt.ToolBarArea.BottomToolBarArea, self.seats_view.toolbar)

    # ------------------------------------------------------------ reacting to the controller

    def _game_replaced(self) -> None:
        vdef = self.controller.variant
        self.art.use_variant(chosen_artwork(vdef))
        self.settings.set_last_variant(vdef.id)
        self.workspace.refresh_title()

    def _line_changed(self) -> None:
        c = self.controller
        # lineChanged then recordEdited follow one move: the list is rebuilt once (``revision``).
        self.move_list.set_record(c.record.root, c.steps, c.node, c.record.text.start_numbering(),
                                  self._result_of_line(), revision=c.revision)

    def _move_menu(self, node: object, point: QPoint) -> QMenu:
        """The menu of a move of the list: comment, NAGs, variations (``annotate.py``)."""
        assert isinstance(node, Node)
        menu = node_menu(self, self.controller, node)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.last_menu = menu
        menu.popup(point)
        return menu

    def _ask_branch(self, move: object) -> None:
        """A move where the line goes on: new variation, overwrite or new main line."""
        assert isinstance(move, rules.Move)
        self.last_question = ask_branch(self, self.controller, move, self._position_changed)

    def _result_of_line(self) -> str | None:
        c = self.controller
        return c.result_text() if c.ply == len(c.line) else None

    def _position_changed(self) -> None:
        c = self.controller
        snapshot = c.snapshot
        self.board.set_position(snapshot, c.index, c.variant)
        self.board.set_interactive(self.computer.board_open())
        self.move_list.set_current(c.node)
        hands = c.has_hands
        self.pools.set_pools(*c.pools(), hands=hands)
        pools_dock = self.findChild(QDockWidget, "dock-pools")
        if pools_dock is not None:
            pools_dock.setWindowTitle("Hands" if hands else "Captured pieces")
        result = c.result_text()
        if result:
            self.turn_label.setText(result)
        else:
            self.turn_label.setText(f"{snapshot.to_move.capitalize()} to move")
        self.check_label.setText("Check!" if snapshot.checks and not result else "")
        self.undo_action.setEnabled(c.ply > 0)
        self.back_action.setEnabled(c.ply > 0)
        self.first_action.setEnabled(c.ply > 0)
        more = c.ply < len(c.line)
        self.redo_action.setEnabled(more)
        self.forward_action.setEnabled(more)
        self.last_action.setEnabled(more)
        claim = self.play.actions.claimable()
        if more:
            self.show_message(viewing_words(c.line, c.ply))
        elif claim is not None:
            self.show_message(f"{snapshot.to_move.capitalize()} may claim a draw by {claim}: Game > Claim draw.")
        else:
            self.show_message("")

    def _picked(self, square: str | None) -> None:
        """A piece picked up with nowhere to go: the status bar says why, in the rules' words."""
        c = self.controller
        if square is None or c.index.targets(square) or c.index.stationary.get(square):
            return
        if dropped_kind(square) is not None:  # a piece held from a hand with no square to go to
            self.show_message(f"There is no square where the {square.partition(':')[2]} may be dropped now.")
            return
        self.show_message(no_move_sentence(c.game, square))

    def _busy_changed(self, busy: bool) -> None:
        self.board.set_interactive(self.computer.board_open())
        if busy:
            self.show_message("Reading the game...")

    @property
    def status_bar(self) -> StatusBar:
        bar = self.statusBar()
        assert isinstance(bar, StatusBar)
        return bar

    def show_message(self, text: str) -> None:
        self.workspace.show_message(text)

    def _settings_notes(self) -> None:
        """Settings that were ignored as corrupt stay named in the status bar after start-up."""
        if self.settings.problems:
            notes = "; ".join(dict.fromkeys(self.settings.problems))
            current = self.status_text()
            self.show_message(f"{current} {notes}".strip() if notes not in current else current)

    def status_text(self) -> str:
        """The whole note, however much of it the status bar's line can show."""
        return self.workspace.status_text()

    def show_error(self, title: str, text: str) -> QMessageBox:
        """A warning that does not block: the game on the board carries on behind it."""
        return self.workspace.show_error(title, text)

    @property
    def last_error(self) -> QMessageBox | None:
        return self.workspace.last_error

    # ------------------------------------------------------------ new game

    def open_new_game_dialog(self) -> NewGameDialog | None:
        """The new-game dialog, after Save / Discard / Cancel for a modified game (None: Cancel)."""
        if not self.workspace.unsaved.may_replace("starting a new game"):
            return None
        dialog = NewGameDialog(self.art, self.workspace.current_choice(), self, settings=self.settings,
                               engines=self.engines)
        dialog.accepted.connect(lambda: self.start_game(dialog.choice()))
        dialog.rejected.connect(self.workspace.unsaved.abandon)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.new_game_dialog = dialog
        dialog.open()
        return dialog

    def open_setup_editor(self) -> QWidget:
        """The setup editor on the position on the board (``fairygui/editor``)."""
        # The editor may hand the board a different game; no search may outlive that.
        self.computer.opponent.cancel()
        return show_editor(self.workspace)

    def open_new_variant(self) -> QWidget:
        """The variant designer on an empty form (``fairygui/designer``)."""
        self.designer = new_variant(self.workspace)
        return self.designer

    def open_edit_variant(self) -> QWidget:
        """The variant designer on the variant of the game on the board."""
        self.designer = edit_variant(self.workspace, self.controller.variant.id)
        return self.designer

    def start_game(self, choice: GameChoice) -> bool:
        return self.workspace.start_game(choice)

    # ------------------------------------------------------------ files

    def _ask_open_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a game", self.settings.last_dir(), GAME_FILTER)
        return path or None

    def _ask_save_path(self, title: str, filters: str, suggested: str) -> str | None:
        start = str(Path(self.settings.last_dir() or ".") / suggested)
        path, _ = QFileDialog.getSaveFileName(self, title, start, filters)
        return path or None

    def open_file(self, path: str | None = None) -> bool:
        """Open a saved game: the file is listed in the background (``gamechooser.py``), then its
        one game is read, or the player chooses one of several. Problems get a dialog and the
        game on the board stays. A game with unsaved changes is saved or discarded first, as the
        player answers. False if the file could not be opened at all."""
        if not self.workspace.unsaved.may_replace("opening another game"):
            return False
        path = path or self._ask_open_path()
        if not path:
            self.workspace.unsaved.abandon()
            return False
        try:
            self.lister.start(path)
        except rules.UserFileError as exc:
            self.workspace.unsaved.abandon()
            self.show_error("Cannot open the game", f"{path}:\n{exc.problem}\n\nThe game on the board is unchanged.")
            return False
        self.settings.set_last_dir(str(Path(path).parent))
        return True

    def _listed(self, listing: PgnListing) -> None:
        path = listing.path
        source = str(Path(path).resolve())
        if len(listing) == 0:
            self.show_error("Cannot open the game", f"{path}:\nthe file holds no game.\n\n"
                            "The game on the board is unchanged.")
        elif len(listing) == 1:
            self.controller.load_record(lambda: listed_record(listing, 0), source)
        else:
            self.game_chooser = GameChooser(listing, Path(path).name, self)
            self.game_chooser.chosen.connect(lambda index: self._open_game_of_file(listing, source, index))
            self.game_chooser.open()

    def _listing_failed(self, path: str, problem: str) -> None:
        self.show_error("Cannot open the game", f"{path}:\n{problem}\n\nThe game on the board is unchanged.")

    def _open_game_of_file(self, listing: PgnListing, source: str, index: int) -> None:
        if not self.workspace.unsaved.may_replace("opening the chosen game"):
            return
        # One game of several is not the file: Save asks for a name rather than write one
        # game over the others.
        self._one_of_several = source
        self.controller.load_record(lambda: listed_record(listing, index), source)

    def _loaded(self, source: str) -> None:
        if source == LAST_SESSION:
            self.session.restored()  # its file and whether it was saved too
            if not self.workspace.exploring:  # no turns on an explored position
                self.computer.opponent.think_if_due()
            self._settings_notes()
            return
        if source == "clipboard":
            self.workspace.path = None
            self.workspace.modified = True  # no file holds it
            self.show_message("Pasted a game.")
        elif self._one_of_several == source:
            self._one_of_several = None
            self.settings.add_recent(source)
            self._refresh_recent()
            self.workspace.path = None
            self.workspace.modified = False
            self.session.record()
            self.show_message(f"Opened a game of {Path(source).name}; Save asks where to keep it.")
        else:
            self.note_file(source)
            self.show_message(f"Opened {Path(source).name}.")

    def _load_failed(self, source: str, detail: str) -> None:
        if source == self._one_of_several:
            self._one_of_several = None
        if source == LAST_SESSION:
            self.session.restore_failed(detail)
            self._settings_notes()
            return
        where = "the clipboard" if source == "clipboard" else source
        self.show_error("Cannot open the game", f"{where}:\n{detail}\n\nThe game on the board is unchanged.")

    def note_file(self, path: str) -> None:
        """The game on the board is now the one in ``path`` (opened or saved)."""
        self.workspace.path = path
        self.workspace.modified = False
        self.settings.add_recent(path)
        self._refresh_recent()
        self.session.record()  # the journal names the file too

    def _refresh_recent(self) -> None:
        self.recent_menu.clear()
        files = self.settings.recent_files()
        for path in files:
            action = self.recent_menu.addAction(Path(path).name)
            action.setToolTip(path)
            action.setStatusTip(path)
            action.triggered.connect(lambda _checked=False, p=path: self.open_recent(p))
        if files:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", self._clear_recent)
        self.recent_menu.setEnabled(bool(files))

    def open_recent(self, path: str) -> bool:
        """Open a file of the Recent list; one that is gone says so and leaves the list."""
        if not Path(path).exists():
            self.settings.remove_recent(path)
            self._refresh_recent()
            self.show_error("Cannot open the game", f"{path}:\nthe file no longer exists; it is taken off "
                            "the list of recent files.\n\nThe game on the board is unchanged.")
            return False
        return self.open_file(path)

    def _clear_recent(self) -> None:
        self.settings.clear_recent()
        self._refresh_recent()

    def save_file(self) -> bool:
        path = self.workspace.path
        return self.save_to(path) if path else self.save_file_as()

    def save_file_as(self) -> bool:
        current = self.workspace.path
        suggested = Path(current).name if current else f"{self.controller.variant.id}.pgn"
        path = self._ask_save_path("Save the game", GAME_FILTER, suggested)
        if not path:
            return False
        if not Path(path).suffix:
            path += ".pgn"
        return self.save_to(path)

    def save_to(self, path: str, confirmed: bool = False) -> bool:
        """Write the record atomically (``savefile.py``). A file of another kind or variant
        is replaced only after the user says so: until then nothing is written and this
        returns False, and Replace in the question writes it."""
        target = Path(path)
        question = None if confirmed else replace_question(target, GAME, self.controller.variant.id)
        if question:
            self.last_question = ask_to_replace(self, question, lambda: self.save_to(path, confirmed=True))
            return False
        try:
            write_atomically(target, self.controller.record_text())
        except OSError as exc:
            self.show_error("Cannot save the game", f"{path}:\n{exc.strerror or exc}")
            return False
        except rules.GameRecordError as exc:  # something in the game no record could read back
            self.show_error("Cannot save the game", f"{path}:\n{exc}")
            return False
        self.settings.set_last_dir(str(target.parent))
        self.note_file(str(target.resolve()))
        self.show_message(f"Saved {target.name}.")
        return True

    def export_picture(self, path: str | None = None) -> bool:
        path = path or self._ask_save_path("Export the board", PICTURE_FILTER, f"{self.controller.variant.id}.png")
        if not path:
            return False
        if not Path(path).suffix:
            path += ".png"
        try:
            save_picture(self.controller.snapshot, path, self.settings.export_width(), self.board.flipped,
                         overlays=self.powers.picture_overlays(), coordinates=self.board.coordinates,
                         art=self.art, theme=self.board.theme)
        except (OSError, ValueError) as exc:
            self.show_error("Cannot export the picture", str(exc))
            return False
        self.show_message(f"Exported {Path(path).name}.")
        return True

    def copy_position(self) -> None:
        QApplication.clipboard().setText(self.controller.position_text())
        self.show_message("Copied the position text.")

    def paste(self, text: str | None = None) -> bool:
        """A game record (it starts with tags or move numbers) or a position text of the current variant."""
        text = QApplication.clipboard().text() if text is None else text
        if not text.strip():
            self.show_error("Nothing to paste", "The clipboard holds no text.")
            return False
        if text.lstrip().startswith("[") or re.match(r"\s*[0-9]+\.", text):
            if not self.workspace.unsaved.may_replace("pasting another game"):
                return False
            self.controller.load_text(text, "clipboard")
            return True
        # The setup editor's checks: a position no game could start from is refused in words.
        problems = rules.check_position(self.controller.variant.id, text.strip(), self.controller.game.options)
        if problems:
            listed = "\n".join(f"- {problem}" for problem in problems)
            self.show_error("Cannot use the pasted position",
                            f"{listed}\n\nThe game on the board is unchanged.")
            return False
        if not self.workspace.unsaved.may_replace("setting up the pasted position"):
            return False
        try:
            self.controller.set_position_text(text)
        except rules.RulesError as exc:
            self.workspace.unsaved.abandon()
            self.show_error("Cannot use the pasted position",
                            f"{exc}\n\nThe game on the board is unchanged.")
            return False
        self.workspace.path = None
        self.workspace.modified = True  # no file holds it
        self.show_message("Set up the pasted position.")
        return True

    def restore_previous_game(self) -> bool:
        """Game > Restore previous game: swap in the game Open, New game or Paste last replaced."""
        self.computer.opponent.cancel()  # no search may outlive the game it searches
        if not self.workspace.unsaved.restore_previous():
            self.show_message("No game has been replaced since the app started.")
            return False
        self.show_message("Restored the previous game; Restore previous game again swaps back.")
        return True

    # ------------------------------------------------------------ the session

    def restore_last_game(self) -> None:
        """Reopen the game that was on the board when the app last stopped, closed or killed
        (in the background), or start a new game of the last variant."""
        self.session.restore()
        self._settings_notes()

    def save_session(self) -> None:
        """Journal the session now (every change does so by itself)."""
        self.session.record()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.workspace.unsaved.may_replace("closing"):
            event.ignore()
            return
        # No session keeps a variant being designed: each designer asks now, and may keep the app open.
        for key in self.workspace.window_keys():
            designer = self.workspace.existing_window(key, DesignerWindow)
            if designer is not None and not designer.close():
                event.ignore()
                return
        self.workspace.unsaved.abandon()  # nothing replaces the game: the app stops
        self.workspace.close()  # exploration ends: the real game is the one the session keeps
        self.computer.opponent.shutdown()
        self.analysis.shutdown()
        self.engines.shutdown()  # an engine's search still waiting ends at once
        self.lister.stop()  # a file being listed stops at its next megabyte
        wait_for_tasks()
        self.session.close()
        self.settings.save_window(self.saveGeometry(), self.saveState())
        self.settings.sync()
        # After the session is kept, so the setup editor's draft is remembered as open or closed
        # as the player left it.
        self.workspace.close_windows()
        super().closeEvent(event)

    # ------------------------------------------------------------ engines

    def open_engines_dialog(self) -> EnginesDialog:
        if self.engines_dialog is None:
            self.engines_dialog = EnginesDialog(self.engines, self)
        self.engines_dialog.refresh()
        self.engines_dialog.show()
        self.engines_dialog.raise_()
        return self.engines_dialog

    # ------------------------------------------------------------ analysis

    def _analysis_toggled(self, on: bool) -> None:
        if on:
            self.analysis_dock.show()
            self.analysis_dock.raise_()

    def _explore_line(self, game: rules.Game) -> None:
        try:
            explore_game(self.workspace, game)
        except rules.RulesError as exc:
            self.show_error("Cannot explore this position", str(exc))

    # ------------------------------------------------------------ view and help

    def _toggle_flip(self) -> None:
        self.board.set_flipped(self.flip_action.isChecked())
        self.settings.set_flipped(self.board.flipped)

    def _toggle_coordinates(self) -> None:
        self.board.set_coordinates(self.coords_action.isChecked())
        self.settings.set_coordinates(self.board.coordinates)

    def _toggle_notation(self) -> None:
        coordinates = self.notation_action.isChecked()
        set_notation(COORDINATES if coordinates else SAN)
        self.settings.set_coordinate_notation(coordinates)
        self.controller.relabel()

    def show_rules(self) -> RulesWindow:
        """The rules of the variant on the board, in their own window (one per variant)."""
        vid = self.controller.variant.id
        window = self.workspace.show_window(f"rules:{vid}", RulesWindow, lambda: RulesWindow(vid, self.art, self))
        self.rules_window = window
        return window

    def show_about(self) -> None:
        box = QMessageBox(QMessageBox.Icon.Information, "About Fairy Chess",
                          "Fairy Chess: play chess variants whose pieces borrow, freeze, flip, merge "
                          "and ride ferries.\nEvery rule comes from the rules package.",
                          QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
