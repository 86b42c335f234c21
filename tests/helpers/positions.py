"""Positions for rule tests: games from a placement or position text, the Friendly start the
Friendly tests share, and the legal moves of one piece as text."""

from __future__ import annotations

import rules

#: Two Friends per side in far corners (White l1 l2, Black a11 a12): with more than one Friend
#: none is royal, and these squares lie off the lines and leaps most Friendly tests look at.
FRIENDS = {"l1": "white friend", "l2": "white friend", "a11": "black friend", "a12": "black friend"}


def placed(variant: str, placement: dict[str, str], to_move: str = "white", **options: object) -> rules.Game:
    """A game of ``variant`` with exactly these pieces on the board."""
    return rules.new_game(variant, placement=placement, to_move=to_move, options=options)


def friendly(pieces: dict[str, str], to_move: str = "white", **options: object) -> rules.Game:
    """A Friendly game with the corner Friends of FRIENDS and these pieces."""
    return placed("friendly", {**FRIENDS, **pieces}, to_move, **options)


def game_at(variant: str, fen: str) -> rules.Game:
    return rules.new_game(variant, fen=fen)


def moves_from(game: rules.Game, origin: str | None = None) -> set[str]:
    """The texts of the legal moves from ``origin`` (of every legal move when it is None)."""
    return {str(m) for m in game.legal_moves() if origin is None or m.origin == origin}


def destinations_from(game: rules.Game, origin: str) -> set[str]:
    """The squares the legal moves from ``origin`` go to."""
    return {m.destination for m in game.legal_moves() if m.origin == origin}


def drops_of(game: rules.Game, kind: str) -> set[str]:
    """The squares a piece of ``kind`` may be dropped on from the hand."""
    return {m.destination for m in game.legal_moves() if m.kind == "drop" and m.choice == kind}


def to(origin: str, squares: str) -> set[str]:
    """Move texts from ``origin`` to each of the space-separated ``squares``."""
    return {origin + s for s in squares.split()}


def squares(files: str, ranks: range) -> set[str]:
    """Every square of these files on these ranks."""
    return {f"{f}{r}" for f in files for r in ranks}
