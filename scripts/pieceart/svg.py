"""SVG text helpers: number formatting, raw paths, groups, transforms and the document frame.

Everything here works on strings only (no palette), so the pen, the shared parts and the
markers can all build on it without importing each other.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable


def num(v: float) -> str:
    """Format a coordinate compactly and deterministically."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def raw(d: str, fill: str, stroke: str, width: str) -> str:
    """A path with explicit colours."""
    return f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'


def group(parts: Iterable[str], transform: str) -> str:
    return f'<g transform="{transform}">' + "".join(parts) + "</g>"


def scale_about(s: float, cx: float = 50.0, by: float = 90.0) -> str:
    """Transform scaling by ``s`` about the point (cx, by)."""
    return f"translate({num(cx - s * cx)} {num(by - s * by)}) scale({num(s)})"


def mirror(d: str) -> str:
    """Mirror absolute path data about x = 50 (only M L H V C Q Z A)."""
    out: list[str] = []
    tokens = re.findall(r"[A-Za-z]|-?\d*\.?\d+", d)
    cmd = ""
    idx = 0  # index of the coordinate within the current command
    for tok in tokens:
        if tok[0].isalpha():
            cmd = tok
            idx = 0
            out.append(tok)
            continue
        v = float(tok)
        if cmd == "H":
            v = 100 - v
        elif cmd == "A":
            # rx ry rot large sweep x y
            pos = idx % 7
            if pos == 4:
                v = 1 - v
            elif pos == 5:
                v = 100 - v
        elif cmd != "V" and idx % 2 == 0:
            v = 100 - v
        idx += 1
        out.append(num(v))
    return " ".join(out)


def star_points(cx: float, cy: float, r1: float, r2: float, n: int, rot: float = -90.0) -> str:
    pts: list[str] = []
    for i in range(2 * n):
        r = r1 if i % 2 == 0 else r2
        a = math.radians(rot + i * 180.0 / n)
        pts.append(f"{num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}")
    return "M" + " L".join(pts) + " Z"


def rotate_pts(pts: list[tuple[float, float]], deg: float, cx: float, cy: float) -> str:
    a = math.radians(deg)
    c, s = math.cos(a), math.sin(a)
    out = []
    for x, y in pts:
        out.append(f"{num(cx + x * c - y * s)} {num(cy + x * s + y * c)}")
    return "M" + " L".join(out) + " Z"


def svg_doc(parts: Iterable[str]) -> str:
    body = "".join(parts)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" '
        'width="100" height="100">'
        f'<g stroke-linejoin="round" stroke-linecap="round">{body}</g></svg>\n'
    )
