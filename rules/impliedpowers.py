"""Powers a variant's keys switch on without being listed in ``powers``.

A rule said by a key (``must_capture = true``, ``outcomes.check_limit = 3``) is carried out
by a power like any other; this table says which, so ``Rules`` makes them with the listed
powers and generic code never tests a key to change what it does."""

from __future__ import annotations

from .legs import EN_PASSANT
from .variant import VariantDef


def implied_powers(variant: VariantDef) -> list[str]:
    """The names of the powers this variant's keys switch on, in the order they run."""
    names: list[str] = []
    raw = variant.raw
    if variant.outcomes.check_limit:
        names.append("check-count")
    if raw.get("checks_allowed") is False:
        names.append("no-check-giving")
    if raw.get("must_capture") is True:
        names.append("must-capture")
    if variant.outcomes.counting is not None:
        names.append("counting")
    if any(leg.modes & EN_PASSANT for t in variant.pieces.values() for a in t.atoms for leg in a.legs):
        names.append("en-passant")  # XBetza's e: captures en passant need the rights it keeps
    return [n for n in names if n not in variant.powers]
