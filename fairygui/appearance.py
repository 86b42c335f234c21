"""Settings > Appearance: board colours, piece set, light or dark window palette, move
animation and sounds, each remembered in the settings.

Moves glide from square to square by default only when the computer plays them (the
player's own drag already shows the way); "All moves" also glides moves made by clicks,
with the move list and the keyboard. Sounds are off by default: a short system beep after a
move (PySide6-Essentials brings no QtMultimedia to play a sound file).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QColor, QPalette
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from .board.artwork import Artwork
from .board.themes import BOARD_THEMES, DEFAULT_BOARD, DEFAULT_PIECES, PIECE_SETS, board_theme
from .board.widget import BoardWidget
from .controller import GameController
from .movelist import MoveList
from .settings import Settings

PALETTES = (("light", "&Light"), ("dark", "&Dark"))
ANIMATION = (("computer", "The &computer's moves"), ("all", "&All moves"), ("off", "&Off"))
DEFAULTS = {"board": DEFAULT_BOARD, "pieces": DEFAULT_PIECES, "palette": "light", "animation": "computer",
            "sounds": "off", "words": "off"}


def dark_palette() -> QPalette:
    palette = QPalette()
    base, text, mid = QColor("#2b2b2b"), QColor("#e8e6e3"), QColor("#3a3a3a")
    for role, color in ((QPalette.ColorRole.Window, mid), (QPalette.ColorRole.WindowText, text),
                        (QPalette.ColorRole.Base, base), (QPalette.ColorRole.AlternateBase, mid),
                        (QPalette.ColorRole.Text, text), (QPalette.ColorRole.Button, mid),
                        (QPalette.ColorRole.ButtonText, text), (QPalette.ColorRole.ToolTipBase, base),
                        (QPalette.ColorRole.ToolTipText, text), (QPalette.ColorRole.Highlight, QColor("#3d6ea8")),
                        (QPalette.ColorRole.HighlightedText, QColor("white")),
                        (QPalette.ColorRole.PlaceholderText, QColor("#9a9a9a"))):
        palette.setColor(role, color)
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#7a7a7a"))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#7a7a7a"))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor("#7a7a7a"))
    return palette


class Appearance(QObject):
    def __init__(self, settings: Settings, board: BoardWidget, art: Artwork, controller: GameController,
                 parent: QWidget, move_list: MoveList | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.board = board
        self.art = art
        self.controller = controller
        self.move_list = move_list
        self._light = QApplication.palette()
        self.menu = QMenu("&Appearance", parent)
        self.groups: dict[str, QActionGroup] = {}
        self._choices("board", "&Board colours", [(t.name, t.title) for t in BOARD_THEMES.values()])
        self._choices("pieces", "&Pieces", [(s.name, s.title) for s in PIECE_SETS.values()])
        self._choices("palette", "&Window colours", list(PALETTES))
        self._choices("animation", "Animate &moves", list(ANIMATION))
        self.sounds_action = QAction("&Sounds after moves", self)
        self.sounds_action.setCheckable(True)
        self.sounds_action.setChecked(self.value("sounds") == "on")
        self.sounds_action.toggled.connect(lambda on: self.choose("sounds", "on" if on else "off"))
        self.menu.addAction(self.sounds_action)
        #: View > Moves in words: the move list's third column.
        self.words_action = QAction("Moves in &words column", self)
        self.words_action.setCheckable(True)
        self.words_action.setToolTip("A column beside the moves saying what each one did, in words")
        self.words_action.setChecked(self.value("words") == "on")
        self.words_action.toggled.connect(lambda on: self.choose("words", "on" if on else "off"))
        #: What makes the sound (a test may listen in).
        self.beep: Callable[[], None] = QApplication.beep
        controller.movePlayed.connect(self._moved)
        self.apply()

    def _choices(self, key: str, title: str, choices: list[tuple[str, str]]) -> None:
        sub = self.menu.addMenu(title)
        group = QActionGroup(self)
        current = self.value(key)
        for name, text in choices:
            action = QAction(text, group)
            action.setCheckable(True)
            action.setData(name)
            action.setChecked(name == current)
            action.triggered.connect(lambda _checked=False, n=name: self.choose(key, n))
            sub.addAction(action)
        self.groups[key] = group

    def value(self, key: str) -> str:
        return self.settings.appearance(key, DEFAULTS[key])

    def choose(self, key: str, name: str) -> None:
        """Take a choice (as the menu does) and remember it."""
        self.settings.set_appearance(key, name)
        group = self.groups.get(key)
        if group is not None:
            for action in group.actions():
                action.setChecked(action.data() == name)
        self.apply()

    def apply(self) -> None:
        self.board.set_theme(board_theme(self.value("board")))
        self.art.use_piece_set(self.value("pieces"))
        QApplication.setPalette(dark_palette() if self.value("palette") == "dark" else self._light)
        if self.move_list is not None:
            self.move_list.set_words_shown(self.value("words") == "on")
        self.board.update()

    def _moved(self) -> None:
        c = self.controller
        ply = c.game.ply
        mover = c.line[ply - 1].side if 0 < ply <= len(c.line) else None
        mode = self.value("animation")
        if mover is not None and (mode == "all" or (mode == "computer" and c.is_computer(mover))):
            self.board.animate_last_move()
        if self.value("sounds") == "on":
            self.beep()
