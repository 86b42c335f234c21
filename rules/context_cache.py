"""A least-recently-used store of Contexts with a budget in (estimated) bytes.

A Friendly Context holds every borrowing worked out for a position: tens of KiB.
An unbounded (or generously counted) store of them grows to hundreds of MB in an
hour of analysis, so each :class:`Rules` keeps at most :data:`CONTEXT_CACHE_BYTES`
of them. The size of a Context is estimated from a sample of the Contexts built
(the first :data:`SAMPLE_EVERY`, then every :data:`SAMPLE_EVERY`-th), and the entry
limit follows from the largest seen.

The app's thread and an engine thread share one Rules, so every operation here is
a single call into the C implementation of ``OrderedDict`` (atomic under the
interpreter lock) or tolerates a key that another thread has just evicted.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from typing import Any

from .context import Context

#: Estimated bytes the cached Contexts of one Rules may take.
CONTEXT_CACHE_BYTES = 24 * 1024 * 1024
#: However large the Contexts, this many are kept (a search needs its current line's).
MIN_ENTRIES = 64
#: However small the Contexts, no more than this many are kept.
MAX_ENTRIES = 4096
#: The first this many Contexts built are measured, then one in this many, to update
#: the size estimate (measuring takes about a tenth of building a Friendly Context).
SAMPLE_EVERY = 128

_CONTAINERS = (dict, list, set, frozenset, tuple)


def estimated_bytes(ctx: Context) -> int:
    """Bytes a Context and what it alone refers to take, roughly.

    Plain containers are followed; anything else (interned pieces, compiled atoms,
    strings, named tuples shared with the rules) counts only its own shallow size,
    since the rules or other Contexts hold it too. That errs on the large side.
    """
    seen: set[int] = set()
    total = sys.getsizeof(ctx)
    stack: list[Any] = list(ctx.parts())
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        total += sys.getsizeof(obj)
        kind = type(obj)
        if kind is dict:
            stack.extend(obj.keys())
            stack.extend(obj.values())
        elif kind in _CONTAINERS:
            stack.extend(obj)
    return total


class ContextCache:
    """Contexts by position key, the least recently used dropped first beyond the budget."""

    def __init__(self, budget_bytes: int | None = None) -> None:
        self.budget_bytes = CONTEXT_CACHE_BYTES if budget_bytes is None else budget_bytes
        self._entries: OrderedDict[Any, Context] = OrderedDict()
        #: Contexts stored so far (each one built because it was not here).
        self.built = 0
        #: The largest Context size measured so far (bytes); 0 before the first.
        self.entry_bytes = 0
        #: How many Contexts are kept; set from ``entry_bytes`` as samples come in.
        self.max_entries = MAX_ENTRIES

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def estimated_total(self) -> int:
        """Estimated bytes the cached Contexts take now."""
        return len(self._entries) * self.entry_bytes

    def get(self, key: Any) -> Context | None:
        entries = self._entries
        found = entries.get(key)
        if found is not None:
            try:
                entries.move_to_end(key)
            except KeyError:  # evicted by another thread in between: it was used all the same
                pass
        return found

    def put(self, key: Any, ctx: Context) -> None:
        if self.built < SAMPLE_EVERY or self.built % SAMPLE_EVERY == 0:
            self._measure(ctx)
        self.built += 1
        entries = self._entries
        entries[key] = ctx
        while len(entries) > self.max_entries:
            try:
                entries.popitem(last=False)
            except KeyError:  # another thread emptied it
                break

    def clear(self) -> None:
        self._entries.clear()

    def cached(self) -> list[Context]:
        """The Contexts held now, least recently used first."""
        return list(self._entries.values())

    def _measure(self, ctx: Context) -> None:
        size = estimated_bytes(ctx)
        if size > self.entry_bytes:
            self.entry_bytes = size
            self.max_entries = max(MIN_ENTRIES, min(MAX_ENTRIES, self.budget_bytes // size))
