"""Explanations for the app, as plain data: what the powers do in a position, what a move
does, and what dropping one piece onto another could make (Blender's merges).

Each power answers for itself through its explanation hooks (``Power.explain``,
``Power.describe_move``); this module asks them. Why a move is illegal is in
:mod:`rules.refusals`.
"""

from __future__ import annotations

from typing import Any, Protocol

from .moves import Move
from .movewords import move_words
from .position import Position
from .powers.merge import MergePower
from .refusals import refusal_reason
from .ruleset import Rules


class PlayedPosition(Protocol):
    """What the app holds: a position under its rules (a :class:`~rules.game.Game`)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def pos(self) -> Position: ...

    @property
    def variant(self) -> str: ...


def explain(rules: Rules, pos: Position, legal: list[Move] | None = None) -> dict[str, Any]:
    """Each power's explanation data for this position, by power name. ``legal``, when the
    caller knows them, are the position's legal moves: powers asking for them get these."""
    ctx = rules.context(pos)
    out: dict[str, Any] = {}
    if legal is not None:
        rules.legal_now = (pos, legal)
    try:
        for name, power in rules.power_objects.items():
            data = power.explain(pos, ctx)
            if data is not None:
                out[name] = data
    finally:
        rules.legal_now = None
    return out


def describe_move(rules: Rules, pos: Position, move: Move) -> dict[str, Any]:
    """Plain data about a move: its kind, squares, and what powers make it do."""
    out: dict[str, Any] = {
        "kind": move.kind,
        "origin": move.origin,
        "destination": move.destination,
        "captures": list(move.captures),
        "promotion": move.promotion,
        "choice": move.choice,
    }
    for power in rules.power_objects.values():
        power.describe_move(pos, move, out)
    return out


def move_in_words(rules: Rules, pos: Position, move: Move) -> str:
    """What ``move`` does in ``pos``, as one sentence for the player (see :mod:`rules.movewords`)."""
    return move_words(rules, pos, move, describe_move(rules, pos, move))


def captor_dies(rules: Rules, pos: Position, move: Move) -> bool:
    """Does the piece making ``move`` die by it (it takes a poisonous piece)?"""
    if not move.captures:
        return False
    return bool(describe_move(rules, pos, move).get("poisoned"))


def lone_royals(rules: Rules, pos: Position) -> list[str]:
    """Squares of pieces that are royal now only because they are the last of their side's
    royal pieces (a variant whose ``royal_mode`` is "last-one": Friendly's last Friend)."""
    if rules.royal_mode != "last-one":
        return []
    names = rules.geo.names
    return [names[sq] for side in pos.royals if len(side) == 1 for sq in side]


def drop_results(game: PlayedPosition, origin: str, destination: str) -> dict[str, Any]:
    """For the app: what dropping the piece on ``origin`` onto the friendly piece on
    ``destination`` would do. Returns ``results`` (piece ids the recipes allow),
    ``moves`` (the legal merge moves' texts) and ``reason`` (why there is none, or None)."""
    rules = game.rules
    power = rules.power_of(MergePower)
    if power is None:
        return {"results": [], "moves": [], "reason": f"pieces never merge in {game.variant}"}
    return merge_drop(rules, power, game.pos, rules.geo.parse(origin), rules.geo.parse(destination))


def merge_drop(rules: Rules, power: MergePower, pos: Position, origin: int, destination: int) -> dict[str, Any]:
    """What dropping the piece on ``origin`` onto the friendly piece on ``destination``
    could do: the results the recipes give the whole piece, every legal move between
    the two squares (whole-piece merges and parts leaving to merge there), or why none."""
    board = pos.board
    mover, target = board[origin], board[destination]
    if mover is None or target is None or mover.color != target.color or origin == destination:
        return {"results": [], "moves": [], "reason": "a merge needs two pieces of one side"}
    refusal = power.merge_refusal(mover, target)
    moves = []
    for m in rules.legal_moves(pos):
        if m.o != origin or m.d != destination:
            continue
        described = describe_move(rules, pos, m)
        if m.kind == "merge":
            moves.append({"move": str(m), "kind": m.kind, "arrives": described["merge"]["result"], "stays": None})
        elif "separate" in described:
            part = described["separate"]
            moves.append({"move": str(m), "kind": m.kind, "arrives": part["arrives"], "stays": part["stays"]})
    reason = None
    if not moves:
        names = rules.geo.names
        reason = refusal or refusal_reason(rules, pos, names[origin], names[destination])
    results = [] if refusal else list(power.book.results(mover.kind, target.kind))
    return {"results": results, "moves": moves, "reason": reason}
