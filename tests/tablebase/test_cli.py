"""``python -m rules tablebase VARIANT MATERIAL --json``: the fixed keys, progress on stderr."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rules.catalogue import USER_PATH_ENV
from rules.tablebase.store import ENV_FOLDER

DATA = Path(__file__).parent / "data"


def _run(tmp_path, *args):
    env = dict(os.environ, **{ENV_FOLDER: str(tmp_path / "tables"), USER_PATH_ENV: str(DATA)})
    return subprocess.run([sys.executable, "-m", "rules", "tablebase", *args], env=env,
                          capture_output=True, text=True, timeout=120)


def test_json_has_exactly_the_fixed_keys(tmp_path):
    done = _run(tmp_path, "tiny-chess", "KQvK", "--json", "--jobs", "1")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert set(out) == {"material", "positions", "white_to_move", "black_to_move", "longest_win"}
    assert out["material"] == "KQvK"
    for side in ("white_to_move", "black_to_move"):
        assert set(out[side]) == {"win", "draw", "loss"}
    assert out["positions"] == sum(out["white_to_move"].values()) + sum(out["black_to_move"].values())
    win = out["longest_win"]
    assert set(win) == {"moves", "plies", "fen"}
    assert win["moves"] == (win["plies"] + 1) // 2 and win["fen"].split()[1] == "w"
    assert "KQvK: expanding" in done.stderr and "%" in done.stderr


def test_a_letter_the_variant_lacks_is_named(tmp_path):
    done = _run(tmp_path, "tiny-chess", "KXvK", "--json")
    assert done.returncode == 2
    assert "no piece of this variant has the letter 'X'" in done.stderr


def test_a_variant_with_hands_is_refused_in_words(tmp_path):
    done = _run(tmp_path, "crazyhouse", "KQvK", "--json")
    assert done.returncode == 2
    assert "tables do not hold hands yet" in done.stderr and "Traceback" not in done.stderr


def test_both_methods_print_the_same_table(tmp_path):
    retro = _run(tmp_path / "retro", "tiny-chess", "KQvK", "--json", "--jobs", "1", "--method", "retro")
    forward = _run(tmp_path / "forward", "tiny-chess", "KQvK", "--json", "--jobs", "1", "--method", "forward")
    assert retro.returncode == forward.returncode == 0, retro.stderr + forward.stderr
    assert json.loads(retro.stdout) == json.loads(forward.stdout)
    assert "KQvK: solving backward, ply 1" in retro.stderr


def test_un_moves_asked_where_they_cannot_serve_are_refused_in_words(tmp_path):
    done = _run(tmp_path, "chess", "KPvK", "--json", "--method", "retro")
    assert done.returncode == 2
    assert "KPvK: un-moves cannot be worked out from the rules here" in done.stderr
    assert "Traceback" not in done.stderr
