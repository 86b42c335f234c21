"""Alternate Setup #1, guided: Black arranges its second row, White's row follows.

A variant offers this when one of its setups has ``free_order = true`` in its data (the
``friendly-setup`` power, see ``rules/powers/friendly_setup.py``): Black's order goes in the
free-text option ``second_row_order`` and the option ``second_row`` says how Black's row is
read. The editor never places White's row itself: after every change it asks the rules
package for the game with the new order and shows the rules' own start position, so what a
player sees is what the game will be. The rules also say which pieces must stay put (the
Bodyguards in the centre): a swap they refuse is refused with their words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import rules

from .draft import FILE_LETTERS, Draft, read_text

ORDER_OPTION = "second_row_order"
READING_OPTION = "second_row"


@dataclass
class Arrangement:
    """The guided setup's state: which setup, how Black's row is read, and Black's order."""

    variant: str
    setup: str
    #: White's rank holding the ordered row; Black's is the rank mirrored across the board.
    white_rank: int
    black_rank: int
    files: int
    reading: str = "rotational"
    #: Other options of the game (rule choices), kept as they were.
    base_options: dict[str, Any] = field(default_factory=dict)
    #: Black's order as the option lists it, or None for the standard order.
    order: list[str] | None = None

    def row_squares(self) -> list[str]:
        """Black's second-row squares, file a first."""
        return [f"{FILE_LETTERS[f]}{self.black_rank}" for f in range(self.files)]

    def white_squares(self) -> list[str]:
        """White's second-row squares, which follow Black's."""
        return [f"{FILE_LETTERS[f]}{self.white_rank}" for f in range(self.files)]

    def options(self, order: list[str] | None = None) -> dict[str, Any]:
        chosen = order if order is not None else self.order
        out = {k: v for k, v in self.base_options.items() if k not in (ORDER_OPTION, READING_OPTION, "setup")}
        out["setup"] = self.setup
        out[READING_OPTION] = self.reading
        if chosen is not None:
            out[ORDER_OPTION] = ",".join(chosen)
        return out

    def order_of_row(self, row: list[str]) -> list[str]:
        """The option's order for Black's row as it stands, file a first. ``rotational``
        reads it from Black's own left (file l back to a), ``mirror`` on White's files; the
        option's own description says so, and :meth:`arrange` checks the rules agree."""
        return list(reversed(row)) if self.reading == "rotational" else list(row)

    def draft(self, order: list[str] | None = None) -> Draft:
        """The rules' start position for an order; raises RulesError with their reason."""
        options = self.options(order)
        game = rules.new_game(self.variant, options=options)
        return read_text(self.variant, options, game.fen())

    def black_row(self, draft: Draft) -> list[str]:
        return [draft.pieces[sq].kind if sq in draft.pieces else "" for sq in self.row_squares()]

    def arrange(self, draft: Draft, origin: str, target: str) -> Draft:
        """Swap two pieces of Black's row; returns the rules' new start position. Raises
        RulesError (the rules' reason) or ValueError (off the row) when it cannot be done."""
        squares = self.row_squares()
        if origin not in squares or target not in squares:
            raise ValueError(f"only Black's pieces on rank {self.black_rank} are arranged here")
        row = self.black_row(draft)
        i, j = squares.index(origin), squares.index(target)
        row[i], row[j] = row[j], row[i]
        order = self.order_of_row(row)
        arranged = self.draft(order)
        if self.black_row(arranged) != row:
            raise ValueError("the rules place Black's row differently from this arrangement")
        self.order = order
        return arranged

    def fixed_squares(self) -> frozenset[str]:
        """Squares of Black's row whose piece the rules never let move (the Bodyguards)."""
        return _fixed(self.variant, self.reading, tuple(sorted(self.base_options.items())))


@lru_cache(maxsize=16)
def _fixed(variant: str, reading: str, base: tuple[tuple[str, Any], ...]) -> frozenset[str]:
    # Fixed pieces never move, so the standard order shows where they stand in every order.
    # Asking the rules about every pair would build a rules object per pair; once one piece is
    # known to move, each other piece needs one try against it.
    arrangement = find(rules.variant(variant), dict(base))
    assert arrangement is not None
    arrangement.reading = reading
    row = arrangement.black_row(arrangement.draft())

    def allowed(i: int, j: int) -> bool:
        swapped = list(row)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        try:
            rules.make_rules(variant, arrangement.options(arrangement.order_of_row(swapped)))
        except rules.RulesError:
            return False
        return True

    n = len(row)
    movable: set[int] = set()
    fixed: set[int] = set()
    for i in range(n):
        if i in movable:
            continue
        partners = [j for j in range(n) if row[j] != row[i]]
        known = [j for j in partners if j in movable]
        if known:
            # The partner may move, so a refusal is about this piece.
            (movable if allowed(i, known[0]) else fixed).add(i)
            continue
        partner = next((j for j in partners if allowed(i, j)), None)
        if partner is None:
            fixed.add(i)
        else:
            movable.update((i, partner))
    squares = arrangement.row_squares()
    return frozenset(squares[i] for i in fixed)


def find(vdef: rules.VariantDef, options: dict[str, Any] | None = None) -> Arrangement | None:
    """The guided arrangement this variant offers, or None."""
    if ORDER_OPTION not in vdef.options or READING_OPTION not in vdef.options:
        return None
    for name, setup in vdef.setups.items():
        rank = setup.data.get("second_row")
        if setup.data.get("free_order") and isinstance(rank, int):
            base = dict(options or {})
            reading = str(base.get(READING_OPTION, vdef.options[READING_OPTION].default))
            # An order already chosen (a game from this setup) is where arranging starts.
            chosen = [w for w in re.split(r"[\s,]+", str(base.get(ORDER_OPTION, "") or "")) if w]
            return Arrangement(vdef.id, name, rank, vdef.ranks + 1 - rank, vdef.files, reading, base,
                               chosen if chosen and base.get("setup") == name else None)
    return None
