"""``setup`` and ``piece`` for variants XBoard does not know, as the CECP specification (protocol 2,
XBoard 4.8) describes them, checked on the lines our xboard mode sends to a scripted GUI."""

from __future__ import annotations

from .cecp_gui import CecpGui

FRIENDLY_TABLE = "PNBRQFEACWMOHIJGDVLSUTX.pnbrqfeacwmohijgdvlsutx."
# Friendly's five two-letter pawns get free letters of their names: Berolina R, Chicken W,
# Mecklenbeck Q, Patient U, Scorpion V (K stays XBoard's King, which Friendly has none of).
FRIENDLY_START = ("tmdcffffcdmt/joelaggsbxih/qprwuvvuwrpq/12/12/12/12/12/12/QPRWUVVUWRPQ/HIXBSGGALEOJ/"
                  "TMDCFFFFCDMT w - - 0 1")


def _variant_lines(gui: CecpGui, name: str) -> list[str]:
    gui.send("new")
    gui.send(f"variant {name}")
    return gui.sync()


def test_friendly_is_set_up_on_twelve_by_twelve():
    gui = CecpGui()
    lines = _variant_lines(gui, "friendly")
    assert lines[0] == f"setup ({FRIENDLY_TABLE}) 12x12+0_fairy {FRIENDLY_START}"
    pieces = set(lines[1:])
    # Plain pieces are described; a rider's doubled atom is XBoard's "0"; a Midnighter's (2,5)
    # leaps and the pieces with powers (Archer's rifle, Ghost's locust...) are not.
    assert {"piece C& BC", "piece D& A0D0mK", "piece L& Q6", "piece R& fmFfcWifmnA",
            "piece P& fmWfcFifmnD"} <= pieces
    assert not any(line.startswith(("piece M&", "piece A&", "piece O&", "piece F&")) for line in pieces)
    assert all(line.startswith("piece ") for line in lines[1:])
    # XBoard sends the start back in those letters (to the second engine): it is our start.
    gui.send(f"setboard {FRIENDLY_START}")
    gui.send("sd 1")
    gui.send("go")
    reply, after = gui.engine_move()
    assert reply[0] in "abcdefghijkl" and not any(line.startswith("Error") for line in after)
    assert gui.close() == 0


def test_pocket43_and_blender_tables():
    gui = CecpGui()
    assert _variant_lines(gui, "pocket43")[:2] == [
        "setup (PNBR.FEA.WKpnbr.fea.wk) 7x6+0_fairy fnbkbnf/ppppppp/7/7/PPPPPPP/FNBKBNF w - - 0 1",
        "piece K& K",
    ]
    blender = _variant_lines(gui, "blender")
    # Blender's "[original]" queen mark is ours alone; XBoard gets the plain position, and a
    # setboard of that start gives the mark back (the engine plays from it without a word).
    assert blender[0] == ("setup (PNBRQ..AC.MKpnbrq..ac.mk) 8x8+0_fairy "
                          "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert "piece N& N" in blender and not any(line.startswith("piece Q&") for line in blender)
    gui.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    assert gui.sync() == []
    # XBoard's own variants are never set up.
    assert _variant_lines(gui, "xiangqi") == [] and _variant_lines(gui, "3check") == []
    assert gui.close() == 0
