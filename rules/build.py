"""Building a variant's definition from its merged table, and checking that table.

:func:`build_variant` reads every key (its kind, range and the ids it names are checked
against :mod:`rules.schema` by :mod:`rules.keycheck`), checks what spans keys (placements
against the board and the letters, castling's pieces, regions, options) and returns a
:class:`~rules.variant.VariantDef` or a VariantFileError listing every problem with its line.
The powers a file may name are given by the caller (the power registry's names and
one-line descriptions, see :func:`rules.catalogue.power_vocabulary`): the variant data
never reaches up into the powers themselves.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from .betza import parse_betza
from .datafields import is_kind, kind_name, short_repr
from .errors import BetzaError, VariantFileError
from .geometry import MAX_SIZE
from .keycheck import key_problems, writes
from .movement import movement_words, read_movement
from .notation import default_notation
from .outcomes import DEFAULT_OUTCOMES, read_outcomes
from .pieces import PieceType
from .placementcheck import hand_problems, placement_problems, split_setup_hand
from .regions import parse_regions, region_name_faults
from .tomllines import key_line, key_lines, line_of
from .variant import OptionDef, Problem, Setup, VariantDef

ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
LETTER_PATTERN = re.compile(r"^[A-Z][A-Z0-9]*$")
EXTRA_SQUARE_PATTERN = re.compile(r"^[a-z][a-z0-9-]*$")
BOARD_SQUARE_PATTERN = re.compile(r"^[a-z][0-9]+$")

#: Largest board side (files and ranks), the one the geometry supports.
MAX_BOARD_SIDE = MAX_SIZE

#: The known powers a variant file may name: each name with its one-line description.
PowerVocabulary = Mapping[str, str]


def build_variant(
    vid: str,
    table: dict[str, Any],
    path: str,
    text: str,
    own: dict[str, Any] | None = None,
    *,
    vocabulary: PowerVocabulary,
) -> VariantDef:
    """A variant's definition from its merged table; VariantFileError listing every problem.

    ``own`` is the variant's own table in ``text`` (default: ``table``): keys it
    writes are reported with their lines, inherited ones without. Each key's kind,
    range and the ids it names are checked against :mod:`rules.schema`
    (:func:`rules.keycheck.key_problems`); what spans keys is checked here. The
    variant and its pieces may name only the powers of ``vocabulary``.
    """
    problems: list[Problem] = key_problems(vid, table, table if own is None else own, text)
    vtable = f"variant.{vid}"

    def problem(key: str, message: str, table_name: str = vtable) -> None:
        problems.append((key_line(text, table_name, key), message))

    if not ID_PATTERN.match(vid):
        problems.append(
            (line_of(text, vtable), f"variant id {short_repr(vid)} must be lowercase words joined by hyphens")
        )

    def get(key: str, kind: type | tuple[type, ...], default: Any, where: dict[str, Any] = table) -> Any:
        """The value, or the default where it is of the wrong kind (the schema check reports it)."""
        value = where.get(key, default)
        return value if is_kind(value, kind) else default

    def strings(key: str, where: dict[str, Any] = table) -> tuple[str, ...]:
        value = where.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return ()
        return tuple(value)

    files = get("files", int, 8)
    ranks = get("ranks", int, 8)
    if not (1 <= files <= MAX_BOARD_SIDE and 1 <= ranks <= MAX_BOARD_SIDE):
        files, ranks = min(max(files, 1), MAX_BOARD_SIDE), min(max(ranks, 1), MAX_BOARD_SIDE)
    extras = strings("extra_squares")
    for name in extras:
        if not EXTRA_SQUARE_PATTERN.match(name) or BOARD_SQUARE_PATTERN.match(name):
            problem(
                "extra_squares", f"extra square {short_repr(name)} must be a lowercase word that is not a board square"
            )
        elif name.startswith("x"):  # move text marks a capture with x: "e5xd6" must read one way only
            problem("extra_squares", f"extra square {short_repr(name)} must not start with 'x', the capture mark "
                    "of move text")
    if len(set(extras)) != len(extras):
        problem("extra_squares", "extra_squares lists a name twice")
    raw_pieces = get("pieces", dict, {})
    pieces = _build_pieces(vid, raw_pieces, text, problems, vocabulary, "pieces" in table)
    royal = strings("royal")
    royal_mode = get("royal_mode", str, "always")
    if royal_mode not in ("always", "last-one"):
        royal_mode = "always"
    powers = strings("powers")
    for p in powers:
        if p not in vocabulary:
            problem("powers", f"unknown power {short_repr(p)}; known powers: {', '.join(sorted(vocabulary))}")
    for pt in pieces.values():
        for p in pt.powers:
            if p not in vocabulary:
                problem("powers", f"piece {pt.id!r} has unknown power {short_repr(p)}", f"{vtable}.pieces.{pt.id}")
    setups = _build_setups(get("setups", dict, {}))
    if not setups and table.get("setups") == {}:
        problem("setups", "a variant needs at least one setup in [variant.<id>.setups.<name>]")
    default_setup = get("default_setup", str, next(iter(setups), "standard"))
    if setups and default_setup not in setups:
        problem("default_setup", f"default_setup {short_repr(default_setup)} is not one of the setups")
    promotion = get("promotion", dict, {})
    castling = get("castling", dict, {})
    problems.extend(_whole_problems(vid, table, table if own is None else own, text, pieces, setups, powers))
    zones = get("zones", dict, {})
    regions, region_faults = parse_regions(table.get("regions", {}), files, ranks)
    for key, message in region_faults:
        problem(key, message, f"{vtable}.regions")
    raw_pieces = table.get("pieces", {})
    for table_name, key, message in region_name_faults(pieces, promotion, regions):
        problem(key, message, f"{vtable}.{table_name}")
    for pid, pt in list(pieces.items()):
        movement, faults = read_movement(pid, raw_pieces[pid], regions, set(pieces))
        for key, message in faults:
            problem(key, message, f"{vtable}.pieces.{pid}")
        if not movement.plain:
            notation = pt.notation
            if "notation" not in raw_pieces[pid]:  # the shown move covers the region rules too
                notation = " + ".join([notation, *movement_words(movement)])
            pieces[pid] = replace(pt, movement=movement, notation=notation)
    royals_may_face = get("royals_may_face", bool, True)
    outcomes, outcome_faults = read_outcomes(table.get("outcomes", {}), set(regions), set(pieces), royal)
    for key, message in outcome_faults:
        problem(key, message, f"{vtable}.outcomes")
    data = get("data", dict, {})
    options = _build_options(vid, table, setups, default_setup, promotion, problem)
    if outcomes.move_rule == 0:
        options.pop("fifty_move_rule", None)
    elif outcomes.move_rule != 50 or outcomes.move_rule_resets != DEFAULT_OUTCOMES.move_rule_resets:
        resets = " and no ".join(
            "capture" if r == "capture" else "pawn move" if r == "pawn" else f"{r} move"
            for r in outcomes.move_rule_resets
        )
        options["fifty_move_rule"] = replace(
            options["fifty_move_rule"],
            description=f"Draw after {outcomes.move_rule} moves by each side with no {resets}.",
        )
    if problems:
        raise VariantFileError(path, in_line_order(problems))
    return VariantDef(
        id=vid,
        name=get("name", str, vid),
        description=get("description", str, ""),
        files=files,
        ranks=ranks,
        extra_squares=extras,
        pieces=pieces,
        royal=royal,
        royal_mode=royal_mode,
        lose_without_royals=get("lose_without_royals", bool, False),
        powers=powers,
        setups=setups,
        default_setup=default_setup,
        promotion=promotion,
        castling=castling,
        options=options,
        zones=dict(zones),
        data=dict(data),
        source=path,
        hidden=get("hidden", bool, False),
        raw=table,
        text=text,
        regions=regions,
        royals_may_face=royals_may_face,
        outcomes=outcomes,
        orientation=get("orientation", str, "rotate"),
    )


def _whole_problems(
    vid: str,
    table: dict[str, Any],
    own: dict[str, Any],
    text: str,
    pieces: dict[str, PieceType],
    setups: dict[str, Setup],
    powers: tuple[str, ...],
) -> list[Problem]:
    """What no single key shows: placements against the board and letters, castling's pieces."""
    def line_at(*path: str) -> int | None:
        return key_lines(text).find(("variant", vid, *path)) if writes(own, path) else None

    out: list[Problem] = []
    files, ranks = table.get("files", 8), table.get("ranks", 8)
    if is_kind(files, int) and is_kind(ranks, int) and 1 <= files <= MAX_BOARD_SIDE and 1 <= ranks <= MAX_BOARD_SIDE:
        letters = frozenset(p.letter for p in pieces.values() if p.letter != "?")
        for name, setup in setups.items():
            board, hand = split_setup_hand(setup.placement, letters)
            for fault in [*placement_problems(board, files, ranks, letters), *hand_problems(hand, letters)]:
                out.append((line_at("setups", name, "placement"), f"setup {name!r}: {fault}"))
    castling = table.get("castling", {})
    if "castling" in powers and isinstance(castling, dict):
        for role in ("king", "rook"):
            pid = castling.get(role, role)
            if not isinstance(pid, str):
                continue
            if pid not in pieces:
                if role not in castling:  # a named id that is no piece: the schema check reports it
                    out.append((line_at("powers"), f"the castling power needs a {role}, and this variant has no "
                                f"piece {pid!r}; name the piece with castling.{role}"))
            elif not pieces[pid].tracks_moved:
                places = (("castling", role), ("pieces", pid, "tracks_moved"), ("pieces", pid), ("powers",))
                line = next((found for where in places if (found := line_at(*where)) is not None), None)
                out.append((line, f"castling {role} {pid!r} does not track whether it moved (tracks_moved = true), "
                            "so it could castle after moving"))
    return out


def in_line_order(problems: list[Problem]) -> list[Problem]:
    """Problems sorted by line (those without a line last), each once, ties in the order found."""
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (p[0] is None, p[0] or 0))


def _build_pieces(
    vid: str,
    raw_pieces: dict[str, Any],
    text: str,
    problems: list[Problem],
    vocabulary: PowerVocabulary,
    written: bool = True,
) -> dict[str, PieceType]:
    vtable = f"variant.{vid}"
    pieces: dict[str, PieceType] = {}
    letters: dict[str, str] = {}
    if not raw_pieces and written:
        problems.append(
            (key_line(text, vtable, "pieces"), "a variant needs at least one piece in [variant.<id>.pieces.<piece>]")
        )
    for pid, prow in raw_pieces.items():
        ptable = f"{vtable}.pieces.{pid}"

        def problem(key: str, message: str, ptable: str = ptable) -> None:
            problems.append((key_line(text, ptable, key), message))

        if not isinstance(prow, dict):
            continue  # the schema check reports it
        if not ID_PATTERN.match(pid):
            problems.append(
                (line_of(text, ptable), f"piece id {short_repr(pid)} must be lowercase words joined by hyphens")
            )

        def get(key: str, kind: type | tuple[type, ...], default: Any, prow: dict[str, Any] = prow) -> Any:
            value = prow.get(key, default)
            return value if is_kind(value, kind) else default

        betza = get("betza", str, "")
        atoms: tuple = ()
        if betza:
            try:
                atoms = parse_betza(betza)
            except BetzaError:  # the schema check reports it
                betza = ""
        letter = prow.get("letter")
        if not isinstance(letter, str):
            letter = "?"  # a missing or mistyped letter: the schema check reports it
        elif not LETTER_PATTERN.match(letter) or len(letter) > 8:
            problem("letter", f"piece {pid!r} needs a letter: up to 8 capitals or digits, starting with a capital")
            letter = "?"
        elif letter in letters:
            problem("letter", f"pieces {letters[letter]!r} and {pid!r} share the letter {letter!r}")
        else:
            letters[letter] = pid
        powers = prow.get("powers", [])
        if not isinstance(powers, list) or not all(isinstance(p, str) for p in powers):
            powers = []
        comps = prow.get("components", [])
        if not isinstance(comps, list) or not all(isinstance(c, str) for c in comps):
            comps = []
        value = get("value", (int, float), None) if "value" in prow else None
        initial_ranks = get("initial_ranks", list, [])
        if not all(is_kind(r, int) and 1 <= r <= MAX_BOARD_SIDE for r in initial_ranks):
            problem(
                "initial_ranks",
                f"initial_ranks of piece {pid!r} must list rank numbers, not {short_repr(initial_ranks)}",
            )
            initial_ranks = []
        data = get("data", dict, {})
        notation = get("notation", str, "")
        pieces[pid] = PieceType(
            id=pid,
            name=get("name", str, pid.replace("-", " ").title()),
            letter=letter,
            betza=betza,
            atoms=atoms,
            powers=tuple(powers),
            description=get("description", str, ""),
            tracks_moved=get("tracks_moved", bool, False),
            components=tuple(comps),
            value=value,
            data={**data, "pawn": get("pawn", bool, False), "initial_ranks": tuple(initial_ranks),
                  "initial_region": get("initial_region", str, "")},
            notation=notation or default_notation(betza, list(powers), vocabulary),
        )
    return pieces


def _build_setups(raw: dict[str, Any]) -> dict[str, Setup]:
    """The setups whose keys are of the right kinds (the schema check reports the others)."""
    setups: dict[str, Setup] = {}
    for name, srow in raw.items():
        if not isinstance(srow, dict) or not isinstance(srow.get("placement"), str):
            continue
        description = srow.get("description", "")
        data = srow.get("data", {})
        if isinstance(description, str) and isinstance(data, dict):
            setups[name] = Setup(name, srow["placement"], description, dict(data))
    return setups


#: The kinds of value an option may take.
OPTION_KINDS = (bool, int, str)


def _build_options(
    vid: str,
    table: dict[str, Any],
    setups: dict[str, Setup],
    default_setup: str,
    promotion: dict[str, Any],
    problem: Any,
) -> dict[str, OptionDef]:
    options: dict[str, OptionDef] = {
        "fifty_move_rule": OptionDef(
            "fifty_move_rule",
            True,
            (True, False),
            "Draw after 50 moves by each side with no capture and no pawn move.",
        )
    }
    if len(setups) > 1:
        options["setup"] = OptionDef(
            "setup",
            default_setup,
            tuple(setups),
            "Which starting array to use.",
            {name: s.description for name, s in setups.items()},
        )
    if promotion.get("choices") == "pool":
        options["empty_pool_promotion"] = OptionDef(
            "empty_pool_promotion",
            "no-advance",
            ("no-advance", "stay-pawn"),
            "When no captured piece is available: the pawn may not advance onto the promotion "
            "square (no-advance), or it arrives and stays a pawn (stay-pawn).",
        )
    raw_options = table.get("options", {})
    if not isinstance(raw_options, dict):
        return options  # the schema check reports it
    for name, row in raw_options.items():
        otable = f"variant.{vid}.options.{name}"
        # Kinds of each key are the schema check's; what ties the keys together is checked here.
        if not isinstance(row, dict) or not is_kind(row.get("default"), OPTION_KINDS):
            continue
        default = row["default"]
        choices = row.get("choices", [True, False] if isinstance(default, bool) else [default])
        if not isinstance(choices, list):
            continue
        if not choices:
            problem("choices", f"option {name!r}: choices must list at least one value", otable)
            continue
        if not all(is_kind(c, type(default)) for c in choices):
            bad = next(c for c in choices if not is_kind(c, type(default)))
            problem("choices", f"option {name!r}: choice {short_repr(bad)} is not {kind_name(type(default))} "
                    "like the default", otable)
            continue
        if default not in choices:
            problem("default", f"option {name!r}: default {short_repr(default)} is not among its choices", otable)
            continue
        description = row.get("description", "")
        descriptions = row.get("choice_descriptions", {})
        free_text = row.get("free_text", False)
        if not isinstance(description, str) or not isinstance(descriptions, dict) or not isinstance(free_text, bool):
            continue
        if not all(isinstance(v, str) for v in descriptions.values()):
            continue
        if free_text and not isinstance(default, str):
            problem("free_text", f"option {name!r}: free_text is only for an option whose default is text", otable)
            continue
        options[name] = OptionDef(name, default, tuple(choices), description, dict(descriptions), free_text)
    return options


