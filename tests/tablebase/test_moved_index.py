"""The child's index read from the parent's slots and the squares a move changed is the index the
full encoding gives, and the shortcut declines exactly where the move changes the material."""

from __future__ import annotations

import random

import numpy as np

from rules.tablebase.build import make_job
from rules.tablebase.expand import workshop


def _check(variant: str, material: str, samples: int) -> tuple[int, int, int]:
    job = make_job(variant, material)
    shop = workshop(job.variant, job.options)
    space = shop.space(job.material)
    rules = shop.rules
    rnd = random.Random(7)
    kept = changed = flipped = 0
    for _ in range(samples):
        # as expanded: a canonical index (paired slots in sorted order)
        index = int(space.canonical_many(np.array([rnd.randrange(space.size)]))[0])
        cells, _ = space.decode(index)
        if len({sq for sq, _ in cells}) < len(cells):
            continue
        pos = shop.position("(-1, -1, ())")
        used = space.place(pos, index)
        if not rules.in_check(pos, 1 - pos.turn):
            values = space.slot_values(index)
            slot_at = {sq: i for i, sq in enumerate(used)}
            for move in rules.legal_moves(pos):
                pos.push(move)
                pieces = [(sq, p) for sq, p in pos.pieces()]
                same = shop.material_of(pieces) == space.material
                quick = space.moved_index(pos.board, values, slot_at, pos.changed_squares(), pos.turn)
                if same:
                    assert quick == space.encode(pieces, pos.turn), (index, str(move))
                    kept += 1
                    flipped += len(set(pos.changed_squares())) > 2  # the other piece of the family flipped
                else:
                    assert quick == -1, (index, str(move))
                    changed += 1
                pos.pop()
        for sq in used:
            pos.put(sq, None)
    return kept, changed, flipped


def test_pocket43_moves_with_flips_and_the_pocket_read_the_same_index():
    # two Bishop/Rooks: interchangeable slots, and a move on the board flips both
    kept, changed, flipped = _check("pocket43", "KBBvK", 150)
    assert kept > 500 and flipped > 50 and changed > 0  # captures of an officer by the lone King decline


def test_chess_moves_read_the_same_index_and_captures_decline():
    kept, changed, _ = _check("chess", "KBNvK", 150)
    assert kept > 500 and changed > 0
