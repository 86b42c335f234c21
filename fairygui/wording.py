"""Words for moves in choosers, menus and the status bar, from the rules package's move data."""

from __future__ import annotations

from typing import Any

import rules
from rules import Move

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


def _capitalized(text: str) -> str:
    return text[0].upper() + text[1:] if text else text


def described_parts(described: dict[str, Any], vdef: rules.VariantDef | None) -> list[str]:
    """Words for what the rules package says a move does (merges, separations, Ferries)."""
    parts: list[str] = []
    merge = described.get("merge")
    if isinstance(merge, dict) and merge.get("result"):
        parts.append(f"merge into {piece_name(vdef, str(merge['result']))}")
    separate = described.get("separate")
    if isinstance(separate, dict) and separate.get("leaves"):
        text = f"{piece_name(vdef, str(separate['leaves']))} leaves"
        if separate.get("merges_with") and separate.get("arrives"):
            text += f" and forms {piece_name(vdef, str(separate['arrives']))}"
        if separate.get("stays"):
            text += f", {piece_name(vdef, str(separate['stays']))} stays"
        parts.append(text)
    send = described.get("ferry_send")
    if isinstance(send, dict) and send.get("to"):
        parts.append(f"send the Ferry to {send['to']}")
    if isinstance(described.get("ferry_carry"), dict):
        parts.append("carry the Ferry")
    gates = described.get("gates")
    if isinstance(gates, dict) and gates.get("piece"):
        parts.append(f"bring in the {piece_name(vdef, str(gates['piece']))} on {gates.get('square', '')}")
    return parts


def new_piece_kind(move: Move, described: dict[str, Any] | None, vdef: rules.VariantDef | None) -> str | None:
    """The piece a chooser entry should picture: the promotion, merge result or leaving part."""
    if move.promotion:
        return move.promotion
    described = described or {}
    merge = described.get("merge")
    if isinstance(merge, dict) and merge.get("result"):
        return str(merge["result"])
    gates = described.get("gates")
    if isinstance(gates, dict) and gates.get("piece"):
        return str(gates["piece"])
    separate = described.get("separate")
    if isinstance(separate, dict):
        kind = separate.get("arrives") if separate.get("merges_with") else separate.get("leaves")
        if kind:
            return str(kind)
    if vdef is not None and move.choice in vdef.pieces:
        return move.choice
    return None


def option_label(
    move: Move, alternatives: list[Move], vdef: rules.VariantDef | None, described: dict[str, Any] | None = None,
    mover: str | None = None,
) -> str:
    """How one of several moves to the same square differs from the others; ``mover`` is
    the moving piece's id."""
    parts: list[str] = []
    if move.kind == "normal" and mover and any(m.kind == "separate" for m in alternatives):
        parts.append(f"the whole {piece_name(vdef, mover)} moves")
    if move.promotion:
        parts.append(f"promote to {piece_name(vdef, move.promotion)}")
    told = described_parts(described or {}, vdef)
    parts.extend(told)
    if move.choice and not told:
        parts.append(choice_words(vdef, move.choice))
    if len({m.kind for m in alternatives}) > 1 and not told:
        parts.append(kind_words(move.kind))
    if len({frozenset(m.captures) for m in alternatives}) > 1:
        if not move.captures:
            parts.append("no capture")
        else:
            elsewhere = [sq for sq in move.captures if sq != move.destination]
            parts.append("capture on " + ", ".join(elsewhere or list(move.captures)))
    if not parts:  # nothing tells it apart in words the rules gave: say its kind and square
        parts.append(f"{kind_words(move.kind)} to {move.destination}")
    return _capitalized(", ".join(dict.fromkeys(parts)))


def action_label(move: Move, vdef: rules.VariantDef | None = None) -> str:
    """A switch's menu entry, e.g. "Hia off (f2)"."""
    words = choice_words(vdef, move.choice) if move.choice else kind_words(move.kind)
    words = words[0].upper() + words[1:] if words else "Switch"
    return f"{words} ({move.origin})"


def reason_sentence(text: str) -> str:
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."
