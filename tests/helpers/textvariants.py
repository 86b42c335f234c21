"""Variants written as TOML text inside a test, loaded the way a user's own file is: the text
goes into a folder on the variant search path (the ``variant_folder`` fixture of
tests/conftest.py) and the game comes from the public ``rules`` calls."""

from __future__ import annotations

from pathlib import Path

import rules


def add_variant(folder: Path, text: str, name: str = "mine") -> None:
    """Write ``text`` to ``name``.toml in ``folder`` and read the search path again (a file may
    define several variants; by custom it is named after the one it defines)."""
    (folder / f"{name}.toml").write_text(text, encoding="utf-8")
    rules.reload_catalogue()


def game_from_text(folder: Path, text: str, fen: str | None = None, vid: str = "mine") -> rules.Game:
    """A game of the variant ``text`` defines: its standard start, or the position ``fen``."""
    add_variant(folder, text, vid)
    return rules.new_game(vid, fen=fen)


def rules_from_text(folder: Path, text: str, vid: str = "mine") -> rules.Rules:
    """The rules (default options) of the variant ``text`` defines."""
    add_variant(folder, text, vid)
    return rules.make_rules(vid)
