"""A built table: values and distances per position, statistics, the longest win, probing."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..fen import write_fen
from ..position import Position
from .expand import Job, layer_key, workshop
from .space import Space
from .values import DRAW, LOSS, WIN, Probe


class Table:
    """One material's table: ``layers`` maps a layer key to its (values, plies) arrays."""

    def __init__(self, job: Job, header: dict[str, Any], layers: list[tuple[np.ndarray, np.ndarray]]) -> None:
        self.job = job
        self.header = header
        self.layer_keys: list[str] = list(header["layers"])
        self.layers = dict(zip(self.layer_keys, layers, strict=True))
        self.shop = workshop(job.variant, job.options)
        self.space: Space = self.shop.space(job.material)

    @property
    def material(self) -> str:
        return self.space.material

    def value_at(self, layer: str, index: int) -> Probe | None:
        arrays = self.layers.get(layer)
        if arrays is None or index < 0:
            return None
        value = int(arrays[0][index])
        if value not in (WIN, DRAW, LOSS):
            return None
        return Probe(value, int(arrays[1][index]))

    def probe(self, pos: Position) -> Probe | None:
        """The value of ``pos`` if it has this table's material (else None)."""
        pieces = pos.pieces()
        if self.shop.material_of(pieces) != self.material:
            return None
        return self.value_at(layer_key(pos.rules, pos), self.space.encode(pieces, pos.turn))

    def position(self, index: int, layer: str | None = None) -> Position:
        """The position of an index (in the first layer unless another is named)."""
        pos = self.shop.position(layer or self.layer_keys[0])
        self.space.place(pos, index)
        return pos

    def counts(self) -> dict[str, dict[str, int]]:
        """Positions won, drawn and lost by the side to move, for each side to move."""
        placements = self.space.placements
        out: dict[str, dict[str, int]] = {}
        for turn, name in ((0, "white_to_move"), (1, "black_to_move")):
            totals = {"win": 0, "draw": 0, "loss": 0}
            for value, _ in self.layers.values():
                part = value[turn * placements:(turn + 1) * placements]
                totals["win"] += int(np.count_nonzero(part == WIN))
                totals["draw"] += int(np.count_nonzero(part == DRAW))
                totals["loss"] += int(np.count_nonzero(part == LOSS))
            out[name] = totals
        return out

    def positions(self) -> int:
        return sum(int(np.count_nonzero(value >= LOSS)) for value, _ in self.layers.values())

    def longest_win(self) -> tuple[int, str, int] | None:
        """(plies, layer, index) of the won position farthest from its end (lowest index on ties)."""
        best: tuple[int, str, int] | None = None
        for key in self.layer_keys:
            value, plies = self.layers[key]
            wins = np.where(value == WIN, plies, 0)
            if not wins.size:
                continue
            index = int(np.argmax(wins))
            if value[index] == WIN and (best is None or int(wins[index]) > best[0]):
                best = (int(wins[index]), key, index)
        return best

    def summary(self) -> dict[str, Any]:
        """The fixed JSON of ``python -m rules tablebase ... --json``."""
        longest = self.longest_win()
        if longest is None:
            win: dict[str, Any] = {"moves": 0, "plies": 0, "fen": None}
        else:
            plies, layer, index = longest
            win = {"moves": (plies + 1) // 2, "plies": plies, "fen": write_fen(self.position(index, layer))}
        counts = self.counts()
        return {
            "material": self.material,
            "positions": self.positions(),
            "white_to_move": counts["white_to_move"],
            "black_to_move": counts["black_to_move"],
            "longest_win": win,
        }
