"""Panels speak words: after a few seeded legal moves of every variant, no panel, tooltip,
status text or rules window shows program data (braces, brackets, quoted strings, Python
values, module or exception names, move texts standing in for words)."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtWidgets import QAbstractButton, QComboBox, QDockWidget, QLabel

import rules

#: What program data looks like in a sentence, with the name a failure reports.
PROGRAM_DATA = {
    "a brace": re.compile(r"[{}]"),
    "a bracket": re.compile(r"[\[\]]"),
    "a quoted string": re.compile(r"(?<![\w])'[^']*'(?![\w])"),
    "a Python value": re.compile(r"\bNone\b|\bTrue\b|\bFalse\b|\w+\(\w+=|\bdict\b"),
    "a module path": re.compile(r"\brules[./]\w|\bfairygui\b|\.py\b"),
    "an exception name": re.compile(r"\w*Error\b|\bException\b|\braises\b"),
    # b1c3/knight, f2/hia-off, e2g4/swap, b1d3xf5, e5d6xd5, e7e8=queen
    "a raw move text": re.compile(r"\b[a-z]\d{1,2}(?:[a-z]\d{1,2})?(?:/[a-z>-]+|(?:x[a-z]\d{1,2})+|=[a-z-]+)"),
}
#: Notation has its own brackets (the Betza line; move list cells are move notation).
NOTATION_KINDS = ("a brace", "a bracket", "a raw move text")


def visible(text: str) -> str:
    """What a label shows: rich text without its markup."""
    if re.search(r"<\w+[^>]*>", text):
        document = QTextDocument()
        document.setHtml(text)
        return document.toPlainText()
    return text


def program_data(text: str, notation: bool = False) -> list[str]:
    text = visible(text)
    return [kind for kind, pattern in PROGRAM_DATA.items()
            if not (notation and kind in NOTATION_KINDS) and pattern.search(text)]


def test_the_patterns_catch_what_the_panels_used_to_show():
    old = "White Queen d4 is Bishop + Rook; may release {'leaves': 'knight', 'moves': ['b1c3/knight']}"
    assert {"a brace", "a bracket", "a quoted string", "a raw move text"} <= set(program_data(old))
    assert program_data("Dragon b1's breath (b1d3xf5) would burn the black Knight f5") == ["a raw move text"]
    assert program_data("the hia explanation could not be read (KeyError: 'square')") == [
        "a quoted string", "an exception name"]
    assert "a module path" in program_data("Variant file: rules/variants/blender.toml")
    words = ("Bishop and Rook: White Bishop c1, e1 (to Rook) change form when the family flips; "
             "Dragon b1 would burn the black Knight f5 with its breath by moving to d3; Blender 100's array")
    assert program_data(words) == []


def play_seeded(controller, seed: int, plies: int) -> None:
    chooser = random.Random(seed)
    for _ in range(plies):
        game = controller.game
        if game.result is not None:
            return
        moves = sorted(game.legal_moves() + game.legal_actions(), key=str)
        assert controller.play(chooser.choice(moves))


def texts_of(window) -> list[tuple[str, str, bool]]:
    """(where, text, is notation) for every text the window's panels, docks, status bar and
    commands show, tooltips included."""
    found: list[tuple[str, str, bool]] = []
    panel = window.powers.piece_panel
    for label in window.findChildren(QLabel):
        found.append((f"label {label.objectName() or type(label.parent()).__name__}", label.text(),
                      label is panel.betza))
        found.append(("label tooltip", label.toolTip(), False))
    for action in window.findChildren(QAction):
        for text in (action.text(), action.toolTip(), action.statusTip()):
            found.append(("command", text, False))
    for button in window.findChildren(QAbstractButton):
        found.append(("button", button.text(), False))
        found.append(("button tooltip", button.toolTip(), False))
    for combo in window.findChildren(QComboBox):
        found.append(("list tooltip", combo.toolTip(), False))
        found += [("list entry", combo.itemText(i), False) for i in range(combo.count())]
    for dock in window.findChildren(QDockWidget):
        found.append(("dock title", dock.windowTitle(), False))
    for item in window.powers.panel._all_items():
        found.append(("powers panel", item.text(0), False))
        found.append(("powers panel tooltip", item.toolTip(0), False))
    table = window.move_list
    for r in range(table.rowCount()):
        for c in range(table.columnCount()):
            item = table.item(r, c)
            if item is not None:
                found.append(("move list", item.text(), True))
                found.append(("move list tooltip", item.toolTip(), False))
    found.append(("status bar", window.statusBar().currentMessage(), False))
    return found


def hover_every_piece(window) -> list[tuple[str, str, bool]]:
    """The status bar's and the piece panel's words for every piece on the board, hovered."""
    found = []
    panel = window.powers.piece_panel
    for square in sorted(window.board.snapshot.pieces):
        window.powers.hover_over(square)
        found.append((f"hover {square}", window.statusBar().currentMessage(), False))
        found.append((f"piece panel {square}", panel.here.text(), False))
    window.powers.hover_over(None)
    return found


def every_piece_in_the_panel(window) -> list[tuple[str, str, bool]]:
    panel = window.powers.piece_panel
    found = []
    for row in range(panel.chooser.count()):
        panel.chooser.setCurrentIndex(row)
        panel._chosen(row)
        for label in (panel.title, panel.description, panel.powers, panel.note):
            found.append((f"piece panel {panel.kind}", label.text(), False))
        found.append((f"piece panel {panel.kind} Betza", panel.betza.text(), True))
    return found


def rules_window_text(window) -> str:
    dialog = window.show_rules()
    try:
        return dialog.browser.toPlainText()
    finally:
        dialog.close()


def assert_words(found: list[tuple[str, str, bool]], variant: str) -> None:
    faults = [f"{where}: {kinds} in {text!r}" for where, text, notation in found
              if text and (kinds := program_data(text, notation))]
    assert not faults, f"{variant}: program data shown:\n" + "\n".join(faults[:20])


def walk(window, variant: str) -> None:
    for dock in window.findChildren(QDockWidget):
        dock.show()
        dock.raise_()
    found = texts_of(window) + hover_every_piece(window) + every_piece_in_the_panel(window)
    assert_words(found, variant)
    page = rules_window_text(window)
    assert page.strip()
    for developer in ("Explanation data", "Data for the app", "Variant data", "Variant file:"):
        assert developer not in page, f"{variant}: the rules window shows the developer text {developer!r}"
    for kind in ("a module path", "an exception name"):
        match = PROGRAM_DATA[kind].search(page)
        assert match is None, f"{variant}: the rules window shows {kind}: " \
                              f"{page[max(0, match.start() - 80):match.end() + 80]!r}"


@pytest.mark.parametrize("variant", rules.variant_ids())
def test_every_variant_speaks_words_after_a_few_moves(make_window, variant):
    window = make_window(variant)
    play_seeded(window.controller, seed=sum(map(ord, variant)), plies=5)
    walk(window, variant)


def test_blender_after_a_merge_names_the_parts_a_compound_may_release(make_window):
    window = make_window("blender")
    c = window.controller
    for text in ("a1b1", "g8f6", "e2e3", "b8c6"):  # the Rook merges with the Knight: a Chancellor b1
        assert c.play_text(text), text
    assert c.game.piece_at("b1").kind == "chancellor"
    lines = window.powers.panel.lines()
    compound = next(line for line in lines if line.startswith("White Chancellor b1"))
    assert "it may release the Knight to " in compound and "(the Rook stays), or the Rook to " in compound
    moves = c.game.legal_moves()
    board = c.game.board()
    for part, other in (("knight", "Rook"), ("rook", "Knight")):  # each part's squares, as the rules give them
        squares = sorted({m.destination for m in moves if m.kind == "separate" and m.choice == part})
        assert squares
        said = compound.split(f"the {part.capitalize()} to ")[1].split(f" (the {other} stays)")[0]
        # A part that goes onto an own piece merges with it: named apart, not as a square to move to.
        moved, _, merging = said.partition(", or onto ")
        assert sorted(moved.replace(" or ", ", ").split(", ")) == [sq for sq in squares if sq not in board]
        assert all(f"{sq}" in merging for sq in squares if sq in board)
    assert "or onto the Bishop c1 (merging)" in compound  # the Rook joins the Bishop: a merge, not a move
    walk(window, "blender")


def test_a_compound_of_the_side_not_to_move_waits_for_its_turn(make_window):
    """Issue 51: the panel said "may release the Knight (no square to go to now)" when it was
    only not that side's turn."""
    window = make_window("blender")
    c = window.controller
    assert c.play_text("a1b1")  # White's Chancellor b1; Black to move
    compound = next(line for line in window.powers.panel.lines() if line.startswith("White Chancellor b1"))
    assert "no square to go to now" not in compound
    assert compound.endswith("(on White's turn)")


def test_pocket43_flip_lines_come_one_per_family(make_window):
    window = make_window("pocket43")
    c = window.controller
    flipping = next(m for m in c.game.legal_moves() if c.game.describe_move(m).get("flips"))
    assert c.play(flipping)
    families = c.game.explain()["polypiece-flip"]["families"]
    lines = [line for line in window.powers.panel.lines() if "when the family flips" in line
             or "stay as they are" in line]
    assert len(lines) == len(families) == 3
    pieces = c.game.explain()["polypiece-flip"]["pieces"]
    for record in pieces:  # every polypiece is named, on its family's line
        family = families[record["family"]]
        line = next(line for line in lines if all(rules.variant("pocket43").pieces[k].name in line for k in family))
        assert record["square"] in line
    walk(window, "pocket43")
