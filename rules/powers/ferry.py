"""Neutral Ferries: position state that carries pieces over the water.

The Ferries are not pieces. The position holds their squares (state key
``ferries``, a sorted tuple of square names, written ``ferries=(c5,f5)``); the
piece standing on a Ferry's square is its passenger. Empty Ferries are ordinary
empty squares for movement; an occupied one blocks because its passenger does.

Pieces whose type lists this power may ride. A rider moves onto or off a Ferry
by its ordinary moves (the Ferry stays where it is). A passenger may also:

* carry the Ferry: step like a King to a neighbouring square of the Ferry ranks,
  taking the Ferry along and capturing an enemy there (kind ``ferry-carry``,
  text ``c5d6/ferry``), never onto the other Ferry or a friendly piece;
* send the Ferry: stay put and send it to any other square of the Ferry ranks
  that holds neither another Ferry nor a piece that cannot ride; a piece
  standing there boards it (kind ``ferry-send``, text ``c5/f6``, the Ferry's new
  square as the choice; origin and destination are the passenger's square).

Pieces that cannot ride never stop on a Ferry. Passengers' attacks are found by
generating their moves (their carry captures are not on any Betza ray).

Variant data (``[variant.<id>.data.ferry]``): ``option``, the game option whose
value gives the starting squares (``"c5-f5"``); ``ranks``, the ranks the Ferries
sail on. Positions set up without Ferry state get the option's squares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..datafields import short_repr, variant_fields
from ..errors import FenError, SetupError, VariantFileError
from ..moves import Move, build_move
from ..pieces import COLOR_NAMES
from . import Power, register

if TYPE_CHECKING:
    from ..atoms import GenAtom
    from ..context import Context
    from ..pieces import Piece
    from ..position import Position
    from ..ruleset import Rules

STATE_KEY = "ferries"
CARRY = "ferry-carry"
SEND = "ferry-send"
CARRY_CHOICE = "ferry"


class FerryStateError(FenError, SetupError):
    """A position (text or placement) whose Ferries are missing, misplaced or carry a non-rider."""


_INDICES: dict[tuple[int, tuple[str, ...]], tuple[int, ...]] = {}


def ferry_deck(rules: Rules) -> frozenset[int]:
    """The squares a Ferry can ever stand on (the Ferry ranks); none without the ferry power."""
    ferry = rules.power_of(Ferry)
    return ferry.deck_set if ferry is not None else frozenset()


def ferry_line_reach(rules: Rules, atoms: list[GenAtom]) -> tuple[frozenset[int], ...]:
    """Per square, the squares of the Ferry ranks on these atoms' rays from there: where a
    capture of a Ferry's passenger along those lines can land."""
    deck = ferry_deck(rules)
    return tuple(reach & deck for reach in rules.rays_reach(atoms))


def ferry_squares(pos: Position) -> tuple[int, ...]:
    """Board indices of the Ferries in this position."""
    names = pos.state.get(STATE_KEY, ())
    # Asked for every rider's and dragon's moves, so the name lookups are remembered.
    key = (pos.geo.files, names)
    found = _INDICES.get(key)
    if found is None:
        index = pos.geo.index
        found = tuple(index[name] for name in names)
        if len(_INDICES) > 4096:
            _INDICES.clear()
        _INDICES[key] = found
    return found


@register("ferry")
class Ferry(Power):
    state_keys = (STATE_KEY,)
    kinds = (CARRY, SEND)
    description = (
        "A piece on a Ferry may move off it, step with it within the Ferry ranks, or send it elsewhere on them."
    )

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        variant = rules.variant
        geo = rules.geo
        data = variant_fields(variant, "data.ferry")
        ranks = data.integers("ranks", 1, geo.ranks)
        if not ranks:
            raise data.error("ranks", "data.ferry.ranks must list the board ranks the Ferries sail on")
        self.ranks = tuple(sorted(ranks))
        self.deck = tuple(sq for sq in range(geo.board_size) if geo.rank_of(sq) + 1 in self.ranks)
        self.deck_set = frozenset(self.deck)
        # A passenger captures only by carrying its Ferry one King step along the Ferry
        # ranks (sending the Ferry takes nothing).
        self._reach = tuple(
            frozenset(t for t in geo.neighbours(sq) if t in self.deck_set) if sq in self.deck_set else frozenset()
            for sq in range(geo.board_size)
        )
        self.riders = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        option = data.option_name("option")
        opt = variant.options.get(option)
        if opt is None:
            raise data.error("option", "data.ferry.option must name the option that places the Ferries")
        for choice in opt.choices:
            self._parse_choice(str(choice))
        self.start = self._parse_choice(str(rules.options.get(option, opt.default)))

    def _parse_choice(self, text: str) -> tuple[str, ...]:
        geo = self.rules.geo
        names = text.split("-")
        problems = [n for n in names if n not in geo.index or geo.index[n] not in self.deck_set]
        if problems or len(set(names)) != len(names):
            ranks = " and ".join(str(r) for r in self.ranks)
            raise VariantFileError(
                self.rules.variant.source,
                [(None, f"Ferry squares {short_repr(text)} must be distinct squares of ranks {ranks}")],
            )
        return self._canonical(names)

    def _canonical(self, names: list[str] | tuple[str, ...]) -> tuple[str, ...]:
        # A bound method, not a lambda: mypyc cannot compile a closure in a Power's method.
        return tuple(sorted(names, key=self.rules.geo.index.__getitem__))

    def _piece_name(self, p: Piece) -> str:
        return self.rules.types[p.kind].name

    # ------------------------------------------------------------ state

    def setup(self, pos: Position) -> None:
        pos.set_state(STATE_KEY, self.start)

    def check_state(self, pos: Position) -> None:
        value = pos.state.get(STATE_KEY)
        if value is None:
            value = self.start
        if not isinstance(value, tuple):
            raise FerryStateError(
                f"ferries={value!r} must list the Ferries' squares in parentheses, like ferries=(c5,f5)"
            )
        expected = len(self.start)
        if len(value) != expected:
            listed = ",".join(value)
            raise FerryStateError(f"this game has {expected} Ferries, but ferries=({listed}) lists {len(value)}")
        geo = self.rules.geo
        ranks = " and ".join(str(r) for r in self.ranks)
        for name in value:
            if name not in geo.index or not geo.is_board(geo.index[name]):
                raise FerryStateError(f"Ferry square {name!r} is not a square of this board")
            if geo.index[name] not in self.deck_set:
                raise FerryStateError(f"a Ferry sails only on ranks {ranks}; {name} is not one of their squares")
            rider = pos.board[geo.index[name]]
            if rider is not None and rider.kind not in self.riders:
                rider_name = self.rules.types[rider.kind].name
                raise FerryStateError(f"the {COLOR_NAMES[rider.color]} {rider_name} on {name} cannot stand on a Ferry")
        if len(set(value)) != len(value):
            raise FerryStateError(f"two Ferries cannot share a square: ferries=({','.join(value)})")
        pos.set_state(STATE_KEY, self._canonical(value))

    def prepare(self, pos: Position, ctx: Context) -> None:
        board = pos.board
        for sq in ferry_squares(pos):
            if board[sq] is not None:
                ctx.forward.add(sq)

    # ------------------------------------------------------------ moves

    def capture_reach(self, color: int) -> tuple[frozenset[int], ...] | None:
        return self._reach

    def piece_moves(self, pos: Position, ctx: Context, sq: int, piece: Piece, out: list[Move]) -> None:
        ferries = ferry_squares(pos)
        if sq not in ferries:
            return
        board = pos.board
        geo = self.rules.geo
        names = geo.names
        origin = names[sq]
        for t in geo.neighbours(sq):
            if t not in self.deck_set or t in ferries:
                continue
            occ = board[t]
            if occ is None:
                out.append(build_move((CARRY, origin, names[t], (), None, CARRY_CHOICE, sq, t, (), ())))
            elif occ.color != piece.color:
                out.append(build_move((CARRY, origin, names[t], (names[t],), None, CARRY_CHOICE, sq, t, (t,), ())))
        for t in self.deck:
            if t == sq or t in ferries:
                continue
            occ = board[t]
            if occ is not None and occ.kind not in self.riders:
                continue
            out.append(build_move((SEND, origin, origin, (), None, names[t], sq, sq, (), (t,))))

    def stops_on_ferry(self, pos: Position, move: Move) -> bool:
        """True if a piece that may not ride would end this move on a Ferry."""
        return move.d in ferry_squares(pos) and self._non_rider_lands(pos.board, move)

    def _non_rider_lands(self, board: list[Piece | None], move: Move) -> bool:
        """Does a piece that may not ride end this move on the deck square it goes to?"""
        if move.d == move.o or move.d not in self.deck_set:
            return False
        p = board[move.o] if move.o >= 0 else None
        return p is not None and p.kind not in self.riders

    def transform_moves(self, pos: Position, ctx: Context, moves: list[Move]) -> list[Move]:
        ferries = ferry_squares(pos)
        if not ferries:
            return moves
        # The Ferries are found once for the whole list (this runs at most search nodes),
        # and only the few moves that end on one are looked at closely.
        board = pos.board
        return [m for m in moves if m.d not in ferries or not self._non_rider_lands(board, m)]

    def allows_attack(self, pos: Position, ctx: Context, move: Move) -> bool:
        return not self.stops_on_ferry(pos, move)

    def apply(self, pos: Position, move: Move) -> None:
        names = self.rules.geo.names
        if move.kind == CARRY:
            mover = pos.board[move.o]
            assert mover is not None, f"no passenger on {move.origin} for {move}"
            if move.caps:
                pos.capture(move.d)
            pos.put(move.o, None)
            pos.put(move.d, self.rules.moved_piece(mover))
            new_square = move.d
        else:
            (new_square,) = move.extra
        ferries = [names[s] for s in ferry_squares(pos) if s != move.o]
        pos.set_state(STATE_KEY, self._canonical([*ferries, names[new_square]]))

    # ------------------------------------------------------------ explanations

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        board = pos.board
        p = board[origin] if 0 <= origin < len(board) else None
        if p is None or destination == origin:
            return None
        ferries = ferry_squares(pos)
        names = self.rules.geo.names
        if destination in ferries and p.kind not in self.riders:
            return f"a {self._piece_name(p)} never stops on a Ferry ({names[destination]} has one)"
        return None

    def square_markers(self, pos: Position) -> dict[str, str]:
        return {name: "ferry" for name in pos.state.get(STATE_KEY, ())}

    def vehicles(self, pos: Position) -> tuple[int, ...]:
        return ferry_squares(pos)

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any]:
        names = self.rules.geo.names
        board = pos.board
        ferries: list[dict[str, Any]] = []
        for sq in ferry_squares(pos):
            rider = board[sq]
            entry: dict[str, Any] = {
                "square": names[sq],
                "passenger": str(rider) if rider is not None else None,
                "carry_to": [],
                "send_to": [],
            }
            if rider is not None:
                found: list[Move] = []
                self.piece_moves(pos, ctx, sq, rider, found)
                entry["carry_to"] = [m.destination for m in found if m.kind == CARRY]
                entry["send_to"] = [m.choice for m in found if m.kind == SEND]
            ferries.append(entry)
        return {
            "ferries": ferries,
            "ranks": list(self.ranks),
            "riders": sorted(self.riders),
        }

    def describe_move(self, pos: Position, move: Move, out: dict[str, Any]) -> None:
        names = self.rules.geo.names
        ferries = ferry_squares(pos)
        if move.kind == CARRY:
            out["ferry_carry"] = {"from": move.origin, "to": move.destination}
        elif move.kind == SEND:
            (target,) = move.extra
            boarding = pos.board[target]
            out["ferry_send"] = {
                "from": move.origin,
                "to": names[target],
                "boarding": str(boarding) if boarding is not None else None,
            }
        else:
            if move.o in ferries and move.d != move.o:
                out["leaves_ferry"] = move.origin
            if move.d in ferries and move.d != move.o:
                out["boards_ferry"] = move.destination
