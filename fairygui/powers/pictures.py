"""Power overlays for pictures without a window: ``--render ... --overlays NAME[,NAME]``."""

from __future__ import annotations

from collections.abc import Iterable

from rules import Game

from ..board.overlays import OverlayStack
from ..render import diagram_overlays
from .facts import PowerFacts
from .layers import TOGGLE_NAMES, power_layers
from .loans import LoanFocusLayer, focus_at


def overlay_names(text: str) -> list[str]:
    """Names from a comma-separated list ("all" for every one); ValueError names any unknown one."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    if "all" in names:
        return list(TOGGLE_NAMES)
    unknown = [name for name in names if name not in TOGGLE_NAMES]
    if unknown:
        raise ValueError(f"unknown overlay {', '.join(map(repr, unknown))}; choose from {', '.join(TOGGLE_NAMES)} "
                         "or all")
    return names


def picture_overlays(game: Game, names: Iterable[str], focus: str | None = None) -> OverlayStack:
    """The diagram's usual layers plus the named power layers, filled from ``game``; with
    ``focus`` (a square) and the borrowings shown, that piece's loans in focus as in the window."""
    wanted = set(names)
    stack = diagram_overlays()
    facts = PowerFacts(game)
    for layer in power_layers():
        if layer.toggle in wanted:
            layer.load(facts)
            stack.add(layer)
    if focus is not None and "borrowing" in wanted:
        layer = LoanFocusLayer()
        layer.focus = focus_at(facts.explained(), focus)
        stack.add(layer)
    return stack
