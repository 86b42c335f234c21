"""Starting forms: which form each two-form family starts in.

Variant data (``[variant.<id>.data.starting_forms]``): ``option``, a game option
whose value names one form per family joined by hyphens (``rook-knight-falcon``),
and ``black_opposite``, a game option under which Black starts every family in
the other form (antisynchronous play). A family the value does not name keeps the
form the setup gives it, for White; Black mirrors White's choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..datafields import variant_fields
from ..pieces import Piece
from ..placement import parse_piece_tokens, piece_token
from . import Power, register
from .polypieces import Families

if TYPE_CHECKING:
    from ..ruleset import Rules


@register("starting-forms")
class StartingForms(Power):
    description = "The two-form pieces start in the forms chosen for the game."

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.families = Families(rules)
        data = variant_fields(rules.variant, "data.starting_forms")
        chosen = str(rules.options.get(data.option_name("option"), ""))
        self.chosen: dict[str, str] = {}
        # Piece ids may contain hyphens themselves, so match whole ids greedily.
        kinds = sorted(self.families.by_kind, key=len, reverse=True)
        rest = chosen
        while rest:
            found = next((k for k in kinds if rest == k or rest.startswith(k + "-")), None)
            if found is None:
                break
            self.chosen[self.families.by_kind[found].name] = found
            rest = rest[len(found) + 1:]
        self.black_opposite = bool(rules.options.get(data.option_name("black_opposite"), False))

    def _form(self, p: Piece) -> str:
        family = self.families.by_kind.get(p.kind)
        if family is None:
            return p.kind
        white_form = self.chosen.get(family.name)
        if white_form is None:
            # The setup's form is White's form; Black's pieces name the same form.
            white_form = p.kind
        if p.color == 1 and self.black_opposite:
            return family.other(white_form)
        return white_form

    def start_placement(self, placement: str) -> str:
        rows = []
        for i, row in enumerate(placement.split("/")):
            text = ""
            for item in parse_piece_tokens(self.rules, row, f"setup row {i + 1}"):
                if isinstance(item, int):
                    text += str(item)
                    continue
                p = item[0]
                text += piece_token(self.rules, p.replace(kind=self._form(p)))
            rows.append(text)
        return "/".join(rows)

