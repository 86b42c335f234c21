"""A move put into words, for tooltips, the status bar and the move list's words column:
"Rook a1 merges with the Knight on b1 into a Chancellor", "Lady in Waiting i2 takes the
Poison on c7 and dies".

The sentence is built from :func:`rules.explain.describe_move`'s data (each power says what
the move makes it do), so the words never compute a rule of their own. The position is the
one *before* the move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .moves import Move
from .pieces import Piece
from .position import Position
from .ruleset import Rules

Described = dict[str, Any]


def move_words(rules: Rules, pos: Position, move: Move, described: Described) -> str:
    """One sentence saying what ``move`` does in ``pos`` (no final full stop)."""
    words = _Words(rules, pos)
    lead = _LEADS.get(move.kind, _plain)(words, move, described)
    tails = [tail for tail in (_promotion(words, move), _effects(words, move, described)) if tail]
    return ", ".join([lead, *tails]) + (" and dies" if described.get("poisoned") else "")


class _Words:
    """Names of the pieces of one position."""

    def __init__(self, rules: Rules, pos: Position) -> None:
        self.rules = rules
        self.pos = pos

    def kind(self, kind: str | None) -> str:
        if kind is None:
            return "piece"
        ptype = self.rules.types.get(kind)
        return ptype.name if ptype is not None else kind.replace("-", " ")

    def piece(self, p: Piece | None) -> str:
        return self.kind(p.kind if p is not None else None)

    def at(self, square: str) -> Piece | None:
        index = self.rules.geo.index.get(square)
        return self.pos.board[index] if index is not None else None

    def mover(self, move: Move) -> str:
        if move.o < 0:
            return self.kind(move.choice)
        return f"{self.piece(self.pos.board[move.o])} {move.origin}"

    def victim(self, square: str) -> str:
        return f"the {self.piece(self.at(square))} on {square}"


def a_or_an(name: str) -> str:
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _victims(words: _Words, move: Move, skip: str | None = None) -> str:
    return " and ".join(words.victim(sq) for sq in move.captures if sq != skip)


def _plain(words: _Words, move: Move, described: Described) -> str:
    mover = words.mover(move)
    if move.destination in move.captures:
        text = f"{mover} takes {words.victim(move.destination)}"
        others = _victims(words, move, move.destination)
        return f"{text} and {others}" if others else text
    if move.captures:
        return f"{mover} moves to {move.destination}, taking {_victims(words, move)}"
    if move.origin == move.destination:
        return f"{mover} stays"
    return f"{mover} moves to {move.destination}"


def _en_passant(words: _Words, move: Move, described: Described) -> str:
    return f"{words.mover(move)} takes {_victims(words, move)} en passant, landing on {move.destination}"


def _castle(words: _Words, move: Move, described: Described) -> str:
    return f"{words.mover(move)} castles to {move.destination}"


def _rifle(words: _Words, move: Move, described: Described) -> str:
    return f"{words.mover(move)} shoots {_victims(words, move)} without moving"


def _locust(words: _Words, move: Move, described: Described) -> str:
    return f"{words.mover(move)} jumps over {_victims(words, move)} to {move.destination}, taking it"


def _withdrawal(words: _Words, move: Move, described: Described) -> str:
    return f"{words.mover(move)} withdraws to {move.destination}, taking {_victims(words, move)}"


def _swap(words: _Words, move: Move, described: Described) -> str:
    return f"{words.mover(move)} swaps places with {words.victim(move.destination)}"


def _merge(words: _Words, move: Move, described: Described) -> str:
    merge = described.get("merge") or {}
    result = words.kind(merge.get("result"))
    return f"{words.mover(move)} merges with {words.victim(move.destination)} into {a_or_an(result)}"


def _separate(words: _Words, move: Move, described: Described) -> str:
    part = described.get("separate") or {}
    compound = words.kind(part.get("piece"))
    leaves, stays = words.kind(part.get("leaves")), words.kind(part.get("stays"))
    text = f"the {leaves} leaves the {compound} on {move.origin}"
    if part.get("merges_with"):
        text += f" and merges with {words.victim(move.destination)} into {a_or_an(words.kind(part.get('arrives')))}"
    elif move.destination in move.captures:
        text += f" and takes {words.victim(move.destination)}"
    else:
        text += f" for {move.destination}"
    return f"{text}, leaving {a_or_an(stays)} behind"


def _pocket_enter(words: _Words, move: Move, described: Described) -> str:
    return f"{words.mover(move)} goes into the Pocket"


def _pocket_leave(words: _Words, move: Move, described: Described) -> str:
    return f"{words.piece(words.pos.board[move.o])} leaves the Pocket for {move.destination}"


def _drop(words: _Words, move: Move, described: Described) -> str:
    return f"{words.kind(move.choice)} dropped on {move.destination}"


def _ferry_carry(words: _Words, move: Move, described: Described) -> str:
    text = f"{words.mover(move)} carries its Ferry to {move.destination}"
    return f"{text}, taking {words.victim(move.destination)}" if move.destination in move.captures else text


def _ferry_send(words: _Words, move: Move, described: Described) -> str:
    send = described.get("ferry_send") or {}
    text = f"{words.mover(move)} sends its Ferry to {send.get('to', move.destination)}"
    boarding = send.get("boarding")
    if boarding:
        text += f", where the {words.kind(str(boarding).partition(' ')[2])} boards it"
    return text


def _hia_switch(words: _Words, move: Move, described: Described) -> str:
    switch = described.get("switch") or {}
    state = "on" if switch.get("on") else "off"
    return f"{words.mover(move)} switches its Hia {state}"


def _dragon(words: _Words, move: Move, described: Described) -> str:
    dragon = described.get("dragon_capture") or {}
    if dragon.get("kind") == "pass-through":
        return f"{words.mover(move)} passes through {_victims(words, move)} to {move.destination}"
    return f"{words.mover(move)} moves to {move.destination}, its breath removing {_victims(words, move)}"


_LEADS: dict[str, Callable[[_Words, Move, Described], str]] = {
    "en-passant": _en_passant,
    "castle": _castle,
    "rifle": _rifle,
    "locust": _locust,
    "withdrawal": _withdrawal,
    "swap": _swap,
    "merge": _merge,
    "separate": _separate,
    "pocket-enter": _pocket_enter,
    "pocket-leave": _pocket_leave,
    "drop": _drop,
    "ferry-carry": _ferry_carry,
    "ferry-send": _ferry_send,
    "hia-switch": _hia_switch,
    "fire-breath": _dragon,
    "pass-through": _dragon,
}


def _promotion(words: _Words, move: Move) -> str:
    if move.promotion is None:
        return ""
    return f"promoting to {a_or_an(words.kind(move.promotion))}"


def _effects(words: _Words, move: Move, described: Described) -> str:
    parts = []
    if described.get("boards_ferry"):
        parts.append("boarding the Ferry")
    elif described.get("leaves_ferry"):
        parts.append("leaving the Ferry")
    if described.get("crosses_water"):
        parts.append("crossing the water")
    flips = described.get("flips") or []
    if flips:
        # The mover's own new form first: the record names the piece as it was before the move.
        forms = described.get("flip_forms") or {}
        if move.destination in forms:
            parts.append(f"becoming {a_or_an(words.kind(str(forms[move.destination])))}")
        others = len([sq for sq in flips if sq != move.destination])
        if others:
            parts.append("flipping 1 other piece" if others == 1 else f"flipping {others} other pieces")
    return ", ".join(parts)
