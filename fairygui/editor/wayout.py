"""Options that block each other, and the one click that gets a player out.

Some options constrain others: Friendly's Second row order (Black's own order for Alternate
Setup #1) makes every other setup refused. When the rules refuse a choice, the setup editor
and the New game dialog ask here which other option stands in the way: the first one whose
reset to its default makes the rules accept the choice. They then show the refusal where the
option is chosen, with a button that resets the blocking option and makes the choice, so no
field jumps back without a word and no player has to guess what blocks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import rules

from ..wording import choice_words


def option_label(name: str) -> str:
    """An option as its field is labelled (``second_row_order`` is "Second row order")."""
    return name.replace("_", " ").capitalize()


def value_words(vdef: rules.VariantDef, value: Any) -> str:
    """An option's value as a player reads it: on/off, piece names for piece ids, the text
    itself otherwise (setup names are shown as their choices are)."""
    if isinstance(value, bool):
        return "on" if value else "off"
    text = str(value)
    if "," in text:
        return ", ".join(choice_words(vdef, part.strip()) for part in text.split(",") if part.strip())
    return text or "empty"


@dataclass(frozen=True)
class WayOut:
    """Reset ``blocker`` to its default, and the refused choice is accepted."""

    blocker: str
    reason: str

    def button_text(self, wanted: str) -> str:
        return f"Clear {option_label(self.blocker)} and choose {wanted}"


def way_out(vdef: rules.VariantDef, options: dict[str, Any], changed: str | None,
            accepts: Callable[[dict[str, Any]], object]) -> WayOut | None:
    """The option (other than ``changed``) whose reset makes ``accepts`` succeed on
    ``options``; None when ``accepts`` succeeds as it is or no single reset helps.
    ``accepts`` raises RulesError with the rules' reason when it refuses."""
    try:
        accepts(dict(options))
        return None
    except rules.RulesError as exc:
        reason = str(exc)
    # Free-text options are the ones nobody sees in a drop-down: try them first.
    others = sorted((k for k in options if k != changed and k in vdef.options),
                    key=lambda k: (not vdef.options[k].free_text, k))
    for name in others:
        trial = {k: v for k, v in options.items() if k != name}
        try:
            accepts(trial)
        except rules.RulesError:
            continue
        return WayOut(name, reason)
    return None
