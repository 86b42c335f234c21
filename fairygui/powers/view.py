"""Wires the power overlays, hover, and the two panels to the window's controller and board.

On every new position the visible layers reload from a fresh :class:`PowerFacts`, so each
rules question is asked at most once per position and only for what is shown. Hover and
pick-up come from the board's ``hovered`` and ``selectionChanged`` signals.

The borrowing layer's focus (a piece's loans drawn clearly, the rest dimmed) follows a
clicked Friend, of either side, until a click elsewhere, Escape or a new position; with no
Friend clicked and nothing held it follows the Friend or lender under the pointer.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QStatusBar

from ..board.artwork import Artwork
from ..board.overlays import OverlayStack
from ..board.widget import BoardWidget
from ..controller import GameController
from ..render import diagram_overlays
from ..settings import Settings
from .facts import PowerFacts, power_descriptions
from .layers import TOGGLES, FormsLayer, HighlightLayer, HoverLayer, PowerLayer, power_layers
from .loans import LoanFocusLayer, focus_at, friend_focus
from .panel import PowersPanel
from .piecepanel import PiecePanel
from .words import effect_groups, square_words


class PowerView(QObject):
    def __init__(self, controller: GameController, board: BoardWidget, settings: Settings, art: Artwork,
                 status: QStatusBar, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.board = board
        self.settings = settings
        self.status = status
        self.facts: PowerFacts | None = None
        self.layers: list[PowerLayer] = power_layers(board.target_layer)
        for layer in self.layers:
            layer.cached = True
        self.hover = HoverLayer()
        self.highlight = HighlightLayer()
        self.focus = LoanFocusLayer()
        #: The Friend clicked last, kept in focus until a click elsewhere, Escape or a new position.
        self.pinned: str | None = None
        for layer in [*self.layers, self.hover, self.highlight, self.focus]:
            board.overlays.add(layer)
        self.actions: dict[str, QAction] = {}
        for toggle in TOGGLES:
            action = QAction(toggle.title, self)
            action.setCheckable(True)
            action.setStatusTip(toggle.tip)
            action.setToolTip(toggle.tip)
            shown = settings.overlay(toggle.name, toggle.default)
            action.setChecked(shown)
            for layer in self.layers_of(toggle.name):
                layer.visible = shown
            action.toggled.connect(lambda on, name=toggle.name: self.set_shown(name, on))
            self.actions[toggle.name] = action
        self.panel = PowersPanel()
        self.panel.highlighted.connect(self._highlight)
        self.piece_panel = PiecePanel(art)
        controller.positionChanged.connect(self.refresh)
        controller.gameReplaced.connect(self._game_replaced)
        controller.busyChanged.connect(lambda _busy: self.refresh())
        # A refusal or a result must not stay hidden behind the hover text.
        controller.message.connect(lambda _text: self.status.clearMessage())
        board.hovered.connect(self.hover_over)
        board.selectionChanged.connect(self._picked)
        # Sees every press before the board: a click on a Friend the side to move may not
        # pick up (the opponent's) still focuses it.
        board.installEventFilter(self)
        self._game_replaced()
        self.refresh()

    # ------------------------------------------------------------ layers

    def layers_of(self, toggle: str) -> list[PowerLayer]:
        return [layer for layer in self.layers if layer.toggle == toggle]

    def layer(self, name: str) -> PowerLayer:
        found = next((layer for layer in self.layers if layer.name == name), None)
        if found is None:
            raise KeyError(name)
        return found

    @property
    def forms(self) -> FormsLayer:
        layer = self.layer("forms")
        assert isinstance(layer, FormsLayer)
        return layer

    def is_shown(self, toggle: str) -> bool:
        return self.actions[toggle].isChecked()

    def set_shown(self, toggle: str, shown: bool) -> None:
        """Switch a toggle's layers on or off and remember the choice."""
        if self.actions[toggle].isChecked() != shown:
            self.actions[toggle].setChecked(shown)  # comes back here through ``toggled``
            return
        for layer in self.layers_of(toggle):
            layer.visible = shown
            if shown and self.facts is not None:
                layer.load(self.facts)
            else:
                layer.clear()
        if toggle == "forms" and shown and self.board.selected:
            self._picked(self.board.selected)
        self._update_focus()
        self.settings.set_overlay(toggle, shown)
        self.board.update()

    def refresh(self) -> None:
        """A new position (or a game being read in the background): reload what is shown."""
        c = self.controller
        self.facts = None if c.busy else PowerFacts(c.game, c.index)
        for layer in self.layers:
            if layer.visible and self.facts is not None:
                layer.load(self.facts)
            else:
                layer.clear()
        self.hover.clear()
        self.pinned = None
        self._update_focus()
        self.status.clearMessage()
        self.highlight.squares = ()
        if self.facts is not None:
            self.panel.set_groups(effect_groups(self.facts.explained(), c.variant))
        else:
            self.panel.set_groups([])
        self.board.update()

    def picture_overlays(self) -> OverlayStack:
        """The layers an exported picture shows: the diagram's own and the power layers
        switched on now (not hover or highlights)."""
        stack = diagram_overlays()
        for layer in self.layers:
            if layer.visible:
                stack.add(layer)
        return stack

    def _game_replaced(self) -> None:
        game = self.controller.game
        self.piece_panel.set_variant(game, power_descriptions(game))

    # ------------------------------------------------------------ hover and pick-up

    def hover_over(self, square: str | None) -> None:
        """Show the legal moves of the piece on ``square`` (either side) and, for a Friend,
        its loans; say in the status bar what acts on it."""
        glyph = self.board.snapshot.pieces.get(square or "")
        if self.facts is None or square is None or glyph is None or self.board.selected is not None:
            if self.hover.square is not None:
                self.hover.clear()
                self.status.clearMessage()
                self._update_focus()
                self.board.update()
            return
        facts = self.facts
        explained = facts.explained()
        marks = facts.index_for(glyph.color).marks(square)
        self.hover.square = square
        self.hover.marks = marks
        self._update_focus()
        moves = sum(mark.moves for mark in marks.values())
        words = square_words(explained, self.controller.variant, square, glyph.color, glyph.kind, moves)
        self.status.showMessage(words)
        self.piece_panel.show_piece(glyph.kind, glyph.color, words)
        self.board.update()

    def _picked(self, square: str | None) -> None:
        if square is not None and self.hover.square is not None:
            self.hover.clear()
            self.status.clearMessage()
        forms = self.forms
        if square is None or self.facts is None or not forms.visible or not forms.forms:
            forms.flips = {}
        else:
            forms.flips = self.facts.flips(square)
        self._update_focus()
        self.board.update()

    # ------------------------------------------------------------ the loans in focus

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.board:
            if (event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent)
                    and event.button() == Qt.MouseButton.LeftButton):
                self.click_at(self.board.square_at(event.position()))
            elif (event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
                    and event.key() == Qt.Key.Key_Escape and self.pinned is not None):
                self.click_at(None)  # Escape lets the Friend go, as it puts a held piece down
        return False

    def focusable(self, square: str) -> bool:
        """Does a click on ``square`` bring a Friend's loans into focus (or let them go)?"""
        facts = self.facts if self.is_shown("borrowing") else None
        return facts is not None and friend_focus(facts.explained(), square) is not None

    def click_at(self, square: str | None) -> None:
        """A click on the board: a borrowing Friend comes into focus (a second click lets
        it go); anywhere else the focus clears."""
        facts = self.facts if self.is_shown("borrowing") else None
        friend = facts is not None and square is not None and friend_focus(facts.explained(), square) is not None
        self.pinned = square if friend and square != self.pinned else None
        self._update_focus()
        self.board.update()

    def _update_focus(self) -> None:
        focus = None
        if self.facts is not None and self.is_shown("borrowing"):
            explained = self.facts.explained()
            if self.pinned is not None:
                focus = friend_focus(explained, self.pinned)
            elif self.board.selected is None and self.hover.square is not None:
                focus = focus_at(explained, self.hover.square)
        self.focus.focus = focus

    def _highlight(self, squares: tuple[str, ...]) -> None:
        self.highlight.squares = squares
        self.board.update()
