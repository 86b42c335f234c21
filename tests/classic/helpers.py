"""Helpers for the classic-variant rule tests: games from position text or from a
variant file written beside the built-ins."""

from __future__ import annotations

from pathlib import Path

import rules
from rules.catalogue import BUILTIN_DIR, Catalogue
from rules.game import Game, new_game_from_fen
from rules.ruleset import Rules


def moves_of(game: Game, origin: str | None = None) -> set[str]:
    """The legal moves as text, all of them or those from one square."""
    return {str(m) for m in game.legal_moves() if origin is None or m.origin == origin}


def drops_of(game: Game, kind: str) -> set[str]:
    return {m.destination for m in game.legal_moves() if m.kind == "drop" and m.choice == kind}


def game_at(variant: str, fen: str) -> Game:
    return rules.new_game(variant, fen=fen)


def user_game(tmp_path: Path, text: str, fen: str, vid: str = "mine") -> Game:
    """A game of a variant defined by ``text`` (a file beside the built-ins) at ``fen``."""
    (tmp_path / f"{vid}.toml").write_text(text, encoding="utf-8")
    vdef = Catalogue([BUILTIN_DIR, tmp_path]).get(vid)
    built = Rules(vdef, vdef.resolve_options(None))
    return new_game_from_fen(built, fen)


def squares(files: str, ranks: range) -> set[str]:
    return {f"{f}{r}" for f in files for r in ranks}
