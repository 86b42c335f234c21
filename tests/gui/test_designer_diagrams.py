"""The designer's move diagrams for built-in variants: every piece of a variant whose powers
read options and data (Pocket Polypiece Chess, Flight and Ferry) gets its diagram from the
rules, and a piece with no Betza of its own (the Friend) is not a fault."""

from __future__ import annotations

import pytest

from fairygui.designer.diagram import draft_diagram
from fairygui.designer.fields import BetzaEditor
from fairygui.powers.facts import piece_diagram
from rules.catalogue import catalogue
from rules.schema import key


@pytest.mark.parametrize("vid", ["pocket43", "flight-and-ferry", "chess"])
def test_every_piece_of_a_builtin_variant_has_a_diagram(vid):
    merged = catalogue().merged_table(vid)
    for kind in merged["pieces"]:
        result = draft_diagram(merged, kind)
        assert result.error == "" and result.diagram is not None, (kind, result.error)


@pytest.mark.parametrize(("vid", "kind"), [("flight-and-ferry", "queen"), ("flight-and-ferry", "golddragon"),
                                         ("pocket43", "windmill"), ("friendly", "caliph")])
def test_a_draft_diagram_is_the_piece_panel_diagram_of_the_same_variant(vid, kind):
    """Two roads to the same rules: the designer's (an unsaved table) and the piece panel's
    (the catalogue's variant) give the same squares."""
    ours = draft_diagram(catalogue().merged_table(vid), kind).diagram
    theirs = piece_diagram(vid, {}, kind)
    assert ours is not None and ours.square == theirs.square
    assert set(ours.marks) == set(theirs.marks) and ours.attacks == theirs.attacks
    assert set(ours.snapshot.pieces) == {ours.square}  # alone: no piece a power adds to a start array


def test_a_piece_without_betza_is_no_fault(qtbot):
    merged = catalogue().merged_table("friendly")
    result = draft_diagram(merged, "friend")
    assert result.error == "" and result.diagram is not None
    spec = key("variant.pieces.<piece>", "betza")
    assert spec is not None
    editor = BetzaEditor(spec)
    qtbot.addWidget(editor)
    editor.show_value("")
    assert editor.field.line.error_position is None and editor.field.message.isHidden()


def test_first_moves_are_marked_apart():
    """The chess pawn stands on d2: d3 always, d4 only as its first move; c3 and e3 captures only."""
    result = draft_diagram(catalogue().merged_table("chess"), "pawn")
    assert result.diagram is not None and result.diagram.square == "d2"
    assert set(result.diagram.marks) == {"d3", "d4"}
    assert result.first_moves == {"d4"}
    assert result.diagram.captures_only() == {"c3", "e3"}


def test_a_hopper_gets_hurdles_and_its_hops_show():
    """A cannon (mRpcR) on d4 with hurdles two squares out: it moves up to the hurdles and
    captures only beyond them, on every square of the line past the hurdle."""
    table = catalogue().merged_table("chess")
    table["pieces"]["cannon"] = {"letter": "X", "betza": "mRpcR"}
    result = draft_diagram(table, "cannon")
    assert result.diagram is not None and result.diagram.square == "d4"
    assert result.hurdles == {"d6", "d2", "b4", "f4"}
    assert set(result.diagram.marks) == {"d5", "d3", "c4", "e4"}
    assert result.diagram.captures_only() == {"d7", "d8", "d1", "a4", "g4", "h4"}
