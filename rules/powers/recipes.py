"""The recipe book of merging variants: which piece onto which makes what, and
which piece a compound can release, leaving what behind.

This module registers no power; the ``merge`` and ``separate`` powers share it.

Variant data (``[variant.<id>.data.merging]``):

* ``never``: piece ids that never merge or separate (King, pawns); a recipe
  that names one is an error;
* ``basic``: the piece ids from which the ``components`` option derives
  further recipes (Bishop, Knight, Rook);
* ``recipes.<group>``: tables with ``listed`` (true where the group is the
  rules text's own list) and ``lines``, each line one of::

      a + b = r          a onto b or b onto a makes r
      a > b = r          a onto b makes r (never b onto a)
      a > b = r | s      the mover's owner chooses r or s
      t - a = b          t can release a (a leaves by its own move), b stays

  Every merge line also gives the splits that undo it: ``a > b = r`` lets
  ``r`` release ``a`` leaving ``b``. Child variants add groups; a group keeps
  its name through inheritance, so a child can also replace one.

The option ``merge_recipes`` chooses the book: ``listed-only`` keeps the listed
groups; ``components`` (the default) adds the other groups and, for every basic
piece and every piece whose ``components`` are all basic, the merges the
components allow: a basic piece joins a piece (basic or compound) whenever some
piece type is made of exactly the union of their components.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

from ..datafields import short_repr, variant_fields
from ..errors import VariantFileError

if TYPE_CHECKING:
    from ..ruleset import Rules

ORIGINAL = "original"
_ID = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
_MERGE_LINE = re.compile(rf"^\s*({_ID})\s*([+>])\s*({_ID})\s*=\s*({_ID}(?:\s*\|\s*{_ID})*)\s*$")
_SPLIT_LINE = re.compile(rf"^\s*({_ID})\s+-\s+({_ID})\s*=\s*({_ID})\s*$")


class Merge(NamedTuple):
    """``mover`` moving onto ``target`` may become any of ``results``."""

    mover: str
    target: str
    results: tuple[str, ...]
    listed: bool
    origin: str  # the group it came from, or "components"


class Split(NamedTuple):
    """``piece`` may release ``leaves`` (moving by its own move), leaving ``stays``."""

    piece: str
    leaves: str
    stays: str
    listed: bool
    origin: str


class RecipeBook:
    """The recipes in force for one variant with its options."""

    def __init__(self, rules: Rules) -> None:
        variant = rules.variant
        data = variant_fields(variant, "data.merging")
        self.types = rules.types
        self.never = frozenset(data.texts("never"))
        self.basic = frozenset(data.texts("basic"))
        self.listed_only = rules.options.get("merge_recipes", "components") == "listed-only"
        self._problems: list[tuple[int | None, str]] = []
        merges: dict[tuple[str, str], Merge] = {}
        splits: dict[tuple[str, str], Split] = {}
        for group, table in sorted(data.table_of("recipes", dict).items()):
            lines = table.get("lines")
            listed = table.get("listed", True)
            if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
                self._problem(f"recipe group {short_repr(group)} needs a table with a list of strings 'lines'")
                continue
            if not isinstance(listed, bool):
                self._problem(f"recipe group {short_repr(group)}: listed must be true or false")
                continue
            if self.listed_only and not listed:
                continue
            for line in lines:
                self._read_line(line, listed, group, merges, splits)
        for kind in sorted(self.basic):
            self._check_kind(kind, "basic")
        if not self.listed_only:
            self._derive(merges)
        for m in list(merges.values()):
            for result in m.results:
                self._add_split(splits, Split(result, m.mover, m.target, m.listed, m.origin))
        if self._problems:
            raise VariantFileError(variant.source, self._problems)
        self.merges = merges
        self.splits = splits
        by_piece: dict[str, list[Split]] = {}
        for s in splits.values():
            by_piece.setdefault(s.piece, []).append(s)
        self.releases: dict[str, tuple[Split, ...]] = {k: tuple(v) for k, v in by_piece.items()}
        self.mergeable = frozenset(k for m in merges for k in m)

    # ------------------------------------------------------------ reading

    def _problem(self, text: str) -> None:
        self._problems.append((None, f"merging recipes: {text}"))

    def _check_kind(self, kind: str, line: str) -> bool:
        if kind not in self.types:
            self._problem(f"{short_repr(line)} names {short_repr(kind)}, which is not a piece of this variant")
            return False
        if kind in self.never:
            self._problem(f"{line!r} names {kind!r}, which never merges or separates")
            return False
        return True

    def _read_line(
        self,
        line: str,
        listed: bool,
        group: str,
        merges: dict[tuple[str, str], Merge],
        splits: dict[tuple[str, str], Split],
    ) -> None:
        found = _MERGE_LINE.match(line)
        if found:
            a, how, b, results_text = found.groups()
            results = tuple(r.strip() for r in results_text.split("|"))
            if not all(self._check_kind(k, line) for k in (a, b, *results)):
                return
            self._add_merge(merges, Merge(a, b, results, listed, group))
            if how == "+" and a != b:
                self._add_merge(merges, Merge(b, a, results, listed, group))
            return
        found = _SPLIT_LINE.match(line)
        if found:
            piece, leaves, stays = found.groups()
            if all(self._check_kind(k, line) for k in (piece, leaves, stays)):
                self._add_split(splits, Split(piece, leaves, stays, listed, group))
            return
        self._problem(
            f"cannot read {short_repr(line)} in group {group!r}; write 'a + b = r', 'a > b = r | s' or 't - a = b'"
        )

    @staticmethod
    def _add_merge(merges: dict[tuple[str, str], Merge], m: Merge) -> None:
        key = (m.mover, m.target)
        old = merges.get(key)
        if old is None:
            merges[key] = m
            return
        # The same pair in two groups: offer every result; listed if either is.
        results = old.results + tuple(r for r in m.results if r not in old.results)
        merges[key] = old._replace(results=results, listed=old.listed or m.listed)

    def _add_split(self, splits: dict[tuple[str, str], Split], s: Split) -> None:
        key = (s.piece, s.leaves)
        old = splits.get(key)
        if old is None:
            splits[key] = s
        elif old.stays != s.stays:
            # The remainder must follow from what leaves, or the move text could not say it.
            self._problem(
                f"{s.piece!r} releasing {s.leaves!r} would leave {old.stays!r} by one recipe "
                f"and {s.stays!r} by another"
            )
        elif s.listed and not old.listed:
            splits[key] = s

    def parts(self, kind: str) -> tuple[str, ...] | None:
        """``kind`` as a sorted multiset of basic pieces, or None if it is not made of them."""
        if kind in self.basic:
            return (kind,)
        comps = self.types[kind].components
        if len(comps) >= 2 and all(c in self.basic for c in comps):
            return tuple(sorted(comps))
        return None

    def _derive(self, merges: dict[tuple[str, str], Merge]) -> None:
        made_of: dict[tuple[str, ...], list[str]] = {}
        for kind in self.types:
            parts = self.parts(kind)
            if parts is not None and len(parts) >= 2 and kind not in self.never:
                made_of.setdefault(parts, []).append(kind)
        for mover in sorted(self.basic):
            for target in self.types:
                if target in self.never:
                    continue
                parts = self.parts(target)
                if parts is None:
                    continue
                union = tuple(sorted((*parts, mover)))
                for result in made_of.get(union, []):
                    self._add_merge(merges, Merge(mover, target, (result,), False, "components"))

    # ------------------------------------------------------------ queries

    def results(self, mover: str, target: str) -> tuple[str, ...]:
        m = self.merges.get((mover, target))
        return m.results if m else ()

    def stays(self, piece: str, leaves: str) -> str | None:
        s = self.splits.get((piece, leaves))
        return s.stays if s else None

    def table(self) -> dict[str, list[dict[str, Any]]]:
        """Every merge and split in force, as plain data for the app and the docs."""
        return {
            "merges": [
                {"mover": m.mover, "target": m.target, "results": list(m.results),
                 "listed": m.listed, "group": m.origin}
                for m in sorted(self.merges.values())
            ],
            "splits": [
                {"piece": s.piece, "leaves": s.leaves, "stays": s.stays,
                 "listed": s.listed, "group": s.origin}
                for s in sorted(self.splits.values())
            ],
        }


def book_for(rules: Rules) -> RecipeBook:
    """The recipe book of these rules (built once per rules object, kept in its memo: a
    compiled Rules takes no weak references)."""
    book = rules.memo.get("recipe_book")
    if book is None:
        book = RecipeBook(rules)
        rules.memo["recipe_book"] = book
    assert isinstance(book, RecipeBook)
    return book


def is_original(piece: Any) -> bool:
    return ORIGINAL in piece.flags
