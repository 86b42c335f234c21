"""Power facts read from the rules package, turned into plain data for the overlays and panels.

Nothing here decides a rule. Borrowings, Hia zones, freezes, poison and polypiece forms
come from ``Game.explain()`` (its schema is in each variant's page under docs/variants/);
what a move flips comes from ``Game.describe_move``; attacked squares from
``Game.attacked_squares``; the moves of the side not to move from the rules' legal moves
in a copy of the position with the turn handed over; a piece's move diagram from a game
that holds that piece alone on an empty board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import rules
from rules import Game

from ..board.overlays import TargetMark
from ..board.snapshot import FILE_LETTERS, Snapshot
from ..facts import MoveIndex, index_of, snapshot_of

COLORS = ("white", "black")


def split_piece(text: str) -> tuple[str, str]:
    """``"white lady-in-waiting"`` -> ``("white", "lady-in-waiting")``."""
    color, _, kind = str(text).partition(" ")
    return (color, kind) if color in COLORS and kind else ("white", str(text))


def _names(values: Any) -> tuple[str, ...]:
    return tuple(str(v) for v in values) if isinstance(values, list | tuple) else ()


@dataclass(frozen=True)
class Lender:
    """A piece a Friend borrows from; ``chain`` holds the Friends the loan passes
    through, the borrowing Friend's neighbour in the chain first (empty when direct)."""

    square: str
    kind: str
    moves: str
    powers: tuple[str, ...] = ()
    chain: tuple[str, ...] = ()
    initial_moves: bool = False

    def path(self, friend: str) -> list[str]:
        """Squares from the lender to the Friend, through every relaying Friend."""
        return [self.square, *reversed(self.chain), friend]


@dataclass(frozen=True)
class Borrowing:
    square: str
    color: str
    frozen: bool
    lenders: tuple[Lender, ...]
    moves: str
    powers: tuple[str, ...]

    def edges(self) -> set[tuple[str, str]]:
        """The last hop of every loan: from the lender, or from the Friend relaying it."""
        return {(lender.chain[0] if lender.chain else lender.square, self.square) for lender in self.lenders}

    def path_edges(self) -> set[tuple[str, str]]:
        """Every hop of every loan to this Friend, lender to Friend."""
        out = set()
        for lender in self.lenders:
            path = lender.path(self.square)
            out.update(zip(path, path[1:], strict=False))
        return out

    def lender_kinds(self) -> list[str]:
        """The kinds lent, each once, in the rules' order."""
        return list(dict.fromkeys(lender.kind for lender in self.lenders))


@dataclass(frozen=True)
class HiaSource:
    square: str
    color: str
    kind: str
    active: bool
    borrowed: bool
    zone: tuple[str, ...]


@dataclass(frozen=True)
class Freezer:
    square: str
    color: str
    kind: str
    borrowed: bool


@dataclass(frozen=True)
class Frozen:
    square: str
    color: str
    kind: str
    by: tuple[str, ...]


@dataclass(frozen=True)
class Poisonous:
    square: str
    color: str
    kind: str
    borrowed: bool


@dataclass(frozen=True)
class Form:
    """A polypiece: its current form, the other form of its family, and whether a flip
    of its family reaches it where it stands (not in the Pocket, unless the rules say so)."""

    square: str
    color: str
    kind: str
    other: str
    family: str
    flips: bool


@dataclass(frozen=True)
class Retreat:
    """A piece with the Chicken's retreat, and the rules' words for why it may use it now."""

    square: str
    color: str
    kind: str
    may_retreat: bool
    reason: str


@dataclass
class Explained:
    """One position's ``Game.explain()``, read into the records the app draws."""

    borrowing: list[Borrowing] = field(default_factory=list)
    hia: list[HiaSource] = field(default_factory=list)
    freezers: list[Freezer] = field(default_factory=list)
    frozen: list[Frozen] = field(default_factory=list)
    poisonous: list[Poisonous] = field(default_factory=list)
    forms: list[Form] = field(default_factory=list)
    retreats: list[Retreat] = field(default_factory=list)
    #: Pieces royal only as their side's last royal piece: (square, colour, piece id).
    royal: list[tuple[str, str, str]] = field(default_factory=list)
    #: The side to move, and the pieces by square ("white knight"), for the panel's words.
    to_move: str = ""
    board: dict[str, str] = field(default_factory=dict)
    #: The whole answer, for the panel's lines about powers without a layer (Pocket, merges, Ferries).
    raw: dict[str, Any] = field(default_factory=dict)
    #: Powers whose data did not have the documented shape, in words.
    problems: list[str] = field(default_factory=list)

    def borrowing_at(self, square: str) -> Borrowing | None:
        return next((b for b in self.borrowing if b.square == square), None)

    def lending(self) -> list[Borrowing]:
        """Friends that borrow something."""
        return [b for b in self.borrowing if b.lenders]

    def borrow_edges(self) -> set[tuple[str, str]]:
        return {edge for b in self.borrowing for edge in b.edges()}

    def lends_to(self, square: str) -> list[str]:
        """Friends that borrow from the piece on ``square`` or through it."""
        return [b.square for b in self.borrowing
                if any(lender.square == square or square in lender.chain for lender in b.lenders)]

    def frozen_at(self, square: str) -> Frozen | None:
        return next((f for f in self.frozen if f.square == square), None)

    def zones_over(self, square: str) -> list[HiaSource]:
        """Active Hia sources whose zone holds ``square``."""
        return [h for h in self.hia if h.active and square in h.zone]

    def form_at(self, square: str) -> Form | None:
        return next((f for f in self.forms if f.square == square), None)

    def retreat_at(self, square: str) -> Retreat | None:
        return next((r for r in self.retreats if r.square == square), None)


def _read_borrowing(data: dict[str, Any], out: Explained, board: dict[str, str]) -> None:
    for friend in data.get("friends", ()):
        color, _ = split_piece(friend.get("piece", ""))
        lenders = tuple(
            Lender(
                square=str(lender["square"]),
                kind=split_piece(lender.get("piece", ""))[1],
                moves=str(lender.get("moves", "")),
                powers=_names(lender.get("powers")),
                chain=_names(lender.get("chain")),
                initial_moves=bool(lender.get("initial_moves")),
            )
            for lender in friend.get("lenders", ())
        )
        out.borrowing.append(Borrowing(str(friend["square"]), color, bool(friend.get("frozen")), lenders,
                                       str(friend.get("moves", "")), _names(friend.get("powers"))))


def _read_hia(data: dict[str, Any], out: Explained, board: dict[str, str]) -> None:
    for source in data.get("sources", ()):
        color, kind = split_piece(source.get("piece", ""))
        out.hia.append(HiaSource(str(source["square"]), color, kind, bool(source.get("active", True)),
                                 bool(source.get("borrowed")), _names(source.get("zone"))))


def _read_freeze(data: dict[str, Any], out: Explained, board: dict[str, str]) -> None:
    for source in data.get("sources", ()):
        color, kind = split_piece(source.get("piece", ""))
        out.freezers.append(Freezer(str(source["square"]), color, kind, bool(source.get("borrowed"))))
    for item in data.get("frozen", ()):
        color, kind = split_piece(item.get("piece", ""))
        out.frozen.append(Frozen(str(item["square"]), color, kind, _names(item.get("by"))))


def _read_poison(data: dict[str, Any], out: Explained, board: dict[str, str]) -> None:
    borrowed = set(_names(data.get("borrowed")))
    for item in data.get("pieces", ()):
        # Either {"square", "piece", "borrowed"} records or plain squares with a "borrowed" list.
        if isinstance(item, dict):
            square, text, lent = str(item["square"]), str(item.get("piece", "")), bool(item.get("borrowed"))
        else:
            square, text, lent = str(item), board.get(str(item), ""), str(item) in borrowed
        color, kind = split_piece(text)
        out.poisonous.append(Poisonous(square, color, kind, lent))


def _read_forms(data: dict[str, Any], out: Explained, board: dict[str, str]) -> None:
    for item in data.get("pieces", ()):
        color, _ = split_piece(item.get("piece", ""))
        out.forms.append(Form(str(item["square"]), color, str(item.get("form", "")), str(item.get("other", "")),
                              str(item.get("family", "")), bool(item.get("flips", True))))


def _read_retreats(data: dict[str, Any], out: Explained, board: dict[str, str]) -> None:
    for item in data.get("chickens", ()):
        color, kind = split_piece(item.get("piece", ""))
        out.retreats.append(Retreat(str(item["square"]), color, kind, bool(item.get("may_retreat")),
                                    str(item.get("reason", ""))))


READERS = {"borrowing": _read_borrowing, "hia": _read_hia, "freeze": _read_freeze, "poison": _read_poison,
           "polypiece-flip": _read_forms, "chicken-retreat": _read_retreats}


def _fault_words(exc: Exception) -> str:
    """What was wrong with a power's data, in words (the exception itself is for developers)."""
    if isinstance(exc, KeyError):
        return "an entry it needs is missing"
    return "a value does not have the expected shape"


def read_explanation(data: dict[str, Any], board: dict[str, str] | None = None) -> Explained:
    """The rules' explanation data as records; keys a power leaves out read as empty.
    ``board`` (``Game.board()``) names the pieces where the data gives only squares.

    A power whose data does not have the documented shape is left out and named in
    ``problems``: the other overlays still show, and the powers panel says what is missing.
    """
    out = Explained(raw=data, board=dict(board or {}))
    for name, reader in READERS.items():
        found = data.get(name)
        if not found:
            continue
        before = (len(out.borrowing), len(out.hia), len(out.freezers), len(out.frozen), len(out.poisonous),
                  len(out.forms), len(out.retreats))
        try:
            reader(found, out, board or {})
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            records_lists = (out.borrowing, out.hia, out.freezers, out.frozen, out.poisonous, out.forms,
                             out.retreats)
            for records, keep in zip(records_lists, before, strict=True):
                del records[keep:]
            out.problems.append(f"the {name.replace('-', ' ')} explanation could not be read ({_fault_words(exc)}), "
                                "so its overlay and lines are left out")
    return out


def turned_position(fen: str) -> str:
    """The same position text with the other side to move. The en passant fields go:
    they belong to the side that was to move."""
    fields = fen.split(" ")
    if len(fields) < 2 or fields[1] not in ("w", "b"):
        raise ValueError(f"cannot read the side to move from {fen!r}")
    fields[1] = "b" if fields[1] == "w" else "w"
    if len(fields) > 3:
        fields[3] = "-"
    return " ".join(f for i, f in enumerate(fields) if i < 6 or not f.startswith("epv="))


class PowerFacts:
    """The power facts of one position, each asked of the rules once, when first needed.

    Make a new one whenever the position changes: it keeps answers about the position the
    game held when they were asked.
    """

    def __init__(self, game: Game, index: MoveIndex | None = None) -> None:
        self.game = game
        self._index = index
        self._explained: Explained | None = None
        self._attacks: dict[str, frozenset[str]] = {}
        self._other: MoveIndex | None = None
        self._flips: dict[str, dict[str, frozenset[str]]] = {}

    def explained(self) -> Explained:
        if self._explained is None:
            board = self.game.board()
            self._explained = read_explanation(self.game.explain(), board)
            self._explained.to_move = self.game.to_move
            for square in self.game.lone_royal_squares():
                color, kind = split_piece(board[square])
                self._explained.royal.append((square, color, kind))
        return self._explained

    def attacks(self, color: str) -> frozenset[str]:
        found = self._attacks.get(color)
        if found is None:
            found = frozenset(self.game.attacked_squares(color))
            self._attacks[color] = found
        return found

    def index_for(self, color: str) -> MoveIndex:
        """Legal moves of ``color``'s pieces here, whoever is to move."""
        if self.game.result is not None:
            return MoveIndex()
        if color == self.game.to_move:
            if self._index is None:
                self._index = index_of(self.game)
            return self._index
        if self._other is None:
            self._other = self._turned_index()
        return self._other

    def _turned_index(self) -> MoveIndex:
        try:
            turned = rules.new_game(self.game.variant, options=self.game.options,
                                    fen=turned_position(self.game.fen()))
        except (rules.RulesError, ValueError):
            return MoveIndex()  # a position the rules refuse with the turn handed over shows no moves
        return index_of(turned)

    def flips(self, origin: str) -> dict[str, frozenset[str]]:
        """For each target of the piece on ``origin``, the squares (now) of the pieces its
        move there would flip, the mover included; empty sets where nothing flips."""
        found = self._flips.get(origin)
        if found is None:
            found = {}
            index = self.index_for(self.game.to_move)
            for target, moves in index.targets(origin).items():
                squares: set[str] = set()
                for move in moves:
                    described = self.game.describe_move(move)
                    for square in described.get("flips", ()):
                        # The rules name squares after the move: the mover is on its destination.
                        squares.add(origin if square == move.destination else str(square))
                found[target] = frozenset(squares)
            self._flips[origin] = found
        return found


# ------------------------------------------------------------------ one piece alone


@dataclass
class Diagram:
    """A piece alone on an empty board: where it stands, its legal moves and the squares it attacks."""

    snapshot: Snapshot
    square: str
    marks: dict[str, TargetMark]
    attacks: frozenset[str]
    error: str = ""

    def moves_and_captures(self) -> frozenset[str]:
        return frozenset(t for t in self.marks if t in self.attacks)

    def moves_only(self) -> frozenset[str]:
        return frozenset(t for t in self.marks if t not in self.attacks)

    def captures_only(self) -> frozenset[str]:
        return frozenset(self.attacks - set(self.marks))


def diagram_square(vdef: rules.VariantDef, start: dict[str, str], kind: str, color: str) -> str:
    """The middle of the board; a piece with first-move powers stands on its nearest
    starting square to the middle instead, so those moves show."""
    files, ranks = vdef.files, vdef.ranks
    middle_file = (files - 1) // 2
    rank = (ranks - 1) // 2 if color == "white" else ranks - 1 - (ranks - 1) // 2
    ptype = vdef.pieces.get(kind)
    if ptype is not None and any(atom.initial for atom in ptype.atoms):
        homes = [sq for sq, text in start.items() if text == f"{color} {kind}" and sq[0] in FILE_LETTERS]
        if homes:
            return min(homes, key=lambda sq: (abs(FILE_LETTERS.index(sq[0]) - middle_file), sq))
    return f"{FILE_LETTERS[middle_file]}{rank + 1}"


def piece_diagram(variant_id: str, options: dict[str, Any], kind: str, color: str = "white") -> Diagram:
    """The moves of one piece alone on an empty board of the variant, as the rules give them
    (kept: the panel asks again for every piece the mouse rests on)."""
    return _diagram(variant_id, tuple(sorted(options.items(), key=lambda kv: kv[0])), kind, color)


@lru_cache(maxsize=256)
def _diagram(variant_id: str, options: tuple[tuple[str, Any], ...], kind: str, color: str) -> Diagram:
    vdef = rules.variant(variant_id)
    opts = dict(options)
    start_game = rules.new_game(variant_id, options=opts)
    square = diagram_square(vdef, start_game.board(), kind, color)
    try:
        game = rules.new_game(variant_id, options=opts, placement={square: f"{color} {kind}"}, to_move=color)
    except rules.RulesError as exc:
        return Diagram(Snapshot(snapshot_of(start_game, checks=False).shape), square, {}, frozenset(), str(exc))
    snapshot = snapshot_of(game, checks=False)
    # A lone piece is often "stalemate" or "insufficient material" to the rules; a diagram is
    # not a game, so it carries no result.
    snapshot.result = None
    return Diagram(snapshot, square, index_of(game).marks(square), frozenset(game.attacked_squares(color)))


def power_descriptions(game: Game) -> dict[str, str]:
    """Each power's own one-line description, by name."""
    return {name: str(getattr(power, "description", "") or "") for name, power in game.rules.power_objects.items()}
