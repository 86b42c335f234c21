"""Publishing a variant: one shareable file (the variant, its setups and its pieces' own
pictures) taken in again in one step, and Interactive Diagram definitions for the Chess
Variant Pages checked against the format H. G. Muller's page documents."""

from __future__ import annotations

import re
import zipfile

from designing import add_piece, new_designer, piece_editor, settled, type_into

import rules
from fairygui.designer.idiagram import NotExportable, interactive_diagram

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="45" height="45"><circle cx="22" cy="22" r="15" '
       'fill="{fill}"/></svg>\n')
ARRAY = "3ka3/8/8/8/8/8/8/3KA3"


def design_archers(window, qtbot, tmp_path):
    """A user variant with a piece of its own drawn by its own pictures, and two setups."""
    for color, fill in (("white", "#eee"), ("black", "#222")):
        (tmp_path / f"archer-{color}.svg").write_text(SVG.format(fill=fill), encoding="utf-8")
    designer = new_designer(window, qtbot)
    type_into(designer.id_line, qtbot, "archers")
    type_into(designer.board_page.form.all_editors()[("royal",)].focus_widget(), qtbot, "king")
    add_piece(designer, qtbot, "king", "King", "K", "K")
    add_piece(designer, qtbot, "archer", "Archer", "A", "F2")
    piece_editor(designer, "powers").set_checked("rifle", True)
    type_into(piece_editor(designer, "artwork").focus_widget(), qtbot, str(tmp_path / "archer-{color}.svg"))
    designer.tabs.setCurrentWidget(designer.setup_page)
    type_into(designer.setup_page.placement, qtbot, ARRAY)
    assert designer.setup_page.add_setup("kings-only", "3k4/8/8/8/8/8/8/3K4")
    settled(designer)
    assert designer.save()
    return designer


# ------------------------------------------------------------------ the shareable file


def test_a_variant_travels_as_one_file_and_comes_back_in_one_step(window, qtbot, user_variants, tmp_path):
    designer = design_archers(window, qtbot, tmp_path)
    shared = tmp_path / "archers.fcvariant"
    assert designer.publisher.export_shareable(str(shared))
    assert "Wrote archers.fcvariant" in designer.statusBar().currentMessage()
    with zipfile.ZipFile(shared) as archive:
        assert sorted(archive.namelist()) == ["artwork/archer-black.svg", "artwork/archer-white.svg",
                                              "share.toml", "variant.toml"]
        assert archive.read("artwork/archer-black.svg").decode() == SVG.format(fill="#222")
    original = rules.variant("archers")

    # Another machine: neither the variant nor its pictures are there.
    (user_variants / "archers.toml").unlink()
    for color in ("white", "black"):
        (tmp_path / f"archer-{color}.svg").unlink()
    rules.reload_catalogue()
    assert "archers" not in rules.variant_ids()
    assert designer.publisher.import_shared(str(shared))
    assert designer.doc.vid == "archers" and designer.doc.path == user_variants / "archers.toml"
    assert "Imported archers into your variants, with 2 pictures." == designer.statusBar().currentMessage()
    back = rules.variant("archers")
    assert {k: (p.betza, p.powers) for k, p in back.pieces.items()} == \
        {k: (p.betza, p.powers) for k, p in original.pieces.items()}
    assert {n: s.placement for n, s in back.setups.items()} == {"standard": ARRAY,
                                                              "kings-only": "3k4/8/8/8/8/8/8/3K4"}
    artwork = back.raw["pieces"]["archer"]["artwork"]
    assert (user_variants / "artwork" / "archers") in [p.parent for p in (user_variants / "artwork").glob("*/*")]
    assert open(artwork.replace("{color}", "white"), encoding="utf-8").read() == SVG.format(fill="#eee")
    assert rules.new_game("archers").fen().startswith("3ka3/")

    # Taken in again: the variant there keeps its id, the new one gets the next free one.
    assert designer.publisher.import_shared(str(shared))
    assert designer.doc.vid == "archers-2"
    assert "you had a variant 'archers' already" in designer.statusBar().currentMessage()


def test_a_file_that_is_not_a_shared_variant_is_refused_in_words(window, qtbot, user_variants, tmp_path):
    designer = new_designer(window, qtbot)
    bad = tmp_path / "bad.fcvariant"
    with zipfile.ZipFile(bad, "w") as archive:
        archive.writestr("variant.toml", "[variant.x]\n")
        archive.writestr("../../evil.sh", "echo")
    assert not designer.publisher.import_shared(str(bad))
    assert "which a shared variant never holds" in designer.statusBar().currentMessage()
    assert not (tmp_path.parent / "evil.sh").exists()


# ------------------------------------------------------------------ Interactive Diagram

#: The parameters H. G. Muller's page documents that the export uses.
PARAMETERS = {"satellite", "files", "ranks", "firstRank", "symmetry", "promoZone", "promoChoice", "royal"}
SQUARES = re.compile(r"^$|^[a-z]\d+(-[a-z]\d+)?(,[a-z]\d+(-[a-z]\d+)?)*$")


def read_definition(text: str) -> tuple[dict[str, str], list[list[str]]]:
    """Parse a definition as the documented format has it: ``key=value`` parameter lines, then
    ``name:ID:move:image:squares`` piece lines."""
    params: dict[str, str] = {}
    pieces: list[list[str]] = []
    for line in text.splitlines():
        if "=" in line and ":" not in line:
            key, value = line.split("=", 1)
            assert key in PARAMETERS, line
            params[key] = value
            continue
        fields = line.split(":")
        assert len(fields) == 5, line
        assert re.fullmatch(r"[A-Z][A-Za-z]*", fields[1]), line  # the ID
        assert SQUARES.match(fields[4]), line
        pieces.append(fields)
    return params, pieces


def expand(squares: str) -> set[str]:
    out: set[str] = set()
    for part in filter(None, squares.split(",")):
        if "-" not in part:
            out.add(part)
            continue
        start, end = part.split("-")
        assert start[1:] == end[1:]  # a run along one rank
        out.update(f"{chr(f)}{start[1:]}" for f in range(ord(start[0]), ord(end[0]) + 1))
    return out


def check_against_the_game(vid: str, params: dict[str, str], pieces: list[list[str]]) -> None:
    vdef = rules.variant(vid)
    board = rules.new_game(vid).board()
    assert (int(params["files"]), int(params["ranks"])) == (vdef.files, vdef.ranks)
    assert params["firstRank"] == "1"
    ranks = vdef.ranks
    shown: dict[str, str] = {}
    for name, _id, _move, _image, squares in pieces:
        for square in expand(squares):
            shown[square] = f"white {name}"
            mirrored = f"{square[0]}{ranks + 1 - int(square[1:])}"
            rotated = f"{chr(ord('a') + vdef.files - 1 - (ord(square[0]) - ord('a')))}{ranks + 1 - int(square[1:])}"
            shown[mirrored if params["symmetry"] == "mirror" else rotated] = f"black {name}"
    named = {sq: f"{text.split()[0]} {vdef.pieces[text.split(' ', 1)[1]].name}" for sq, text in board.items()}
    assert shown == named
    royal = pieces[int(params["royal"]) - 1]
    assert royal[1] == vdef.pieces[vdef.royal[0]].letter


def test_the_diagram_of_chess(qtbot):
    export = interactive_diagram("chess")
    params, pieces = read_definition(export.definition)
    assert params["symmetry"] == "mirror" and params["promoZone"] == "1" and params["promoChoice"] == "QRBN"
    moves = {name: move for name, _id, move, _image, _squares in pieces}
    assert moves == {"King": "KisO2", "Queen": "Q", "Rook": "R", "Bishop": "B", "Knight": "N",
                     "Pawn": "fmWfceFifmnD"}
    assert dict((p[0], p[4]) for p in pieces)["Pawn"] == "a2-h2"
    check_against_the_game("chess", params, pieces)
    assert export.html("Chess").startswith('<div class="idiagram">\nsatellite=chess\n')


def test_the_diagram_of_capablanca(qtbot):
    export = interactive_diagram("capablanca")
    params, pieces = read_definition(export.definition)
    assert params["files"] == "10" and params["promoChoice"] == "QCARBN"
    moves = {name: move for name, _id, move, _image, _squares in pieces}
    assert moves["Archbishop"] == "BN" and moves["Chancellor"] == "RN" and moves["King"] == "KisO3"
    check_against_the_game("capablanca", params, pieces)


def test_the_diagram_of_a_user_variant_lists_what_it_cannot_show(window, qtbot, user_variants, tmp_path):
    designer = design_archers(window, qtbot, tmp_path)
    designer.setup_page.chooser.setCurrentText("standard")  # the diagram shows the setup on the Setup page
    target = tmp_path / "archers.html"
    assert designer.publisher.export_diagram(str(target))
    page = target.read_text(encoding="utf-8")
    definition = page.split('<div class="idiagram">\n', 1)[1].split("\n</div>", 1)[0]
    params, pieces = read_definition(definition)
    assert [p[:3] for p in pieces] == [["King", "K", "K"], ["Archer", "A", "F2"]]
    check_against_the_game("archers", params, pieces)
    assert "the Archer's rifle power" in page  # the rifle shot: our power, not the diagram's
    assert "It lists 2 rules the diagram cannot show" in designer.statusBar().currentMessage()


def test_a_variant_with_a_piece_betza_cannot_say_has_no_diagram(qtbot):
    try:
        interactive_diagram("friendly")
    except NotExportable as exc:
        assert "Friend moves only by powers" in str(exc)
    else:
        raise AssertionError("Friendly's Friend has no Betza move")
