"""Freeze (the Jellyfish): an enemy piece on a square next to a freezing piece cannot
move at all, and while frozen it attacks nothing (no check, guards no Friend). It
keeps its own passive powers (a frozen Bodyguard still stops sliders).

Real freezing pieces act first (stage a of the Friendly staging); the borrowing
power then calls :meth:`Freeze.add_borrowed` for Friends that borrowed the power
(stage c), which changes move generation and attacks but not who borrows what.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import Power, register

if TYPE_CHECKING:
    from ..context import Context
    from ..position import Position
    from ..ruleset import Rules


@register("freeze")
class Freeze(Power):
    stage = 10
    description = "Enemy pieces next to it cannot move and attack nothing."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.freezer_kinds = frozenset(k for k, t in rules.types.items() if self.name in t.powers)
        geo = rules.geo
        self.neighbours = tuple(geo.neighbours(sq) for sq in range(geo.board_size))

    def prepare(self, pos: Position, ctx: Context) -> None:
        board = pos.board
        kinds = self.freezer_kinds
        by: dict[int, list[int]] = {}
        ctx.info["freeze"] = {"by": by, "borrowed": []}
        for sq in range(len(self.neighbours)):
            p = board[sq]
            if p is not None and p.kind in kinds:
                self._freeze_around(board, sq, p.color, ctx, by)

    def add_borrowed(self, pos: Position, ctx: Context, squares: list[int]) -> None:
        """Stage c: Friends on ``squares`` borrowed the power; their neighbours freeze too."""
        info = ctx.info["freeze"]
        board = pos.board
        for sq in squares:
            p = board[sq]
            assert p is not None
            info["borrowed"].append(sq)
            self._freeze_around(board, sq, p.color, ctx, info["by"])

    def _freeze_around(
        self, board: list[Any], sq: int, color: int, ctx: Context, by: dict[int, list[int]]
    ) -> None:
        for n in self.neighbours[sq]:
            occ = board[n]
            if occ is not None and occ.color != color:
                ctx.frozen.add(n)
                by.setdefault(n, []).append(sq)

    def freezers(self, ctx: Context, sq: int) -> list[int]:
        info = ctx.info.get("freeze")
        return list(info["by"].get(sq, ())) if info else []

    def refusal(self, pos: Position, ctx: Context, origin: int, destination: int) -> str | None:
        if origin not in ctx.frozen:
            return None
        rules = self.rules
        names = rules.geo.names
        p = pos.board[origin]
        assert p is not None
        who = " and ".join(
            f"the {rules.types[pos.board[s].kind].name} on {names[s]}"  # type: ignore[union-attr]
            for s in sorted(self.freezers(ctx, origin))
        )
        return f"the {rules.types[p.kind].name} on {names[origin]} is frozen by {who or 'a freezing piece'}"

    def explain(self, pos: Position, ctx: Context) -> dict[str, Any] | None:
        info = ctx.info.get("freeze")
        if info is None:
            return None
        names = self.rules.geo.names
        board = pos.board
        borrowed = set(info["borrowed"])
        sources = [
            {"square": names[sq], "piece": str(p), "borrowed": sq in borrowed}
            for sq, p in enumerate(board[: len(self.neighbours)])
            if p is not None and (p.kind in self.freezer_kinds or sq in borrowed)
        ]
        frozen = [
            {"square": names[sq], "piece": str(board[sq]), "by": sorted(names[s] for s in by)}
            for sq, by in sorted(info["by"].items())
        ]
        return {"sources": sources, "frozen": frozen}
