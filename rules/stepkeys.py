"""The keys of promotion as a move of its own (the step-promotion power: Sittuyin), as plain data.

``rules/schema.py`` registers them, as it does ``rules/handkeys.py``'s: this module imports
nothing. Each key is ``(name, kind, default, doc, extras)``.
"""

from __future__ import annotations

from typing import Any

STEP_PROMOTION_TABLE = "variant.data.step-promotion"
STEP_PROMOTION_DOC = "Promotion as a move of its own, in place or by a step (the step-promotion power: Sittuyin)."
STEP_PROMOTION_KEYS: tuple[tuple[str, str, Any, str, dict[str, Any]], ...] = (
    ("pieces", "pieces", [], "The pieces (pawns) that may promote so.", {}),
    ("to", "piece", None, "The kind they become, where they stand or after one of its own moves to an empty square.",
     {}),
    ("region", "string", None, "A region where the pawn must stand to promote, unless it is its side's only pawn.",
     {}),
    ("limit", "integer", 1, "Offered only while the side has fewer of the promoted kind than this.",
     {"range": (1, 64)}),
    ("no_attack", "boolean", True, "The promoted piece may not land where it attacks an enemy piece.", {}),
)

BIKJANG_TABLE = "variant.data.bikjang"
BIKJANG_DOC = "Janggi's facing generals and the material count that ends a game by bikjang or two passes."
BIKJANG_KEYS: tuple[tuple[str, str, Any, str, dict[str, Any]], ...] = (
    ("values", "table", {}, "Per piece id, its value in the material count (pieces not listed count 0).",
     {"table": "variant.data.bikjang.values"}),
    ("second_side_bonus", "number", 0, "Added to the second side's material count (Janggi's Han: 1.5).", {}),
)
BIKJANG_VALUES_DOC = "Per piece id, its value in the material count."
BIKJANG_VALUE_ENTRY: tuple[str, str, Any, str, dict[str, Any]] = (
    "<piece>", "number", None, "The value of this kind in the material count.", {})
