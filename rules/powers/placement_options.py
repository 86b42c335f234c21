"""Game options that move one kind of piece in the start array.

Variant data (``[variant.<id>.data.placement-options]``) maps an option name to a
piece (``golddragon_squares = "white golddragon"``). The option's value lists
squares joined by ``-`` (``"b1-g1"``); every piece of that colour and kind in
the chosen setup is taken off and one is put on each listed square.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import short_repr, variant_fields
from ..errors import SetupError, VariantFileError
from ..pieces import color_index, piece
from ..placement import parse_placement, placement_text
from . import Power, register

if TYPE_CHECKING:
    from ..pieces import Piece
    from ..ruleset import Rules


@register("placement-options")
class PlacementOptions(Power):
    description = "Options choose where some pieces start."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        variant = rules.variant
        geo = rules.geo
        self.specs: list[tuple[str, int, str]] = []
        problems: list[tuple[int | None, str]] = []
        for option, text in variant_fields(variant, "data").table_of(self.name, str).items():
            words = text.split()
            opt = variant.options.get(option)
            if opt is None:
                problems.append((None, f"data.{self.name}: no option named {short_repr(option)}"))
                continue
            if len(words) != 2 or words[0] not in ("white", "black") or words[1] not in rules.types:
                problems.append(
                    (None, f"data.{self.name}.{option}: {short_repr(text)} must be a colour and a piece id")
                )
                continue
            for choice in opt.choices:
                bad = [s for s in str(choice).split("-") if s not in geo.index or not geo.is_board(geo.index[s])]
                if bad:
                    problems.append(
                        (None, f"option {option!r} choice {short_repr(choice)} names unknown squares {bad[:3]}")
                    )
            self.specs.append((option, color_index(words[0]), words[1]))
        if problems:
            raise VariantFileError(variant.source, problems)

    def start_placement(self, placement: str) -> str:
        if not self.specs:
            return placement
        rules = self.rules
        geo = rules.geo
        board: dict[int, Piece] = {sq: p for sq, (p, _) in parse_placement(rules, placement).items()}
        for option, color, kind in self.specs:
            board = {sq: p for sq, p in board.items() if (p.color, p.kind) != (color, kind)}
            for name in str(rules.options[option]).split("-"):
                sq = geo.index[name]
                if sq in board:
                    raise SetupError(f"option {option}={rules.options[option]}: {name} already holds the {board[sq]}")
                board[sq] = piece(color, kind, False, (), rules.types[kind].components)
        return placement_text(self.rules, board.get)
