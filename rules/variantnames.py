"""The names other programs give our variants, in one table: Fairy-Stockfish's (the variant
file's ``fairy_stockfish`` key), XBoard's (the CECP ``variant`` command), lichess's (its PGN
``Variant`` tag) and pychess.org's, matched to our ids in any case and spacing.

Readers of records (:mod:`rules.pgn`) and clients of other programs' engines (the app's engine
client, which learns an engine's variants from its ``UCI_Variant`` choices or its
``feature variants=`` list) look names up here, so a name one of them knows all of them know.
"""

from __future__ import annotations

import re

from .catalogue import catalogue
from .errors import RulesError

#: Names other programs write for standard chess (lichess: ``Standard``, ``From Position``;
#: XBoard: ``normal``).
CHESS_NAMES = frozenset({"", "standard", "chess", "classical", "normal", "from position", "fromposition"})
#: XBoard's own names where they differ from our id (section "variant" of the CECP
#: specification); a variant XBoard does not know goes by our id, or Fairy-Stockfish's name.
XBOARD_NAMES = {"chess": "normal", "threecheck": "3check"}
#: lichess's names in its PGN ``Variant`` tag where it has the variant.
LICHESS_NAMES = {
    "chess": "Standard",
    "crazyhouse": "Crazyhouse",
    "kingofthehill": "King of the Hill",
    "threecheck": "Three-check",
    "antichess": "Antichess",
    "atomic": "Atomic",
    "horde": "Horde",
    "racingkings": "Racing Kings",
}

_SEPARATORS = re.compile(r"[\s_.\-]+")
_CHESS_KEYS = frozenset(_SEPARATORS.sub("", n) for n in CHESS_NAMES)


def name_key(name: str) -> str:
    """A variant name as it is compared: case, spaces, hyphens, underscores and dots ignored, so
    lichess's ``King of the Hill`` and ``Three-check``, pychess.org's ``Kingofthehill`` and
    Fairy-Stockfish's ``kingofthehill`` meet."""
    return _SEPARATORS.sub("", name).casefold()


def fairy_stockfish_name(variant_id: str) -> str | None:
    """The name Fairy-Stockfish gives this variant, from its file's ``fairy_stockfish`` key."""
    name = catalogue().get(variant_id).raw.get("fairy_stockfish")
    return name if isinstance(name, str) and name.strip() else None


def xboard_name(variant_id: str) -> str:
    """The name to send in XBoard's ``variant`` command: XBoard's own, else Fairy-Stockfish's,
    else our id (XBoard 4.8 and later take an unknown name as the engine's own variant)."""
    if variant_id in XBOARD_NAMES:
        return XBOARD_NAMES[variant_id]
    try:
        return fairy_stockfish_name(variant_id) or variant_id
    except RulesError:
        return variant_id


def other_names(variant_id: str) -> tuple[str, ...]:
    """Every name of ours and of other programs this variant is known by."""
    names = [variant_id, XBOARD_NAMES.get(variant_id, ""), LICHESS_NAMES.get(variant_id, "")]
    try:
        names += [fairy_stockfish_name(variant_id) or "", catalogue().get(variant_id).name]
    except RulesError:
        pass
    return tuple(dict.fromkeys(n for n in names if n))


def variant_of_name(name: str) -> str | None:
    """Our variant id for a name any of the programs above write (our ids first, then the others'
    names, then each variant's own name); None if no variant of ours goes by it."""
    known = catalogue().ids()
    if name in known:
        return name
    wanted = name_key(name)
    if wanted in _CHESS_KEYS:
        return "chess"
    for vid in known:
        if name_key(vid) == wanted:
            return vid
    for vid in known:
        if any(name_key(other) == wanted for other in other_names(vid)):
            return vid
    return None
