"""Named powers: everything a piece or variant does that Betza cannot say.

A power is a class registered under a name with :func:`register`. Variant files
name powers at the variant level (``powers = [...]``) or per piece. Each power
overrides only the hooks it needs; the rules engine calls only overridden hooks,
so a power costs nothing where it does not act.

Every hook and every attribute generic code reads is declared on :class:`Power`, with
a default, in two groups:

* **rule hooks** (``prepare``, ``piece_moves``, ``extra_moves``, ``transform_moves``,
  ``apply``, ``after_move``, ``illegal_reason``, ``attacks``, ``guards``, ``settle``,
  ``may_attack``, ``allows_attack``, ``outcome``, ``cannot_mate``, ``actions``, ``hand_policy``,
  the setup and state hooks...): what the game does;
* **explanation hooks** (``explain``, ``describe_move``, ``refusal``, ``drop_refusal``,
  ``square_markers``, ``validation_problems``): what the app is told about it.

The engine calls only hooks a power overrides (:meth:`Power.overrides`), so a power costs
nothing where it does not act. A power that needs another asks for it by type
(``rules.power_of(FerryPower)``), never by name. The state a power keeps in
``Position.state`` is under the keys it declares in ``state_keys``.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ..context import Context
    from ..moves import Move
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

_REGISTRY: dict[str, type[Power]] = {}


def register(name: str) -> Any:
    def wrap(cls: type[Power]) -> type[Power]:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return wrap


def known_powers() -> dict[str, type[Power]]:
    _load_all()
    return dict(_REGISTRY)


_LOADED = False
_LOAD_LOCK = threading.RLock()


def _load_all() -> None:
    """Import every power module once. Another thread asking meanwhile waits until all are
    registered (a half-filled registry would call known powers unknown)."""
    global _LOADED
    if _LOADED:
        return
    with _LOAD_LOCK:  # reentrant: a power module may ask for the registry while it loads
        if _LOADED:
            return
        for info in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{info.name}")
        _LOADED = True


@dataclass(frozen=True)
class HandPolicy:
    """How captured pieces go to the capturer's hand (drops), as the power that keeps hands says."""

    #: What a captured piece becomes in its capturer's hand (None: it leaves the game).
    to_hand: Callable[[Piece], Piece | None]
    #: The flags a promoted piece keeps so it can return to the hand as what it was.
    promotion_flags: Callable[[str, str], frozenset[str]]
    #: May a drop be refused after it is made (no pawn-drop mate)?
    drop_vetoes: bool = False
    #: Kinds whose drop may be played but loses if it mates.
    drop_mate_loses: frozenset[str] = frozenset()


class Power:
    """Base class: every hook does nothing."""

    name: ClassVar[str] = ""
    #: Order of ``prepare`` calls: lower runs first.
    stage: ClassVar[int] = 50
    #: Move kinds this power carries out in ``apply``.
    kinds: ClassVar[tuple[str, ...]] = ()
    #: Pieces with this power attack by moves the Betza tables do not show, so
    #: attack tests generate their moves instead of looking along rays.
    attacks_forward: ClassVar[bool] = False
    #: One-line explanation for the app's piece panel.
    description: ClassVar[str] = ""
    #: Its moves slide square by square, so Hia zones stop them as they stop Betza sliders.
    slides: ClassVar[bool] = False
    #: Its ``transform_moves`` only promotes (quiet moves of other kinds stay as they are).
    only_promotes: ClassVar[bool] = False
    #: Its moves are first moves only: a Friend borrowing from a moved lender does not get them.
    initial_only: ClassVar[bool] = False
    #: Move kinds it makes that do not pass the turn (switches).
    action_kinds: ClassVar[tuple[str, ...]] = ()
    #: Adds nothing that pins and checks alone do not decide (castling, en passant,
    #: promotion, drops...), so legality may use the pin shortcut.
    pin_safe: ClassVar[bool] = False
    #: Piece kinds whose moves it transforms (promotes), beyond the variant's pawns.
    pieces: frozenset[str] = frozenset()
    #: Keys under which it keeps state in ``Position.state`` (read and written as position text).
    state_keys: tuple[str, ...] = ()
    #: Sections of the variant table it reads (``promotion``, ``castling``): ``check`` warns
    #: about a filled section no power of the variant reads, and the designer turns a reader on.
    reads_sections: ClassVar[tuple[str, ...]] = ()
    #: A move that removes the opponent's last royal piece wins, so it may be played even if it
    #: leaves the mover's own royal attacked (explosions).
    royal_capture_wins: ClassVar[bool] = False
    #: Its ``outcome`` ends the game whatever moves are left (Janggi's bikjang): it is judged
    #: before them, and once it has decided, the side to move has no legal moves.
    ends_before_moves: ClassVar[bool] = False
    #: Its state keys that count moves rather than describe the position (Makruk's count):
    #: left out of the repetition key, so a position repeats whatever the count says.
    counter_state_keys: ClassVar[tuple[str, ...]] = ()

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    # ------------------------------------------------------------ rule hooks

    def hand_policy(self) -> HandPolicy | None:
        """How captured pieces go to a hand, if this power keeps hands (asked once by Rules)."""
        return None

    def castling_pieces(self) -> tuple[str, str] | None:
        """(king kind, rook kind) if this power castles: position text writes their rights."""
        return None

    def compulsory_zone(self, kind: str, color: int) -> frozenset[int]:
        """Squares where a piece of ``kind`` and ``color`` would have had to promote."""
        return frozenset()

    def set_down_squares(self, kind: str, color: int) -> frozenset[int]:
        """Squares where this power may set a piece of ``kind`` and ``color`` down as it is (a
        drop), so that standing there unpromoted is no sign of an impossible position."""
        return frozenset()

    def prepare(self, pos: Position, ctx: Context) -> None:
        pass

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        pass

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        """Per square, where ``piece_moves`` might capture for a piece of ``color`` standing
        there (on an empty board, whatever the piece's kind), or None if not known.

        A sieve for asking only the pieces that might capture on one square.
        """
        return None

    def extra_moves(self, pos: Position, ctx: Context, out: list[Move]) -> None:
        pass

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        return moves

    def apply(self, pos: Position, move: Move) -> None:
        raise NotImplementedError

    def after_move(self, pos: Position, move: Move, mover: Piece) -> None:
        pass

    def illegal_reason(self, pos: Position, move: Move, mover: int) -> str | None:
        return None

    def attacks(self, pos: Position, ctx: Context, target: int, by: int) -> bool:
        """Could a piece of ``by`` capture on ``target`` by this power's own moves?"""
        return False

    def guards(self, pos: Position, ctx: Context, sq: int, piece: Piece, target: int) -> bool:
        """Could the piece on ``sq`` capture on ``target`` by this power's moves (for a Friend
        that borrows the power; ``target`` holds or stands for an enemy)?"""
        return False

    def settle(self, pos: Position, ctx: Context) -> None:
        """Finish what ``prepare`` left to be worked out on demand (the board is about to be probed)."""

    def may_attack(self, pos: Position, target: int, by: int) -> bool:
        """False only if no piece of ``by`` can capture on ``target`` in any case (True promises nothing)."""
        return True

    def allows_attack(self, pos: Position, ctx: Context, move: Move) -> bool:
        """False if this power forbids ``move``, a capture the attack test found."""
        return True

    def outcome(self, pos: Position, legal: list[Move]) -> tuple[int | None, str] | None:
        """A result this power declares (winner colour or None, reason), or None."""
        return None

    def repetition_verdict(self, pos: Position, reason: str) -> tuple[int | None, str] | None:
        """The result a repetition gives instead of a draw (``reason`` names the repetition),
        or None for the draw (Janggi's material count decides it)."""
        return None

    def cannot_mate(self, pos: Position, color: int) -> bool:
        """True if this power knows that ``color`` can never checkmate by any sequence of moves
        (too little material): a side whose opponent runs out of time then only draws."""
        return False

    def vehicles(self, pos: Position) -> tuple[int, ...]:
        """Squares of things this power lets a piece standing there carry or send (a Ferry)."""
        return ()

    def barrier(self) -> tuple[tuple[int, ...], frozenset[str]] | None:
        """Where this power splits the board in two shores: each board square's shore (0 or 1)
        and the piece kinds that cross on their own (Flight and Ferry's water and flyers)."""
        return None

    def start_placement(self, placement: str) -> str:
        """Rewrite the chosen setup's placement (setups with player choices)."""
        return placement

    def setup(self, pos: Position) -> None:
        """Set this power's state in a new game's start position."""

    def check_state(self, pos: Position) -> None:
        """Raise FenError if position text gave this power's state a bad value."""

    def actions(self, pos: Position) -> list[Move]:
        """Game actions that do not pass the turn (switches)."""
        return []

    # ------------------------------------------------------------ explanation hooks

    def piece_flags(self, kind: str) -> tuple[str, ...]:
        """Flags this power lets a piece of ``kind`` carry (a switch such as ``hia-off``), for a
        setup editor offering them."""
        return ()

    def square_markers(self, pos: Position) -> dict[str, str]:
        """Square name -> marker drawn under it (e.g. "ferry"), for position state that is not a piece."""
        return {}

    def validation_problems(self, pos: Position) -> list[str]:
        """Problems with ``pos`` as the start of a game, in words (for the setup editor)."""
        return []

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        """Why the piece on ``origin`` cannot go to ``destination`` when this power is the cause."""
        return None

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        """Plain data about what this power does in this position, for the app."""
        return None

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        """Add what this power makes the move do (flips, poison, carried Ferry) to ``out``."""

    def drop_refusal(self, pos: Position, kind: str, destination: int) -> str | None:
        """Why dropping ``kind`` from the hand on ``destination`` is not legal now, in words;
        None when this power makes no drops."""
        return None

    def overrides(self, hook: str) -> bool:
        """Does this power's class (or a class between it and Power) define ``hook`` itself?"""
        for cls in type(self).__mro__:
            if cls is Power:
                return False
            if hook in cls.__dict__:
                return True
        return False
