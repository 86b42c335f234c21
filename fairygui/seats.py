"""Who plays each side: a person, the built-in engine at one of its levels, or another program's
engine (Settings > Engines), chosen in New game and changed at any moment of a game (Game >
Players, the players bar above the board), as WinBoard's Machine White / Machine Black / Two
Machines / Edit game do.

A :class:`Seat` is one side's choice; the controller keeps it as ``players`` (HUMAN or
COMPUTER), ``levels`` and ``engine_names`` per side, so a side made human remembers its
computer for the next Machine White. A computer side's engine is the one chosen for it if that
plays the game's variant; where none was chosen (or it does not play the variant), the engine
Settings > Engines gives the variant's computer opponent; where that is none, or the side chose
a level (BUILT_IN_MARK), the built-in engine at the side's level. Every label, note and record
tag says what actually plays (:meth:`Seating.effective`). :class:`Seating` (``MainWindow.seats``) turns
choices into the controller's players and the computer opponent's engines, names the players in
the record's White and Black tags, and stops or continues the computer (two computer sides play
each other until Stop).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from PySide6.QtCore import QObject, Signal

from rules import Game

from .computer.levels import DEFAULT_LEVEL, ENGINE_MOVE_SECONDS, is_level, level_choices, level_label
from .computer.opponent import ComputerOpponent
from .computer.search import Searcher
from .controller import COMPUTER, HUMAN, SIDES, GameController
from .document import result_marker
from .engines.manager import EngineManager
from .engines.registry import BUILT_IN_MARK, OPPONENT, EngineEntry

HUMAN_KEY = "human"
LEVEL_PREFIX = "level:"
ENGINE_PREFIX = "engine:"
#: The built-in engine as the record's tags name it, with the level after it.
BUILT_IN_PLAYER = "Fairy Chess engine"


@dataclass(frozen=True)
class Seat:
    """Who plays one side. A human side keeps the level and engine it had as the computer's,
    so turning it back to the computer brings them back."""

    kind: str = HUMAN
    level: str = DEFAULT_LEVEL
    #: Another program's engine (its name in Settings > Engines); BUILT_IN_MARK for the built-in
    #: engine at the level; "" for whatever serves the variant (Settings > Engines, else the level).
    engine: str = ""

    @property
    def computer(self) -> bool:
        return self.kind == COMPUTER

    @property
    def external(self) -> str:
        """The engine named, if any ("" for the built-in one or none chosen)."""
        return "" if self.engine == BUILT_IN_MARK else self.engine

    @property
    def key(self) -> str:
        """The chooser's entry for this seat: "human", "level:expert" or "engine:<name>"."""
        if not self.computer:
            return HUMAN_KEY
        return ENGINE_PREFIX + self.external if self.external else LEVEL_PREFIX + self.level

    def with_key(self, key: str) -> Seat:
        """This seat as the chooser's entry ``key`` sets it (what it does not name stays)."""
        if key.startswith(ENGINE_PREFIX) and len(key) > len(ENGINE_PREFIX):
            return Seat(COMPUTER, self.level, key[len(ENGINE_PREFIX):])
        level = key[len(LEVEL_PREFIX):] if key.startswith(LEVEL_PREFIX) else ""
        if is_level(level):
            return Seat(COMPUTER, level, BUILT_IN_MARK)
        return replace(self, kind=HUMAN)


@dataclass(frozen=True)
class SeatChoice:
    """One entry of a side's chooser: its key (:attr:`Seat.key`), label and sentence."""

    key: str
    label: str
    description: str


HUMAN_CHOICE = SeatChoice(HUMAN_KEY, "Human", "You move this side's pieces.")


def level_seat_label(label: str) -> str:
    return f"{label} (built-in engine)"


def engine_description(entry: EngineEntry) -> str:
    """What an added engine is, in words, and how long it has for a move."""
    program = " ".join([entry.path, *entry.args])
    return (f"{entry.player_name}, another program ({entry.protocol.upper()}: {program}); "
            f"it has {ENGINE_MOVE_SECONDS:g} s a move, or keeps its own time where the game has clocks.")


def computer_choices(variant: str, engines: Sequence[EngineEntry]) -> list[SeatChoice]:
    """The built-in engine's levels, weakest first, then every added engine that plays ``variant``."""
    choices = [SeatChoice(LEVEL_PREFIX + c.name, level_seat_label(c.label), f"The built-in engine: {c.description}.")
               for c in level_choices()]
    choices += [SeatChoice(ENGINE_PREFIX + e.name, e.name, engine_description(e))
                for e in engines if variant in e.variants]
    return choices


def seat_choices(variant: str, engines: Sequence[EngineEntry]) -> list[SeatChoice]:
    """Everything that may play a side of ``variant``: a person, a level, an engine."""
    return [HUMAN_CHOICE, *computer_choices(variant, engines)]


def player_name(seat: Seat, entry: EngineEntry | None) -> str:
    """A side's player as the record's White or Black tag names it."""
    if not seat.computer:
        return "Human"
    if entry is not None:
        return entry.player_name
    return f"{BUILT_IN_PLAYER} ({level_label(seat.level)})"


def resolve(seat: Seat, variant: str, engines: EngineManager) -> Seat:
    """The seat with the engine that will play ``variant`` ("" for the built-in one at the level):
    the side's own engine if it plays the variant; else, unless the side chose a level, the
    engine Settings > Engines gives the variant's computer opponent."""
    if not seat.computer:
        return replace(seat, engine=seat.external)
    if seat.external and engines.plays(seat.external, variant):
        return seat
    if seat.engine == BUILT_IN_MARK:
        return replace(seat, engine="")
    return replace(seat, engine=engines.chosen_name(OPPONENT, variant))


class Seating(QObject):
    """The players of the game on the board (``MainWindow.seats``)."""

    #: The players, or what may play (the variant, the list of engines), changed.
    changed = Signal()

    def __init__(self, controller: GameController, opponent: ComputerOpponent, engines: EngineManager,
                 warn: Callable[[str, str], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.opponent = opponent
        self.engines = engines
        # The names the app last wrote in each side's tag: a later change of player may replace them.
        self._named: dict[str, str] = {}
        controller.player_name = self.player_name
        opponent.external_engine = self._engine_for
        opponent.player_label = self.label_of
        opponent.player_of = lambda side: self.effective(side).key
        opponent.made_up_name = self.made_up_name
        opponent.failed.connect(lambda text: warn("The engine failed", text))
        controller.playersChanged.connect(self.changed)
        controller.gameEnded.connect(self._game_ended)
        controller.gameReplaced.connect(self.changed)
        engines.changed.connect(self.changed)

    # ------------------------------------------------------------ what plays

    @property
    def variant(self) -> str:
        return self.controller.game.variant

    def seat(self, side: str) -> Seat:
        """The side's choice as kept (its engine may not play this variant: see :meth:`effective`)."""
        c = self.controller
        level = c.levels.get(side, DEFAULT_LEVEL)
        return Seat(COMPUTER if c.is_computer(side) else HUMAN, level if is_level(level) else DEFAULT_LEVEL,
                    c.engine_names.get(side, ""))

    def effective(self, side: str) -> Seat:
        """What actually plays the side in this game (``engine`` is then a name or "")."""
        return resolve(self.seat(side), self.variant, self.engines)

    def known(self, engines: dict[str, str]) -> dict[str, str]:
        """The engines of ``engines`` (side -> name) still in Settings > Engines (or BUILT_IN_MARK)."""
        return {side: name for side, name in engines.items() if name == BUILT_IN_MARK or self.engines.entry(name)}

    def choices(self) -> list[SeatChoice]:
        return seat_choices(self.variant, self.engines.entries)

    def label_of(self, side: str) -> str:
        """Who plays a computer side, in a word or two ("Expert", an engine's name)."""
        seat = self.effective(side)
        return seat.engine or level_label(seat.level)

    def player_name(self, side: str) -> str:
        """The side's player as a new record's tag names it (the controller asks)."""
        seat = self.effective(side)
        name = player_name(seat, self.engines.entry(seat.engine) if seat.engine else None)
        self._named[side] = name
        return name

    def made_up_name(self, side: str, current: str) -> bool:
        """A tag the app wrote, which a change of player may replace (never a name the user typed)."""
        if current == self._named.get(side) or current.startswith(BUILT_IN_PLAYER):
            return True
        if any(current in (entry.name, entry.player_name) for entry in self.engines.entries):
            return True
        return current in ("", "?", side.capitalize(), "Human") or current.startswith("Computer (")

    def _engine_for(self, game: Game, side: str) -> tuple[Searcher, str] | None:
        if not self.controller.is_computer(side):
            return None
        seat = resolve(self.seat(side), game.variant, self.engines)
        return self.engines.engine_for_side(side, seat.engine, game)

    def _game_ended(self, words: str) -> None:
        """Other programs' engines playing a side are told the game ended (one on the clocks stops
        keeping them: ``ExternalEngine.game_over``)."""
        marker = result_marker(self.controller.game)
        for side in SIDES:
            live = self.engines.running(side)
            if live is not None:
                live.game_over(marker, words)

    # ------------------------------------------------------------ changing who plays

    def set_seats(self, seats: dict[str, Seat]) -> None:
        """Seat these players now (the others stay); it takes effect at once: a search for a side
        that changed stops unplayed, and a computer now to move starts. Tags the app wrote name
        the new players."""
        chosen = {side: seats.get(side, self.seat(side)) for side in SIDES}
        c = self.controller
        c.set_players({side: seat.kind for side, seat in chosen.items()},
                      {side: seat.level for side, seat in chosen.items()},
                      {side: seat.engine for side, seat in chosen.items()})
        self.opponent.players_changed()
        for side in seats:
            tag = side.capitalize()
            current = c.record.headers.get(tag, "")
            if self.made_up_name(side, current):
                name = self.player_name(side)
                if current != name:
                    c.set_tag(tag, name)

    def set_key(self, side: str, key: str) -> None:
        """A side's chooser entry picked (:attr:`Seat.key`)."""
        self.set_seats({side: self.seat(side).with_key(key)})

    def computer_seat(self, side: str) -> Seat:
        """The side as the computer, with the level or engine it had (see :func:`resolve`)."""
        return replace(self.seat(side), kind=COMPUTER)

    def human_seat(self, side: str) -> Seat:
        return replace(self.seat(side), kind=HUMAN)

    def machine_white(self) -> None:
        self.set_seats({"white": self.computer_seat("white"), "black": self.human_seat("black")})

    def machine_black(self) -> None:
        self.set_seats({"white": self.human_seat("white"), "black": self.computer_seat("black")})

    def two_machines(self) -> None:
        self.set_seats({side: self.computer_seat(side) for side in SIDES})

    def edit_game(self) -> None:
        self.set_seats({side: self.human_seat(side) for side in SIDES})

    def stop(self) -> bool:
        return self.opponent.pause()

    def resume(self) -> bool:
        return self.opponent.resume()
