"""numpy loads only when a table is opened or built: a game and an engine search where no table
exists never import it (it costs start-up time for every game). Checked in a fresh interpreter,
since this test process has imported numpy long ago."""

from __future__ import annotations

import os
import subprocess
import sys

from rules.tablebase.store import ENV_FOLDER

SEARCH_WITHOUT_TABLES = """
import sys
import rules
from rules.engine.engine import Engine
from rules.engine.limits import Limits
game = rules.new_game("chess", fen="8/8/8/4k3/8/8/1Q6/K7 w - - 0 1")
result = Engine(game).search(limits=Limits(depth=1))
assert not result.from_table
print("numpy" in sys.modules)
"""

OPEN_A_TABLE = """
import sys
import rules
from rules.tablebase.probe import shelf
game = rules.new_game("tiny-chess", fen="k3/4/1K2/2Q1 w - - 0 1")
print("numpy" in sys.modules, end=" ")
print(shelf(game.rules).probe(game.pos).words(), "numpy" in sys.modules)
"""


def run(code: str, folder: str) -> str:
    env = dict(os.environ, **{ENV_FOLDER: folder})
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True, timeout=120).stdout.strip()


def test_an_engine_search_without_tables_does_not_import_numpy(tmp_path):
    (tmp_path / "tables").mkdir()
    assert run(SEARCH_WITHOUT_TABLES, str(tmp_path / "tables")) == "False"


def test_numpy_loads_when_a_table_is_opened(tiny_variant, tables_dir):
    from rules.tablebase import build_table

    build_table(tiny_variant, "KQvK", jobs=1)
    before, *answer, after = run(OPEN_A_TABLE, str(tables_dir)).split()
    assert (before, after) == ("False", "True")
    assert answer[:2] == ["Mate", "in"]
