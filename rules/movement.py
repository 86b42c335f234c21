"""Movement that depends on where a piece stands or what it meets, read from piece keys.

* ``region = "palace"``: the piece never leaves that region (of its own side); a ride
  stops at the region's edge, a leap out of it is no move.
* ``betza_in = { crossed = "fsW" }``: while the piece stands in a region it moves by that
  Betza string instead of its ``betza`` (the first listed region that holds it counts).
* ``hurdles_exclude = ["cannon"]``: its hops may not use these kinds as hurdles.
* ``captures_exclude = ["cannon"]``: it may not capture these kinds.

The rules are compiled into the per-square rays of the piece's atoms (see
:meth:`rules.ruleset.Rules.atoms_of`), so the generator runs its usual loop; only
attack tests for such pieces take a slower path that asks the compiled atoms.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .betza import Atom, parse_betza
from .datafields import short_repr
from .errors import BetzaError
from .legs import HURDLE

if TYPE_CHECKING:
    from .atoms import GenAtom
    from .regions import Region



@dataclass(frozen=True)
class MovementRules:
    """A piece's movement rules beyond its plain Betza string."""

    region: str = ""
    #: (region name, Betza text, its atoms), in the order listed.
    betza_in: tuple[tuple[str, str, tuple[Atom, ...]], ...] = ()
    hurdles_exclude: frozenset[str] = frozenset()
    captures_exclude: frozenset[str] = frozenset()

    @property
    def plain(self) -> bool:
        """True when the piece moves by its Betza string alone."""
        return not (self.region or self.betza_in or self.hurdles_exclude or self.captures_exclude)

    @property
    def every_atom(self) -> tuple[Atom, ...]:
        """The atoms of every ``betza_in`` entry (the plain ones are the piece's own)."""
        return tuple(a for _, _, atoms in self.betza_in for a in atoms)


NO_RULES = MovementRules()


def movement_words(rules: MovementRules) -> list[str]:
    """The rules in the words the shown notation adds after the Betza row."""
    words = [f"{text} in {name}" for name, text, _ in rules.betza_in]
    if rules.region:
        words.append(f"never leaves {rules.region}")
    if rules.hurdles_exclude:
        words.append(f"never jumps over: {', '.join(sorted(rules.hurdles_exclude))}")
    if rules.captures_exclude:
        words.append(f"never captures: {', '.join(sorted(rules.captures_exclude))}")
    return words


def read_movement(
    pid: str, row: dict[str, Any], regions: dict[str, Region], piece_ids: set[str]
) -> tuple[MovementRules, list[tuple[str, str]]]:
    """A piece's movement rules, and (key, message) for each fault."""
    faults: list[tuple[str, str]] = []
    # Kinds and piece ids are the schema's checks (rules/schema.py); regions and Betza are ours.
    region = row.get("region", "")
    if not isinstance(region, str):
        region = ""
    elif region and region not in regions:
        faults.append(("region", f"piece {pid!r} is confined to {short_repr(region)}, which is not a region"))
        region = ""
    betza_in: list[tuple[str, str, tuple[Atom, ...]]] = []
    table = row.get("betza_in", {})
    if not isinstance(table, dict):
        faults.append(("betza_in", f"betza_in of piece {pid!r} must be a table of region = Betza, not "
                       f"{short_repr(table)}"))
        table = {}
    for name, text in table.items():
        if name not in regions:
            faults.append(("betza_in", f"betza_in of piece {pid!r} names {short_repr(name)}, which is not a region"))
        elif not isinstance(text, str):
            faults.append(("betza_in", f"betza_in.{name} of piece {pid!r} must be a Betza string"))
        else:
            try:
                betza_in.append((name, text, parse_betza(text)))
            except BetzaError as exc:
                faults.append(("betza_in", f"piece {pid!r}, betza_in.{name}: {exc.args[0].splitlines()[0]}"))
    kinds: dict[str, frozenset[str]] = {}
    for key in ("hurdles_exclude", "captures_exclude"):
        value = row.get(key, [])
        listed = value if isinstance(value, list) else []
        kinds[key] = frozenset(v for v in listed if isinstance(v, str) and v in piece_ids)
    rules = MovementRules(region, tuple(betza_in), kinds["hurdles_exclude"], kinds["captures_exclude"])
    return rules, faults


def restricted(
    atoms: tuple[GenAtom, ...],
    origins: frozenset[int] | None,
    confine: frozenset[int] | None,
    rules: MovementRules,
) -> list[GenAtom]:
    """The atoms with rays only from ``origins`` (None: every square), each ray cut where it
    would leave ``confine`` (None: nowhere), carrying the piece's hurdle and capture limits."""
    out: list[GenAtom] = []
    for g in atoms:
        rays: list[tuple[int, ...]] = []
        for sq, ray in enumerate(g.rays):
            if origins is not None and sq not in origins:
                rays.append(())
                continue
            if confine is not None and g.legs is not None:
                # XBetza legs (rules/legs.py): their rays are where moves may end; keep those inside.
                ray = tuple(t for t in ray if t in confine)
            elif confine is not None:
                cut = 0
                while cut < len(ray) and ray[cut] in confine:
                    cut += 1
                ray = ray[:cut]
            rays.append(ray)
        if any(rays):
            out.append(g._replace(
                rays=tuple(rays), hurdles_exclude=rules.hurdles_exclude, captures_exclude=rules.captures_exclude
            ))
    return out


def idle_movement(row: dict[str, Any], atoms: tuple[Atom, ...]) -> list[str]:
    """Movement keys of a piece's table that change nothing, in words (for ``check``'s warnings).

    Read from the table as written (``atoms`` are its ``betza``'s), so faults elsewhere
    in the file do not hide them; values of the wrong kind are errors reported elsewhere."""
    every = list(atoms)
    table = row.get("betza_in", {})
    for text in table.values() if isinstance(table, dict) else ():
        try:
            every.extend(parse_betza(text) if isinstance(text, str) else ())
        except BetzaError:
            pass
    out = []
    hops = any(a.hop or any(leg.hop or leg.modes & HURDLE for leg in a.legs) for a in every)
    if row.get("hurdles_exclude") and not hops:
        out.append("hurdles_exclude does nothing: the piece has no hop (p or g) to use a hurdle")
    if row.get("captures_exclude") and not any(a.can_capture for a in every):
        out.append("captures_exclude does nothing: the piece never captures")
    return out
