"""The setup editor window: palette, board and panels around one draft position.

Every edit makes a new :class:`Draft` in the :class:`DraftModel` (kept for undo), then the
window redraws everything from it and asks the rules package whether it can start a game.
The window builds the widgets and owns small collaborators over the model, each given what
it needs: the gestures (``gestures.py``), the guided arranger (``guidedmode.py``) and the
file actions (``filemenu.py``). The window never touches the game in progress: starting a
game or exploring goes through the signals ``startRequested`` and ``exploreRequested``,
which ``link.py`` connects to the workspace.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import rules

from ..board.artwork import Artwork
from ..board.snapshot import Snapshot
from ..facts import board_shape, glyph_of
from ..menus import Shortcut, make_action
from ..settings import Settings
from ..statusbar import NOTE_MORE, FittingLabel
from ..unsaved import CANCEL, SAVE, ask_save_discard_cancel
from . import guided, rulings
from .board import EditorBoard
from .draft import SYMMETRIES, Draft, canonical_castling
from .filemenu import SetupFiles
from .gestures import Gestures
from .guidebox import GuideBox
from .guided import Arrangement
from .guidedmode import Arranger
from .inspector import PieceInspector
from .model import DraftModel
from .palette import PiecePalette
from .poolbox import PoolEditor
from .positionbox import PositionBox
from .problems import ProblemList

if TYPE_CHECKING:
    from .explore import Explorer


def snapshot_of(draft: Draft, markers: dict[str, str]) -> Snapshot:
    vdef = draft.vdef
    pieces = {sq: glyph_of(vdef, p.color, p.kind, p.flags) for sq, p in draft.pieces.items()}
    return Snapshot(board_shape(vdef), pieces, draft.turn, decorations=dict(markers))


def _group(title: str, widget: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.addWidget(widget)
    return box


class SetupEditor(QMainWindow):
    #: Start a game: variant id, options, position text (None: the options' own start array).
    startRequested = Signal(str, dict, object)
    #: Explore this draft freely on the main board.
    exploreRequested = Signal(object)
    #: The draft changed (an edit, undo, redo, a file opened); the session journal keeps it.
    draftChanged = Signal()

    def __init__(self, art: Artwork | None = None, settings: Settings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setObjectName("setupEditor")
        self.art = art or Artwork()
        self.settings = settings
        #: Set when linked to a main window (``link.py``): starting and exploring need one.
        self.linked = False
        #: Closing asks about unsaved changes; off while the app quits (the session keeps the draft).
        self.ask_on_close = True
        self.explorer: Explorer | None = None
        self.model = DraftModel(rulings.start_draft("chess"), self)
        self.offered: Arrangement | None = None
        self._shown_variant = ""

        self.board = EditorBoard(self.art, self)
        self.palette_view = PiecePalette(self.art)
        self.position_box = PositionBox()
        self.guide_box = GuideBox()
        self.inspector = PieceInspector(self.art)
        self.pool_editor = PoolEditor(self.art)
        self.problem_list = ProblemList()
        # One line that never wraps: a long sentence is cut (whole in its tooltip), so the board
        # and the buttons never move when the status changes.
        self.message = FittingLabel()
        self.statusBar().addWidget(self.message, 1)
        hint = QLabel("Drag pieces from the palette or between squares; off the board removes; "
                      "right-click changes colour; click selects.")
        hint.setStyleSheet("color: #666;")
        self.statusBar().addPermanentWidget(hint)
        self.files = SetupFiles(self.model, settings, self)
        self.arranger = Arranger(self.model, self.palette_view)
        self.board.pick_refusal = self.arranger.pick_refusal
        self._build_actions()
        self._build_layout()
        self.gestures = Gestures(self.model, self.arranger, self.board, self.palette_view, self.pool_editor,
                                 self.ferry_tool, self.symmetry_box)
        self._connect()
        self.resize(1280, 820)
        self.set_draft(self.draft, None, record=False)

    # ------------------------------------------------------------ building

    def _action(self, text: str, slot: Callable[[], object], shortcut: Shortcut = None, tip: str = "") -> QAction:
        return make_action(self, text, slot, shortcut, tip)

    def _build_actions(self) -> None:
        files = self.files
        self.open_action = self._action("Open...", files.open_file, QKeySequence.StandardKey.Open,
                                        "Open a setup (.fen)")
        self.save_action = self._action("Save", files.save_file, QKeySequence.StandardKey.Save,
                                        "Save the setup, even one that cannot start a game yet")
        self.save_as_action = self._action("Save as...", files.save_file_as, QKeySequence.StandardKey.SaveAs)
        self.undo_action = self._action("Undo", self.model.undo, QKeySequence("Ctrl+Z"), "Take back the last edit")
        self.redo_action = self._action("Redo", self.model.redo, QKeySequence("Ctrl+Shift+Z"))
        # Whole-board edits are gestures too; they are made before the gestures object, hence the lambdas.
        self.clear_action = self._action("Clear board", lambda: self.gestures.clear_board(), None,
                                         "Take every piece off")
        self.start_position_action = self._action("Start position", lambda: self.gestures.load_start(), None,
                                                  "The variant's start array with the options chosen here")
        self.copy_white_action = self._action("White \u2192 Black", lambda: self.gestures.copy_side("white"), None,
                                              "Give Black the same army as White, by the symmetry chosen")
        self.copy_black_action = self._action("Black \u2192 White", lambda: self.gestures.copy_side("black"), None,
                                              "Give White the same army as Black, by the symmetry chosen")
        self.flip_action = self._action("Flip", lambda: self.board.set_flipped(not self.board.flipped), "Ctrl+F",
                                        "View the board from the other side")
        self.symmetry_box = QComboBox()
        for name in SYMMETRIES:
            self.symmetry_box.addItem(name, name)
        self.symmetry_box.setToolTip("rotational: the other army turned half round (Black's Queen on White's "
                                     "King's file); mirror: on the same files, as in chess")

    def _build_layout(self) -> None:
        bar = self.addToolBar("Setup")
        bar.setObjectName("toolbar-setup")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in (self.open_action, self.save_action):
            bar.addAction(action)
        bar.addSeparator()
        for action in (self.undo_action, self.redo_action):
            bar.addAction(action)
        bar.addSeparator()
        for action in (self.clear_action, self.start_position_action):
            bar.addAction(action)
        bar.addSeparator()
        bar.addWidget(QLabel(" Copy by "))
        bar.addWidget(self.symmetry_box)
        bar.addAction(self.copy_white_action)
        bar.addAction(self.copy_black_action)
        bar.addSeparator()
        bar.addAction(self.flip_action)

        palette_scroll = QScrollArea()
        palette_scroll.setWidget(self.palette_view)
        palette_scroll.setWidgetResizable(True)
        palette_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        palette_scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.palette_scroll = palette_scroll
        palette_column = QVBoxLayout()
        palette_column.addWidget(QLabel("<b>Pieces</b>"))
        palette_column.addWidget(palette_scroll, 1)
        self.ferry_tool = QPushButton("Place Ferries")
        self.ferry_tool.setCheckable(True)
        self.ferry_tool.setToolTip("While on, clicking a square puts a Ferry there or takes the one there away")
        palette_column.addWidget(self.ferry_tool)

        panel = QWidget()
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 4, 0)
        self.guide_group = _group("Alternate Setup #1", self.guide_box)
        self.position_group = _group("Position", self.position_box)
        self.inspector_group = _group("Selected piece", self.inspector)
        self.pool_group = _group("Captured pieces", self.pool_editor)
        # The guided setup comes first: a player who is offered it should not have to scroll to it.
        for group in (self.guide_group, self.position_group, self.inspector_group, self.pool_group):
            column.addWidget(group)
        column.addStretch(1)
        panel_scroll = QScrollArea()
        panel_scroll.setWidget(panel)
        panel_scroll.setWidgetResizable(True)
        panel_scroll.setFrameShape(QFrame.Shape.NoFrame)
        panel_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        panel_scroll.setMinimumWidth(360)

        self.explore_button = QPushButton("Explore freely")
        self.explore_button.setToolTip("Move any piece anywhere on the main board, without turns or legality, "
                                       "with every overlay at work")
        self.start_button = QPushButton("Start game")
        self.start_button.setDefault(True)
        self.start_button.setStyleSheet("font-weight: bold; padding: 6px 14px;")
        self.explore_button.clicked.connect(self.explore)
        self.start_button.clicked.connect(self.start_game)
        buttons = QHBoxLayout()
        buttons.addWidget(self.explore_button)
        buttons.addWidget(self.start_button, 1)
        right = QVBoxLayout()
        right.addWidget(panel_scroll, 1)
        # The verdict stays in view whatever the panel above scrolls to.
        right.addWidget(_group("Can it start a game?", self.problem_list))
        right.addLayout(buttons)

        self.board.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        central = QWidget()
        row = QHBoxLayout(central)
        row.addLayout(palette_column)
        row.addWidget(self.board, 1)
        row.addLayout(right)
        self.setCentralWidget(central)

    def _connect(self) -> None:
        m = self.model
        m.changed.connect(self._draft_replaced)
        m.redrawRequested.connect(self.refresh)
        m.selectionChanged.connect(self._selection_changed)
        m.said.connect(self.say)
        m.optionRefused.connect(lambda name, value, reason, way: self.position_box.show_blocked(
            self.draft.vdef, name, value, reason, way))
        gestures = self.gestures
        self.ferry_tool.toggled.connect(gestures.ferry_tool_toggled)
        b = self.board
        b.pieceDropped.connect(gestures.dropped)
        b.pieceDroppedOff.connect(gestures.dropped_off)
        b.squareClicked.connect(gestures.clicked)
        b.colourRequested.connect(gestures.recolour)
        b.deleteRequested.connect(gestures.remove)
        b.pickRefused.connect(lambda square: self.say(self.arranger.pick_refusal(square) or ""))
        p = self.palette_view
        p.dragMoved.connect(gestures.palette_moved)
        p.dropped.connect(gestures.palette_dropped)
        p.brushChanged.connect(gestures.brush_changed)
        pb = self.position_box
        pb.variantChosen.connect(gestures.choose_variant)
        pb.optionChanged.connect(gestures.set_option)
        pb.wayOutChosen.connect(lambda reset, name, value: gestures.set_option(name, value, reset))
        pb.turnChosen.connect(lambda color: m.edit(lambda d: setattr(d, "turn", color)))
        pb.castlingChanged.connect(lambda letters: m.edit(
            lambda d: setattr(d, "castling", canonical_castling(letters))))
        pb.epChosen.connect(gestures.set_ep)
        pb.clocksChanged.connect(gestures.set_clocks)
        for strip in self.pool_editor.strips.values():
            strip.removeRequested.connect(gestures.pool_remove)
        i = self.inspector
        i.recolourRequested.connect(lambda: self._on_selected(gestures.recolour))
        i.removeRequested.connect(lambda: self._on_selected(gestures.remove))
        i.formRequested.connect(gestures.other_form)
        i.flagToggled.connect(gestures.set_flag)
        g = self.guide_box
        g.enterRequested.connect(self.arranger.enter)
        g.leaveRequested.connect(self.arranger.leave)
        g.readingChosen.connect(self.arranger.choose_reading)
        g.resetRequested.connect(self.arranger.reset_order)
        self.problem_list.squaresPointed.connect(self._point_squares)

    # ------------------------------------------------------------ the draft

    def say(self, text: str) -> None:
        self.message.set_full_text(text, NOTE_MORE)

    def status_text(self) -> str:
        return self.message.full_text()

    @property
    def draft(self) -> Draft:
        """The position being edited (the model's)."""
        return self.model.draft

    @property
    def current_path(self) -> str | None:
        """The file of the document being edited; None while it is untitled."""
        return self.model.current_path

    @current_path.setter
    def current_path(self, path: str | None) -> None:
        self.model.current_path = path

    def set_draft(self, draft: Draft, arrangement: Arrangement | None, record: bool = True,
                  new_document: bool = False) -> None:
        """Show a new draft (see :meth:`DraftModel.set_draft`)."""
        self.model.set_draft(draft, arrangement, record, new_document)

    def _draft_replaced(self) -> None:
        self.position_box.clear_blocked()
        self.refresh()
        self.draftChanged.emit()

    def _on_selected(self, act: Callable[[str], None]) -> None:
        if self.model.selected:
            act(self.model.selected)

    def _selection_changed(self) -> None:
        self.board.set_marked(self.model.selected)
        self._show_selected()

    def edit_game(self, game: rules.Game) -> None:
        """Start editing the position on view in a game (the old draft stays in the undo list)."""
        self.set_draft(rulings.draft_of(game), None, new_document=True)
        self.say(f"Editing the position of the game on the board ({game.rules.variant.name}).")

    def refresh(self) -> None:
        draft = self.model.draft
        arrangement = self.model.arrangement
        vdef = draft.vdef
        if draft.variant != self._shown_variant:
            self._shown_variant = draft.variant
            self.palette_view.set_variant(vdef)
            self.palette_scroll.setFixedWidth(self.palette_view.sizeHint().width() + 18)
            self.symmetry_box.setCurrentIndex(self.symmetry_box.findData(rulings.symmetry(vdef.id, draft.options)))
        self.offered = guided.find(vdef, draft.options)
        problems = self.model.check()
        self.board.show_snapshot(snapshot_of(draft, rulings.markers(draft)))
        self.board.set_marked(self.model.selected)
        arranging = arrangement is not None
        self.board.marks.row = frozenset(arrangement.row_squares()) if arrangement else frozenset()
        self.board.marks.follows = frozenset(arrangement.white_squares()) if arrangement else frozenset()
        self.board.locks.squares = arrangement.fixed_squares() if arrangement else frozenset()
        self.board.marks.problem = frozenset()
        self.position_box.show_draft(draft)
        for color, strip in self.pool_editor.strips.items():
            strip.set_glyphs([glyph_of(vdef, p.color, p.kind, p.flags) for p in draft.pools[color]])
        self._show_selected()
        self.guide_box.show_state(vdef, self.offered, arrangement)
        self.guide_group.setVisible(self.offered is not None)
        self.problem_list.show_problems(problems, draft)
        self.palette_view.setEnabled(not arranging)
        ferries = rulings.has_ferries(draft)
        self.ferry_tool.setVisible(ferries)
        self.ferry_tool.setEnabled(not arranging)
        if not ferries and self.ferry_tool.isChecked():
            self.ferry_tool.setChecked(False)
        # While arranging, only the row matters: the rest of the panel would only distract.
        for w in (self.position_group, self.pool_group, self.inspector_group):
            w.setVisible(not arranging)
        for a in (self.clear_action, self.start_position_action, self.copy_white_action, self.copy_black_action):
            a.setEnabled(not arranging)
        self.symmetry_box.setEnabled(not arranging)
        self.undo_action.setEnabled(self.model.can_undo)
        self.redo_action.setEnabled(self.model.can_redo)
        self.start_button.setEnabled(not problems and self.linked)
        self.start_button.setToolTip("Fix the problems listed first" if problems else
                                     "Start a game from this position in the main window")
        self.explore_button.setEnabled(self.linked)
        name = Path(self.current_path).name if self.current_path else "unsaved setup"
        self.setWindowTitle(f"Setup editor - {vdef.name} - {name} - Fairy Chess")

    def _show_selected(self) -> None:
        square = self.model.selected
        draft = self.model.draft
        piece = draft.pieces.get(square) if square else None
        if square is None or piece is None:
            self.inspector.show_piece(square, None)
            return
        vdef = draft.vdef
        other = rulings.other_form(draft, piece.kind)
        self.inspector.show_piece(square, glyph_of(vdef, piece.color, piece.kind, piece.flags),
                                  rulings.switches(draft, piece.kind),
                                  vdef.pieces[other].name if other else None)

    def _point_squares(self, squares: frozenset[str]) -> None:
        self.board.marks.problem = squares
        self.board.update()

    # ------------------------------------------------------------ leaving the editor

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        """Closing with a draft that differs from its file (or from how it began) asks
        Save / Discard / Cancel, unless the app is quitting (the session keeps the draft)."""
        if self.ask_on_close and self.isVisible() and self.model.modified:
            answer = ask_save_discard_cancel(self, "Unsaved setup", "The position being set up has changes "
                                             "that are not saved.\n\nSave them before closing the setup editor?")
            if answer == CANCEL or (answer == SAVE and not self.files.save_file()):
                event.ignore()
                return
        super().closeEvent(event)

    def start_game(self) -> bool:
        """Ask the main window to start a game from this position, if the rules accept it."""
        problems = self.model.problems
        draft = self.model.draft
        if problems:
            self.say("This position cannot start a game: " + "; ".join(problems))
            return False
        if self.model.arrangement is not None:
            self.startRequested.emit(draft.variant, self.model.arrangement.options(), None)
        else:
            self.startRequested.emit(draft.variant, dict(draft.options), draft.text())
        return True

    def explore(self) -> None:
        self.exploreRequested.emit(self.draft.copy())
