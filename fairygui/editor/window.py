"""The setup editor window: palette, board and panels around one draft position.

Every edit makes a new :class:`Draft` (kept for undo), then the window redraws everything
from it and asks the rules package whether it can start a game. The window never touches
the game in progress: starting a game or exploring goes through the signals
``startRequested`` and ``exploreRequested``, which ``link.py`` connects to the main window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

import rules

from ..board.artwork import Artwork
from ..board.snapshot import Glyph, Snapshot
from ..facts import board_shape, glyph_of
from ..settings import Settings
from . import guided, rulings
from .board import EditorBoard
from .draft import SYMMETRIES, Draft, canonical_castling
from .filemenu import SetupFiles
from .gestures import Gestures
from .guidebox import GuideBox
from .guided import Arrangement
from .guidedmode import GuidedMode
from .inspector import PieceInspector
from .palette import PiecePalette
from .poolbox import PoolEditor
from .positionbox import PositionBox
from .problems import ProblemList

if TYPE_CHECKING:
    from .explore import Explorer

UNDO_LIMIT = 200


@dataclass(frozen=True)
class EditorState:
    draft: Draft
    arrangement: Arrangement | None
    #: Which document the draft is a state of; its file name follows it through undo.
    document: int


def snapshot_of(draft: Draft, markers: dict[str, str]) -> Snapshot:
    vdef = draft.vdef
    pieces = {sq: glyph_of(vdef, p.color, p.kind, p.flags) for sq, p in draft.pieces.items()}
    return Snapshot(board_shape(vdef), pieces, draft.turn, decorations=dict(markers))


def _group(title: str, widget: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    layout = QVBoxLayout(box)
    layout.addWidget(widget)
    return box


class SetupEditor(Gestures, GuidedMode, SetupFiles, QMainWindow):
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
        # A file name belongs to one document: the draft opened from it or saved to it, with
        # its edits. Editing the game on the board, opening a file or choosing another variant
        # starts a new, untitled document, so Save never writes one document over another's file.
        self.document = 0
        self._documents = 1
        self._paths: dict[int, str] = {}
        self.last_error: QMessageBox | None = None
        self.last_question: QMessageBox | None = None
        #: Set when linked to a main window (``link.py``): starting and exploring need one.
        self.linked = False
        self.explorer: Explorer | None = None
        self.draft = rulings.start_draft("chess")
        self.arrangement: Arrangement | None = None
        self.offered: Arrangement | None = None
        self.selected: str | None = None
        self.brush: Glyph | None = None
        self.problems: list[str] = []
        self._undo: list[EditorState] = []
        self._redo: list[EditorState] = []
        self._shown_variant = ""

        self.board = EditorBoard(self.art, self)
        self.board.pick_refusal = self._pick_refusal
        self.palette_view = PiecePalette(self.art)
        self.position_box = PositionBox()
        self.guide_box = GuideBox()
        self.inspector = PieceInspector(self.art)
        self.pool_editor = PoolEditor(self.art)
        self.problem_list = ProblemList()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.statusBar().addWidget(self.message, 1)
        hint = QLabel("Drag pieces from the palette or between squares; off the board removes; "
                      "right-click changes colour; click selects.")
        hint.setStyleSheet("color: #666;")
        self.statusBar().addPermanentWidget(hint)
        self._build_actions()
        self._build_layout()
        self._connect()
        self.resize(1280, 820)
        self.set_draft(self.draft, None, record=False)

    # ------------------------------------------------------------ building

    def _action(self, text: str, slot: Callable[[], object], shortcut: QKeySequence | str | None = None,
                tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(shortcut)
        if tip:
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.open_action = self._action("Open...", self.open_file, QKeySequence.StandardKey.Open,
                                        "Open a setup (.fen)")
        self.save_action = self._action("Save", self.save_file, QKeySequence.StandardKey.Save,
                                        "Save the setup, even one that cannot start a game yet")
        self.save_as_action = self._action("Save as...", self.save_file_as, QKeySequence.StandardKey.SaveAs)
        self.undo_action = self._action("Undo", self.undo, QKeySequence("Ctrl+Z"), "Take back the last edit")
        self.redo_action = self._action("Redo", self.redo, QKeySequence("Ctrl+Shift+Z"))
        self.clear_action = self._action("Clear board", self.clear_board, None, "Take every piece off")
        self.start_position_action = self._action("Start position", self.load_start, None,
                                                  "The variant's start array with the options chosen here")
        self.copy_white_action = self._action("White \u2192 Black", lambda: self.copy_side("white"), None,
                                              "Give Black the same army as White, by the symmetry chosen")
        self.copy_black_action = self._action("Black \u2192 White", lambda: self.copy_side("black"), None,
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
        self.ferry_tool.toggled.connect(self._ferry_tool_toggled)
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
        b = self.board
        b.pieceDropped.connect(self._dropped)
        b.pieceDroppedOff.connect(self._dropped_off)
        b.squareClicked.connect(self._clicked)
        b.colourRequested.connect(self.recolour)
        b.deleteRequested.connect(self.remove)
        b.pickRefused.connect(lambda square: self.say(self._pick_refusal(square) or ""))
        p = self.palette_view
        p.dragMoved.connect(self._palette_moved)
        p.dropped.connect(self._palette_dropped)
        p.brushChanged.connect(self._brush_changed)
        pb = self.position_box
        pb.variantChosen.connect(self.choose_variant)
        pb.optionChanged.connect(self.set_option)
        pb.turnChosen.connect(lambda color: self._edit(lambda d: setattr(d, "turn", color)))
        pb.castlingChanged.connect(lambda letters: self._edit(
            lambda d: setattr(d, "castling", canonical_castling(letters))))
        pb.epChosen.connect(self._set_ep)
        pb.clocksChanged.connect(self._set_clocks)
        for strip in self.pool_editor.strips.values():
            strip.removeRequested.connect(self._pool_remove)
        i = self.inspector
        i.recolourRequested.connect(lambda: self.selected and self.recolour(self.selected))
        i.removeRequested.connect(lambda: self.selected and self.remove(self.selected))
        i.formRequested.connect(self._other_form)
        i.flagToggled.connect(self._flag)
        g = self.guide_box
        g.enterRequested.connect(self.enter_guided)
        g.leaveRequested.connect(self.leave_guided)
        g.readingChosen.connect(self._reading)
        g.resetRequested.connect(self._reset_order)
        self.problem_list.squaresPointed.connect(self._point_squares)

    # ------------------------------------------------------------ the draft

    def say(self, text: str) -> None:
        self.message.setText(text)

    def status_text(self) -> str:
        return self.message.text()

    @property
    def current_path(self) -> str | None:
        """The file of the document being edited; None while it is untitled."""
        return self._paths.get(self.document)

    @current_path.setter
    def current_path(self, path: str | None) -> None:
        if path is None:
            self._paths.pop(self.document, None)
        else:
            self._paths[self.document] = path

    def set_draft(self, draft: Draft, arrangement: Arrangement | None, record: bool = True,
                  new_document: bool = False) -> None:
        """Show a new draft (and guided state); ``record`` keeps the old one for undo. A draft
        of another variant (not by undo or redo), or ``new_document``, starts an untitled document."""
        if record:
            self._undo.append(EditorState(self.draft, self.arrangement, self.document))
            del self._undo[:-UNDO_LIMIT]
            self._redo.clear()
        if new_document or (record and draft.variant != self.draft.variant):
            self.document = self._documents
            self._documents += 1
        self.draft = draft
        self.arrangement = arrangement
        if self.selected is not None and not draft.is_square(self.selected):
            self.selected = None
        self.refresh()
        self.draftChanged.emit()

    def edit_game(self, game: rules.Game) -> None:
        """Start editing the position on view in a game (the old draft stays in the undo list)."""
        self.set_draft(rulings.draft_of(game), None, new_document=True)
        self.say(f"Editing the position of the game on the board ({game.rules.variant.name}).")

    def _edit(self, change: Callable[[Draft], object], note: str = "") -> bool:
        """Apply an edit to a copy of the draft; a ValueError refuses it with its words."""
        draft = self.draft.copy()
        try:
            change(draft)
        except ValueError as exc:
            self.say(str(exc))
            self.refresh()
            return False
        if draft == self.draft:
            # The position fields echo a redrawn draft back as edits; an undo step that changes
            # nothing would make Undo seem not to work.
            self.say(note)
            return True
        self.set_draft(draft, self.arrangement)
        self.say(note)
        return True

    def refresh(self) -> None:
        draft = self.draft
        vdef = draft.vdef
        if draft.variant != self._shown_variant:
            self._shown_variant = draft.variant
            self.palette_view.set_variant(vdef)
            self.palette_scroll.setFixedWidth(self.palette_view.sizeHint().width() + 18)
            self.symmetry_box.setCurrentIndex(self.symmetry_box.findData(rulings.symmetry(vdef.id, draft.options)))
        self.offered = guided.find(vdef, draft.options)
        self.problems = rulings.problems(draft)
        self.board.show_snapshot(snapshot_of(draft, rulings.markers(draft)))
        self.board.set_marked(self.selected)
        arranging = self.arrangement is not None
        self.board.marks.row = frozenset(self.arrangement.row_squares()) if self.arrangement else frozenset()
        self.board.marks.follows = frozenset(self.arrangement.white_squares()) if self.arrangement else frozenset()
        self.board.locks.squares = self.arrangement.fixed_squares() if self.arrangement else frozenset()
        self.board.marks.problem = frozenset()
        self.position_box.show_draft(draft)
        for color, strip in self.pool_editor.strips.items():
            strip.set_glyphs([glyph_of(vdef, p.color, p.kind, p.flags) for p in draft.pools[color]])
        self._show_selected()
        self.guide_box.show_state(vdef, self.offered, self.arrangement)
        self.guide_group.setVisible(self.offered is not None)
        self.problem_list.show_problems(self.problems, draft)
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
        self.undo_action.setEnabled(bool(self._undo))
        self.redo_action.setEnabled(bool(self._redo))
        self.start_button.setEnabled(not self.problems and self.linked)
        self.start_button.setToolTip("Fix the problems listed first" if self.problems else
                                     "Start a game from this position in the main window")
        self.explore_button.setEnabled(self.linked)
        name = Path(self.current_path).name if self.current_path else "unsaved setup"
        self.setWindowTitle(f"Setup editor - {vdef.name} - {name} - Fairy Chess")

    def _show_selected(self) -> None:
        square = self.selected
        piece = self.draft.pieces.get(square) if square else None
        if square is None or piece is None:
            self.inspector.show_piece(square, None)
            return
        vdef = self.draft.vdef
        other = rulings.other_form(self.draft, piece.kind)
        self.inspector.show_piece(square, glyph_of(vdef, piece.color, piece.kind, piece.flags),
                                  rulings.switches(self.draft, piece.kind),
                                  vdef.pieces[other].name if other else None)

    # ------------------------------------------------------------ undo

    def undo(self) -> None:
        if self._undo:
            self._redo.append(EditorState(self.draft, self.arrangement, self.document))
            state = self._undo.pop()
            self.document = state.document
            self.set_draft(state.draft, state.arrangement, record=False)

    def redo(self) -> None:
        if self._redo:
            self._undo.append(EditorState(self.draft, self.arrangement, self.document))
            state = self._redo.pop()
            self.document = state.document
            self.set_draft(state.draft, state.arrangement, record=False)

    def _point_squares(self, squares: frozenset[str]) -> None:
        self.board.marks.problem = squares
        self.board.update()

    # ------------------------------------------------------------ leaving the editor

    def start_game(self) -> bool:
        """Ask the main window to start a game from this position, if the rules accept it."""
        if self.problems:
            self.say("This position cannot start a game: " + "; ".join(self.problems))
            return False
        if self.arrangement is not None:
            self.startRequested.emit(self.draft.variant, self.arrangement.options(), None)
        else:
            self.startRequested.emit(self.draft.variant, dict(self.draft.options), self.draft.text())
        return True

    def explore(self) -> None:
        self.exploreRequested.emit(self.draft.copy())
