"""The keys of hands, drops, gating and promotion by move (issue 49), as plain data.

``rules/schema.py`` registers them (it owns the key types; this module imports nothing, so
the schema may read it without an import cycle). Each entry is ``(table path, name, kind,
default, doc, extras)`` where ``extras`` holds ``choices``, ``range`` or ``table``; each new
table is ``(path, doc, entry)`` with ``entry`` the spec of its keys in the same form, or None.
"""

from __future__ import annotations

from typing import Any

#: New tables: (path, doc, entry spec as (name, kind, default, doc, extras) or None).
HAND_TABLES: tuple[tuple[str, str, tuple[str, str, Any, str, dict[str, Any]] | None], ...] = (
    ("variant.data.drops.per_file", "Per piece id, how many unpromoted ones a side may have on one file.",
     ("<piece>", "integer", None, "The most of this kind one file may hold for a side (drops only).",
      {"range": (1, "ranks")})),
    ("variant.data.drops.faces", "Per piece id in the hand, the other kind it may be dropped as.",
     ("<piece>", "piece", None, "The other face this piece may be dropped with.", {})),
    ("variant.data.drops.regions", "Per piece id, a region it may be dropped in.",
     ("<piece>", "string", None, "A region (its side's squares) where this kind may be dropped.", {})),
    ("variant.data.gating", "Gating: a piece from the hand set down on the square a piece leaves.", None),
)

#: New keys: (table path, name, kind, default, doc, extras).
HAND_KEYS: tuple[tuple[str, str, str, Any, str, dict[str, Any]], ...] = (
    ("variant.data.drops", "from_captures", "boolean", True,
     "Captured pieces go to the capturer's hand; false: they leave the game (hands hold only what the setup gives).",
     {}),
    ("variant.data.drops", "per_file", "table", {},
     "Per piece id, how many unpromoted ones of a side one file may hold after a drop (one_per_file means 1).",
     {"table": "variant.data.drops.per_file"}),
    ("variant.data.drops", "faces", "table", {},
     "Per piece id, the other face it may be dropped with (kyoto shogi: a knight may come down as a gold).",
     {"table": "variant.data.drops.faces"}),
    ("variant.data.drops", "regions", "table", {},
     "Per piece id, the region where it may be dropped (with ranks too, both must allow the square).",
     {"table": "variant.data.drops.regions"}),
    ("variant.data.drops", "must_drop", "boolean", False,
     "A placement phase: while a side holds a piece it may drop, its moves are drops only.", {}),
    ("variant.data", "gating", "table", None,
     "Gating (the gating power): which hand pieces may be set down on a square a piece leaves.",
     {"table": "variant.data.gating"}),
    ("variant.data.gating", "pieces", "pieces", [],
     "Ids of the hand pieces that may be gated (default: every kind).", {}),
    ("variant.data.gating", "ranks", "integers", [1],
     "Ranks (from each side) whose pieces at the start stand on gates, open until the piece moves.",
     {"range": (1, "ranks")}),
    ("variant.promotion", "compulsory_trigger", "string", "arrive",
     "When promotion is compulsory: on arriving in the compulsory zone, or on every move into, within or "
     "out of it.", {"choices": ("arrive", "enter-or-leave")}),
    ("variant.promotion", "black_choices", "pieces", None,
     "Black's promotion choices where they differ from choices (per-side armies).", {}),
)
