"""Named powers: everything a piece or variant does that Betza cannot say.

A power is a class registered under a name with :func:`register`. Variant files
name powers at the variant level (``powers = [...]``) or per piece. Each power
overrides only the hooks it needs; the rules engine calls only overridden hooks,
so a power costs nothing where it does not act.

Hooks, in the order the engine uses them:

* ``prepare(pos, ctx)``: board-wide effects before move generation (freezes,
  Hia zones, borrowed moves), written into the :class:`~rules.context.Context`.
* ``piece_moves(pos, ctx, sq, piece, out)``: extra moves of a piece that has the
  power (called for piece-level powers, including powers a Friend borrows).
* ``extra_moves(pos, ctx, out)``: variant-level moves not tied to one piece's
  movement (castling, pocket moves, ferry sends).
* ``transform_moves(pos, ctx, moves)``: rewrite the generated list (promotion).
* ``apply(pos, move)``: carry out a move of a kind listed in ``kinds``.
* ``after_move(pos, move, mover)``: effects after any move (poison, flips, the
  en passant square).
* ``illegal_reason(pos, move, mover)``: after the move is made, a reason it may
  not stand (beyond royal safety), or None.
* ``allows_attack(pos, ctx, move)``: whether a capturing move found while testing
  attacks really counts (variant-level; a power that drops moves in
  ``transform_moves`` uses the same test here, so check agrees with play).
* ``attacks(pos, ctx, target, by)``: whether this power lets a piece of ``by``
  capture on ``target`` (for pieces with the power; set ``attacks_forward`` to
  make the engine find such captures by generating the piece's moves instead).
  Called for every power that overrides it, after the Betza attack tables.
* ``settle(pos, ctx)``: finish board-wide facts a power works out lazily, before attack
  tests probe the board with stand-in pieces (so the facts stay those of the real board).
* ``may_attack(pos, target, by)``: a cheap bound (variant-level): False only when
  no piece of ``by`` could capture on ``target`` whatever the board-wide powers
  decide, so legality checks may skip building the context.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading
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

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

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

    def square_markers(self, pos: Position) -> dict[str, str]:
        """Square name -> marker drawn under it (e.g. "ferry"), for position state that is not a piece."""
        return {}

    def compulsory_zone(self, kind: str, color: int) -> frozenset[int]:
        """Squares where a piece of ``kind`` and ``color`` would have had to promote."""
        return frozenset()

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

    def actions(self, pos: Position) -> list[Move]:
        """Game actions that do not pass the turn (switches)."""
        return []

    def overrides(self, hook: str) -> bool:
        return getattr(type(self), hook) is not getattr(Power, hook)
