"""A game: a position plus its history, with undo/redo, results and records."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from .errors import HistoryError, IllegalMoveError, RulesError, SetupError
from .fen import read_fen, write_fen
from .limits import excerpt
from .moves import HAND, Move, parse_move_text
from .pieces import COLOR_NAMES, Piece, color_index, piece
from .position import Position
from .ruleset import Rules


@dataclass(frozen=True)
class Result:
    """How a game ended: ``winner`` is "white", "black" or None for a draw."""

    winner: str | None
    reason: str

    def score(self) -> str:
        return {"white": "1-0", "black": "0-1"}.get(self.winner or "", "1/2-1/2")


class Game:
    """One game of one variant. Moves go in with :meth:`play`, out with :meth:`undo`."""

    def __init__(self, rules: Rules, pos: Position, start_fen: str | None = None) -> None:
        self.rules = rules
        self.pos = pos
        self.start_fen = start_fen if start_fen is not None else write_fen(pos)
        self.history: list[Move] = []
        # Sides set up without royal pieces (a study) cannot lose by having none.
        self.royal_sides = (bool(pos.royals[0]), bool(pos.royals[1]))
        self._redo: list[Move] = []
        self._keys: list[int] = [pos.key()]
        self._key_counts: Counter[int] = Counter(self._keys)
        self._legal: list[Move] | None = None
        self._result: Result | None | bool = False  # False: not yet computed

    # ------------------------------------------------------------ facts

    @property
    def variant(self) -> str:
        return self.rules.variant.id

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.rules.options)

    @property
    def to_move(self) -> str:
        return COLOR_NAMES[self.pos.turn]

    def fen(self) -> str:
        return write_fen(self.pos)

    def board(self) -> dict[str, str]:
        names = self.rules.geo.names
        return {names[sq]: str(p) for sq, p in enumerate(self.pos.board) if p is not None}

    def piece_at(self, square: str) -> Piece | None:
        return self.pos.board[self.rules.geo.parse(square)]

    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = [] if self._game_over_without_moves() else self.rules.legal_moves(self.pos)
        return list(self._legal)

    def legal_actions(self) -> list[Move]:
        """Moves that do not pass the turn (switches), available before this turn's move."""
        if self.result is not None:
            return []
        return self.rules.legal_actions(self.pos)

    def _game_over_without_moves(self) -> bool:
        return self.rules.lost_all_royals(self.pos, self.pos.turn, self.royal_sides)

    def in_check(self) -> bool:
        return self.rules.in_check(self.pos)

    def checked_squares(self) -> tuple[str, ...]:
        """Royal squares of the side to move that stand attacked (where royalty applies)."""
        if not self.rules.in_check(self.pos):
            return ()
        pos = self.pos
        ctx = self.rules.context(pos)
        names = self.rules.geo.names
        return tuple(
            names[sq] for sq in sorted(pos.royals[pos.turn])
            if self.rules.is_attacked(pos, sq, 1 - pos.turn, ctx)
        )

    def attacked_squares(self, color: str) -> list[str]:
        """Board squares a piece of ``color`` could capture on if an enemy stood there
        (enemy pieces it attacks, empty squares it covers, own pieces it defends)."""
        by = color_index(color)
        return [self.rules.geo.names[sq] for sq in self.rules.attacked_squares(self.pos, by)]

    def pools(self) -> tuple[list[str], list[str]]:
        """Each side's own pieces that the opponent has captured, as "white rook" strings."""
        return ([str(p) for p in self.pos.pools[0]], [str(p) for p in self.pos.pools[1]])

    def hands(self) -> tuple[list[str], list[str]] | None:
        """Each side's hand, the pieces it may drop ("white knight"), or None in a variant
        without drops (where :meth:`pools` are captured pieces, not hands)."""
        if self.rules.to_hand is None:
            return None
        return self.pools()

    def square_markers(self) -> dict[str, str]:
        """Things drawn under squares that are not pieces (a Ferry): square -> marker name."""
        out: dict[str, str] = {}
        for power in self.rules.power_objects.values():
            out.update(power.square_markers(self.pos))
        return out

    @property
    def result(self) -> Result | None:
        if self._result is False:
            self._result = self._compute_result()
        return self._result  # type: ignore[return-value]

    def _compute_result(self) -> Result | None:
        found = self.rules.outcome(self.pos, self.legal_moves(), self.royal_sides)
        if found is None and self._key_counts[self._keys[-1]] >= 3:
            found = (None, "threefold repetition")
        if found is None:
            return None
        winner, reason = found
        return Result(None if winner is None else COLOR_NAMES[winner], reason)

    @property
    def ply(self) -> int:
        return len(self.history)

    # ------------------------------------------------------------ moving

    def parse_move(self, text: str) -> Move:
        """The legal move (or action) this text names; raises a specific error if none."""
        parsed = parse_move_text(text, self.rules.geo.extras)
        candidates = self.legal_moves() + self.legal_actions()
        for m in candidates:
            if str(m) == text.strip():
                return m
        matches = [
            m for m in candidates
            if m.origin == parsed.origin
            and (parsed.destination is None or m.destination == parsed.destination)
            and (parsed.promotion is None or m.promotion == parsed.promotion)
            # A choice tells apart moves of different meaning (a part leaving a
            # compound, a Ferry carried): text without it never picks one.
            and m.choice == parsed.choice
            and set(parsed.captures) <= set(m.captures)
            and (parsed.destination is not None or m.destination == m.origin)
        ]
        if len(matches) == 1:
            return matches[0]
        if not matches and parsed.choice is None:
            matches = [
                m for m in candidates
                if m.origin == parsed.origin and m.destination == parsed.destination and m.choice is not None
            ]
        if len(matches) > 1 or (matches and matches[0].choice != parsed.choice):
            options = ", ".join(sorted(str(m) for m in matches))
            raise IllegalMoveError(f"move {excerpt(text)} is ambiguous here; it could be: {options}")
        raise IllegalMoveError(f"move {excerpt(text)} is not legal here: {self.why_illegal(text)}")

    def why_illegal(self, text: str) -> str:
        """A sentence saying why a move is not legal now."""
        if self.result is not None:
            return f"the game is over ({self.result.reason})"
        try:
            parsed = parse_move_text(text, self.rules.geo.extras)
        except RulesError as exc:
            return str(exc)
        geo = self.rules.geo
        if parsed.origin == HAND:
            return self._drop_refusal(parsed.choice or "", parsed.destination or "")
        if parsed.origin not in geo.index:
            return f"there is no square {parsed.origin} on this board"
        if parsed.destination is not None and parsed.destination not in geo.index:
            return f"there is no square {parsed.destination} on this board"
        return self.rules.refusal_reason(
            self.pos, parsed.origin, parsed.destination or parsed.origin, parsed.promotion, parsed.choice
        )

    def _drop_refusal(self, kind: str, destination: str) -> str:
        geo = self.rules.geo
        drops = self.rules.power_objects.get("drops")
        if drops is None or not hasattr(drops, "drop_refusal"):
            return "this variant has no drops"
        if destination not in geo.index or not geo.is_board(geo.index[destination]):
            return f"there is no square {destination} on this board"
        return str(drops.drop_refusal(self.pos, kind, geo.index[destination]))

    def play(self, move: Move | str) -> Move:
        """Play a legal move or action, given as a Move or as text. Returns the move played."""
        if self.result is not None:
            raise IllegalMoveError(f"the game is over ({self.result.reason}); no more moves")
        if isinstance(move, str):
            found = self.parse_move(move)
        elif not isinstance(move, Move):
            raise TypeError(f"move must be a Move or move text (str), not {type(move).__name__}")
        else:
            if move not in self.legal_moves() and move not in self.legal_actions():
                raise IllegalMoveError(f"move {move} is not legal here: {self.why_illegal(str(move))}")
            found = move
        self._push(found)
        self._redo.clear()
        return found

    def _push(self, move: Move) -> None:
        self.pos.push(move)
        self.history.append(move)
        key = self.pos.key()
        self._keys.append(key)
        self._key_counts[key] += 1
        self._legal = None
        self._result = False

    def undo(self) -> Move:
        if not self.history:
            raise HistoryError("no move to undo")
        move = self.pos.pop()
        self.history.pop()
        key = self._keys.pop()
        self._key_counts[key] -= 1
        self._redo.append(move)
        self._legal = None
        self._result = False
        return move

    def redo(self) -> Move:
        if not self._redo:
            raise HistoryError("no undone move to redo")
        move = self._redo.pop()
        self._push(move)
        return move

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def is_action(self, move: Move) -> bool:
        return move.kind in self.rules.action_kinds

    def explain(self) -> dict[str, Any]:
        """Plain-data explanations of the powers at work in this position."""
        return self.rules.explain(self.pos)

    def describe_move(self, move: Move | str) -> dict[str, Any]:
        """What a legal move does: kind, squares, captures, and each power's effects."""
        if not isinstance(move, (str, Move)):
            raise TypeError(f"move must be a Move or move text (str), not {type(move).__name__}")
        found = self.parse_move(move) if isinstance(move, str) else move
        return self.rules.describe_move(self.pos, found)

    def copy_from_start(self) -> Game:
        """A new game at this game's starting position, with no moves."""
        return new_game_from_fen(self.rules, self.start_fen)

    def record(self, tags: dict[str, str] | None = None) -> str:
        """The game as PGN-style text (see :mod:`rules.record`)."""
        from .record import write_record

        return write_record(self, tags)

    def copy(self) -> Game:
        """An independent game with the same history (for analysis or an engine)."""
        other = new_game_from_fen(self.rules, self.start_fen)
        for m in self.history:
            other._push(m)
        return other


def new_game_from_fen(rules: Rules, fen: str) -> Game:
    return Game(rules, read_fen(rules, fen), None)


def new_game_from_placement(rules: Rules, placement: dict[str, str], to_move: str) -> Game:
    from .fen import infer_moved

    pos = Position(rules)
    geo = rules.geo
    by_name = {t.id: t for t in rules.types.values()}
    pieces: dict[int, Piece] = {}
    for square, text in placement.items():
        if not isinstance(square, str) or not isinstance(text, str):
            raise TypeError(
                f"placement must map square names (str) to pieces (str), not {type(square).__name__} "
                f"to {type(text).__name__}"
            )
        if square not in geo.index:
            raise SetupError(
                f"placement names square {excerpt(square)}, which this {geo.files}x{geo.ranks} board lacks"
            )
        words = text.split(None, 1)
        if len(words) != 2:
            raise SetupError(
                f"placement on {square}: {excerpt(text)} must be a colour and a piece id, like 'white king'"
            )
        if words[0] not in COLOR_NAMES:
            raise SetupError(f"placement on {square}: the colour must be 'white' or 'black', not {excerpt(words[0])}")
        color = color_index(words[0])
        kind = words[1].strip()
        if kind not in by_name:
            known = ", ".join(sorted(by_name))
            raise SetupError(
                f"placement on {square}: no piece {excerpt(kind)} in {rules.variant.id}; pieces: {known}"
            )
        pieces[geo.index[square]] = piece(color, kind, False, (), by_name[kind].components)
    if to_move not in COLOR_NAMES:
        raise SetupError(f"to_move must be 'white' or 'black', not {excerpt(to_move)}")
    turn = color_index(to_move)
    on_board = {sq: p for sq, p in pieces.items() if geo.is_board(sq)}
    defaults = infer_moved(rules, on_board, "KQkq")
    for sq, p in pieces.items():
        if sq in defaults:
            p = p.replace(moved=defaults[sq])
        pos.put(sq, p)
    pos.turn = turn
    rules.check_state(pos)
    return Game(rules, pos)
