"""Board geometry: square names and indices, extra squares, and precomputed rays.

Board squares are numbered ``file + rank * files`` (a1 = 0); extra squares such as
the Pocket follow after the last board square. Rays are computed once per board
shape and shared by every position on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .errors import RulesError

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
MAX_SIZE = 26


@dataclass(frozen=True)
class Geometry:
    files: int
    ranks: int
    extras: tuple[str, ...] = ()
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (1 <= self.files <= MAX_SIZE and 1 <= self.ranks <= MAX_SIZE):
            raise RulesError(f"board {self.files}x{self.ranks} is outside 1x1..26x26")
        names = [
            f"{FILE_LETTERS[f]}{r + 1}" for r in range(self.ranks) for f in range(self.files)
        ]
        names.extend(self.extras)
        object.__setattr__(self, "names", tuple(names))
        object.__setattr__(self, "index", {n: i for i, n in enumerate(names)})

    @property
    def board_size(self) -> int:
        return self.files * self.ranks

    @property
    def size(self) -> int:
        return self.board_size + len(self.extras)

    def is_board(self, sq: int) -> bool:
        return 0 <= sq < self.files * self.ranks

    def file_of(self, sq: int) -> int:
        return sq % self.files

    def rank_of(self, sq: int) -> int:
        return sq // self.files

    def square(self, file: int, rank: int) -> int:
        """Index of (file, rank), or -1 when off the board."""
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return file + rank * self.files
        return -1

    def offset(self, sq: int, dx: int, dy: int) -> int:
        return self.square(sq % self.files + dx, sq // self.files + dy)

    def name(self, sq: int) -> str:
        return self.names[sq]

    def parse(self, name: str) -> int:
        """Index of a square name; raises RulesError for a name this board lacks."""
        try:
            return self.index[name]
        except KeyError:
            raise RulesError(
                f"no square {name!r} on this {self.files}x{self.ranks} board"
            ) from None

    def ray(self, sq: int, dx: int, dy: int) -> tuple[int, ...]:
        return _rays(self.files, self.ranks, dx, dy)[sq]

    def rays_for(self, dx: int, dy: int) -> tuple[tuple[int, ...], ...]:
        """For each board square, the squares reached by repeating (dx, dy) until the edge."""
        return _rays(self.files, self.ranks, dx, dy)

    def neighbours(self, sq: int) -> tuple[int, ...]:
        return _neighbours(self.files, self.ranks)[sq]

    def distance(self, a: int, b: int) -> int:
        """Chebyshev (king-step) distance between two board squares."""
        return max(abs(a % self.files - b % self.files), abs(a // self.files - b // self.files))


@cache
def _rays(files: int, ranks: int, dx: int, dy: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(files * ranks):
        f, r = sq % files, sq // files
        squares = []
        f += dx
        r += dy
        while 0 <= f < files and 0 <= r < ranks:
            squares.append(f + r * files)
            f += dx
            r += dy
        out.append(tuple(squares))
    return tuple(out)


@cache
def _neighbours(files: int, ranks: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(files * ranks):
        f, r = sq % files, sq // files
        out.append(
            tuple(
                (f + dx) + (r + dy) * files
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                if (dx or dy) and 0 <= f + dx < files and 0 <= r + dy < ranks
            )
        )
    return tuple(out)


@cache
def geometry(files: int, ranks: int, extras: tuple[str, ...] = ()) -> Geometry:
    return Geometry(files, ranks, extras)
