"""The designer draws XBetza moves from the rules (issue 49): the Betza field accepts them,
underlines what the rules cannot read, and the move diagram shows the piece's squares."""

from __future__ import annotations

from designing import add_piece, new_designer, piece_editor, type_into

from fairygui.designer.diagram import draft_diagram
from fairygui.designer.fields import BetzaEditor
from rules.catalogue import catalogue
from rules.schema import key


def diagram_of(betza: str):
    table = catalogue().merged_table("chess")
    table["pieces"]["newcomer"] = {"letter": "X", "betza": betza}
    return draft_diagram(table, "newcomer")


def test_the_mao_is_drawn_on_the_knight_s_squares():
    # afsW on d4 of an empty board: a W step then a half turn, the eight Knight squares.
    result = diagram_of("afsW")
    assert result.error == "" and result.diagram is not None and result.diagram.square == "d4"
    assert set(result.diagram.marks) == {"b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"}


def test_the_griffon_is_drawn_with_its_bent_slides():
    # FyafsF on d4: the four F squares and the rook slides outward from each (24 squares).
    result = diagram_of("FyafsF")
    assert result.diagram is not None
    marks = set(result.diagram.marks)
    assert len(marks) == 24 and {"c3", "h5", "e8", "a3", "c1"} <= marks


def test_a_multi_leg_cannon_gets_hurdles_and_captures_beyond_them():
    # pafcR: to a piece (the hurdle), then on to capture. Hurdles two squares out: nothing to
    # move to, captures on every square past a hurdle.
    result = diagram_of("pafcR")
    assert result.diagram is not None and result.hurdles == {"d6", "d2", "b4", "f4"}
    assert set(result.diagram.marks) == set()
    assert result.diagram.captures_only() == {"d7", "d8", "d1", "a4", "g4", "h4"}


def test_a_zig_zag_in_legs_is_drawn_on_the_camel_s_squares():
    # afsafzW on d4: W, a half turn, then a half turn the other way: the eight Camel squares.
    result = diagram_of("afsafzW")
    assert result.diagram is not None
    assert set(result.diagram.marks) == {"c7", "e7", "g5", "g3", "e1", "c1", "a3", "a5"}


def test_a_pawn_written_with_e_is_drawn_with_its_steps_and_captures():
    # fmWfceFifmnD on d2 (a first-move piece stands on the second rank): d3, d4 (first move); the
    # captures on c3 and e3 (the en passant part needs a passing piece, which an empty board has not).
    result = diagram_of("fmWfceFifmnD")
    assert result.diagram is not None and result.diagram.square == "d2"
    assert set(result.diagram.marks) == {"d3", "d4"}
    assert result.first_moves == {"d4"}


def test_the_betza_field_takes_xbetza_and_points_at_what_it_cannot_read(qtbot):
    spec = key("variant.pieces.<piece>", "betza")
    assert spec is not None
    editor = BetzaEditor(spec)
    qtbot.addWidget(editor)
    editor.show_value("mFcafmF")
    assert editor.field.line.error_position is None and editor.field.message.isHidden()
    editor.show_value("zafW")
    assert editor.field.line.error_position == 0
    assert "first leg" in editor.field.message.text()


def test_typing_a_griffon_into_the_designer_draws_it(window, qtbot, user_variants):
    # A new 8x8 variant with a Griffon (FyafsF): its diagram from d4 and its sentence.
    designer = new_designer(window, qtbot)
    add_piece(designer, qtbot, "griffon", "Griffon", "G", "FyafsF")
    designer.pieces.select("griffon")
    diagram = designer.pieces.diagram.layer.diagram
    assert diagram is not None and diagram.square == "d4"
    assert len(set(diagram.marks)) == 24 and {"h5", "a3", "e8", "c1"} <= set(diagram.marks)
    assert "then slide turning half left or right" in designer.pieces.diagram.sentence.text()
    # A refused form is named in the field: 'z' on the first of several legs.
    type_into(piece_editor(designer, "betza").field.line, qtbot, "zafF")
    assert "first leg" in piece_editor(designer, "betza").field.line.error_problem

