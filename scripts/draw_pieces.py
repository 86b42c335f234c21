"""Generate the chess-piece artwork in ``resources/pieces/``.

Every drawing is hand-written SVG path data in a 100 x 100 view box. The
output is deterministic, so the generated files can be committed and
regenerated at will::

    python scripts/draw_pieces.py                 # write resources/pieces/*.svg
    python scripts/draw_pieces.py --sheet docs/img/pieces-sheet.png
    python scripts/draw_pieces.py --sheet big.png --size 120

Writing the SVGs needs only the standard library; ``--sheet`` renders a
contact sheet with PySide6 (``QT_QPA_PLATFORM=offscreen`` is set for you).

Style: bold outlined silhouette standing on a shared round pedestal,
outline stroke 4 units. White pieces are cream with a near-black outline
and dark details; Black pieces are charcoal with light inner details.
Fairy pieces are a silhouette plus an emblem; riders carry a shaded
"echo" copy of their parent behind them.

The drawings live in the ``pieceart`` package next to this script (see its
``__init__`` for the module map); this file only parses the options and
writes the files. To add a piece, draw it in the module of its family and
name it in ``pieceart/table.py``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

# Python puts this script's folder first on sys.path, so pieceart imports as a top-level package.
from pieceart.sheet import make_sheet
from pieceart.table import write_svgs

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "resources" / "pieces"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Generate the chess-piece SVG artwork.")
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="SVG output directory")
    ap.add_argument("--sheet", type=Path, help="also render a contact sheet PNG")
    ap.add_argument("--size", type=int, default=40, help="square size on the sheet")
    args = ap.parse_args(argv)
    written = write_svgs(args.out)
    print(f"wrote {len(written)} SVG files to {args.out}")
    if args.sheet is not None:
        make_sheet(args.sheet, args.size, args.out)
        print(f"wrote {args.sheet}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
