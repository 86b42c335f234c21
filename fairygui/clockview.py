"""The game's clocks in the window: a face per side and the keeper that runs them.

The record's ``TimeControl`` tag says whether a game has clocks (the New game dialog writes
it; a record read back brings its own). :class:`GameClocks` keeps a :class:`~fairygui.clock.ChessClock`
in step with the controller:

* the clocks run only while the position on view is the end of its line and the game goes on
  (not while a game is read, nor while exploring); stepping back in the move list pauses
  them, and coming back to the same position carries on with the same times;
* a move added at the end presses the clock: the mover's time after the move (increment and
  a new period's time included) goes into the record as a ``[%clk h:mm:ss]`` command in the
  move's comment; a move played elsewhere (a new variation, a take-back played on) starts from
  the times the record holds there;
* any other position shows the times the record holds for it;
* a flag that falls ends the game through the rules (``Game.time_forfeit``: a loss, or a draw
  where the other side cannot mate).

Time comes from ``now`` (``time.monotonic``), which a test replaces.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from rules.gamerecord import GameRecord
from rules.pgntree import Node

from .clock import (
    SIDES,
    ChessClock,
    ClockReading,
    TimeControl,
    TimeControlError,
    clk_command,
    clock_text,
    move_budget,
    read_clk,
    read_tag,
)
from .controller import GameController

#: How often a running clock's face is brought up to date (and the flag looked at), in ms.
TICK_MS = 100
_FACE = "QLabel {{ border: 1px solid #888; border-radius: 4px; padding: 1px 6px; " \
        "background: {background}; color: {color}; }}"
#: The faces' type size in points: readable across the room, small enough for a short window.
FACE_POINTS = 13
#: Faces: a waiting clock, the running one, and one whose time ran out.
IDLE = _FACE.format(background="#e8e6e1", color="#333")
RUNNING = _FACE.format(background="#2e7d32", color="white")
FLAGGED = _FACE.format(background="#b00020", color="white")


class ClockFaces(QWidget):
    """White's and Black's time side by side; the running clock highlighted."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.faces = {side: QLabel() for side in SIDES}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        for side, face in self.faces.items():
            face.setObjectName(f"clock-{side}")
            face.setAlignment(Qt.AlignmentFlag.AlignCenter)
            font = QFont(face.font())
            font.setPointSize(FACE_POINTS)
            font.setBold(True)
            face.setFont(font)
            # Room for the type whatever the window's height: the move list gives way instead.
            face.setMinimumHeight(QFontMetrics(font).height() + 6)
            face.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            layout.addWidget(face)
        self.hide()

    def show_times(self, times: dict[str, float], running: str | None, flagged: str | None = None) -> None:
        for side, face in self.faces.items():
            face.setText(f"{side.capitalize()}  {clock_text(times[side])}")
            face.setStyleSheet(FLAGGED if side == flagged else RUNNING if side == running else IDLE)

    def text(self, side: str) -> str:
        return self.faces[side].text()


class GameClocks(QObject):
    #: The clocks' time control changed (None: the game has no clocks).
    controlChanged = Signal(object)

    def __init__(self, controller: GameController, exploring: Callable[[], bool],
                 now: Callable[[], float] = time.monotonic, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.exploring = exploring
        self.now = now
        self.faces = ClockFaces()
        self.clock: ChessClock | None = None
        #: The position whose side to move has the running (or paused) clock, and its times.
        self._live: Node | None = None
        self._flagged: str | None = None
        self._tag = ""
        self._record: GameRecord | None = None
        #: The clocks of the game last replaced (by exploring, say), with its record and live position.
        self._set_aside: tuple[GameRecord | None, ChessClock, Node | None] | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self.tick)
        controller.gameReplaced.connect(self._configure)
        controller.recordEdited.connect(self._tag_edited)
        controller.positionChanged.connect(self.sync)

    @property
    def control(self) -> TimeControl | None:
        return self.clock.control if self.clock is not None else None

    def times(self) -> dict[str, float]:
        assert self.clock is not None
        return {side: self.clock.time_left(side) for side in SIDES}

    # ------------------------------------------------------------ following the game

    def _configure(self) -> None:
        """A new game or a record read: its TimeControl tag sets the clocks up. A game set aside
        (free exploration) and brought back gets its clocks back as they stood."""
        record = self.controller.record
        kept = self._set_aside
        if self.clock is not None:  # (a game without clocks leaves the one kept before alone)
            self.clock.stop()  # a game set aside waits, as when stepping back in its moves
            self._set_aside = (self._record, self.clock, self._live)
        self._record = record
        if kept is not None and kept[0] is record:
            self.clock, self._live = kept[1], kept[2]
            self._flagged = None
            self.faces.setVisible(True)
            self.controlChanged.emit(self.control)
            self.sync()
            return
        self._tag = record.headers.get("TimeControl", "-")
        try:
            control = read_tag(self._tag)
        except TimeControlError as exc:
            control = None
            self.controller.message.emit(f"The game is shown without clocks: {exc}")
        self.clock = ChessClock(control, lambda: self.now()) if control is not None else None
        self._live = None
        self._flagged = None
        self.faces.setVisible(self.clock is not None)
        self.faces.setToolTip(f"Time control: {control.words()}" if control is not None else "")
        self.controlChanged.emit(control)
        self.sync()

    def _tag_edited(self) -> None:
        if self.controller.record.headers.get("TimeControl", "-") != self._tag:
            self._configure()

    def _recorded(self, ply: int) -> tuple[float, float, int, int]:
        """White's and Black's time and moves made after ``ply`` entries of the line, as the
        record's ``[%clk]`` commands give them (a move without one leaves the time as it was)."""
        assert self.clock is not None
        start = self.clock.control.start_seconds
        times, moves = [start, start], [0, 0]
        for step in self.controller.steps[:ply]:
            if step.info.action:
                continue
            side = SIDES.index(step.info.side)
            moves[side] += 1
            recorded = read_clk(step.node.comments)
            if recorded is not None:
                times[side] = recorded
        return times[0], times[1], moves[0], moves[1]

    def _live_possible(self) -> bool:
        c = self.controller
        return (not c.busy and c.game.ply == len(c.line) and c.game.result is None
                and not self.exploring())

    def sync(self) -> None:
        """After any change of the position on view: press, run, pause or show the record."""
        clock = self.clock
        if clock is None:
            self.timer.stop()
            return
        c = self.controller
        node = c.node
        if self._fresh_move(node):
            after = clock.press()
            clock.stop()
            self._live = node
            node.comments.append(clk_command(after))
            c.revision += 1  # the session keeper writes the record's text again
        if self._live_possible():
            if node is not self._live:  # a position reached another way: the record's times
                clock.set_times(*self._recorded(c.game.ply))
                self._live = node
            if clock.running is None:
                clock.start(c.game.to_move)
            self.timer.start()
            self._show(self.times())
            return
        clock.stop()  # paused: the times stay with the live position
        self.timer.stop()
        self._show(self.times() if node is self._live else self._recorded_times(c.game.ply))

    def _fresh_move(self, node: Node) -> bool:
        """The position on view follows a move just played from the live position by the side
        whose clock ran (not a move of the record stepped to, nor one played elsewhere)."""
        clock = self.clock
        c = self.controller
        if clock is None or clock.running is None or not c.steps or c.game.ply != len(c.line):
            return False
        last = c.steps[-1].info
        return (not last.action and node is not self._live and node.parent is self._live
                and last.side == SIDES[clock.running] and read_clk(node.comments) is None)

    def _recorded_times(self, ply: int) -> dict[str, float]:
        white, black, _, _ = self._recorded(ply)
        return {"white": white, "black": black}

    def tick(self) -> None:
        """A running clock's face, and its flag."""
        clock = self.clock
        if clock is None or clock.running is None:
            self.timer.stop()
            return
        flagged = clock.flagged()
        if flagged is not None:
            self.timer.stop()
            clock.stop()
            self._flagged = flagged
            self.controller.end_game(lambda game: game.time_forfeit(flagged))
            return  # the game's end brings its own sync
        self._show(self.times())

    def _show(self, times: dict[str, float]) -> None:
        clock = self.clock
        if clock is None:
            return
        running = SIDES[clock.running] if clock.running is not None else None
        flagged = self._flagged if self.controller.game.result is not None else None
        self.faces.show_times(times, running, flagged)

    # ------------------------------------------------------------ for the computer and the actions

    def move_seconds(self, side: str) -> float | None:
        """How long the computer playing ``side`` may think now, from its clock; None without clocks."""
        clock = self.clock
        if clock is None:
            return None
        index = SIDES.index(side)
        return move_budget(clock.control, clock.time_left(side), clock.moves[index])

    def reading(self) -> ClockReading | None:
        """Both clocks now, as another program's engine is told them; None without clocks."""
        return self.clock.reading() if self.clock is not None else None

    def result_taken_back(self) -> None:
        """A loss on time taken back: the game goes on without clocks, as the flag has fallen."""
        if self._flagged is not None and self.clock is not None:
            self.controller.set_tag("TimeControl", "-")
