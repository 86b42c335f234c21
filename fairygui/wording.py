"""Words for moves in choosers, menus and the status bar, from the rules package's move data."""

from __future__ import annotations

import rules
from rules import Move

from .facts import target_of

KIND_WORDS = {
    "normal": "plain move",
    "en-passant": "en passant",
    "castle": "castle",
    "rifle": "rifle shot",
    "locust": "locust jump",
    "withdrawal": "withdraw",
    "swap": "swap places",
    "pocket-enter": "into the Pocket",
    "pocket-leave": "out of the Pocket",
    "merge": "merge",
    "separate": "separate",
    "ferry-carry": "carry the Ferry",
    "ferry-send": "send the Ferry",
}


def piece_name(vdef: rules.VariantDef | None, kind: str) -> str:
    ptype = vdef.pieces.get(kind) if vdef is not None else None
    return ptype.name if ptype is not None else kind.replace("-", " ")


def choice_words(vdef: rules.VariantDef | None, choice: str) -> str:
    """A move's ``/choice`` in words: a piece's name if it names a piece, else the word itself."""
    if vdef is not None and choice in vdef.pieces:
        return vdef.pieces[choice].name
    return choice.replace("-", " ")


def kind_words(kind: str) -> str:
    return KIND_WORDS.get(kind, kind.replace("-", " "))


def option_label(move: Move, alternatives: list[Move], vdef: rules.VariantDef | None) -> str:
    """How one of several moves to the same square differs from the others."""
    parts: list[str] = []
    if move.promotion:
        parts.append(f"promote to {piece_name(vdef, move.promotion)}")
    if move.choice:
        parts.append(choice_words(vdef, move.choice))
    if len({m.kind for m in alternatives}) > 1:
        parts.append(kind_words(move.kind))
    if len({frozenset(m.captures) for m in alternatives}) > 1:
        target = target_of(move)
        if not move.captures:
            parts.append("no capture")
        else:
            elsewhere = [sq for sq in move.captures if sq != target]
            where = elsewhere or list(move.captures)
            parts.append("capture on " + ", ".join(where))
    if not parts:
        parts.append(str(move))
    text = ", ".join(dict.fromkeys(parts))
    return text[0].upper() + text[1:]


def action_label(move: Move, vdef: rules.VariantDef | None = None) -> str:
    """A switch's menu entry, e.g. "Hia off (f2)"."""
    words = choice_words(vdef, move.choice) if move.choice else kind_words(move.kind)
    words = words[0].upper() + words[1:] if words else str(move)
    return f"{words} ({move.origin})"


def reason_sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
