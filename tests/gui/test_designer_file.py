"""The designer writes variant files by changing only the lines of changed keys (comments and
other variants kept), and what it writes reads back as the table it meant."""

from __future__ import annotations

import copy
import tomllib

from fairygui.designer.tomltext import key_at_line, updated_text, variant_block

FILE = """# My variants, by hand
[variant.knightmare]   # a small one
parent = "chess"  # from chess
name = "Knightmare"
promotion = { zone = 1, choices = ["queen"] }

# the riders
[variant.knightmare.pieces.knight]
name = "Nightrider"
betza = "NN"  # rides

[variant.other]
parent = "chess"
name = "Other"   # keep me
"""


def table() -> dict:
    return copy.deepcopy(tomllib.loads(FILE)["variant"]["knightmare"])


def test_a_changed_value_rewrites_only_its_line():
    new = table()
    new["pieces"]["knight"]["betza"] = "NNW"
    out = updated_text(FILE, "knightmare", new)
    before, after = FILE.split("\n"), out.split("\n")
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert changed == [before.index('betza = "NN"  # rides')]
    assert after[changed[0]] == 'betza = "NNW"'
    assert tomllib.loads(out)["variant"]["knightmare"] == new


def test_new_keys_and_tables_go_at_the_end_of_their_table_and_comments_stay():
    new = table()
    new["files"] = 10
    new["pieces"]["archbishop"] = {"name": "Archbishop", "letter": "A", "betza": "BN", "data": {"x": 1}}
    new["promotion"]["zone"] = 2  # inside an inline table: that one line is rewritten
    out = updated_text(FILE, "knightmare", new)
    data = tomllib.loads(out)
    assert data["variant"]["knightmare"] == new
    assert data["variant"]["other"] == tomllib.loads(FILE)["variant"]["other"]
    for comment in ("# My variants, by hand", "# a small one", "# from chess", "# the riders", "# rides",
                    "# keep me"):
        assert comment in out
    lines = out.split("\n")
    assert lines.index("files = 10") < lines.index("# the riders")
    assert lines.index("[variant.knightmare.pieces.archbishop]") < lines.index("[variant.other]")
    assert "promotion = { zone = 2, choices = [\"queen\"] }" in lines


def test_removed_keys_and_tables_go_with_their_lines():
    new = table()
    del new["pieces"]
    del new["promotion"]
    out = updated_text(FILE, "knightmare", new)
    assert tomllib.loads(out)["variant"]["knightmare"] == new
    assert "Nightrider" not in out and "promotion" not in out
    assert "# keep me" in out


def test_a_file_without_the_variant_gets_a_fresh_block():
    out = updated_text(FILE, "newcomer", {"name": "N", "pieces": {"king": {"letter": "K", "betza": "K"}}})
    assert out.startswith(FILE.rstrip("\n"))
    assert tomllib.loads(out)["variant"]["newcomer"]["pieces"]["king"]["betza"] == "K"
    block = variant_block("x", {"name": "X \"quoted\"", "setups": {"standard": {"placement": "8/8"}}})
    assert block == '[variant.x]\nname = "X \\"quoted\\""\n\n[variant.x.setups.standard]\nplacement = "8/8"\n'


def test_a_shape_the_line_editor_does_not_follow_is_written_afresh_and_still_right():
    dotted = '[variant.d]\npieces.king.letter = "K"\npieces.king.betza = "K"\n# end\n'
    new = {"pieces": {"king": {"letter": "K", "betza": "KNN"}}}
    out = updated_text(dotted, "d", new)
    assert tomllib.loads(out)["variant"]["d"] == new


def test_a_line_names_its_key_for_the_problem_list():
    lines = FILE.split("\n")
    assert key_at_line(FILE, "knightmare", lines.index('betza = "NN"  # rides') + 1) == ("pieces", "knight", "betza")
    assert key_at_line(FILE, "knightmare", lines.index('name = "Knightmare"') + 1) == ("name",)
    assert key_at_line(FILE, "knightmare", lines.index("[variant.knightmare.pieces.knight]") + 1) == \
        ("pieces", "knight")
    assert key_at_line(FILE, "knightmare", lines.index('name = "Other"   # keep me') + 1) is None
