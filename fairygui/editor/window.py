"""The setup editor window: palette, board and panels around one draft position.

Every edit makes a new :class:`Draft` (kept for undo), then the window redraws everything
from it and asks the rules package whether it can start a game. The window never touches
the game in progress: starting a game or exploring goes through the signals
``startRequested`` and ``exploreRequested``, which ``link.py`` connects to the main window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
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
from .draft import SYMMETRIES, Draft, DraftPiece, canonical_castling, other_color
from .guidebox import GuideBox
from .guided import Arrangement
from .inspector import PieceInspector
from .palette import PiecePalette
from .poolbox import PoolEditor
from .positionbox import PositionBox
from .problems import ProblemList
from .setupfile import FILTER, SUFFIX, read_setup, write_setup

if TYPE_CHECKING:
    from .explore import Explorer

UNDO_LIMIT = 200


@dataclass(frozen=True)
class EditorState:
    draft: Draft
    arrangement: Arrangement | None


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

    def __init__(self, art: Artwork | None = None, settings: Settings | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlag(Qt.WindowType.Window)
        self.setObjectName("setupEditor")
        self.art = art or Artwork()
        self.settings = settings
        self.current_path: str | None = None
        self.last_error: QMessageBox | None = None
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

        panel = QWidget()
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 4, 0)
        self.guide_group = _group("Alternate Setup #1", self.guide_box)
        self.position_group = _group("Position", self.position_box)
        self.inspector_group = _group("Selected piece", self.inspector)
        column.addWidget(self.position_group)
        column.addWidget(self.guide_group)
        column.addWidget(self.inspector_group)
        self.pool_group = _group("Captured pieces", self.pool_editor)
        column.addWidget(self.pool_group)
        column.addWidget(_group("Can it start a game?", self.problem_list))
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

    def set_draft(self, draft: Draft, arrangement: Arrangement | None, record: bool = True) -> None:
        """Show a new draft (and guided state); ``record`` keeps the old one for undo."""
        if record:
            self._undo.append(EditorState(self.draft, self.arrangement))
            del self._undo[:-UNDO_LIMIT]
            self._redo.clear()
        self.draft = draft
        self.arrangement = arrangement
        if self.selected is not None and not draft.is_square(self.selected):
            self.selected = None
        self.refresh()

    def edit_game(self, game: rules.Game) -> None:
        """Start editing the position on view in a game (the old draft stays in the undo list)."""
        self.set_draft(rulings.draft_of(game), None)
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
            self._redo.append(EditorState(self.draft, self.arrangement))
            state = self._undo.pop()
            self.set_draft(state.draft, state.arrangement, record=False)

    def redo(self) -> None:
        if self._redo:
            self._undo.append(EditorState(self.draft, self.arrangement))
            state = self._redo.pop()
            self.set_draft(state.draft, state.arrangement, record=False)

    # ------------------------------------------------------------ board gestures

    def _pick_refusal(self, square: str) -> str | None:
        arrangement = self.arrangement
        if arrangement is None:
            return None
        if square not in arrangement.row_squares():
            return f"Only Black's pieces on rank {arrangement.black_rank} are arranged in this setup."
        if square in arrangement.fixed_squares():
            piece = self.draft.pieces[square]
            return f"The {self.draft.vdef.pieces[piece.kind].name} on {square} stays there: the rules fix it."
        return None

    def _dropped(self, origin: str, target: str) -> None:
        if self.arrangement is not None:
            self._arrange(origin, target)
            return
        piece = self.draft.pieces[origin]
        name = self.draft.vdef.pieces[piece.kind].name
        self.selected = target
        self._edit(lambda d: d.move(origin, target), f"Moved the {piece.color} {name} from {origin} to {target}.")

    def _dropped_off(self, origin: str) -> None:
        if self.arrangement is not None:
            self.say("In this setup every piece stays on the board; drag it along the row instead.")
            return
        self.remove(origin)

    def _clicked(self, square: str) -> None:
        if self.brush is not None and square and self.arrangement is None:
            brush = self.brush
            self.selected = square
            self._edit(lambda d: d.put(square, DraftPiece(brush.color, brush.kind)),
                       f"Put a {brush.color} {brush.name} on {square}.")
            return
        self.selected = square or None
        self.board.set_marked(self.selected)
        self._show_selected()

    def remove(self, square: str) -> None:
        if self.arrangement is not None or square not in self.draft.pieces:
            return
        piece = self.draft.pieces[square]
        name = self.draft.vdef.pieces[piece.kind].name
        self._edit(lambda d: d.remove(square), f"Took the {piece.color} {name} off {square}.")

    def recolour(self, square: str) -> None:
        if self.arrangement is not None:
            self.say("In this setup the colours are fixed; drag Black's pieces along the row.")
            return
        if square in self.draft.pieces:
            self.selected = square
            self._edit(lambda d: d.recolour(square))

    def _other_form(self) -> None:
        square = self.selected
        piece = self.draft.pieces.get(square) if square else None
        other = rulings.other_form(self.draft, piece.kind) if piece else None
        if square and piece and other:
            self._edit(lambda d: d.put(square, replace(piece, kind=other)))

    def _flag(self, flag: str, on: bool) -> None:
        square = self.selected
        if square and square in self.draft.pieces:
            self._edit(lambda d: d.put(square, d.pieces[square].with_flag(flag, on)))

    # ------------------------------------------------------------ the palette

    def _palette_moved(self, glyph: Glyph | None, point: QPoint) -> None:
        if glyph is None:
            self.board.show_external_drag(None, None)
            return
        self.board.show_external_drag(glyph, self.board.mapFromGlobal(point))
        pointed = self.pool_editor.strip_at(point)
        for strip in self.pool_editor.strips.values():
            strip.set_highlight(strip is pointed)

    def _palette_dropped(self, glyph: Glyph, point: QPoint) -> None:
        self.board.show_external_drag(None, None)
        for strip in self.pool_editor.strips.values():
            strip.set_highlight(False)
        if self.arrangement is not None:
            return
        local = self.board.mapFromGlobal(point)
        square = self.board.square_at(local) if self.board.rect().contains(local) else None
        if square is not None:
            self.selected = square
            self._edit(lambda d: d.put(square, DraftPiece(glyph.color, glyph.kind)),
                       f"Put a {glyph.color} {glyph.name} on {square}.")
            return
        strip = self.pool_editor.strip_at(point)
        if strip is not None:
            color = strip.color
            self._edit(lambda d: d.pools.__setitem__(color, (*d.pools[color], DraftPiece(color, glyph.kind))),
                       f"Added a {color} {glyph.name} to the captured pieces.")

    def _brush_changed(self, glyph: Glyph | None) -> None:
        self.brush = glyph
        if glyph is None:
            self.say("")
        else:
            self.say(f"Click squares to put a {glyph.color} {glyph.name} there; click it in the palette again, "
                     "or right-click the palette, to stop.")

    def _pool_remove(self, color: str, index: int) -> None:
        def take(d: Draft) -> None:
            pool = list(d.pools[color])
            del pool[index]
            d.pools[color] = tuple(pool)

        self._edit(take)

    # ------------------------------------------------------------ position fields

    def _set_ep(self, square: str) -> None:
        def change(d: Draft) -> None:
            d.ep = square
            d.state.pop("epv", None)

        self._edit(change)

    def _set_clocks(self, halfmove: int, fullmove: int) -> None:
        def change(d: Draft) -> None:
            d.halfmove, d.fullmove = halfmove, fullmove

        self._edit(change)

    def choose_variant(self, variant_id: str) -> None:
        if variant_id == self.draft.variant:
            return
        try:
            draft = rulings.start_draft(variant_id, {})
        except rules.RulesError as exc:
            self.say(f"Cannot set up {variant_id}: {exc}")
            self.refresh()
            return
        self.selected = None
        self.palette_view.set_brush(None)
        self.set_draft(draft, None)
        self.say(f"The start position of {draft.vdef.name}.")

    def set_option(self, name: str, value: Any) -> None:
        vdef = self.draft.vdef
        options = {**self.draft.options, name: value}
        try:
            resolved = vdef.resolve_options(options)
            chosen = {k: v for k, v in resolved.items() if v != vdef.options[k].default}
            if name == "setup":
                # A different start array is what a player choosing it wants to see.
                draft = rulings.start_draft(vdef.id, chosen)
            else:
                rules.make_rules(vdef.id, chosen)
                draft = replace(self.draft.copy(), options=chosen)
        except rules.RulesError as exc:
            self.say(f"Option {name} cannot be {value!r}: {exc}")
            self.refresh()
            return
        self.set_draft(draft, None)

    # ------------------------------------------------------------ whole-board edits

    def clear_board(self) -> None:
        self.selected = None
        self._edit(lambda d: d.clear(), "Cleared the board.")

    def load_start(self) -> None:
        try:
            draft = rulings.start_draft(self.draft.variant, self.draft.options)
        except rules.RulesError as exc:
            self.say(str(exc))
            return
        self.set_draft(draft, None)
        self.say("The start position.")

    def copy_side(self, source: str) -> None:
        symmetry = str(self.symmetry_box.currentData())
        self._edit(lambda d: d.copy_side(source, symmetry),
                   f"Copied {source.capitalize()}'s army to {other_color(source).capitalize()} ({symmetry}).")

    # ------------------------------------------------------------ guided Alternate Setup #1

    def enter_guided(self) -> None:
        offered = guided.find(self.draft.vdef, self.draft.options)
        if offered is None:
            return
        try:
            draft = offered.draft()
        except rules.RulesError as exc:
            self.say(str(exc))
            return
        self.selected = None
        self.palette_view.set_brush(None)
        self.set_draft(draft, offered)
        self.say(f"Arrange Black's rank {offered.black_rank}: drag a piece onto another to swap them.")

    def leave_guided(self) -> None:
        self.set_draft(self.draft.copy(), None)
        self.say("Free editing: the position stays as arranged.")

    def _arrange(self, origin: str, target: str) -> None:
        assert self.arrangement is not None
        arrangement = replace(self.arrangement, order=list(self.arrangement.order or []) or None)
        try:
            draft = arrangement.arrange(self.draft, origin, target)
        except (rules.RulesError, ValueError) as exc:
            self.say(f"Cannot arrange that: {exc}.")
            self.refresh()
            return
        self.set_draft(draft, arrangement)
        self.say(f"Swapped {origin} and {target}; White's row follows.")

    def _reading(self, reading: str) -> None:
        if self.arrangement is None or reading == self.arrangement.reading:
            return
        arrangement = replace(self.arrangement, reading=reading)
        try:
            draft = arrangement.draft()
        except rules.RulesError as exc:
            self.say(str(exc))
            self.refresh()
            return
        self.set_draft(draft, arrangement)

    def _reset_order(self) -> None:
        if self.arrangement is not None:
            arrangement = replace(self.arrangement, order=None)
            self.set_draft(arrangement.draft(), arrangement)

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

    # ------------------------------------------------------------ files

    def show_error(self, title: str, text: str) -> QMessageBox:
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()
        self.last_error = box
        return box

    def _folder(self) -> str:
        return self.settings.last_dir() if self.settings is not None else ""

    def open_file(self, path: str | None = None) -> bool:
        """Read a setup; a bad file gets a dialog naming the fault and the draft stays."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, "Open a setup", self._folder(), FILTER)
        if not path:
            return False
        try:
            draft = read_setup(Path(path), self.draft.variant, self.draft.options)
        except (OSError, ValueError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.show_error("Cannot open the setup", f"{path}:\n{reason}\n\nThe position being edited is unchanged.")
            return False
        self.selected = None
        self.set_draft(draft, None)
        self.current_path = str(Path(path).resolve())
        self._remember_folder(Path(path))
        self.refresh()
        self.say(f"Opened {Path(path).name}.")
        return True

    def save_file(self) -> bool:
        return self.save_to(self.current_path) if self.current_path else self.save_file_as()

    def save_file_as(self) -> bool:
        name = Path(self.current_path).name if self.current_path else f"{self.draft.variant}{SUFFIX}"
        start = str(Path(self._folder() or ".") / name)
        path, _ = QFileDialog.getSaveFileName(self, "Save the setup", start, FILTER)
        if not path:
            return False
        if not Path(path).suffix:
            path += SUFFIX
        return self.save_to(path)

    def save_to(self, path: str) -> bool:
        target = Path(path)
        try:
            write_setup(target, self.draft)
        except OSError as exc:
            self.show_error("Cannot save the setup", f"{path}:\n{exc.strerror or exc}")
            return False
        self.current_path = str(target.resolve())
        self._remember_folder(target)
        self.refresh()
        note = " (a draft: it cannot start a game yet)" if self.problems else ""
        self.say(f"Saved {target.name}{note}.")
        return True

    def _remember_folder(self, path: Path) -> None:
        if self.settings is not None:
            self.settings.set_last_dir(str(path.parent))

