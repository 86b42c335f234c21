"""The variant designer: design variants from an empty form, save them through
check into a private user-variants folder, read them back, play them, edit a built-in one."""

from __future__ import annotations

import tomllib

from designing import add_piece, board_editor, new_designer, piece_editor, type_into
from mouse import click, drag

import rules
from fairygui.designer.document import VariantDocument
from fairygui.designer.window import DesignerWindow
from rules.catalogue import BUILTIN_DIR, check_file

CAPA_ARRAY = "r1a1k1c2r/pppppppppp/10/10/10/10/PPPPPPPPPP/R1A1K1C2R"


def design_capablanca(designer: DesignerWindow, qtbot) -> None:
    type_into(designer.id_line, qtbot, "capa-test")
    type_into(designer.name_line, qtbot, "Capablanca test")
    board_editor(designer, "files").spin.setValue(10)
    type_into(board_editor(designer, "royal").focus_widget(), qtbot, "king")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    add_piece(designer, qtbot, "rook", "Rook", "R", "R")
    add_piece(designer, qtbot, "archbishop", "Archbishop", "A", "BN")
    add_piece(designer, qtbot, "chancellor", "Chancellor", "C", "RN")
    add_piece(designer, qtbot, "pawn", "Pawn", "P", "fmWfcFifmnD")
    piece_editor(designer, "tracks_moved").box.click()
    piece_editor(designer, "pawn").box.click()
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, CAPA_ARRAY)


def test_capablanca_from_an_empty_form_saves_checks_and_reads_back(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    assert designer.doc.own["pieces"] == {}  # an empty form
    design_capablanca(designer, qtbot)
    # The archbishop's diagram on the 10x8 board: bishop slides and knight leaps from e4.
    designer.pieces.select("archbishop")
    diagram = designer.pieces.diagram.layer.diagram
    assert diagram is not None and diagram.square == "e4"
    assert {"a8", "i8", "h1", "b1", "d6", "f6", "c5", "g5", "c3", "g3", "d2", "f2"} <= set(diagram.marks)
    assert "e5" not in diagram.marks and "i4" not in diagram.marks  # no rook moves
    assert diagram.snapshot.shape.files == 10
    assert designer.pieces.diagram.sentence.text() == "It has bishop slides and knight leaps."

    designer.save_button.click()
    path = user_variants / "capa-test.toml"
    assert path.is_file()
    assert designer.problems == []
    assert rules.variant_ids().count("capa-test") == 1
    vdef = rules.variant("capa-test")
    assert (vdef.files, vdef.ranks) == (10, 8)
    assert vdef.pieces["archbishop"].betza == "BN" and vdef.pieces["chancellor"].betza == "RN"
    assert vdef.royal == ("king",)
    saved = tomllib.loads(path.read_text())["variant"]["capa-test"]
    assert saved["setups"]["standard"]["placement"] == CAPA_ARRAY
    assert saved["pieces"]["pawn"] == {"name": "Pawn", "letter": "P", "betza": "fmWfcFifmnD",
                                       "tracks_moved": True, "pawn": True}

    again = DesignerWindow(VariantDocument.of_variant("capa-test"), window)
    qtbot.addWidget(again)
    assert again.doc.own == saved
    rows = [again.pieces.table.item(r, 0).text() for r in range(again.pieces.table.rowCount())]
    assert rows == ["king", "rook", "archbishop", "chancellor", "pawn"]
    again.pieces.select("chancellor")
    assert piece_editor(again, "betza").field.text() == "RN"
    assert board_editor(again, "files").spin.value() == 10
    assert again.setup_page.placement.text() == CAPA_ARRAY
    assert again.id_line.text() == "capa-test" and again.name_line.text() == "Capablanca test"


def test_a_power_piece_from_an_empty_form(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "archers")
    type_into(board_editor(designer, "royal").focus_widget(), qtbot, "king")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    add_piece(designer, qtbot, "archer", "Archer", "A", "F2")
    powers = piece_editor(designer, "powers")
    powers.set_checked("rifle", True)
    rifle = next(powers.list.item(i) for i in range(powers.list.count()) if powers.list.item(i).text() == "rifle")
    # The registry's own description, and the parameter the schema documents for the power.
    assert "Knight's distance" in rifle.toolTip() and "data.rifle" in rifle.toolTip()
    type_into(piece_editor(designer, "value").focus_widget(), qtbot, "4.5")
    assert "rifle" in designer.pieces.diagram.sentence.text()
    # Alone on an empty board the rifle has nothing to shoot: the diagram shows the F2 slides from d4.
    diagram = designer.pieces.diagram.layer.diagram
    assert diagram is not None and diagram.square == "d4"
    assert set(diagram.marks) == {"c3", "b2", "e5", "f6", "c5", "b6", "e3", "f2"}
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, "3ka3/8/8/8/8/8/8/3KA3")
    assert designer.save()
    saved = tomllib.loads((user_variants / "archers.toml").read_text())["variant"]["archers"]
    assert saved["pieces"]["archer"] == {"name": "Archer", "letter": "A", "betza": "F2", "powers": ["rifle"],
                                         "value": 4.5}
    game = rules.new_game("archers", fen="3k4/8/8/8/8/8/6a1/3KA3 w - - 0 1")
    # The saved power works in play: the Archer on e1 shoots the black Archer on g2 without moving.
    shots = [m for m in game.legal_moves() if m.kind == "rifle"]
    assert [(m.origin, tuple(m.captures)) for m in shots] == [("e1", ("g2",))]

    again = DesignerWindow(VariantDocument.of_variant("archers"), window)
    qtbot.addWidget(again)
    again.pieces.select("archer")
    assert piece_editor(again, "powers").checked() == ["rifle"]
    assert piece_editor(again, "value").line.text() == "4.5"
    assert again.doc.own == saved


def test_a_bad_betza_string_is_flagged_at_its_position(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    add_piece(designer, qtbot, "odd", "Odd", "O", "BNX3")
    field = piece_editor(designer, "betza").field
    # The rules stop at the 'X' (position 2): no such atom.
    assert field.line.error_position == 2
    assert "unknown atom 'X'" in field.line.error_problem
    assert not field.message.isHidden() and field.message.text().startswith("At position 2:")
    assert "position 2" in field.line.toolTip()
    left, right = field.line.error_span()
    assert left > field.line.fontMetrics().horizontalAdvance("BN") - 1 and right > left
    assert designer.pieces.diagram.note.text().startswith("No diagram")
    assert "cannot be read at position 2" in designer.pieces.diagram.sentence.text()
    # Fixing it clears the mark and draws the piece again.
    type_into(field.line, qtbot, "BN")
    assert field.line.error_position is None and field.message.isHidden()
    assert designer.pieces.diagram.layer.diagram is not None


def test_a_saved_variant_passes_check_is_offered_and_plays(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    design_capablanca(designer, qtbot)
    designer.play_button.click()
    path = user_variants / "capa-test.toml"
    assert check_file(path) == []
    assert window.controller.variant.id == "capa-test"
    dialog = window.open_new_game_dialog()
    dialog.select_variant("capa-test")  # listed at once: the catalogue was reloaded
    dialog.reject()
    # A move with the mouse on the main board, at square centres.
    drag(window.board, "e2", "e4")
    assert window.controller.game.board().get("e4") == "white pawn"
    assert len(window.controller.line) == 1
    assert "Capablanca test" in window.windowTitle()


def test_editing_a_builtin_variant_saves_a_user_file_with_a_parent(window, qtbot, user_variants):
    builtin = BUILTIN_DIR / "chess.toml"
    before = builtin.read_bytes()
    window.edit_variant_action.trigger()
    designer = window.designer
    assert isinstance(designer, DesignerWindow)
    assert designer.doc.vid == "chess-custom" and designer.doc.parent == "chess"
    designer.pieces.select("knight")
    type_into(piece_editor(designer, "betza").focus_widget(), qtbot, "NN")
    assert designer.save()
    assert builtin.read_bytes() == before
    saved = tomllib.loads((user_variants / "chess-custom.toml").read_text())["variant"]["chess-custom"]
    # Only what differs from the parent is written (the Knight's description, which describes a
    # Knight's moves, is set aside: see test_designer_coherence.py).
    assert saved == {"parent": "chess", "name": "Chess (my version)",
                     "pieces": {"knight": {"betza": "NN", "description": ""}}}
    assert rules.variant("chess").pieces["knight"].betza == "N"
    assert rules.variant("chess-custom").pieces["knight"].betza == "NN"
    assert rules.variant("chess-custom").pieces["queen"].betza == "Q"


def test_a_problem_listed_by_check_jumps_to_its_field(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "clash")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    add_piece(designer, qtbot, "kaiser", "Kaiser", "K", "Q")  # the same letter twice
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, "4k3/8/8/8/8/8/8/4K3")
    assert not designer.save()
    texts = [designer.problem_list.item(i).text() for i in range(designer.problem_list.count())]
    clash = next(i for i, t in enumerate(texts) if "share the letter" in t)
    designer.pieces.select("king")
    designer.tabs.setCurrentWidget(designer.board_page)
    widget = designer.jump_to(designer.problem_list.item(clash))
    assert designer.tabs.currentWidget() is designer.pieces
    assert designer.pieces.kind == "kaiser"
    assert widget is piece_editor(designer, "letter").focus_widget()
    # The file was written anyway (the work is kept) but the new-game list leaves it out.
    assert (user_variants / "clash.toml").is_file()
    assert "clash" not in rules.variant_ids()


def test_zones_are_drawn_by_dragging_over_the_board(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    designer.tabs.setCurrentWidget(designer.board_page)
    zones = designer.board_page.zones
    assert zones.new_zone("camp")
    zones.board.resize(400, 400)
    drag(zones.board, "a1", "c1")
    assert designer.doc.value(("zones", "camp")) == ["a1", "b1", "c1"]
    drag(zones.board, "b1", "b1")  # starting on a square of the zone takes squares out
    assert designer.doc.value(("zones", "camp")) == ["a1", "c1"]
    assert zones.layer.current == {"a1", "c1"}


def test_the_setup_editor_writes_the_start_array(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    add_piece(designer, qtbot, "king", "King", "K", "K")
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, "4k3/8/8/8/8/8/8/4K3")
    editor = designer.setup_page.open_editor()
    assert editor is not None
    assert editor.draft.variant == designer.doc.vid
    assert [p.kind for p in editor.draft.pieces.values()] == ["king", "king"]
    qtbot.waitExposed(editor)
    drag(editor.board, "e1", "d4")  # the white king moved by hand in the editor
    assert editor.draft.pieces["d4"].kind == "king" and "e1" not in editor.draft.pieces
    designer.setup_page.use_action.trigger()
    assert designer.doc.value(("setups", "standard", "placement")) == "4k3/8/8/8/3K4/8/8/8"
    assert designer.setup_page.placement.text() == "4k3/8/8/8/3K4/8/8/8"
    designer.close()  # unsaved: the draft the editor was shown leaves the catalogue
    assert designer.doc.vid not in rules.variant_ids()


def test_an_empty_form_given_a_user_parent_overrides_only_what_it_changes(window, qtbot, user_variants):
    (user_variants / "base.toml").write_text(
        '[variant.base]\nparent = "chess"\nname = "Base"\n\n[variant.base.pieces.knight]\nbetza = "NN"\n')
    rules.reload_catalogue()
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "on-base")
    row = designer.parent_combo.findData("base")
    designer.parent_combo.setCurrentIndex(row)
    designer.parent_combo.activated.emit(row)
    # The parent's pieces and array show through the empty form.
    assert designer.pieces.table.rowCount() == 6
    assert designer.setup_page.placement.text() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
    designer.pieces.select("bishop")
    type_into(piece_editor(designer, "betza").focus_widget(), qtbot, "BW")
    assert designer.save()
    saved = tomllib.loads((user_variants / "on-base.toml").read_text())["variant"]["on-base"]
    # The Bishop's inherited description no longer fits its moves: it is set aside.
    assert saved == {"name": "My variant", "parent": "base", "pieces": {"bishop": {"betza": "BW", "description": ""}}}
    vdef = rules.variant("on-base")
    assert (vdef.pieces["knight"].betza, vdef.pieces["bishop"].betza) == ("NN", "BW")


def test_chosen_artwork_is_saved_and_drawn_in_play(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "wardens")
    type_into(board_editor(designer, "royal").focus_widget(), qtbot, "king")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    add_piece(designer, qtbot, "warden", "Warden", "W", "WF")
    assert not window.art.has_piece("white", "warden")  # no picture of that id is shipped
    artwork = piece_editor(designer, "artwork")
    assert "rook" in [artwork.combo.itemText(i) for i in range(artwork.combo.count())]
    artwork.combo.setCurrentText("rook")
    artwork.combo.textActivated.emit("rook")
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, "3kw3/8/8/8/8/8/8/3KW3")
    assert designer.play()
    assert tomllib.loads((user_variants / "wardens.toml").read_text())["variant"]["wardens"]["pieces"]["warden"][
        "artwork"] == "rook"
    assert window.controller.variant.id == "wardens"
    assert window.art.has_piece("white", "warden") and window.art.has_piece("black", "warden")


def test_a_designed_variant_gets_overlays_records_and_the_computer(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    design_capablanca(designer, qtbot)
    assert designer.play()
    # The overlays: a picked-up Archbishop shows its targets as on any board.
    drag(window.board, "d2", "d3")
    drag(window.board, "d7", "d6")
    click(window.board, "c1")
    marks = window.board.target_layer.marks
    assert {"d2", "e3", "f4", "h6", "b3"} <= set(marks) and "b2" not in marks
    assert marks["i7"].styles == {"capture"}  # the bishop slide ends on a black pawn
    click(window.board, "c1")
    # The record reads back as the same game of the user variant.
    game = window.controller.game
    again = rules.load_game(rules.game_record(game))
    assert again.variant == "capa-test" and again.fen() == game.fen()
    # The computer answers a move in the designed variant with a legal move.
    window.controller.new_game("capa-test", players={"white": "human", "black": "computer"},
                               levels={"black": "beginner"})
    drag(window.board, "e2", "e4")
    qtbot.waitUntil(lambda: len(window.controller.line) == 2, timeout=60000)
    reply = window.controller.game.copy().undo()
    after_e4 = rules.new_game("capa-test")
    after_e4.play("e2e4")
    assert reply in after_e4.legal_moves()


def test_every_key_of_the_format_is_a_field_with_its_documentation(window, qtbot, user_variants, monkeypatch):
    from fairygui.designer.boardpage import ELSEWHERE
    from rules import schema
    from rules.schema import KeySpec

    # A key a rule feature adds to the schema appears with no change to the designer.
    added = KeySpec("rook_steps", "integer", 3, "How far the rook moves when castling.", range=(1, "files-1"))
    monkeypatch.setitem(schema.table("variant.castling").keys, "rook_steps", added)
    designer = new_designer(window, qtbot)
    editors = designer.board_page.form.all_editors()

    def assert_fields(table_path: str, path: tuple[str, ...]) -> None:
        # A sub-table with listed keys is a group of fields (nested as deep as the schema goes).
        for spec in schema.keys(table_path):
            if not path and spec.name in ELSEWHERE:
                continue
            sub = schema.table(spec.table) if spec.kind == "table" and spec.table else None
            if sub is not None and sub.keys and sub.entry is None and spec.name != "data":
                assert spec.doc
                assert_fields(spec.table or "", (*path, spec.name))
            else:
                assert spec.doc in editors[(*path, spec.name)].toolTip()

    assert_fields("variant", ())
    steps = editors[("castling", "rook_steps")]
    steps.spin.setValue(2)
    assert designer.doc.own["castling"] == {"rook_steps": 2}
    add_piece(designer, qtbot, "king", "King", "K", "K")
    piece_editors = designer.pieces.form.all_editors()
    for spec in schema.keys("variant.pieces.<piece>"):
        assert spec.doc in piece_editors[("pieces", "king", spec.name)].toolTip()


def test_editing_a_user_variant_changes_only_its_lines_and_keeps_comments(window, qtbot, user_variants):
    text = ('# Knightmare, by hand\n[variant.knightmare]\nparent = "chess"  # from chess\nname = "Knightmare"\n\n'
            '# riders\n[variant.knightmare.pieces.knight]\nname = "Nightrider"\nbetza = "NN"  # rides\n')
    path = user_variants / "knightmare.toml"
    path.write_text(text)
    rules.reload_catalogue()
    window.controller.new_game("knightmare")
    window.edit_variant_action.trigger()
    designer = window.designer
    assert designer.doc.path == path and designer.doc.vid == "knightmare"
    assert designer.id_line.isReadOnly()  # the saved variant keeps its id
    designer.pieces.select("knight")
    type_into(piece_editor(designer, "betza").focus_widget(), qtbot, "NNW")
    assert designer.save()
    # The one changed line, and the Knight's inherited description set aside for the Nightrider.
    assert path.read_text() == text.replace('betza = "NN"  # rides', 'betza = "NNW"') + 'description = ""\n'
    assert rules.variant("knightmare").pieces["knight"].betza == "NNW"


def test_a_bad_id_is_refused_and_its_problem_leads_to_the_id(window, qtbot, user_variants):
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "Not An Id")
    assert not designer.save()
    assert not any(user_variants.iterdir())  # nothing written
    item = designer.problem_list.item(0)
    assert "lowercase words joined by hyphens" in item.text()
    assert designer.jump_to(item) is designer.id_line
    type_into(designer.id_line, qtbot, "chess")  # a built-in variant's id is taken
    assert not designer.save()
    assert "exists already" in designer.problem_list.item(0).text()
