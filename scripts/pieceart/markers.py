"""Neutral markers drawn under or instead of a piece: the ferry and the pocket pouch.

They belong to neither side, so they use fixed colours and raw paths rather than a Pen.
"""

from __future__ import annotations

from .svg import raw, svg_doc


def ferry_svg() -> str:
    """A low teal hull with a wooden gunwale, drawn under a piece."""
    edge, plank = "#123c39", "#1a5f5a"
    return svg_doc(
        [
            raw(
                "M5 70 H95 C93 80 88 88 80 92 H20 C12 88 7 80 5 70 Z",
                "#2c8a84",
                edge,
                "3",
            ),
            raw("M12 80 H88 M17 87 H83", "none", plank, "2.5"),
            raw("M30 73 V90 M50 73 V92 M70 73 V90", "none", plank, "2"),
            raw("M3 66 H97 V72 H3 Z", "#b07a43", edge, "3"),
        ]
    )


def pocket_svg() -> str:
    """A drawstring pouch for an off-board (pocket) square."""
    ink = "#3b2d1e"
    return svg_doc(
        [
            raw(
                "M30 34 C16 46 14 76 30 84 C42 90 58 90 70 84 C86 76 84 46 70 34 Z",
                "#b59a74",
                ink,
                "4",
            ),
            raw(
                "M30 34 C28 26 34 20 40 24 C44 20 56 20 60 24 C66 20 72 26 70 34 Z",
                "#c9b08a",
                ink,
                "4",
            ),
            raw("M32 36 C44 40 56 40 68 36", "none", ink, "3"),
            raw("M50 39 C46 46 40 48 36 46 M50 39 C54 46 60 48 64 46", "none", ink, "3"),
            raw("M32 62 C44 68 56 68 68 62", "none", "#8c7352", "3"),
        ]
    )
