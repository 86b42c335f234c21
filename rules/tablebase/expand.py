"""The forward step of a build: each position of a range of indices, its verdict or its moves.

This is the one part of a build that plays moves, so it is what the processes and the Dask
workers run (:func:`expand`); it needs only the job's names, builds its Rules once per process,
and returns plain numpy arrays, so the same range gives the same bytes wherever it runs.
Children of the same material are returned as (layer, canonical index); children of another
material (a capture, a promotion, a merge) as (material, layer, index) for the builder to look
up in that material's table.
"""

from __future__ import annotations

import ast
from typing import Any

import numpy as np

from ..catalogue import make_rules
from ..errors import RulesError
from ..moves import Move
from ..pieces import Piece
from ..position import Position
from ..ruleset import Rules
from .pieces import PieceFacts, empty_position
from .space import Space
from .values import Job

#: status of an expanded position (side to move's view); positions not listed are no positions
PLAYING, WON, LOST, DRAWN = 0, 1, -1, 2


class TablebaseError(RulesError):
    """A table cannot be built as asked (in words)."""


class Workshop:
    """A Rules' piece facts and spaces (kept in ``rules.memo``: they go with their Rules)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.facts = PieceFacts(self.rules)
        self._spaces: dict[tuple[str, bool], Space] = {}
        self._names: dict[tuple[tuple[int, str], ...], str] = {}

    def space(self, material: str, symmetric: bool = True) -> Space:
        """The index of a material's positions (with the board symmetries the rules allow, if asked)."""
        found = self._spaces.get((material, symmetric))
        if found is None:
            found = Space(self.rules, self.facts, material)
            if symmetric:
                found.find_symmetries()
            self._spaces[(material, symmetric)] = found
            self._spaces[(found.material, symmetric)] = found
        return found

    def material_of(self, pieces: list[tuple[int, Piece]]) -> str:
        """The material name of a position's pieces (remembered by their colours and kinds)."""
        key = tuple((p.color, p.kind) for _, p in pieces)
        found = self._names.get(key)
        if found is None:
            found = self._names[key] = self.facts.material_name(p for _, p in pieces)
        return found

    def position(self, layer: str) -> Position:
        """An empty position carrying a layer's state (en passant, power state)."""
        pos = empty_position(self.rules)
        ep, ep_victim, state = ast.literal_eval(layer)
        pos.ep, pos.ep_victim = ep, ep_victim
        pos.state = dict(state)
        return pos


def workshop_of(rules: Rules) -> Workshop:
    """The workshop of a Rules object, made on first use."""
    found = rules.memo.get(_MEMO_KEY)
    if not isinstance(found, Workshop):
        found = rules.memo[_MEMO_KEY] = Workshop(rules)
    return found


_MEMO_KEY = "tablebase-workshop"


def workshop(variant: str, options: tuple[tuple[str, Any], ...]) -> Workshop:
    """The workshop of the variant's Rules with these options (the rules' own cache keeps them)."""
    return workshop_of(make_rules(variant, dict(options)))


#: the layer of a position with no en passant square and no power state (most of them)
PLAIN_LAYER = repr((-1, -1, ()))


def layer_key(rules: Rules, pos: Position) -> str:
    """What a position carries besides its placement and turn: a live en passant square and the
    powers' state (Ferries, ...). Captured-piece pools and the move counters are not part of it."""
    if pos.ep < 0 and not pos.state:
        return PLAIN_LAYER
    ep = pos.ep if pos.ep >= 0 and rules.ep_key(pos) >= 0 else -1
    victim = pos.ep_victim if ep >= 0 else -1
    return repr((ep, victim, tuple(sorted(pos.state.items()))))


def expand(job: Job, layer: str, start: int, stop: int) -> dict[str, Any]:
    """Expand the canonical positions with index in [start, stop) of ``job``'s layer ``layer``."""
    shop = workshop(job.variant, job.options)
    rules = shop.rules
    space = shop.space(job.material, job.symmetric)
    indices = np.arange(start, stop, dtype=np.int64)
    todo = indices[space.to_expand(indices)]
    pos = shop.position(layer)
    positions: list[int] = []
    status: list[int] = []
    counts: list[int] = []
    child_index: list[int] = []
    child_layer: list[int] = []
    exit_row: list[int] = []
    exit_table: list[int] = []
    exit_index: list[int] = []
    layers: dict[str, int] = {}
    exits: dict[tuple[str, str], int] = {}
    for index in todo.tolist():
        used = space.place(pos, index)
        values = space.slot_values(index)
        slot_at = {sq: i for i, sq in enumerate(used)}
        board = pos.board
        turn = pos.turn
        if not rules.in_check(pos, 1 - turn):
            # Each pseudo-legal move is played once: judged legal and read as a child together
            # (Rules.legal_moves would play it a second time to judge it).
            legal: list[Move] = []
            found: list[tuple[str, str, int]] = []  # (material, layer, index) of each child
            royal_count = len(pos.royals[turn])
            for move in rules.pseudo_moves(pos, rules.context(pos)):
                pos.push(move)
                if rules.problem_after(pos, move, turn, royal_count) is None:
                    legal.append(move)
                    changed = pos.changed_squares()
                    # most moves keep the material: only the slots on the changed squares move
                    child = space.moved_index(board, values, slot_at, changed, pos.turn)
                    if child >= 0:
                        found.append((space.material, layer_key(rules, pos), child))
                    else:
                        # the child's pieces stand on the parent's squares or on those the move
                        # changed: a scan of these few instead of the whole board
                        pieces = [(sq, p) for sq in sorted({*used, *changed}) if (p := board[sq]) is not None]
                        name = shop.material_of(pieces)
                        child = shop.space(name, name == space.material and job.symmetric).encode(pieces, pos.turn)
                        if child < 0:
                            raise TablebaseError(f"{move} leads to a square the table of {name} does not cover")
                        found.append((name, layer_key(rules, pos), child))
                pos.pop()
            verdict = rules.outcome(pos, legal)
            row = len(positions)
            positions.append(index)
            if verdict is not None:
                winner = verdict[0]
                status.append(DRAWN if winner is None else WON if winner == turn else LOST)
                counts.append(0)
            else:
                status.append(PLAYING)
                inside = 0
                for name, key, child in found:
                    if name == space.material:
                        child_index.append(child)
                        child_layer.append(layers.setdefault(key, len(layers)))
                        inside += 1
                    else:
                        exit_row.append(row)
                        exit_table.append(exits.setdefault((name, key), len(exits)))
                        exit_index.append(child)
                counts.append(inside)
        for sq in used:
            pos.put(sq, None)
    return {
        "positions": np.array(positions, dtype=np.int64),
        "status": np.array(status, dtype=np.int8),
        "counts": np.array(counts, dtype=np.int32),
        "child_index": space.canonical_many(np.array(child_index, dtype=np.int64)),
        "child_layer": np.array(child_layer, dtype=np.int32),
        "exit_row": np.array(exit_row, dtype=np.int32),
        "exit_table": np.array(exit_table, dtype=np.int32),
        "exit_index": np.array(exit_index, dtype=np.int64),
        "layers": np.array(list(layers), dtype=str),
        "exit_materials": np.array([m for m, _ in exits], dtype=str),
        "exit_layers": np.array([k for _, k in exits], dtype=str),
        "expanded": np.array([len(todo)], dtype=np.int64),
    }
