"""A game: a position plus its history, with undo/redo, results and its position text."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import (
    DrawClaimError,
    HistoryError,
    IllegalMoveError,
    MoveParseError,
    ResultError,
    RulesError,
    SetupError,
)
from .explain import captor_dies, describe_move, explain, lone_royals, move_in_words
from .fen import read_fen, write_fen
from .judge import lost_all_royals, move_rule_claim, outcome, repetition_claim
from .limits import MAX_MOVE_TEXT_CHARS, excerpt
from .moves import HAND, Move, parse_move_text
from .perpetual import repetition_verdict
from .pieces import COLOR_NAMES, Piece, color_index, piece
from .placement import infer_moved
from .position import Position
from .refusals import refusal_reason
from .ruleset import Rules
from .san import check_sign, find_san, letter_text, looks_like_san, san_table, san_target, unknown_letter

#: Longest reason a declared result keeps (an adjudication's words).
MAX_REASON_CHARS = 200


@dataclass(frozen=True)
class Result:
    """How a game ended: ``winner`` is "white", "black" or None for a draw."""

    winner: str | None
    reason: str

    def score(self) -> str:
        return {"white": "1-0", "black": "0-1"}.get(self.winner or "", "1/2-1/2")

    def sentence(self) -> str:
        """The result in words: "White wins: checkmate", "Draw: stalemate"."""
        if self.winner is None:
            return f"Draw: {self.reason}"
        return f"{self.winner.capitalize()} wins: {self.reason}"


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
        self._san: dict[Move, str] | None = None
        self._result: Result | None | bool = False  # False: not yet computed
        #: A result the position does not give by itself (a draw claimed, a resignation, a draw
        #: agreed, a loss on time, an adjudication) and the ply it was declared at: it stands
        #: while the game is at that ply of the same line (undo and redo, as when browsing, keep it).
        self._claimed: tuple[int, Result] | None = None

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
        return lost_all_royals(self.rules, self.pos, self.pos.turn, self.royal_sides)

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
        if self._claimed is not None and self._claimed[0] == self.ply:
            return self._claimed[1]
        found = outcome(self.rules, self.pos, self.legal_moves(), self.royal_sides)
        if found is None:
            found = repetition_verdict(self.rules, self.pos, self._keys, self._key_counts[self._keys[-1]])
        if found is None:
            return None
        winner, reason = found
        return Result(None if winner is None else COLOR_NAMES[winner], reason)

    def draw_claim(self) -> str | None:
        """Why the side to move may claim a draw now ("threefold repetition", "fifty-move
        rule"), or None. Where the variant says these draws are claimed (FIDE chess), they do
        not end the game by themselves: the game goes on until a player claims
        (:meth:`claim_draw`) or a limit that ends it by itself is reached."""
        if self.result is not None:
            return None
        reasons = [
            reason for reason in (
                repetition_claim(self._key_counts[self._keys[-1]], self.rules.outcomes),
                move_rule_claim(self.rules, self.pos),
            ) if reason is not None
        ]
        return " and ".join(reasons) if reasons else None

    def claim_draw(self) -> Result:
        """End the game as a draw by the claim :meth:`draw_claim` names; returns the result.
        Raises DrawClaimError saying why not where no draw may be claimed now."""
        if self.result is not None:
            raise DrawClaimError(f"the game is over ({self.result.reason}); there is no draw to claim")
        reason = self.draw_claim()
        if reason is None:
            raise DrawClaimError(f"no draw can be claimed here: {self._no_claim_reason()}")
        result = Result(None, f"{reason} (claimed)")
        self._claimed = (self.ply, result)
        self._result = False
        return result

    def declare_result(self, winner: str | None, reason: str) -> Result:
        """End the game here with a result the position does not give by itself: a resignation
        ("Black resigns"), a draw agreed, an adjudication. ``winner`` is "white", "black" or None
        for a draw. Like a claimed draw it stands while the game is at this ply of this line;
        :meth:`withdraw_result` takes it back. ResultError if the game is already over."""
        if winner not in ("white", "black", None):
            raise TypeError(f"winner must be 'white', 'black' or None, not {winner!r}")
        if not isinstance(reason, str) or not reason.strip():
            raise TypeError("reason must be a non-empty str")
        if self.result is not None:
            raise ResultError(f"the game is over ({self.result.reason}); no other result can be declared")
        # One line of words, as a record's Termination tag and end comment hold it.
        result = Result(winner, " ".join(reason.split())[:MAX_REASON_CHARS])
        self._claimed = (self.ply, result)
        self._result = False
        return result

    @property
    def declared_result(self) -> Result | None:
        """The result declared or claimed at this ply (see :meth:`declare_result`), if one stands."""
        if self._claimed is not None and self._claimed[0] == self.ply:
            return self._claimed[1]
        return None

    def withdraw_result(self) -> Result:
        """Take back the declared or claimed result standing at this ply; the game goes on.
        ResultError where none stands (a checkmate cannot be taken back, only the move)."""
        declared = self.declared_result
        if declared is None:
            raise ResultError("no declared result stands here to take back")
        self._claimed = None
        self._result = False
        return declared

    def can_mate(self, color: str) -> bool:
        """False where the variant's rules know that ``color`` can never give mate by any
        sequence of moves (chess: a lone King, King and Knight...); True otherwise, also where
        the variant has no such rule (its pieces' powers make the question open)."""
        side = color_index(color)
        return not any(power.cannot_mate(self.pos, side) for power in self.rules.variant_powers)

    def time_forfeit(self, loser: str) -> Result:
        """``loser``'s time ran out: the other side wins, or the game is drawn where that side
        cannot mate by any sequence of moves (:meth:`can_mate`), as the usual rule has it."""
        side = color_index(loser)
        winner = COLOR_NAMES[1 - side]
        if self.can_mate(winner):
            return self.declare_result(winner, f"{loser.capitalize()} lost on time")
        return self.declare_result(None, f"{loser.capitalize()} ran out of time and {winner.capitalize()} cannot mate")

    def _no_claim_reason(self) -> str:
        out = self.rules.outcomes
        if not out.repetition_claimed and not out.move_rule_claimed:
            return f"in {self.rules.variant.name}, repetition and the move-count rule end the game by themselves"
        parts: list[str] = []
        if out.repetition_claimed:
            seen = self._key_counts[self._keys[-1]]
            parts.append(f"this position has stood {_times(seen)} (a claim needs {_times(out.repetitions)})")
        if out.move_rule_claimed and self.rules.move_rule_plies:
            done = self.pos.halfmove // 2
            since = (
                "since the last capture or pawn move" if out.move_rule_resets == ("capture", "pawn")
                else "without a move that resets the count"
            )
            parts.append(f"{_moves(done)} by each side {since} (a claim needs {out.move_rule})")
        return "; ".join(parts)

    @property
    def ply(self) -> int:
        return len(self.history)

    # ------------------------------------------------------------ moving

    def parse_move(self, text: str) -> Move:
        """The legal move (or action) this text names, in coordinate text (``g1f3``) or SAN
        (``Nf3``, see :mod:`rules.san`); raises a specific error if none."""
        if not isinstance(text, str):
            raise TypeError(f"move text must be a str, not {type(text).__name__}")
        if len(text) > MAX_MOVE_TEXT_CHARS:
            parse_move_text(text)  # raises the error that names the limit
        candidates = self.legal_moves() + self.legal_actions()
        for m in candidates:
            if str(m) == text.strip():
                return m
        by_san = find_san(self.rules, self.pos, text, candidates, self._san_table(candidates))
        if by_san is not None:
            return by_san
        try:
            parsed = parse_move_text(text, self.rules.geo.extras)
        except MoveParseError:
            unknown = unknown_letter(self.rules, text)
            if unknown:
                letters = " ".join(sorted({letter_text(t.letter) for t in self.rules.types.values()}))
                raise MoveParseError(
                    f"cannot read move {excerpt(text)}: {self.variant} has no piece letter {unknown}; "
                    f"its letters are {letters}"
                ) from None
            if looks_like_san(text):
                raise IllegalMoveError(f"move {excerpt(text)} is not legal here: {self._san_refusal(text)}") from None
            raise
        if parsed.destination is None and not parsed.captures and parsed.choice is None:
            # A bare square is SAN of a pawn move, never coordinate text (which needs more).
            raise IllegalMoveError(f"move {excerpt(text)} is not legal here: {self._san_refusal(text)}")
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

    def _san_table(self, candidates: list[Move] | None = None) -> dict[Move, str]:
        if self._san is None:
            if candidates is None:
                candidates = self.legal_moves() + self.legal_actions()
            self._san = san_table(self.rules, self.pos, candidates)
        return self._san

    def san(self, move: Move | str, check: bool = True) -> str:
        """The standard algebraic notation of a legal move or action here (``Nf3``, ``exd5``,
        ``O-O``, ``e8=Q+``), with ``+``/``#`` where the variant has royal pieces (unless
        ``check`` is False); fairy moves
        as docs/notation.md says. ``str(move)`` stays the coordinate text."""
        if not isinstance(move, (str, Move)):
            raise TypeError(f"move must be a Move or move text (str), not {type(move).__name__}")
        found = self.parse_move(move) if isinstance(move, str) else move
        text = self._san_table().get(found)
        if text is None:
            raise IllegalMoveError(f"move {found} is not legal here, so it has no SAN")
        return text + check_sign(self.rules, self.pos, found) if check else text

    def san_line(self, moves: list[Move] | tuple[Move, ...]) -> list[str]:
        """The SAN of each move of a line played from here (on a copy; this game is untouched)."""
        replay = self.copy()
        out: list[str] = []
        for m in moves:
            out.append(replay.san(m))
            replay.play(m)
        return out

    def _san_refusal(self, text: str) -> str:
        """Why SAN that names no legal move cannot be played: the rules' reason when the text
        names one piece and a square, else what was looked for."""
        if self.result is not None:
            return f"the game is over ({self.result.reason})"
        named = san_target(self.rules, self.pos, text)
        if named is None:
            return "no legal move here is written so"
        origins, destination, what = named
        if destination not in self.rules.geo.index:
            return f"there is no square {destination} on this board"
        if len(origins) == 1:
            return self.why_illegal(origins[0] + destination)
        side = self.to_move.capitalize()
        if what == "pawn":
            return f"none of {side}'s pawns can go to {destination}"
        everywhere = san_target(self.rules, self.pos, text, disambiguated=False)
        written = everywhere[0] if everywhere is not None else []
        if not written:
            return f"{side} has no piece written {what}"
        names = sorted({self.rules.types[self._kind_on(sq)].name for sq in written})
        plural = len(written) > 1
        pieces = f"{side}'s {' and '.join(n + ('s' if plural else '') for n in names)}"
        if not origins:
            stand = "stand" if plural else "stands"
            return f"the move names no piece that stands there: {pieces} {stand} on {', '.join(written)}"
        reasons = "; ".join(self.why_illegal(sq + destination) for sq in origins)
        return f"{'none of ' if plural else ''}{pieces} can{'' if plural else 'not'} go to {destination}: {reasons}"

    def _kind_on(self, square: str) -> str:
        piece = self.pos.board[self.rules.geo.index[square]]
        return piece.kind if piece is not None else ""

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
        return refusal_reason(
            self.rules, self.pos, parsed.origin, parsed.destination or parsed.origin, parsed.promotion, parsed.choice
        )

    def _drop_refusal(self, kind: str, destination: str) -> str:
        geo = self.rules.geo
        droppers = [p for p in self.rules.power_objects.values() if p.overrides("drop_refusal")]
        if not droppers:
            return "this variant has no drops"
        if destination not in geo.index or not geo.is_board(geo.index[destination]):
            return f"there is no square {destination} on this board"
        square = geo.index[destination]
        reasons = (p.drop_refusal(self.pos, kind, square) for p in droppers)
        return next((r for r in reasons if r is not None), "that drop is legal")

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
        self._claimed = None  # a claim further on belonged to the line this move replaces
        return found

    def _push(self, move: Move) -> None:
        self.pos.push(move)
        self.history.append(move)
        key = self.pos.key()
        self._keys.append(key)
        self._key_counts[key] += 1
        self._legal = None
        self._san = None
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
        self._san = None
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
        return explain(self.rules, self.pos, self.legal_moves())

    def describe_move(self, move: Move | str) -> dict[str, Any]:
        """What a legal move does: kind, squares, captures, and each power's effects."""
        if not isinstance(move, (str, Move)):
            raise TypeError(f"move must be a Move or move text (str), not {type(move).__name__}")
        found = self.parse_move(move) if isinstance(move, str) else move
        return describe_move(self.rules, self.pos, found)

    def move_in_words(self, move: Move | str) -> str:
        """What a legal move does, as one sentence for the player ("Rook a1 merges with the
        Knight on b1 into a Chancellor")."""
        if not isinstance(move, (str, Move)):
            raise TypeError(f"move must be a Move or move text (str), not {type(move).__name__}")
        found = self.parse_move(move) if isinstance(move, str) else move
        return move_in_words(self.rules, self.pos, found)

    def captor_dies(self, move: Move) -> bool:
        """Does the piece making this legal move die by it (it takes a poisonous piece)?"""
        return captor_dies(self.rules, self.pos, move)

    def lone_royal_squares(self) -> list[str]:
        """Squares of pieces royal now only because each is its side's last royal piece
        (Friendly's last Friend); empty where royalty never depends on the count."""
        return lone_royals(self.rules, self.pos)

    def copy_from_start(self) -> Game:
        """A new game at this game's starting position, with no moves."""
        return new_game_from_fen(self.rules, self.start_fen)

    def copy(self) -> Game:
        """An independent game with the same history (for analysis or an engine)."""
        other = new_game_from_fen(self.rules, self.start_fen)
        for m in self.history:
            other._push(m)
        if self._claimed is not None and self._claimed[0] == self.ply:
            other._claimed = self._claimed
        return other


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _moves(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def new_game_from_fen(rules: Rules, fen: str) -> Game:
    return Game(rules, read_fen(rules, fen), None)


def new_game_from_placement(rules: Rules, placement: Mapping[str, str], to_move: str) -> Game:
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
